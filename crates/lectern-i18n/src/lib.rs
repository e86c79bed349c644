//! What every crate's message files share: how each language writes what fills a message
//! (numbers, dates, lists, by CLDR's rules through ICU4X), how a Fluent bundle is set up to use
//! it, and the check each folder of message files passes. The pages' messages are
//! `lectern-http`'s, the notice that goes with a download `lectern-jobs`'; each crate embeds its
//! own, so that changing a page's words rebuilds no worker.

use std::collections::BTreeSet;
use std::path::Path;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{FluentBundle, LanguageIdentifier};

/// Sets up a bundle of messages as every Lectern message is said: the language's own numbers,
/// and no isolation marks. Those who insert text in another direction mark it themselves
/// (`bdi`, `dir`): Fluent's marks would be read out by some screen readers and break copied
/// text.
pub fn customise<R>(bundle: &mut FluentBundle<R>) {
    bundle.set_use_isolating(false);
    bundle.set_formatter(Some(locale_number));
}

/// A number in a message as the message's language writes it (its digits and grouping, from
/// CLDR through ICU4X): Fluent alone would write every language's numbers as English's.
fn locale_number(
    value: &FluentValue<'_>,
    memoizer: &intl_memoizer::concurrent::IntlLangMemoizer,
) -> Option<String> {
    let FluentValue::Number(n) = value else {
        return None;
    };
    let whole = (n.value.fract() == 0.0 && n.value.abs() < 9.0e15).then_some(n.value as i64)?;
    memoizer
        .with_try_get::<MessageLanguage, _, _>((), |l| number_in(&l.0, whole))
        .ok()
}

/// The language a bundle's messages are in, as its memoizer knows it.
struct MessageLanguage(String);

impl intl_memoizer::Memoizable for MessageLanguage {
    type Args = ();
    type Error = std::convert::Infallible;
    fn construct(lang: LanguageIdentifier, _: ()) -> Result<Self, Self::Error> {
        Ok(MessageLanguage(lang.to_string()))
    }
}

/// `n` as the language of BCP 47 tag `tag` writes it.
pub fn number_in(tag: &str, n: i64) -> String {
    formatted(tag, &fixed_decimal::Decimal::from(n)).unwrap_or_else(|| n.to_string())
}

/// A decimal number written in digits ("0.75") as the language of BCP 47 tag `tag` writes it
/// ("0,75" in French); `None` for what is no number.
pub fn decimal_in(tag: &str, digits: &str) -> Option<String> {
    formatted(tag, &digits.parse::<fixed_decimal::Decimal>().ok()?)
}

fn formatted(tag: &str, n: &fixed_decimal::Decimal) -> Option<String> {
    let locale = tag.parse::<icu_locale_core::Locale>().ok()?;
    let formatter =
        icu_decimal::DecimalFormatter::try_new((&locale).into(), Default::default()).ok()?;
    Some(formatter.format(n).to_string())
}

/// `items` as one phrase, "A, B and C", as the language of `tag` joins them (CLDR's rules).
pub fn and_list_in(tag: &str, items: &[String]) -> String {
    let formatter = tag.parse::<icu_locale_core::Locale>().ok().and_then(|l| {
        icu_list::ListFormatter::try_new_and(
            (&l).into(),
            icu_list::options::ListFormatterOptions::default()
                .with_length(icu_list::options::ListLength::Wide),
        )
        .ok()
    });
    match formatter {
        Some(f) => f.format(items.iter().map(String::as_str)).to_string(),
        None => items.join(", "),
    }
}

