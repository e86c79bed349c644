//! Document 3's accessibility metadata in the vocabulary of EPUB Accessibility and schema.org,
//! as Readium's `a11y.schema.json` spells it: what the OPDS catalog writes and the title index
//! filters on.

use super::AccessibilityMetadata;

/// `accessMode` values Readium's schema names.
pub const ACCESS_MODES: &[&str] = &[
    "auditory",
    "chartOnVisual",
    "chemOnVisual",
    "colorDependent",
    "diagramOnVisual",
    "mathOnVisual",
    "musicOnVisual",
    "tactile",
    "textOnVisual",
    "textual",
    "visual",
];

/// `accessModeSufficient` values (each alone, or several together).
pub const SUFFICIENT_MODES: &[&str] = &["auditory", "tactile", "textual", "visual"];

/// `feature` values Readium's schema names.
pub const FEATURES: &[&str] = &[
    "annotations",
    "ARIA",
    "bookmarks",
    "index",
    "pageBreakMarkers",
    "printPageNumbers",
    "pageNavigation",
    "readingOrder",
    "structuralNavigation",
    "tableOfContents",
    "taggedPDF",
    "alternativeText",
    "audioDescription",
    "closedCaptions",
    "captions",
    "describedMath",
    "longDescription",
    "openCaptions",
    "signLanguage",
    "transcript",
    "displayTransformability",
    "synchronizedAudioText",
    "timingControl",
    "unlocked",
    "ChemML",
    "latex",
    "latex-chemistry",
    "MathML",
    "MathML-chemistry",
    "ttsMarkup",
    "highContrastAudio",
    "highContrastDisplay",
    "largePrint",
    "braille",
    "tactileGraphic",
    "tactileObject",
    "fullRubyAnnotations",
    "horizontalWriting",
    "rubyAnnotations",
    "verticalWriting",
    "withAdditionalWordSegmentation",
    "withoutAdditionalWordSegmentation",
    "none",
    "unknown",
];

pub const HAZARDS: &[&str] = &[
    "flashing",
    "motionSimulation",
    "sound",
    "none",
    "noFlashingHazard",
    "noMotionSimulationHazard",
    "noSoundHazard",
    "unknown",
    "unknownFlashingHazard",
    "unknownMotionSimulationHazard",
    "unknownSoundHazard",
];

/// The value as the vocabulary spells it, matched without regard to case (publishers write
/// `tableofcontents` as often as `tableOfContents`); `None` for a value it does not name.
pub fn known(vocabulary: &[&'static str], value: &str) -> Option<&'static str> {
    vocabulary
        .iter()
        .find(|v| v.eq_ignore_ascii_case(value.trim()))
        .copied()
}

fn known_all(vocabulary: &[&'static str], values: &[String]) -> Vec<&'static str> {
    let mut out: Vec<&'static str> = values.iter().filter_map(|v| known(vocabulary, v)).collect();
    out.dedup();
    out
}

/// The access modes sufficient to read the title: schema.org writes a set as `textual,visual`,
/// Readium as an array (a single mode stays a string).
pub fn sufficient_sets(a: &AccessibilityMetadata) -> Vec<Vec<&'static str>> {
    a.access_modes_sufficient
        .iter()
        .map(|set| {
            set.split(',')
                .filter_map(|m| known(SUFFICIENT_MODES, m))
                .collect::<Vec<_>>()
        })
        .filter(|set| !set.is_empty())
        .collect()
}

pub fn features(a: &AccessibilityMetadata) -> Vec<&'static str> {
    let names: Vec<String> = a
        .accessibility_features
        .iter()
        .map(|f| f.accessibility_feature.clone())
        .collect();
    known_all(FEATURES, &names)
}

pub fn access_modes(a: &AccessibilityMetadata) -> Vec<&'static str> {
    known_all(ACCESS_MODES, &a.access_modes)
}

pub fn hazards(a: &AccessibilityMetadata) -> Vec<&'static str> {
    known_all(HAZARDS, &a.accessibility_hazards)
}

