//! A title's accessibility metadata as OPDS 2.0 writes it (Readium's `a11y.schema.json`), in the
//! vocabulary `lectern_domain::catalog::accessibility` keeps.

use lectern_domain::catalog::AccessibilityMetadata;
use lectern_domain::catalog::accessibility::{
    access_modes, conforms_to, features, hazards, sufficient_sets,
};
use serde_json::{Map, Value, json};

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
