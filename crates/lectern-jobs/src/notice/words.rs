//! The notice's words, in the language of the reader it is for: the Fluent files of
//! `locales/{tag}/notice.ftl`, embedded, with the page's rules for numbers and dates
//! (`lectern_i18n`).

use std::borrow::Cow;
use std::collections::HashMap;

use fluent_templates::fluent_bundle::FluentValue;
use fluent_templates::{LanguageIdentifier, Loader};
use lectern_domain::catalog::languages::bcp47;

fluent_templates::static_loader! {
    static MESSAGES = {
        locales: "./locales",
        fallback_language: "en",
        // The macro takes a closure, not a function's path.
        customise: |bundle| lectern_i18n::customise(&mut *bundle),
    };
}

/// The languages the notice is written in, by BCP 47 tag (the folders of `locales/`), English
/// first.
pub const NOTICE_LANGUAGES: [&str; 4] = ["en", "es", "fr", "ar"];

/// The language a notice is written in: the first of `codes` (the reader's preference, then
/// the library's language; ISO 639-2 codes or BCP 47 tags) that it is written in, else English.
pub fn notice_language(codes: &[Option<&str>]) -> &'static str {
    codes
        .iter()
        .flatten()
        .find_map(|code| {
            let tag = bcp47(code);
            let primary = tag.split(['-', '_']).next().unwrap_or_default();
            NOTICE_LANGUAGES
                .into_iter()
                .find(|l| l.eq_ignore_ascii_case(primary))
        })
        .unwrap_or(NOTICE_LANGUAGES[0])
}

/// The message `key` in the language of tag `lang` (English for one it is not written in), its
/// placeables filled from `args`.
pub(super) fn say(lang: &str, key: &str, args: &[(&'static str, &str)]) -> String {
    let id: LanguageIdentifier = notice_language(&[Some(lang)]).parse().unwrap_or_default();
    let args: HashMap<Cow<'static, str>, FluentValue<'_>> = args
        .iter()
        .map(|(name, value)| (Cow::Borrowed(*name), FluentValue::from(*value)))
        .collect();
    MESSAGES.lookup_with_args(&id, key, &args)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_notice_is_in_the_reader_s_language_then_the_library_s_then_english() {
        assert_eq!(notice_language(&[Some("spa"), Some("fra")]), "es");
        assert_eq!(notice_language(&[Some("deu"), Some("fr-CA")]), "fr");
        assert_eq!(notice_language(&[None, Some("ara")]), "ar");
        assert_eq!(notice_language(&[Some("deu"), None]), "en");
        assert_eq!(
            say("es-MX", "notice-terms-heading", &[]),
            "Condiciones de uso"
        );
        assert_eq!(say("de", "notice-terms-heading", &[]), "Terms of use");
    }

    /// Every language the notice is written in has exactly English's messages, and each is
    /// a folder of `locales/`.
    #[test]
    fn every_language_has_the_notice_s_messages_and_no_others() {
        let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
        if let Err(problems) = lectern_i18n::check_message_folder(&dir, &NOTICE_LANGUAGES) {
            panic!("{problems}");
        }
        let mut folders: Vec<String> = std::fs::read_dir(&dir)
            .unwrap()
            .map(|e| e.unwrap().file_name().to_string_lossy().into_owned())
            .collect();
        folders.sort();
        let mut listed = NOTICE_LANGUAGES.map(str::to_owned).to_vec();
        listed.sort();
        assert_eq!(folders, listed);
    }
}
