//! The pages' languages: which one a visitor is shown (`negotiate`), and the text of each
//! message in it, from the Fluent files in `locales/{language}/` (embedded in the binary;
//! plural and other rules are Fluent's, from CLDR). English is the fallback for a message a
//! language lacks, which the key check in the tests never lets happen.

use std::borrow::Cow;
use std::collections::HashMap;
use std::sync::LazyLock;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};

fluent_templates::static_loader! {
    static MESSAGES = {
        locales: "./locales",
        fallback_language: "en",
        // Pages mark the direction of what they insert themselves (`bdi`, `dir`): Fluent's own
        // isolation marks would be read out by some screen readers and break copied text.
        customise: |bundle| bundle.set_use_isolating(false),
    };
}

/// A language the pages are written in.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Lang {
    En,
    Es,
    Fr,
    Ar,
}

static IDS: LazyLock<[LanguageIdentifier; 4]> = LazyLock::new(|| {
    Lang::ALL.map(|l| {
        l.tag()
            .parse()
            .expect("the pages' language tags are valid BCP 47")
    })
});

impl Lang {
    /// Every language the pages are written in, in the order the language choice lists them.
    pub const ALL: [Lang; 4] = [Lang::En, Lang::Es, Lang::Fr, Lang::Ar];

    /// Its BCP 47 tag, as `lang` attributes and the message files name it.
    pub fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Es => "es",
            Lang::Fr => "fr",
            Lang::Ar => "ar",
        }
    }

    /// Its ISO 639-2 code, as the API's `language` preference holds it.
    pub fn iso_639_2(self) -> &'static str {
        match self {
            Lang::En => "eng",
            Lang::Es => "spa",
            Lang::Fr => "fra",
            Lang::Ar => "ara",
        }
    }

    /// The direction its text runs, for the `dir` attribute.
    pub fn dir(self) -> &'static str {
        match self {
            Lang::Ar => "rtl",
            _ => "ltr",
        }
    }

    /// Its name in itself, as a reader looking for their own language finds it.
    pub fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Es => "Español",
            Lang::Fr => "Français",
            Lang::Ar => "العربية",
        }
    }

    /// The language a code names: a BCP 47 tag (`es`, `es-419`, `fr-CA`) or an ISO 639-2 code
    /// (`spa`, `fra` or `fre`); `None` for one the pages are not written in.
    pub fn of_code(code: &str) -> Option<Lang> {
        let primary = code
            .trim()
            .split(['-', '_'])
            .next()
            .unwrap_or("")
            .to_ascii_lowercase();
        match primary.as_str() {
            "en" | "eng" => Some(Lang::En),
            "es" | "spa" => Some(Lang::Es),
            "fr" | "fra" | "fre" => Some(Lang::Fr),
            "ar" | "ara" => Some(Lang::Ar),
            _ => None,
        }
    }

    fn id(self) -> &'static LanguageIdentifier {
        let at = Lang::ALL.iter().position(|l| *l == self).unwrap_or(0);
        &IDS[at]
    }

    /// The message `key` in this language.
    pub fn t(self, key: &str) -> String {
        MESSAGES.lookup(self.id(), key)
    }

    /// The message `key` in this language, its placeables filled from `args`.
    pub fn t_with(self, key: &str, args: &[(&'static str, &str)]) -> String {
        let args: HashMap<Cow<'static, str>, FluentValue<'_>> = args
            .iter()
            .map(|(name, value)| (Cow::Borrowed(*name), FluentValue::from(*value)))
            .collect();
        MESSAGES.lookup_with_args(self.id(), key, &args)
    }
}

/// Stands for a placeable while a message is escaped: a character of Unicode's private use
/// area, which no message holds.
const PLACEABLE: &str = "\u{E000}";

impl Lang {
    /// The message `key` as HTML, its one placeable `$name` filled with `value` in a `bdi`
    /// element: a name in another script keeps its own direction inside the sentence (an
    /// English library's name in an Arabic one), as Fluent's isolation marks would have kept
    /// it, without characters a screen reader might read out.
    pub fn t_isolated(self, key: &str, name: &'static str, value: &str) -> String {
        let text = self.t_with(key, &[(name, PLACEABLE)]);
        let escaped = askama::filters::escape(&text, askama::filters::Html)
            .map(|e| e.to_string())
            .unwrap_or_default();
        let value = askama::filters::escape(value, askama::filters::Html)
            .map(|e| e.to_string())
            .unwrap_or_default();
        escaped.replace(PLACEABLE, &format!("<bdi>{value}</bdi>"))
    }
}

/// The direction text in the language of a BCP 47 tag runs: right to left for the scripts of
/// Arabic, Hebrew, Persian, Urdu, Yiddish and the others written so.
pub fn direction_of(tag: &str) -> &'static str {
    let primary = tag.split('-').next().unwrap_or("").to_ascii_lowercase();
    match primary.as_str() {
        "ar" | "he" | "fa" | "ur" | "yi" | "ps" | "dv" | "syr" | "ckb" | "sd" | "ug" => "rtl",
        _ => "ltr",
    }
}

