//! What a title's page says of it in the page's language: its facts, why it cannot be had, what
//! a format made on request is, what reading and listening online offer, what its language keeps
//! Lectern from making. Words only Lectern's English has (an alert without a message of its own)
//! are shown in English and marked so.

use lectern_domain::catalog::artifact::{Artifact, NotReady};
use lectern_domain::catalog::{ContributorType, Format, TitleRecord, languages, names};
use lectern_domain::title_access::Alert;

use crate::i18n::{Lang, format_name};
use crate::pages::render::Chrome;
use fluent_templates::fluent_bundle::FluentValue;

/// Words on the page, with the language they are in where that is not the page's.
pub struct Said {
    pub text: String,
    pub lang: Option<(String, &'static str)>,
}

impl Said {
    fn of(text: String) -> Said {
        Said { text, lang: None }
    }
}

/// An access rule's alert in the page's language; in English, marked so, where the messages
/// have no words for it.
pub fn alert(chrome: &Chrome, alert: &Alert) -> Said {
    let (key, numbers) = &alert.words;
    let numbers: Vec<_> = numbers
        .iter()
        .map(|(name, n)| (*name, FluentValue::from(*n)))
        .collect();
    match chrome.lang.try_t_args(key, &numbers) {
        Some(text) => Said::of(text),
        None => Said {
            text: alert.message.clone(),
            lang: chrome.part_lang("en"),
        },
    }
}

/// One of the title's facts: its label, and its value, which is the catalog's own words
/// (`catalog_words`: a publisher, a series) or Lectern's, or a language's name in itself.
pub struct Fact {
    pub label: String,
    pub value: String,
    pub catalog_words: bool,
    pub lang: Option<(String, &'static str)>,
}

/// The record's facts as a description list: only those the title has.
pub fn facts(chrome: &Chrome, r: &TitleRecord) -> Vec<Fact> {
    let lang = chrome.lang;
    let people = |kind| {
        let names: Vec<String> = r.contributors_of(kind).map(names::display_name).collect();
        (!names.is_empty()).then(|| lang.and_list(&names))
    };
    let mut out = Vec::new();
    let mut add_in = |key: &str, value: Option<String>, catalog_words: bool, in_lang| {
        if let Some(value) = value.filter(|v| !v.is_empty()) {
            out.push(Fact {
                label: lang.t(key),
                value,
                catalog_words,
                lang: in_lang,
            });
        }
    };
    // People's names, as the title's own words, in its language (WCAG 3.1.2).
    let in_title_language = chrome.part_lang(&super::catalog::title_lang(r));
    add_in(
        "fact-translated-by",
        people(ContributorType::Translator),
        true,
        in_title_language.clone(),
    );
    add_in(
        "fact-edited-by",
        people(ContributorType::Editor),
        true,
        in_title_language,
    );
    add_in("fact-publisher", r.publisher.clone(), true, None);
    add_in(
        "fact-copyright",
        r.copyright_date.map(|y| y.to_string()),
        true,
        None,
    );
    add_in("fact-edition", r.edition.clone(), true, None);
    // Each language named in itself; one is marked with its own (several, each in its own
    // script, are left to the reader's screen reader as the catalog's words).
    let language_names: Vec<String> = r.languages.iter().map(|l| languages::own_name(l)).collect();
    let one_language = match r.languages.as_slice() {
        [one] => chrome.part_lang(&languages::bcp47(one)),
        _ => None,
    };
    add_in(
        "fact-language",
        Some(language_names.join(", ")),
        r.languages.len() > 1,
        one_language,
    );
    add_in("fact-categories", Some(r.categories.join(", ")), true, None);
    add_in(
        "fact-series",
        r.series_title.as_ref().map(|s| match &r.series_number {
            Some(n) => lang.t_with("fact-series-number", &[("series", s), ("number", n)]),
            None => s.clone(),
        }),
        r.series_number.is_none(),
        None,
    );
    let ages = |key: &str, numbers: &[(&'static str, u32)]| Some(lang.t_numbers(key, numbers));
    add_in(
        "fact-reading-age",
        match (r.reading_age_minimum, r.reading_age_maximum) {
            (Some(a), Some(b)) => ages("fact-ages-between", &[("from", a), ("to", b)]),
            (Some(a), None) => ages("fact-ages-from", &[("from", a)]),
            (None, Some(b)) => ages("fact-ages-to", &[("to", b)]),
            (None, None) => None,
        },
        false,
        None,
    );
    add_in(
        "fact-pages",
        r.num_pages.map(|n| lang.number(u64::from(n))),
        false,
        None,
    );
    add_in("fact-isbn", r.isbn13.clone(), true, None);
    let warnings: Vec<String> = r
        .content_warnings
        .iter()
        .map(|w| lang.t(&format!("warning-{w}")))
        .collect();
    add_in(
        "fact-content-warnings",
        Some(lang.and_list(&warnings)),
        false,
        None,
    );
    out
}

/// A format as the reader chooses it: a braille book in several volumes says it comes as a zip
/// of them.
pub fn offered_as(lang: Lang, a: &Artifact) -> String {
    let name = format_name(lang, a.format);
    if a.comes_as_volumes_in_a_zip() {
        lang.t_with("format-in-a-zip", &[("format", &name)])
    } else {
        name
    }
}

/// Why a format cannot be had now.
pub fn not_ready(lang: Lang, why: NotReady) -> String {
    lang.t(match why {
        NotReady::FileNotArrived => "not-ready-file-not-arrived",
        NotReady::InProduction => "not-ready-in-production",
        NotReady::Withdrawn => "not-ready-withdrawn",
        NotReady::Failed => "not-ready-failed",
    })
}

/// What a format made from the EPUB on request is.
pub fn made_on_request(lang: Lang, a: &Artifact) -> Option<String> {
    let key = match (a.derived, a.format) {
        (false, _) => return None,
        (true, Format::Brf) => "made-braille",
        (true, f) if f.is_audio() => "made-speech",
        (true, _) => "made-from-epub",
    };
    Some(lang.t(key))
}

/// What reading and listening online offer a title's reader.
pub fn online_offer(lang: Lang, readable: bool, recorded: bool, narrated: bool) -> String {
    lang.t(match (readable, recorded, narrated) {
        (true, true, _) => "online-read-or-recording",
        (true, false, true) => "online-read-or-narration",
        (true, false, false) => "online-read",
        (false, _, _) => "online-recording",
    })
}

/// What the title's language keeps Lectern from making of it by machine, as HTML. The language
/// is named in English on an English page, and in itself (marked with its own `lang`) on
/// another: Lectern has no names of every language in every other.
pub fn not_made_notes(chrome: &Chrome, record: &TitleRecord) -> Vec<String> {
    let lang = chrome.lang;
    let mut notes = Vec::new();
    for (format, key) in [
        (Format::DaisyAudio, "not-made-speech"),
        (Format::Brf, "not-made-braille"),
    ] {
        if let Some(language) = record.language_not_made(format) {
            notes.push(if matches!(lang, Lang::En | Lang::Pseudo) {
                lang.t_marked(key, "language", &languages::name(language), "en")
            } else {
                lang.t_marked(
                    key,
                    "language",
                    &languages::own_name(language),
                    &languages::bcp47(language),
                )
            });
        }
    }
    notes
}
