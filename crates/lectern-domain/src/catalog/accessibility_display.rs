//! A format's accessibility metadata as statements people read, in the order and the words of the
//! W3C "Accessibility Metadata Display Guide for Digital Publications" 2.0 (its EPUB techniques
//! decide which statement a piece of metadata makes; its en-US vocabulary, descriptive variant,
//! gives the words). The web pages show these on a title's page.

use super::AccessibilityMetadata;
use super::accessibility::{access_modes, features, hazards, sufficient_sets};

/// One of the guide's groups: its heading and what the metadata says under it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct DisplayGroup {
    pub heading: &'static str,
    pub statements: Vec<Statement>,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Statement {
    pub text: String,
    /// A link the statement points to (the certifier's report).
    pub link: Option<String>,
}

impl Statement {
    fn says(text: impl Into<String>) -> Self {
        Statement {
            text: text.into(),
            link: None,
        }
    }
}

const NO_INFORMATION: &str = "No information is available";

/// The guide's groups for one format, in the guide's order. Ways of reading, conformance, hazards,
/// the summary and legal considerations are always shown (saying when nothing is known); the
/// others only when the metadata says something under them, as the guide allows.
pub fn display(a: &AccessibilityMetadata) -> Vec<DisplayGroup> {
    let facts = Facts::of(a);
    let mut groups = vec![
        group("Ways of reading", ways_of_reading(&facts)),
        group("Conformance", conformance(a)),
    ];
    for (heading, statements) in [
        ("Navigation", navigation(&facts)),
        ("Rich content", rich_content(&facts)),
    ] {
        if !statements.is_empty() {
            groups.push(group(heading, statements));
        }
    }
    groups.push(group("Hazards", hazard_statements(&facts)));
    groups.push(group(
        "Accessibility summary",
        vec![Statement::says(
            a.accessibility_summary
                .as_deref()
                .map(str::trim)
                .filter(|s| !s.is_empty())
                .unwrap_or(NO_INFORMATION),
        )],
    ));
    // Titles carry no exemption claim (EPUB's `a11y:exemption`), so there is never more to say.
    groups.push(group(
        "Legal considerations",
        vec![Statement::says(NO_INFORMATION)],
    ));
    let additional = additional(&facts);
    if !additional.is_empty() {
        groups.push(group("Additional accessibility information", additional));
    }
    groups
}

fn group(heading: &'static str, statements: Vec<Statement>) -> DisplayGroup {
    DisplayGroup {
        heading,
        statements,
    }
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
fn ways_of_reading(f: &Facts) -> Vec<Statement> {
    let mut out = vec![Statement::says(if f.has("displayTransformability") {
        "Appearance of the text and page layout can be modified according to the capabilities of the reading system (font family and font size, spaces between paragraphs, sentences, words, and letters, as well as color of background and text)"
    } else {
        "No information about appearance modifiability is available"
    })];
    let visual_only = |m: &&str| *m != "textual" && *m != "auditory" && *m != "tactile";
    let nonvisual = if f.sufficient_alone("textual") {
        "All content can be read as read aloud speech or dynamic braille"
    } else if f.modes.contains(&"textual") && f.modes.iter().any(visual_only) {
        "Portions of the content may not be readable as read aloud speech or dynamic braille"
    } else if !f.modes.is_empty() && !f.modes.contains(&"textual") {
        "Not all of the content will be readable as read aloud speech or dynamic braille"
    } else {
        "No information about nonvisual reading is available"
    };
    out.push(Statement::says(nonvisual));
    if f.has("alternativeText") || f.has("longDescription") {
        out.push(Statement::says(
            "Has alternative text descriptions for images",
        ));
    }
    let audio = if f.has("synchronizedAudioText") {
        "All the content is available as prerecorded audio synchronized with text"
    } else if f.sufficient_alone("auditory") && !f.modes.contains(&"textual") {
        "Audiobook with no text alternative"
    } else if f.modes.contains(&"auditory") {
        "Portions of prerecorded audio are available"
    } else {
        "No information about prerecorded audio is available"
    };
    out.push(Statement::says(audio));
    out
}

/// A conformance claim as the guide reads it: the EPUB Accessibility version and the WCAG
/// version and level, from the IDPF's 1.0 URIs or 1.1's `EPUB Accessibility 1.1 - WCAG 2.1
/// Level AA` strings.
#[derive(Debug, PartialEq, Eq)]
struct Claim {
    epub: &'static str,
    wcag: Option<&'static str>,
    level: &'static str,
}

fn claim_of(raw: &str) -> Option<Claim> {
    let lower = raw.to_ascii_lowercase();
    if lower.contains("idpf.org/epub/a11y/accessibility-20170105.html") {
        let level = match lower.rsplit_once("#wcag-")?.1 {
            "a" => "A",
            "aa" => "AA",
            "aaa" => "AAA",
            _ => return None,
        };
        return Some(Claim {
            epub: "EPUB Accessibility 1.0",
            wcag: Some("WCAG 2.0"),
            level,
        });
    }
    let epub = if lower.contains("epub accessibility 1.1") || lower.contains("epub-a11y-11") {
        "EPUB Accessibility 1.1"
    } else if lower.contains("epub accessibility 1.0") {
        "EPUB Accessibility 1.0"
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
            "22" => "WCAG 2.2",
            "21" => "WCAG 2.1",
            _ => "WCAG 2.0",
        });
    let level = if compact.ends_with("aaa") {
        "AAA"
    } else if compact.ends_with("aa") {
        "AA"
    } else if compact.ends_with('a') {
        "A"
    } else {
        return None;
    };
    Some(Claim { epub, wcag, level })
}

