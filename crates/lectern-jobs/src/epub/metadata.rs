use lectern_domain::catalog::AccessibilityMetadata;
use lectern_domain::catalog::artifact::{Certification, Feature};

/// What an EPUB 3's package document says about the publication. Text values are trimmed and
/// their inner whitespace collapsed; lists keep document order.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct EpubMetadata {
    /// The package `version` attribute, for example `3.0`.
    pub version: String,
    /// The `dc:identifier` the package's `unique-identifier` points at.
    pub identifier: String,
    /// Every `dc:identifier`, the unique one included.
    pub identifiers: Vec<String>,
    /// An ISBN-13 (digits only) from the first identifier that is one; ISBN-10s are converted.
    pub isbn: Option<String>,
    /// The first `dc:title` that is not refined as a subtitle.
    pub title: String,
    /// A `dc:title` refined with `title-type` `subtitle`, if any.
    pub subtitle: Option<String>,
    /// Every `dc:creator`, with its roles.
    pub creators: Vec<Contributor>,
    /// Every `dc:contributor`, with its roles.
    pub contributors: Vec<Contributor>,
    /// Every `dc:language` (BCP 47 tags as written).
    pub languages: Vec<String>,
    /// The first `dc:publisher`.
    pub publisher: Option<String>,
    /// The first `dc:date` (publication date, as written).
    pub date: Option<String>,
    /// The first `dc:description`.
    pub description: Option<String>,
    /// Every `dc:subject`.
    pub subjects: Vec<String>,
    /// The first `dc:rights`.
    pub rights: Option<String>,
    /// The first `dc:source`.
    pub source: Option<String>,
    /// `dcterms:modified`: when the publication was last changed, `YYYY-MM-DDThh:mm:ssZ`.
    pub modified: Option<String>,
    /// The schema.org and EPUB Accessibility properties.
    pub accessibility: Accessibility,
}

/// A `dc:creator` or `dc:contributor`.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Contributor {
    /// The name as displayed.
    pub name: String,
    /// The `file-as` refinement (sort form, for example "Austen, Jane"), if any.
    pub file_as: Option<String>,
    /// MARC relator codes (`aut`, `edt`, `trl`, `ill`, `nrt`, ...) from `role` refinements in
    /// the `marc:relators` scheme (or with no scheme), or from an EPUB 2 style `opf:role`.
    pub roles: Vec<String>,
}

/// Accessibility metadata, as the EPUB Accessibility specification places it in the package.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Accessibility {
    /// `schema:accessMode`: textual, visual, auditory, ...
    pub access_modes: Vec<String>,
    /// `schema:accessModeSufficient`: each entry a comma-separated set, for example `textual`.
    pub access_modes_sufficient: Vec<String>,
    /// `schema:accessibilityFeature`: structuralNavigation, tableOfContents, alternativeText, ...
    pub features: Vec<String>,
    /// `schema:accessibilityHazard`: none, flashing, noFlashingHazard, ...
    pub hazards: Vec<String>,
    /// `schema:accessibilitySummary`: the human-readable summary.
    pub summary: Option<String>,
    /// `dcterms:conformsTo`, from `meta` elements (text) and `link` elements (href).
    pub conforms_to: Vec<String>,
    /// `a11y:certifiedBy`: who evaluated the conformance claim.
    pub certified_by: Option<String>,
    /// `a11y:certifierCredential`: the evaluator's credentials.
    pub certifier_credentials: Vec<String>,
    /// `a11y:certifierReport`: where the evaluation report is, from `meta` or `link`.
    pub certifier_reports: Vec<String>,
}

impl Accessibility {
    /// The package's accessibility metadata as the catalog keeps a title's.
    pub fn catalog_metadata(&self) -> AccessibilityMetadata {
        let a = self;
        let certified = a.certified_by.is_some()
            || !a.certifier_credentials.is_empty()
            || !a.certifier_reports.is_empty();
        AccessibilityMetadata {
            accessibility_summary: a.summary.clone(),
            accessibility_conformances: a.conforms_to.clone(),
            // One evaluation: the package names one certifier, whatever the number of credentials
            // (joined) and reports (the first; more than one is rare and has no field to go in).
            accessibility_certifications: if certified {
                vec![Certification {
                    certified_by: a.certified_by.clone(),
                    certifier_credential: (!a.certifier_credentials.is_empty())
                        .then(|| a.certifier_credentials.join("; ")),
                    certifier_report: a.certifier_reports.first().cloned(),
                }]
            } else {
                Vec::new()
            },
            accessibility_features: a
                .features
                .iter()
                .map(|f| Feature {
                    accessibility_feature: f.clone(),
                    description: None,
                })
                .collect(),
            accessibility_hazards: a.hazards.clone(),
            access_modes: a.access_modes.clone(),
            access_modes_sufficient: a.access_modes_sufficient.clone(),
        }
    }
}
