//! Collection assistants' edits as sent (document 3's `PUT /v2/titles/{serviceId}`,
//! `.../artifacts/{format}` and the periodicals'): each parameter's values, and the checks
//! that read them. A title's edit is read into its typed form (`title_edit.rs`) once, when it
//! is asked for, a periodical's likewise (`periodical_edit.rs`).
//!
//! A parameter sent empty clears its field (a list, every value); one not sent is left alone.

use std::collections::{BTreeMap, HashSet};

use super::artifact::duration_seconds;
use super::title::ContributorType;
use super::{bisac, isbn};
use crate::Timestamp;
use crate::account::{check_country, check_language};
use crate::invalid::{Invalid, Problems, Why};
use crate::string_enum::ClosedSet;

/// An edit as sent: each parameter's values, an empty value meaning "clear".
pub type EditForm = BTreeMap<String, Vec<String>>;

/// What the rules need to know beyond the title: the service's categories.
pub struct EditContext<'a> {
    pub categories: &'a HashSet<String>,
    pub now: Timestamp,
}

/// The contributor parameters and the kind each sets. `forewardBys` is spelled as document 3
/// spells it.
pub(super) const CONTRIBUTORS: &[(&str, ContributorType)] = &[
    ("authors", ContributorType::Author),
    ("abridgers", ContributorType::Abridger),
    ("adapters", ContributorType::Adapter),
    ("arrangers", ContributorType::Arranger),
    ("composers", ContributorType::Composer),
    ("coWriters", ContributorType::CoWriter),
    ("editors", ContributorType::Editor),
    ("epilogueBys", ContributorType::EpilogueBy),
    ("forewardBys", ContributorType::ForwardBy),
    ("illustrators", ContributorType::Illustrator),
    ("introductionBys", ContributorType::IntroductionBy),
    ("lyricists", ContributorType::Lyricist),
    ("transcribers", ContributorType::Transcriber),
    ("translators", ContributorType::Translator),
];

/// Every parameter of a title edit but the contributors; `comments` is the history's comment,
/// not a field. `titleStatus` is ours: how a title is withdrawn and restored.
pub const TITLE_PARAMS: &[&str] = &[
    "title",
    "subtitle",
    "synopsis",
    "seriesTitle",
    "seriesSubtitle",
    "seriesNumber",
    "copyrightHolder",
    "edition",
    "publisher",
    "externalCategoryCode",
    "notes",
    "comments",
    "productIdentifier",
    "lexileCode",
    "lexileNumber",
    "isbn13",
    "copyrightDate",
    "readingAgeMinimum",
    "readingAgeMaximum",
    "numPages",
    "adultContent",
    "allowRecommend",
    "hasChordSymbols",
    "marrakeshEligible",
    "marrakeshPODException",
    "availableToDemo",
    "availableWorldwide",
    "hasEmbeddedImageDescriptions",
    "nimacRestricted",
    "categories",
    "bisacCategories",
    "countries",
    "languages",
    "grades",
    "relatedIsbns",
    "instruments",
    "states",
    "contentWarnings",
    "usageRestriction",
    "musicScoreType",
    "quality",
    "key",
    "movementNumber",
    "movementTitle",
    "opus",
    "originCountry",
    "vocalParts",
    "titleStatus",
];

/// The parameters of an artifact edit.
pub const ARTIFACT_PARAMS: &[&str] = &[
    "globalBookServiceId",
    "duration",
    "brailleCode",
    "brailleGrade",
    "brailleType",
    "brailleMusicScoreLayout",
    "numberOfVolumes",
    "externalIdentifierCode",
    "transcriber",
    "supplier",
    "fundingSource",
    "producers",
];

string_enum!(
    /// Document 3's braille codes; stored and shown as written here.
    BrailleCode {
        Ebae = "ebae",
        Ueb = "ueb",
        StandardEnglishBraille = "standardEnglishBraille",
        MusicBrailleCode = "musicBrailleCode",
        French = "french",
        FrenchQuebec = "frenchQuebec",
        FrenchUnified = "frenchUnified",
        Spanish = "spanish",
    }
);

/// Whether `form` names one of `params`: a form naming none is refused.
pub fn known(form: &EditForm, params: &[&str]) -> bool {
    form.keys().any(|k| params.contains(&k.as_str()))
}

/// Whether `form` names a contributor parameter (`authors`, `editors`, ...) of a title edit.
pub fn names_contributors(form: &EditForm) -> bool {
    CONTRIBUTORS
        .iter()
        .any(|(name, _)| form.contains_key(*name))
}

/// The parameters of a periodical series edit.
pub const SERIES_PARAMS: &[&str] = &[
    "title",
    "issn",
    "description",
    "publisher",
    "externalCategoryCode",
    "categories",
    "languages",
    "seriesType",
    "countries",
];

/// The parameters of a periodical edition edit.
pub const EDITION_PARAMS: &[&str] = &["editionName", "publicationDate", "expirationDate"];

/// The identifier a curator gives a new series or edition, sent as `param`: required, with no
/// spaces and no `/` or `\\`, since it is a segment of addresses and of file keys.
pub fn new_identifier(param: &'static str, form: &EditForm) -> Result<String, Invalid> {
    let id = single(form.get(param).map_or(&[][..], Vec::as_slice))
        .map_err(|why| Invalid::new(param, why))?
        .ok_or_else(|| Invalid::required(param))?;
    let unfit = |c: char| c == '/' || c == '\\' || c.is_whitespace() || c.is_control();
    if id.chars().any(unfit) {
        return Err(Invalid::new(
            param,
            Why::of(
                "why-identifier-characters",
                "an identifier has no spaces and no '/' or '\\'",
            ),
        ));
    }
    Ok(id)
}