fn conformance(a: &AccessibilityMetadata) -> Vec<Statement> {
    let claims: Vec<Claim> = a
        .accessibility_conformances
        .iter()
        .filter_map(|c| claim_of(c))
        .collect();
    let mut out = Vec::new();
    // The highest level claimed decides the headline, as the guide's algorithm does.
    let best = ["AAA", "AA", "A"]
        .into_iter()
        .find(|l| claims.iter().any(|c| c.level == *l));
    match best {
        Some(level) => {
            out.push(Statement::says(format!(
                "The publication contains a conformance statement that it meets the EPUB Accessibility and WCAG 2 Level {level} standard"
            )));
            for c in &claims {
                let wcag = c.wcag.map(|w| format!(" {w}")).unwrap_or_default();
                out.push(Statement::says(format!(
                    "This publication claims to meet {}{wcag} Level {}",
                    c.epub, c.level
                )));
            }
        }
        None if !a.accessibility_conformances.is_empty() => out.push(Statement::says(
            "Conformance to accepted standards for accessibility of this publication cannot be determined",
        )),
        None => out.push(Statement::says(NO_INFORMATION)),
    }
    for cert in &a.accessibility_certifications {
        if let Some(by) = &cert.certified_by {
            out.push(Statement::says(format!(
                "The publication was certified by {by}"
            )));
        }
        if let Some(credential) = &cert.certifier_credential {
            out.push(Statement::says(format!(
                "The certifier's credential is {credential}"
            )));
        }
        if let Some(report) = &cert.certifier_report {
            out.push(Statement {
                text: "For more information refer to the certifier's report".to_owned(),
                link: Some(report.clone()),
            });
        }
    }
    out
}