/// A day written `YYYY-MM-DD` (or the start of a longer time so written), as the language of
/// `tag` writes a date: "29 November 2026", "29 de noviembre de 2026"; `None` for no such day.
pub fn date_in(tag: &str, ymd: &str) -> Option<String> {
    let mut parts = ymd.get(..10)?.split('-');
    let year: i32 = parts.next()?.parse().ok()?;
    let month: u8 = parts.next()?.parse().ok()?;
    let day: u8 = parts.next()?.parse().ok()?;
    let date = icu_calendar::Date::try_new_gregorian(year, month, day).ok()?;
    let locale: icu_locale_core::Locale = tag.parse().ok()?;
    let formatter =
        icu_datetime::FixedCalendarDateTimeFormatter::<icu_calendar::Gregorian, _>::try_new(
            (&locale).into(),
            icu_datetime::fieldsets::YMD::long(),
        )
        .ok()?;
    Some(formatter.format(&date).to_string())
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

/// Checks a folder of message files (`{dir}/{tag}/*.ftl`, the first tag English): every file
/// parses, and every other language has exactly the messages English has, none missing (which
/// would show English in their place) and none English no longer has. The error names each.
pub fn check_message_folder(dir: &Path, tags: &[&str]) -> Result<(), String> {
    let (english, others) = tags.split_first().ok_or("no languages to check")?;
    let english_keys = message_keys(&dir.join(english))?;
    if english_keys.is_empty() {
        return Err(format!("{}: no messages", dir.join(english).display()));
    }
    let mut problems = Vec::new();
    for tag in others {
        let theirs = message_keys(&dir.join(tag))?;
        let missing: Vec<_> = english_keys.difference(&theirs).collect();
        let extra: Vec<_> = theirs.difference(&english_keys).collect();
        if !missing.is_empty() || !extra.is_empty() {
            problems.push(format!(
                "{tag}: missing {missing:?}; not in English {extra:?}"
            ));
        }
    }
    if problems.is_empty() {
        Ok(())
    } else {
        Err(problems.join("\n"))
    }
}

/// Each message of a language's files, as `file: key`.
fn message_keys(folder: &Path) -> Result<BTreeSet<String>, String> {
    let unreadable = |e: std::io::Error| format!("{}: {e}", folder.display());
    let mut keys = BTreeSet::new();
    for file in std::fs::read_dir(folder).map_err(unreadable)? {
        let path = file.map_err(unreadable)?.path();
        let text = std::fs::read_to_string(&path).map_err(unreadable)?;
        let resource = fluent_templates::fluent_bundle::FluentResource::try_new(text)
            .map_err(|(_, e)| format!("{}: {e:?}", path.display()))?;
        let name = path
            .file_name()
            .map(|n| n.to_string_lossy().into_owned())
            .unwrap_or_default();
        for entry in resource.entries() {
            if let fluent_syntax::ast::Entry::Message(m) = entry {
                keys.insert(format!("{name}: {}", m.id.name));
            }
        }
    }
    Ok(keys)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn numbers_dates_and_lists_are_the_language_s() {
        assert_eq!(number_in("en", 12345), "12,345");
        assert_eq!(number_in("fr", 12345), "12\u{202f}345");
        assert_eq!(decimal_in("fr", "0.75").as_deref(), Some("0,75"));
        assert_eq!(
            date_in("es", "2026-11-29").as_deref(),
            Some("29 de noviembre de 2026")
        );
        assert_eq!(date_in("en", "2026-02-30"), None);
        let three = ["A".to_owned(), "B".to_owned(), "C".to_owned()];
        assert_eq!(and_list_in("es", &three), "A, B y C");
    }

    #[test]
    fn a_folder_whose_language_lacks_a_message_is_named() {
        let dir = tempdir();
        let write = |tag: &str, text: &str| {
            std::fs::create_dir_all(dir.join(tag)).unwrap();
            std::fs::write(dir.join(tag).join("a.ftl"), text).unwrap();
        };
        write("en", "one = One\ntwo = Two\n");
        write("es", "one = Uno\ntwo = Dos\n");
        assert_eq!(check_message_folder(&dir, &["en", "es"]), Ok(()));
        write("fr", "one = Un\nthree = Trois\n");
        let problem = check_message_folder(&dir, &["en", "es", "fr"]).unwrap_err();
        assert!(problem.contains("a.ftl: two") && problem.contains("a.ftl: three"));
        std::fs::remove_dir_all(&dir).unwrap();
    }

    fn tempdir() -> std::path::PathBuf {
        let dir = std::env::temp_dir().join(format!("lectern-i18n-{}", std::process::id()));
        std::fs::create_dir_all(&dir).unwrap();
        dir
    }
}