/// An edit read from each of `params` the form sends (`read_one` reads a parameter's values
/// into it); every bad parameter named at once.
pub(super) fn read_sent<E: Default>(
    form: &EditForm,
    params: &[&'static str],
    mut read_one: impl FnMut(&mut E, &str, &[String]) -> Result<(), Why>,
) -> Result<E, Vec<Invalid>> {
    let mut edit = E::default();
    let mut p = Problems::new();
    for &name in params {
        if let Some(values) = form.get(name)
            && let Err(why) = read_one(&mut edit, name, values)
        {
            p.add(name, why);
        }
    }
    p.done(edit)
}

/// The one value of a single-valued parameter, trimmed; `None` when sent empty (clear).
pub(super) fn single(values: &[String]) -> Result<Option<String>, Why> {
    let given: Vec<&str> = values.iter().map(|v| v.trim()).collect();
    match given.as_slice() {
        [] | [""] => Ok(None),
        [v] => Ok(Some((*v).to_owned())),
        _ => Err(Why::sent_twice()),
    }
}

/// The values of a multi-valued parameter, trimmed, empty ones left out (one empty value
/// clears the list).
pub(super) fn list(values: &[String]) -> Vec<String> {
    values
        .iter()
        .map(|v| v.trim())
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
        .collect()
}

pub(super) fn checked<T>(
    value: Option<String>,
    check: fn(&str) -> Result<T, Why>,
) -> Result<Option<T>, Why> {
    value.map(|v| check(&v)).transpose()
}

pub(super) fn each<T>(values: &[String], check: fn(&str) -> Result<T, Why>) -> Result<Vec<T>, Why> {
    list(values).iter().map(|v| check(v)).collect()
}

pub(super) fn parse<T: ClosedSet>(v: &str) -> Result<T, Why> {
    T::read(v)
}

pub(super) fn flag(value: Option<String>) -> Result<bool, Why> {
    match value.as_deref() {
        Some("true") => Ok(true),
        Some("false") => Ok(false),
        _ => Err(Why::of("why-true-or-false", "must be true or false")),
    }
}

fn number(v: &str, max: u32, why: fn() -> Why) -> Result<u32, Why> {
    v.parse::<u32>().ok().filter(|n| *n <= max).ok_or_else(why)
}

pub(super) fn year(v: &str) -> Result<i32, Why> {
    let four_digits = || Why::of("why-year", "must be a year of four digits");
    let y = number(v, 9999, four_digits)?;
    if y < 1000 {
        return Err(four_digits());
    }
    Ok(y as i32)
}

pub(super) fn age(v: &str) -> Result<u32, Why> {
    number(v, 120, || {
        Why::of("why-age", "must be an age in whole years, 0 to 120")
    })
}

pub(super) fn count(v: &str) -> Result<u32, Why> {
    number(v, 1_000_000, || {
        Why::of("why-count", "must be a whole number from 0 to 1000000")
    })
}

pub(super) fn duration(v: &str) -> Result<String, Why> {
    duration_seconds(v).map_err(|_| Why::duration())?;
    Ok(v.to_owned())
}

/// An ISBN-10 or ISBN-13 with a right check digit, kept as its ISBN-13.
pub(super) fn isbn_13(v: &str) -> Result<String, Why> {
    isbn::isbn13(v).ok_or_else(|| {
        Why::of(
            "why-isbn",
            format!("'{v}' is not an ISBN: send 10 or 13 digits with a right check digit"),
        )
        .with("value", v)
    })
}

pub(super) fn lexile_code(v: &str) -> Result<String, Why> {
    let code = v.to_ascii_uppercase();
    if code.len() == 2 && code.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(code)
    } else {
        Err(Why::of(
            "why-lexile-code",
            "must be two letters, such as AD or HL",
        ))
    }
}

pub(super) fn bisac_code(v: &str) -> Result<String, Why> {
    let code = v.to_ascii_uppercase();
    bisac::check_code(&code)?;
    Ok(code)
}

pub(super) fn country(v: &str) -> Result<String, Why> {
    check_country(v).map_err(|why| Why::of_value(v, why))?;
    Ok(v.to_owned())
}

pub(super) fn language(v: &str) -> Result<String, Why> {
    check_language(v).map_err(|why| Why::of_value(v, why))?;
    Ok(v.to_owned())
}

/// A US state's two letters, or an ISO 3166-2 subdivision (`US-NY`, `CA-QC`).
pub(super) fn state(v: &str) -> Result<String, Why> {
    let s = v.to_ascii_uppercase();
    let bare = s.len() == 2 && s.bytes().all(|b| b.is_ascii_uppercase());
    let subdivision = s.split_once('-').is_some_and(|(c, sub)| {
        check_country(c).is_ok()
            && (1..=3).contains(&sub.len())
            && sub.bytes().all(|b| b.is_ascii_alphanumeric())
    });
    if bare || subdivision {
        Ok(s)
    } else {
        Err(Why::of(
            "why-state",
            format!("'{v}' is not a state: two letters or an ISO 3166-2 code such as US-NY"),
        )
        .with("value", v))
    }
}

/// Some of S, A, T and B, each at most once, in that order (`SATB`, `SA`, `TB`).
pub(super) fn vocal_parts(v: &str) -> Result<String, Why> {
    let parts = v.to_ascii_uppercase();
    let mut order = "SATB".chars();
    let fits = !parts.is_empty() && parts.chars().all(|c| order.any(|o| o == c));
    if fits {
        Ok(parts)
    } else {
        Err(Why::of(
            "why-vocal-parts",
            "must be a combination of S, A, T and B, such as SATB",
        ))
    }
}