/// What each feature makes the guide say, in the guide's order within a group.
fn statements_for(f: &Facts, table: &[(&str, &'static str)]) -> Vec<Statement> {
    let mut out: Vec<Statement> = Vec::new();
    for (feature, text) in table {
        if f.has(feature) && !out.iter().any(|s| s.text == *text) {
            out.push(Statement::says(*text));
        }
    }
    out
}

fn navigation(f: &Facts) -> Vec<Statement> {
    statements_for(
        f,
        &[
            (
                "tableOfContents",
                "Table of contents to all chapters of the text via links",
            ),
            ("index", "Index with links to referenced entries"),
            (
                "structuralNavigation",
                "Elements such as headings, tables, etc for structured navigation",
            ),
            (
                "pageNavigation",
                "Page list to go to pages from the print source version",
            ),
        ],
    )
}

fn rich_content(f: &Facts) -> Vec<Statement> {
    statements_for(
        f,
        &[
            ("MathML", "Math formulas in accessible format (MathML)"),
            ("latex", "Math formulas in accessible format (LaTeX)"),
            (
                "MathML-chemistry",
                "Chemical formulas in accessible format (MathML)",
            ),
            (
                "latex-chemistry",
                "Chemical formulas in accessible format (LaTeX)",
            ),
            ("describedMath", "Text descriptions of math are provided"),
            (
                "longDescription",
                "Information-rich images are described by extended descriptions",
            ),
            (
                "closedCaptions",
                "Videos included in publications have closed captions",
            ),
            (
                "openCaptions",
                "Videos included in publications have open captions",
            ),
            ("transcript", "Transcript(s) provided"),
        ],
    )
}

fn hazard_statements(f: &Facts) -> Vec<Statement> {
    let h = |v: &str| f.hazards.contains(&v);
    let none =
        h("none") || (h("noFlashingHazard") && h("noMotionSimulationHazard") && h("noSoundHazard"));
    if none {
        return vec![Statement::says("The publication contains no hazards")];
    }
    let mut out = Vec::new();
    for (value, text) in [
        (
            "flashing",
            "The publication contains flashing content which can cause photosensitive seizures",
        ),
        (
            "motionSimulation",
            "The publication contains motion simulations that can cause motion sickness",
        ),
        (
            "sound",
            "The publication contains sounds which can be uncomfortable",
        ),
    ] {
        if h(value) {
            out.push(Statement::says(text));
        }
    }
    // The guide's vocabulary has no words for one hazard declared absent while the others are
    // not; these follow its wording of the hazard itself (docs/decisions.md).
    for (value, text) in [
        (
            "noFlashingHazard",
            "The publication contains no flashing content",
        ),
        (
            "noMotionSimulationHazard",
            "The publication contains no motion simulations",
        ),
        (
            "noSoundHazard",
            "The publication contains no sounds which can be uncomfortable",
        ),
    ] {
        if h(value) {
            out.push(Statement::says(text));
        }
    }
    if out.is_empty() {
        out.push(Statement::says(if h("unknown") {
            "The presence of hazards is unknown"
        } else {
            NO_INFORMATION
        }));
    }
    out
}

fn additional(f: &Facts) -> Vec<Statement> {
    statements_for(
        f,
        &[
            (
                "pageBreakMarkers",
                "Page breaks included from the original print source",
            ),
            (
                "printPageNumbers",
                "Page breaks included from the original print source",
            ),
            (
                "ARIA",
                "Content is enhanced with ARIA roles to optimize organization and facilitate navigation",
            ),
            ("audioDescription", "Audio descriptions"),
            ("braille", "Braille"),
            ("fullRubyAnnotations", "Full ruby annotations"),
            (
                "highContrastAudio",
                "High contrast between foreground and background audio",
            ),
            (
                "highContrastDisplay",
                "High contrast between foreground text and background",
            ),
            ("largePrint", "Large print"),
            ("rubyAnnotations", "Some Ruby annotations"),
            ("signLanguage", "Sign language"),
            (
                "tactileGraphic",
                "Tactile graphics have been integrated to facilitate access to visual elements for blind people",
            ),
            ("tactileObject", "Tactile 3D objects"),
            ("ttsMarkup", "Text-to-speech hinting provided"),
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

    fn texts(groups: &[DisplayGroup], heading: &str) -> Vec<String> {
        groups
            .iter()
            .find(|g| g.heading == heading)
            .map(|g| g.statements.iter().map(|s| s.text.clone()).collect())
            .unwrap_or_default()
    }

    #[test]
    fn nothing_known_says_so_in_each_group_that_is_always_shown() {
        let groups = display(&AccessibilityMetadata::default());
        let headings: Vec<_> = groups.iter().map(|g| g.heading).collect();
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
        assert_eq!(texts(&groups, "Hazards"), [NO_INFORMATION]);
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
        let groups = display(&a);
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
            "This publication claims to meet EPUB Accessibility 1.1 WCAG 2.1 Level AA"
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
        let audio = display(&metadata(&["auditory"], &["auditory"], &[]));
        assert_eq!(
            texts(&audio, "Ways of reading")[1..],
            [
                "Not all of the content will be readable as read aloud speech or dynamic braille",
                "Audiobook with no text alternative"
            ]
        );
        let scan = display(&metadata(&["textual", "visual"], &[], &[]));
        assert_eq!(
            texts(&scan, "Ways of reading")[1],
            "Portions of the content may not be readable as read aloud speech or dynamic braille"
        );
        let synced = display(&metadata(
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
                epub: "EPUB Accessibility 1.0",
                wcag: Some("WCAG 2.0"),
                level: "A"
            })
        );
        let a = AccessibilityMetadata {
            accessibility_conformances: vec!["Our own house standard".to_owned()],
            ..Default::default()
        };
        assert_eq!(
            texts(&display(&a), "Conformance"),
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
            texts(&display(&a), "Hazards"),
            [
                "The publication contains flashing content which can cause photosensitive seizures",
                "The publication contains no sounds which can be uncomfortable"
            ]
        );
        a.accessibility_hazards = vec![
            "noFlashingHazard".to_owned(),
            "noMotionSimulationHazard".to_owned(),
            "noSoundHazard".to_owned(),
        ];
        assert_eq!(
            texts(&display(&a), "Hazards"),
            ["The publication contains no hazards"]
        );
    }
}