/// The hazards (`flashing`, `motionSimulation`, `sound`) a format is declared free of: each by
/// its `no...Hazard` value, all three by `none`.
pub fn hazards_absent(a: &AccessibilityMetadata) -> Vec<&'static str> {
    let declared = hazards(a);
    HAZARD_KINDS
        .iter()
        .filter(|(_, absent)| declared.contains(&"none") || declared.contains(absent))
        .map(|(kind, _)| *kind)
        .collect()
}

/// Each hazard, and the value that declares it absent.
pub const HAZARD_KINDS: &[(&str, &str)] = &[
    ("flashing", "noFlashingHazard"),
    ("motionSimulation", "noMotionSimulationHazard"),
    ("sound", "noSoundHazard"),
];

/// Conformance claims that are URIs (EPUB Accessibility's `dcterms:conformsTo`); a claim written
/// as prose stays in the summary's place in the record, not here, since the schema takes URIs.
pub fn conforms_to(a: &AccessibilityMetadata) -> Vec<String> {
    let mut uris: Vec<String> = Vec::new();
    for claim in &a.accessibility_conformances {
        let uri = if claim.starts_with("http://") || claim.starts_with("https://") {
            Some(claim.clone())
        } else {
            conformance_uri(claim)
        };
        if let Some(uri) = uri.filter(|u| !uris.contains(u)) {
            uris.push(uri);
        }
    }
    uris
}

/// The URI of a conformance claim written in words, as publishers and EPUB's own
/// `dcterms:conformsTo` phrase it: "EPUB Accessibility 1.1 - WCAG 2.2 Level AA" is
/// `https://www.w3.org/TR/epub-a11y-11#wcag-2.2-aa`; 1.0's claims name no WCAG version.
fn conformance_uri(claim: &str) -> Option<String> {
    let words = claim.to_ascii_lowercase();
    let level = ["aaa", "aa", "a"]
        .into_iter()
        .find(|l| words.contains(&format!("level {l}")) || words.ends_with(&format!(" {l}")))?;
    if words.contains("epub accessibility 1.1") {
        let version = ["2.2", "2.1", "2.0"]
            .into_iter()
            .find(|v| words.contains(&format!("wcag {v}")))?;
        Some(format!(
            "https://www.w3.org/TR/epub-a11y-11#wcag-{version}-{level}"
        ))
    } else if words.contains("epub accessibility 1.0") {
        Some(format!(
            "http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-{level}"
        ))
    } else {
        None
    }
}

/// A sufficient set as one value, its modes in the vocabulary's order joined by commas
/// (`textual`, `textual,visual`): how the index holds and a filter names it.
pub fn set_key(set: &[&str]) -> String {
    let mut modes: Vec<&str> = SUFFICIENT_MODES
        .iter()
        .copied()
        .filter(|m| set.contains(m))
        .collect();
    modes.dedup();
    modes.join(",")
}

#[cfg(test)]
mod conformance_tests {
    use super::*;

    #[test]
    fn conformance_claims_in_words_become_their_uris() {
        let a = AccessibilityMetadata {
            accessibility_conformances: vec![
                "EPUB Accessibility 1.1 - WCAG 2.2 Level AA".to_owned(),
                "EPUB Accessibility 1.0 - WCAG 2.0 Level A".to_owned(),
                "https://www.w3.org/TR/epub-a11y-11#wcag-2.1-aa".to_owned(),
                "EPUB Accessibility 1.1 - WCAG 2.2 Level AA".to_owned(),
                "Accessible, we promise".to_owned(),
            ],
            ..Default::default()
        };
        assert_eq!(
            conforms_to(&a),
            [
                "https://www.w3.org/TR/epub-a11y-11#wcag-2.2-aa",
                "http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-a",
                "https://www.w3.org/TR/epub-a11y-11#wcag-2.1-aa",
            ]
        );
    }
}