/// Whether two BCP 47 tags name the same language (their primary subtags agree).
pub fn same_language(a: &str, b: &str) -> bool {
    let primary = |t: &str| t.split('-').next().unwrap_or("").to_ascii_lowercase();
    primary(a) == primary(b)
}

/// The first language of an `Accept-Language` header, by its weights, that the pages are
/// written in.
pub fn accepted(header: &str) -> Option<Lang> {
    let mut asked: Vec<(f32, usize, Lang)> = header
        .split(',')
        .enumerate()
        .filter_map(|(at, item)| {
            let mut parts = item.split(';');
            let lang = Lang::of_code(parts.next()?)?;
            let weight = parts
                .find_map(|p| p.trim().strip_prefix("q="))
                .map_or(Some(1.0), |q| q.trim().parse::<f32>().ok())?;
            (weight > 0.0).then_some((weight, at, lang))
        })
        .collect();
    asked.sort_by(|a, b| b.0.total_cmp(&a.0).then(a.1.cmp(&b.1)));
    asked.first().map(|(_, _, lang)| *lang)
}

/// The language a page is shown in, in this order: the reader's `language` preference, the
/// choice made on the pages, the browser's `Accept-Language`, the site's own.
pub fn negotiate(
    preference: Option<&str>,
    chosen: Option<&str>,
    accept_language: Option<&str>,
    site_default: Lang,
) -> Lang {
    preference
        .and_then(Lang::of_code)
        .or_else(|| chosen.and_then(Lang::of_code))
        .or_else(|| accept_language.and_then(accepted))
        .unwrap_or(site_default)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_language_is_the_preference_then_the_choice_then_the_browser_s_then_the_site_s() {
        let fr = Some("fr-CA,fr;q=0.9,en;q=0.5");
        assert_eq!(negotiate(Some("spa"), Some("ar"), fr, Lang::En), Lang::Es);
        assert_eq!(negotiate(Some("deu"), Some("ar"), fr, Lang::En), Lang::Ar);
        assert_eq!(negotiate(None, None, fr, Lang::En), Lang::Fr);
        assert_eq!(
            negotiate(None, Some("klingon"), Some("de, nl"), Lang::Es),
            Lang::Es
        );
    }

    #[test]
    fn accept_language_is_read_by_its_weights() {
        assert_eq!(accepted("de;q=1, es;q=0.4, fr;q=0.8"), Some(Lang::Fr));
        assert_eq!(accepted("ar-EG"), Some(Lang::Ar));
        assert_eq!(accepted("es;q=0, en"), Some(Lang::En));
        assert_eq!(accepted("de, *;q=0.1"), None);
        assert_eq!(accepted("es;q=x"), None);
    }

    #[test]
    fn messages_are_in_their_language_with_their_arguments() {
        assert_eq!(Lang::Es.t("nav-search"), "Buscar");
        assert_eq!(
            Lang::Fr.t_with("signed-in-as", &[("name", "Ada Byron")]),
            "Connecté en tant que Ada Byron"
        );
        assert_eq!(Lang::Ar.dir(), "rtl");
        assert_eq!(
            Lang::Ar.t_isolated("footer-about", "site", "Books & <Co>"),
            "<bdi>Books &#38; &#60;Co&#62;</bdi>: كتب ميسّرة للقرّاء ذوي إعاقات قراءة المطبوعات."
        );
        assert_eq!(Lang::of_code("fre"), Some(Lang::Fr));
        assert_eq!(direction_of("he-IL"), "rtl");
        assert_eq!(direction_of("es"), "ltr");
        assert!(same_language("en-GB", "en") && !same_language("es", "en"));
    }

    /// Every language has exactly the messages English has: none missing (which would show
    /// English on its pages) and none English no longer has.
    #[test]
    fn every_language_has_the_messages_english_has_and_no_others() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
        let keys_of = |lang: Lang| -> std::collections::BTreeSet<String> {
            let mut keys = std::collections::BTreeSet::new();
            for file in std::fs::read_dir(dir.join(lang.tag())).expect("a locale folder") {
                let path = file.expect("a locale file").path();
                let text = std::fs::read_to_string(&path).expect("a message file");
                let resource = fluent_templates::fluent_bundle::FluentResource::try_new(text)
                    .unwrap_or_else(|(_, e)| panic!("{}: {e:?}", path.display()));
                for entry in resource.entries() {
                    if let fluent_syntax::ast::Entry::Message(m) = entry {
                        let file = path.file_name().unwrap().to_string_lossy();
                        keys.insert(format!("{file}: {}", m.id.name));
                    }
                }
            }
            keys
        };
        let english = keys_of(Lang::En);
        assert!(!english.is_empty());
        for lang in &Lang::ALL[1..] {
            let theirs = keys_of(*lang);
            let missing: Vec<_> = english.difference(&theirs).collect();
            let extra: Vec<_> = theirs.difference(&english).collect();
            assert!(
                missing.is_empty() && extra.is_empty(),
                "{}: missing {missing:?}; not in English {extra:?}",
                lang.tag()
            );
        }
    }
}
