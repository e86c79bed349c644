//! A format's accessibility metadata as statements people read, in the order and the words of the
//! W3C "Accessibility Metadata Display Guide for Digital Publications" 2.0: its EPUB techniques
//! decide which statement a piece of metadata makes, and its vocabularies, descriptive variant,
//! give the words in the reader's language (`display_guide`). The web pages show these on a
//! title's page.

use super::AccessibilityMetadata;
use super::accessibility::{access_modes, features, hazards, sufficient_sets};
use super::display_guide::Vocabulary;

/// One of the guide's groups: its heading and what the metadata says under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayGroup {
    pub heading: String,
    pub statements: Vec<Statement>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub text: String,
    /// A link the statement points to (the certifier's report).
    pub link: Option<String>,
    /// The language of its words (BCP 47): the vocabulary's, or English's where a translation
    /// lacks the statement; `None` for the publisher's own words (the summary), whose language
    /// the record does not say.
    pub lang: Option<&'static str>,
}

/// What a statement says, before it is put in words: the guide's statements by their keys in
/// its vocabularies.
enum Said {
    /// A statement of the vocabulary.
    Key(&'static str),
    /// Statements of the vocabulary, one after the other ("claims to meet", "EPUB
    /// Accessibility 1.1", "Level AA"), then a value of the metadata's own, if any.
    Joined(Vec<&'static str>, Option<String>),
    /// The publisher's own words.
    Own(String),
}

/// A statement and what it links to.
struct Says {
    said: Said,
    link: Option<String>,
}

impl Says {
    fn key(key: &'static str) -> Self {
        Says {
            said: Said::Key(key),
            link: None,
        }
    }

    fn then(key: &'static str, value: &str) -> Self {
        Says {
            said: Said::Joined(vec![key], Some(value.to_owned())),
            link: None,
        }
    }

    fn in_words(&self, vocabulary: &Vocabulary) -> Statement {
        let (text, lang) = match &self.said {
            Said::Key(key) => {
                let (text, lang) = vocabulary.text(key);
                (text.to_owned(), Some(lang))
            }
            Said::Joined(keys, value) => {
                let mut lang = vocabulary.language();
                let mut pieces: Vec<&str> = keys
                    .iter()
                    .map(|key| {
                        let (text, from) = vocabulary.text(key);
                        if from != vocabulary.language() {
                            lang = from;
                        }
                        text.trim()
                    })
                    .collect();
                pieces.extend(value.as_deref().map(str::trim));
                (pieces.join(" "), Some(lang))
            }
            Said::Own(text) => (text.clone(), None),
        };
        Statement {
            text,
            link: self.link.clone(),
            lang,
        }
    }
}

/// The guide's groups for one format, in the guide's order, in the words of `vocabulary`. Ways
/// of reading, conformance, hazards, the summary and legal considerations are always shown
/// (saying when nothing is known); the others only when the metadata says something under
/// them, as the guide allows.
pub fn display(a: &AccessibilityMetadata, vocabulary: &Vocabulary) -> Vec<DisplayGroup> {
    let facts = Facts::of(a);
    let summary = a
        .accessibility_summary
        .as_deref()
        .map(str::trim)
        .filter(|s| !s.is_empty())
        .map_or_else(
            || Says::key("accessibility-summary-no-metadata"),
            |own| Says {
                said: Said::Own(own.to_owned()),
                link: None,
            },
        );
    // Titles carry no exemption claim (EPUB's `a11y:exemption`), so there is never more to say.
    let legal = vec![Says::key("legal-considerations-no-metadata")];
    let groups: Vec<(&'static str, Vec<Says>, bool)> = vec![
        ("ways-of-reading", ways_of_reading(&facts), true),
        ("conformance", conformance(a), true),
        ("navigation", navigation(&facts), false),
        ("rich-content", rich_content(&facts), false),
        ("hazards", hazard_statements(&facts), true),
        ("accessibility-summary", vec![summary], true),
        ("legal-considerations", legal, true),
        (
            "additional-accessibility-information",
            additional(&facts),
            false,
        ),
    ];
    groups
        .into_iter()
        .filter(|(_, statements, always)| *always || !statements.is_empty())
        .map(|(group, statements, _)| DisplayGroup {
            heading: vocabulary.text(&format!("{group}-title")).0.to_owned(),
            statements: statements.iter().map(|s| s.in_words(vocabulary)).collect(),
        })
        .collect()
}

/// The metadata in the vocabulary's spelling, read once.
struct Facts {
    modes: Vec<&'static str>,
    sufficient: Vec<Vec<&'static str>>,
    features: Vec<&'static str>,
    hazards: Vec<&'static str>,
}

impl Facts {
    fn of(a: &AccessibilityMetadata) -> Self {
        Facts {
            modes: access_modes(a),
            sufficient: sufficient_sets(a),
            features: features(a),
            hazards: hazards(a),
        }
    }

    fn has(&self, feature: &str) -> bool {
        self.features.contains(&feature)
    }

    fn sufficient_alone(&self, mode: &str) -> bool {
        self.sufficient.iter().any(|set| set == &[mode])
    }
}

/// Visual adjustments, nonvisual reading (with alternative text), prerecorded audio.
fn ways_of_reading(f: &Facts) -> Vec<Says> {
    let mut out = vec![Says::key(if f.has("displayTransformability") {
        "ways-of-reading-visual-adjustments-modifiable"
    } else {
        "ways-of-reading-visual-adjustments-unknown"
    })];
    let visual_only = |m: &&str| *m != "textual" && *m != "auditory" && *m != "tactile";
    let nonvisual = if f.sufficient_alone("textual") {
        "ways-of-reading-nonvisual-reading-readable"
    } else if f.modes.contains(&"textual") && f.modes.iter().any(visual_only) {
        "ways-of-reading-nonvisual-reading-not-fully"
    } else if !f.modes.is_empty() && !f.modes.contains(&"textual") {
        "ways-of-reading-nonvisual-reading-none"
    } else {
        "ways-of-reading-nonvisual-reading-no-metadata"
    };
    out.push(Says::key(nonvisual));
    if f.has("alternativeText") || f.has("longDescription") {
        out.push(Says::key("ways-of-reading-nonvisual-reading-alt-text"));
    }
    let audio = if f.has("synchronizedAudioText") {
        "ways-of-reading-prerecorded-audio-synchronized"
    } else if f.sufficient_alone("auditory") && !f.modes.contains(&"textual") {
        "ways-of-reading-prerecorded-audio-only"
    } else if f.modes.contains(&"auditory") {
        "ways-of-reading-prerecorded-audio-complementary"
    } else {
        "ways-of-reading-prerecorded-audio-no-metadata"
    };
    out.push(Says::key(audio));
    out
}

/// A conformance claim as the guide reads it: the EPUB Accessibility version and the WCAG
/// version and level (the vocabulary's keys for each), from the IDPF's 1.0 URIs or 1.1's
/// `EPUB Accessibility 1.1 - WCAG 2.1 Level AA` strings.
#[derive(Debug, PartialEq, Eq)]
struct Claim {
    epub: &'static str,
    wcag: Option<&'static str>,
    level: Level,
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
enum Level {
    A,
    Aa,
    Aaa,
}

impl Level {
    fn headline(self) -> &'static str {
        match self {
            Level::A => "conformance-a",
            Level::Aa => "conformance-aa",
            Level::Aaa => "conformance-aaa",
        }
    }

    fn detail(self) -> &'static str {
        match self {
            Level::A => "conformance-details-level-a",
            Level::Aa => "conformance-details-level-aa",
            Level::Aaa => "conformance-details-level-aaa",
        }
    }
}

const EPUB_A11Y_1_0: &str = "conformance-details-epub-accessibility-1-0";
const EPUB_A11Y_1_1: &str = "conformance-details-epub-accessibility-1-1";

fn claim_of(raw: &str) -> Option<Claim> {
    let lower = raw.to_ascii_lowercase();
    if lower.contains("idpf.org/epub/a11y/accessibility-20170105.html") {
        let level = match lower.rsplit_once("#wcag-")?.1 {
            "a" => Level::A,
            "aa" => Level::Aa,
            "aaa" => Level::Aaa,
            _ => return None,
        };
        return Some(Claim {
            epub: EPUB_A11Y_1_0,
            wcag: Some("conformance-details-wcag-2-0"),
            level,
        });
    }
    let epub = if lower.contains("epub accessibility 1.1") || lower.contains("epub-a11y-11") {
        EPUB_A11Y_1_1
    } else if lower.contains("epub accessibility 1.0") {
        EPUB_A11Y_1_0
    } else {
        return None;
    };
    let compact: String = lower
        .chars()
        .filter(|c| c.is_ascii_alphanumeric())
        .collect();
    let wcag = ["22", "21", "20"]
        .into_iter()
        .find(|v| compact.contains(&format!("wcag{v}")))
        .map(|v| match v {
            "22" => "conformance-details-wcag-2-2",
            "21" => "conformance-details-wcag-2-1",
            _ => "conformance-details-wcag-2-0",
        });
    let level = if compact.ends_with("aaa") {
        Level::Aaa
    } else if compact.ends_with("aa") {
        Level::Aa
    } else if compact.ends_with('a') {
        Level::A
    } else {
        return None;
    };
    Some(Claim { epub, wcag, level })
}

fn conformance(a: &AccessibilityMetadata) -> Vec<Says> {
    let claims: Vec<Claim> = a
        .accessibility_conformances
        .iter()
        .filter_map(|c| claim_of(c))
        .collect();
    let mut out = Vec::new();
    // The highest level claimed decides the headline, as the guide's algorithm does.
    match claims.iter().map(|c| c.level).max() {
        Some(level) => {
            out.push(Says::key(level.headline()));
            for c in &claims {
                let mut keys = vec!["conformance-details-claim", c.epub];
                keys.extend(c.wcag);
                keys.push(c.level.detail());
                out.push(Says {
                    said: Said::Joined(keys, None),
                    link: None,
                });
            }
        }
        None if !a.accessibility_conformances.is_empty() => {
            out.push(Says::key("conformance-unknown-standard"));
        }
        None => out.push(Says::key("conformance-no")),
    }
    for cert in &a.accessibility_certifications {
        if let Some(by) = &cert.certified_by {
            out.push(Says::then("conformance-certifier", by));
        }
        if let Some(credential) = &cert.certifier_credential {
            out.push(Says::then("conformance-certifier-credentials", credential));
        }
        if let Some(report) = &cert.certifier_report {
            out.push(Says {
                said: Said::Key("conformance-details-certifier-report"),
                link: Some(report.clone()),
            });
        }
    }
    out
}

/// What each feature makes the guide say, in the guide's order within a group.
fn statements_for(f: &Facts, table: &[(&str, &'static str)]) -> Vec<Says> {
    let mut keys: Vec<&'static str> = Vec::new();
    for (feature, key) in table {
        if f.has(feature) && !keys.contains(key) {
            keys.push(key);
        }
    }
    keys.into_iter().map(Says::key).collect()
}

fn navigation(f: &Facts) -> Vec<Says> {
    statements_for(
        f,
        &[
            ("tableOfContents", "navigation-toc"),
            ("index", "navigation-index"),
            ("structuralNavigation", "navigation-structural"),
            ("pageNavigation", "navigation-page-navigation"),
        ],
    )
}

fn rich_content(f: &Facts) -> Vec<Says> {
    statements_for(
        f,
        &[
            ("MathML", "rich-content-accessible-math-as-mathml"),
            ("latex", "rich-content-accessible-math-as-latex"),
            (
                "MathML-chemistry",
                "rich-content-accessible-chemistry-as-mathml",
            ),
            (
                "latex-chemistry",
                "rich-content-accessible-chemistry-as-latex",
            ),
            ("describedMath", "rich-content-accessible-math-described"),
            ("longDescription", "rich-content-extended"),
            ("closedCaptions", "rich-content-closed-captions"),
            ("openCaptions", "rich-content-open-captions"),
            ("transcript", "rich-content-transcript"),
        ],
    )
}

fn hazard_statements(f: &Facts) -> Vec<Says> {
    let h = |v: &str| f.hazards.contains(&v);
    let none =
        h("none") || (h("noFlashingHazard") && h("noMotionSimulationHazard") && h("noSoundHazard"));
    if none {
        return vec![Says::key("hazards-none")];
    }
    let mut out = Vec::new();
    for (value, key) in [
        ("flashing", "hazards-flashing"),
        ("motionSimulation", "hazards-motion"),
        ("sound", "hazards-sound"),
        ("noFlashingHazard", "hazards-flashing-none"),
        ("noMotionSimulationHazard", "hazards-motion-none"),
        ("noSoundHazard", "hazards-sound-none"),
    ] {
        if h(value) {
            out.push(Says::key(key));
        }
    }
    if out.is_empty() {
        out.push(Says::key(if h("unknown") {
            "hazards-unknown"
        } else {
            "hazards-no-metadata"
        }));
    }
    out
}

fn additional(f: &Facts) -> Vec<Says> {
    statements_for(
        f,
        &[
            (
                "pageBreakMarkers",
                "additional-accessibility-information-page-breaks",
            ),
            (
                "printPageNumbers",
                "additional-accessibility-information-page-breaks",
            ),
            ("ARIA", "additional-accessibility-information-aria"),
            (
                "audioDescription",
                "additional-accessibility-information-audio-descriptions",
            ),
            ("braille", "additional-accessibility-information-braille"),
            (
                "fullRubyAnnotations",
                "additional-accessibility-information-full-ruby-annotations",
            ),
            (
                "highContrastAudio",
                "additional-accessibility-information-high-contrast-between-foreground-and-background-audio",
            ),
            (
                "highContrastDisplay",
                "additional-accessibility-information-high-contrast-between-text-and-background",
            ),
            (
                "largePrint",
                "additional-accessibility-information-large-print",
            ),
            (
                "rubyAnnotations",
                "additional-accessibility-information-ruby-annotations",
            ),
            (
                "signLanguage",
                "additional-accessibility-information-sign-language",
            ),
            (
                "tactileGraphic",
                "additional-accessibility-information-tactile-graphics",
            ),
            (
                "tactileObject",
                "additional-accessibility-information-tactile-objects",
            ),
            (
                "ttsMarkup",
                "additional-accessibility-information-text-to-speech-hinting",
            ),
        ],
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::catalog::artifact::{Certification, Feature};

    fn metadata(modes: &[&str], sufficient: &[&str], features: &[&str]) -> AccessibilityMetadata {
        AccessibilityMetadata {
            access_modes: modes.iter().map(|s| s.to_string()).collect(),
            access_modes_sufficient: sufficient.iter().map(|s| s.to_string()).collect(),
            accessibility_features: features
                .iter()
                .map(|f| Feature {
                    accessibility_feature: f.to_string(),
                    description: None,
                })
                .collect(),
            ..Default::default()
        }
    }

    fn english(a: &AccessibilityMetadata) -> Vec<DisplayGroup> {
        display(a, Vocabulary::of("en"))
    }

    fn texts(groups: &[DisplayGroup], heading: &str) -> Vec<String> {
        groups
            .iter()
            .find(|g| g.heading == heading)
            .map(|g| g.statements.iter().map(|s| s.text.clone()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn nothing_known_says_so_in_each_group_that_is_always_shown() {
        let groups = english(&AccessibilityMetadata::default());
        let headings: Vec<_> = groups.iter().map(|g| g.heading.as_str()).collect();
        assert_eq!(
            headings,
            [
                "Ways of reading",
                "Conformance",
                "Hazards",
                "Accessibility summary",
                "Legal considerations"
            ]
        );
        assert_eq!(texts(&groups, "Hazards"), ["No information is available"]);
        assert_eq!(
            texts(&groups, "Ways of reading")[1],
            "No information about nonvisual reading is available"
        );
    }

    #[test]
    fn a_born_accessible_epub_reads_aloud_with_its_navigation_and_claim() {
        let mut a = metadata(
            &["textual", "visual"],
            &["textual", "textual,visual"],
            &[
                "displayTransformability",
                "alternativeText",
                "tableOfContents",
                "structuralNavigation",
                "MathML",
                "printPageNumbers",
            ],
        );
        a.accessibility_conformances =
            vec!["EPUB Accessibility 1.1 - WCAG 2.1 Level AA".to_owned()];
        a.accessibility_hazards = vec!["none".to_owned()];
        a.accessibility_certifications = vec![Certification {
            certified_by: Some("Benetech".to_owned()),
            certifier_credential: None,
            certifier_report: Some("https://example.org/report".to_owned()),
        }];
        let groups = english(&a);
        let ways = texts(&groups, "Ways of reading");
        assert!(ways[0].starts_with("Appearance of the text and page layout can be modified"));
        assert_eq!(
            ways[1],
            "All content can be read as read aloud speech or dynamic braille"
        );
        assert_eq!(ways[2], "Has alternative text descriptions for images");
        let conformance = texts(&groups, "Conformance");
        assert_eq!(
            conformance[0],
            "The publication contains a conformance statement that it meets the EPUB Accessibility and WCAG 2 Level AA standard"
        );
        assert_eq!(
            conformance[1],
            "This publication claims to meet EPUB Accessibility 1.1 Web Content Accessibility Guidelines (WCAG) 2.1 Level AA"
        );
        assert_eq!(conformance[2], "The publication was certified by Benetech");
        assert_eq!(
            texts(&groups, "Navigation"),
            [
                "Table of contents to all chapters of the text via links",
                "Elements such as headings, tables, etc for structured navigation"
            ]
        );
        assert_eq!(
            texts(&groups, "Rich content"),
            ["Math formulas in accessible format (MathML)"]
        );
        assert_eq!(
            texts(&groups, "Hazards"),
            ["The publication contains no hazards"]
        );
        assert_eq!(
            texts(&groups, "Additional accessibility information"),
            ["Page breaks included from the original print source"]
        );
    }

    #[test]
    fn an_audiobook_and_a_scanned_book_say_what_they_lack() {
        let audio = english(&metadata(&["auditory"], &["auditory"], &[]));
        assert_eq!(
            texts(&audio, "Ways of reading")[1..],
            [
                "The content is not readable as read aloud speech or dynamic braille",
                "Audiobook with no text alternative"
            ]
        );
        let scan = english(&metadata(&["textual", "visual"], &[], &[]));
        assert_eq!(
            texts(&scan, "Ways of reading")[1],
            "Not all of the content will be readable as read aloud speech or dynamic braille"
        );
        let synced = english(&metadata(
            &["textual", "auditory"],
            &["textual"],
            &["synchronizedAudioText"],
        ));
        assert_eq!(
            texts(&synced, "Ways of reading")[2],
            "All the content is available as prerecorded audio synchronized with text"
        );
    }

    #[test]
    fn epub_accessibility_1_0_uris_and_unreadable_claims() {
        assert_eq!(
            claim_of("http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-a"),
            Some(Claim {
                epub: EPUB_A11Y_1_0,
                wcag: Some("conformance-details-wcag-2-0"),
                level: Level::A
            })
        );
        let a = AccessibilityMetadata {
            accessibility_conformances: vec!["Our own house standard".to_owned()],
            ..Default::default()
        };
        assert_eq!(
            texts(&english(&a), "Conformance"),
            [
                "Conformance to accepted standards for accessibility of this publication cannot be determined"
            ]
        );
    }

    #[test]
    fn hazards_declared_one_by_one() {
        let mut a = AccessibilityMetadata {
            accessibility_hazards: vec!["flashing".to_owned(), "noSoundHazard".to_owned()],
            ..Default::default()
        };
        assert_eq!(
            texts(&english(&a), "Hazards"),
            [
                "The publication contains flashing content that can cause photosensitive seizures",
                "The publication does not contain sounds that can cause sensitivity issues"
            ]
        );
        a.accessibility_hazards = vec![
            "noFlashingHazard".to_owned(),
            "noMotionSimulationHazard".to_owned(),
            "noSoundHazard".to_owned(),
        ];
        assert_eq!(
            texts(&english(&a), "Hazards"),
            ["The publication contains no hazards"]
        );
    }

    #[test]
    fn every_statement_is_in_the_w3c_s_vocabulary_and_in_the_reader_s_language() {
        let mut a = metadata(
            &["textual", "visual", "auditory"],
            &["textual"],
            &[
                "displayTransformability",
                "alternativeText",
                "index",
                "ARIA",
                "MathML",
            ],
        );
        a.accessibility_conformances = vec!["EPUB Accessibility 1.1 - WCAG 2.2 Level A".into()];
        a.accessibility_hazards = vec!["noFlashingHazard".into(), "sound".into()];
        a.accessibility_certifications = vec![Certification {
            certified_by: Some("Benetech".to_owned()),
            certifier_credential: Some("GCA".to_owned()),
            certifier_report: None,
        }];
        let english = Vocabulary::of("en");
        for g in display(&a, english) {
            for s in &g.statements {
                // A key no vocabulary has would be shown as the key itself, without a space.
                assert!(s.text.contains(' '), "{}: {}", g.heading, s.text);
            }
        }
        let french = display(&a, Vocabulary::of("fr"));
        assert_eq!(french[0].heading, "Lisibilité");
        assert!(
            french
                .iter()
                .flat_map(|g| &g.statements)
                .all(|s| s.lang == Some("fr-FR"))
        );
        let claim = &texts(&french, "Règles d'accessibilité")[1];
        assert_eq!(
            claim,
            "Cette publication indique respecter EPUB Accessibilité 1.1 Règles pour l’accessibilité des contenus Web (WCAG) 2.2 Niveau A"
        );
        assert!(
            texts(&french, "Règles d'accessibilité")
                .iter()
                .any(|t| t.ends_with(" Benetech")),
            "{french:?}"
        );
        // Spanish lacks a word for one hazard declared absent: the W3C's English, marked so.
        let spanish = display(&a, Vocabulary::of("es"));
        let hazards = spanish.iter().find(|g| g.heading == "Peligros").unwrap();
        let langs: Vec<_> = hazards.statements.iter().map(|s| s.lang).collect();
        assert_eq!(langs, [Some("es-ES"), Some("en-US")]);
        // The summary is the publisher's own words, in no vocabulary's language.
        a.accessibility_summary = Some("Fully accessible.".into());
        let summary = display(&a, Vocabulary::of("ar"));
        let own = summary
            .iter()
            .flat_map(|g| &g.statements)
            .find(|s| s.text == "Fully accessible.");
        assert_eq!(own.unwrap().lang, None);
    }
}
