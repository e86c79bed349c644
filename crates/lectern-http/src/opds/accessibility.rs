//! A title's accessibility metadata in the vocabulary OPDS 2.0 takes (Readium's
//! `a11y.schema.json`), and back from the words a reader's facet sends.

use lectern_domain::catalog::AccessibilityMetadata;
use serde_json::{Map, Value, json};

/// `accessMode` values Readium's schema names.
const ACCESS_MODES: &[&str] = &[
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
const SUFFICIENT_MODES: &[&str] = &["auditory", "tactile", "textual", "visual"];

/// `feature` values Readium's schema names.
const FEATURES: &[&str] = &[
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

const HAZARDS: &[&str] = &[
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
fn known(vocabulary: &[&'static str], value: &str) -> Option<&'static str> {
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

/// Conformance claims that are URIs (EPUB Accessibility's `dcterms:conformsTo`); a claim written
/// as prose stays in the summary's place in the record, not here, since the schema takes URIs.
pub fn conforms_to(a: &AccessibilityMetadata) -> Vec<&str> {
    a.accessibility_conformances
        .iter()
        .map(String::as_str)
        .filter(|c| c.starts_with("http://") || c.starts_with("https://"))
        .collect()
}

/// Readium's `metadata.accessibility` object; `None` when nothing is known.
pub fn readium_object(a: &AccessibilityMetadata) -> Option<Value> {
    let mut o = Map::new();
    let conforms = conforms_to(a);
    if !conforms.is_empty() {
        o.insert("conformsTo".into(), json!(conforms));
    }
    if let Some(c) = a.accessibility_certifications.first() {
        let mut cert = Map::new();
        for (key, value) in [
            ("certifiedBy", &c.certified_by),
            ("credential", &c.certifier_credential),
            ("report", &c.certifier_report),
        ] {
            if let Some(v) = value {
                cert.insert(key.into(), json!(v));
            }
        }
        if !cert.is_empty() {
            o.insert("certification".into(), Value::Object(cert));
        }
    }
    if let Some(s) = &a.accessibility_summary {
        o.insert("summary".into(), json!(s));
    }
    let modes = access_modes(a);
    if !modes.is_empty() {
        o.insert("accessMode".into(), json!(modes));
    }
    let sufficient: Vec<Value> = sufficient_sets(a)
        .into_iter()
        .map(|set| match set.as_slice() {
            [one] => json!(one),
            _ => json!(set),
        })
        .collect();
    if !sufficient.is_empty() {
        o.insert("accessModeSufficient".into(), Value::Array(sufficient));
    }
    for (key, values) in [("feature", features(a)), ("hazard", hazards(a))] {
        if !values.is_empty() {
            o.insert(key.into(), json!(values));
        }
    }
    (!o.is_empty()).then_some(Value::Object(o))
}

/// Merges the accessibility of a title's artifacts: a reader choosing a title wants to know
/// every way it can be read, so modes, sets and features are the union of its formats'; the
/// summary and certification are the first format's that has one.
pub fn merged<'a>(all: impl Iterator<Item = &'a AccessibilityMetadata>) -> AccessibilityMetadata {
    let mut out = AccessibilityMetadata::default();
    fn add<T: PartialEq + Clone>(to: &mut Vec<T>, from: &[T]) {
        for v in from {
            if !to.contains(v) {
                to.push(v.clone());
            }
        }
    }
    for a in all {
        if out.accessibility_summary.is_none() {
            out.accessibility_summary = a.accessibility_summary.clone();
        }
        if out.accessibility_certifications.is_empty() {
            out.accessibility_certifications = a.accessibility_certifications.clone();
        }
        add(
            &mut out.accessibility_conformances,
            &a.accessibility_conformances,
        );
        add(&mut out.accessibility_features, &a.accessibility_features);
        add(&mut out.accessibility_hazards, &a.accessibility_hazards);
        add(&mut out.access_modes, &a.access_modes);
        add(&mut out.access_modes_sufficient, &a.access_modes_sufficient);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use lectern_domain::catalog::artifact::Feature;

    #[test]
    fn schema_org_values_become_readiums() {
        let a = AccessibilityMetadata {
            access_modes: vec!["textual".into(), "visual".into(), "smell".into()],
            access_modes_sufficient: vec!["textual".into(), "textual,visual".into()],
            accessibility_features: vec![Feature {
                accessibility_feature: "tableofcontents".into(),
                description: None,
            }],
            accessibility_hazards: vec!["none".into()],
            accessibility_conformances: vec![
                "EPUB Accessibility 1.1 - WCAG 2.1 Level AA".into(),
                "https://www.w3.org/TR/epub-a11y-11#wcag-2.1-aa".into(),
            ],
            ..Default::default()
        };
        let o = readium_object(&a).unwrap();
        assert_eq!(o["accessMode"], json!(["textual", "visual"]));
        assert_eq!(
            o["accessModeSufficient"],
            json!(["textual", ["textual", "visual"]])
        );
        assert_eq!(o["feature"], json!(["tableOfContents"]));
        assert_eq!(o["hazard"], json!(["none"]));
        assert_eq!(
            o["conformsTo"],
            json!(["https://www.w3.org/TR/epub-a11y-11#wcag-2.1-aa"])
        );
        assert!(readium_object(&AccessibilityMetadata::default()).is_none());
    }
}
