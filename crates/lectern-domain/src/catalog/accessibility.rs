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
pub fn conforms_to(a: &AccessibilityMetadata) -> Vec<&str> {
    a.accessibility_conformances
        .iter()
        .map(String::as_str)
        .filter(|c| c.starts_with("http://") || c.starts_with("https://"))
        .collect()
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
