//! Who made a title (authors, composers, editors, translators, illustrators, ...) and the
//! language it is in. Narrators belong to audio artifacts, not here.

use lectern_domain::catalog::{Contributor, ContributorType};
use rand::Rng;

use super::categories::{Audience, Category};
use super::tables::{LANGUAGES, ORIGINS};
use super::{Generator, pick};

/// A title's language (ISO 639-2), the country it came from (ISO 3166), and whether it is a
/// translation: into English from elsewhere, or into another language from English.
pub struct Language {
    pub code: &'static str,
    pub origin: &'static str,
    pub translated: bool,
}

pub fn language(rng: &mut impl Rng) -> Language {
    let code = pick(rng, LANGUAGES);
    let origins_of = |language: &str| {
        ORIGINS
            .iter()
            .find(|(l, _)| *l == language)
            .map_or(&[(1, "US")][..], |(_, o)| *o)
    };
    let translated = rng.random_bool(if code == "eng" { 0.04 } else { 0.25 });
    let from = match (translated, code) {
        (false, _) => code,
        (true, "eng") => ORIGINS[rng.random_range(1..ORIGINS.len())].0,
        (true, _) => "eng",
    };
    Language {
        code,
        origin: pick(rng, origins_of(from)),
        translated,
    }
}

/// The contributors, lead first: the lead is `lead` (a series' author, or a new draw from the
/// pool when `None`), an author or, for printed music, a composer.
pub fn contributors(
    g: &Generator,
    rng: &mut impl Rng,
    category: &Category,
    music: bool,
    lead: Option<&str>,
    translated: bool,
) -> Vec<Contributor> {
    let mut out = Vec::with_capacity(3);
    let lead = lead.map_or_else(|| g.names.author(rng), str::to_owned);
    let kind = if music {
        ContributorType::Composer
    } else {
        ContributorType::Author
    };
    out.push(Contributor { name: lead, kind });
    for _ in 0..pick(rng, &[(85, 0), (12, 1), (3, 2)]) {
        let name = g.names.author(rng);
        out.push(Contributor {
            name,
            kind: ContributorType::Author,
        });
    }
    let illustrated =
        category.audience == Audience::Children || category.name.starts_with("Comics");
    for (kind, share) in [
        (
            ContributorType::Illustrator,
            if illustrated { 0.6 } else { 0.01 },
        ),
        (
            ContributorType::Editor,
            if category.name == "Poetry" { 0.3 } else { 0.03 },
        ),
        (
            ContributorType::Translator,
            if translated { 0.6 } else { 0.005 },
        ),
        (ContributorType::IntroductionBy, 0.02),
        (ContributorType::ForwardBy, 0.01),
        (ContributorType::Arranger, if music { 0.3 } else { 0.0 }),
        (ContributorType::Lyricist, if music { 0.2 } else { 0.0 }),
    ] {
        if rng.random_bool(share) {
            out.push(Contributor {
                name: g.names.person(rng).0,
                kind,
            });
        }
    }
    out
}
