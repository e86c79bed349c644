//! The W3C accessibility display guide's vocabularies: its statements in the words its
//! translators published (`../shared/display-guide-localizations/`, read into the build from
//! there), one per language the pages are written in. No statement is translated here: where a
//! translation lacks one, the W3C's English is given, and says it is English.

use std::collections::HashMap;
use std::sync::OnceLock;

/// The vocabularies embedded: each page language's primary subtag, the vocabulary's own tag,
/// and its JSON. French is EDRLab's, the French reference; Spanish and Arabic VitalSource's, the
/// only ones published; English is the W3C's.
const SOURCES: [(&str, &str, &str); 4] = [
    (
        "en",
        "en-US",
        include_str!(
            "../../../../../shared/display-guide-localizations/lang/en-US/display_guide_vocabulary_w3c.json"
        ),
    ),
    (
        "es",
        "es-ES",
        include_str!(
            "../../../../../shared/display-guide-localizations/lang/es-ES/display_guide_vocabulary_vitalsource.json"
        ),
    ),
    (
        "fr",
        "fr-FR",
        include_str!(
            "../../../../../shared/display-guide-localizations/lang/fr-FR/display_guide_vocabulary_edrlab.json"
        ),
    ),
    (
        "ar",
        "ar-SA",
        include_str!(
            "../../../../../shared/display-guide-localizations/lang/ar-SA/display_guide_vocabulary_vitalsource.json"
        ),
    ),
];

/// One language's statements, by the guide's keys: the descriptive variant where a statement
/// has two, the text itself where it has one (a group's title).
pub struct Vocabulary {
    language: &'static str,
    texts: HashMap<String, String>,
}

fn vocabularies() -> &'static [Vocabulary] {
    static ALL: OnceLock<Vec<Vocabulary>> = OnceLock::new();
    ALL.get_or_init(|| {
        SOURCES
            .iter()
            .map(|(_, language, json)| Vocabulary::read(language, json))
            .collect()
    })
}

impl Vocabulary {
    /// The vocabulary of a language (BCP 47, by its primary subtag); English's for one the pages
    /// are not written in.
    pub fn of(tag: &str) -> &'static Vocabulary {
        let primary = tag.split(['-', '_']).next().unwrap_or_default();
        let at = SOURCES
            .iter()
            .position(|(p, _, _)| p.eq_ignore_ascii_case(primary))
            .unwrap_or(0);
        &vocabularies()[at]
    }

    fn english() -> &'static Vocabulary {
        &vocabularies()[0]
    }

    /// The vocabulary's language (BCP 47).
    pub fn language(&self) -> &'static str {
        self.language
    }

    /// A statement's words and their language: this vocabulary's, or English's where it lacks
    /// the statement. A key no vocabulary has is given as it is (a test checks every key used).
    pub fn text<'a>(&'a self, key: &'a str) -> (&'a str, &'static str) {
        if let Some(text) = self.texts.get(key) {
            return (text, self.language);
        }
        let english = Vocabulary::english();
        match english.texts.get(key) {
            Some(text) => (text, english.language),
            None => (key, english.language),
        }
    }

    fn read(language: &'static str, json: &str) -> Vocabulary {
        let parsed: serde_json::Value = serde_json::from_str(json).unwrap_or_default();
        let mut texts = HashMap::new();
        let groups = parsed.as_object().into_iter().flatten();
        for (_, entries) in groups.filter(|(g, _)| *g != "metadata") {
            for (key, entry) in entries.as_object().into_iter().flatten() {
                let text = entry
                    .as_str()
                    .or_else(|| entry.get("descriptive").and_then(|t| t.as_str()))
                    .or_else(|| entry.get("compact").and_then(|t| t.as_str()));
                if let Some(text) = text {
                    texts.insert(key.clone(), text.to_owned());
                }
            }
        }
        Vocabulary { language, texts }
    }

    #[cfg(test)]
    pub(crate) fn has(&self, key: &str) -> bool {
        self.texts.contains_key(key)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_page_language_has_its_published_vocabulary() {
        for (tag, language) in [
            ("en", "en-US"),
            ("es-MX", "es-ES"),
            ("fr", "fr-FR"),
            ("ar", "ar-SA"),
        ] {
            let v = Vocabulary::of(tag);
            assert_eq!(v.language(), language);
            assert!(v.texts.len() > 80, "{language}: {}", v.texts.len());
        }
        assert_eq!(Vocabulary::of("de").language(), "en-US");
        assert_eq!(
            Vocabulary::of("fr").text("hazards-title"),
            ("Points d'attention", "fr-FR")
        );
    }

    #[test]
    fn a_statement_a_translation_lacks_is_the_w3c_s_english() {
        let spanish = Vocabulary::of("es");
        assert!(!spanish.has("hazards-flashing-none"));
        assert_eq!(
            spanish.text("hazards-flashing-none"),
            (
                "The publication does not contain flashing content that can cause photosensitive seizures",
                "en-US"
            )
        );
        assert_eq!(spanish.text("navigation-title"), ("Navegación", "es-ES"));
    }
}
