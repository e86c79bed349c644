use super::opf::{self, A11Y, DCTERMS, Entry, MARC_RELATORS, META_VOCAB, SCHEMA};
use super::{Accessibility, Contributor, EpubError, EpubMetadata, isbn13, package_path};
use crate::zipio;

/// Reads an EPUB 3's package metadata: the package document found through
/// META-INF/container.xml, its Dublin Core elements, their refinements and the accessibility
/// properties. Refuses, naming the reason, anything that is not a zip, lacks the container or
/// the package document, is not EPUB 3.x, or has no identifier or title.
pub fn read_metadata(bytes: &[u8]) -> Result<EpubMetadata, EpubError> {
    let mut archive = zipio::open(bytes)?;
    let path = package_path(&mut archive)?;
    let xml =
        zipio::read_text(&mut archive, &path)?.ok_or_else(|| EpubError::NoPackage(path.clone()))?;
    from_package(opf::parse(&xml, &path)?)
}

pub(crate) fn from_package(package: opf::Package) -> Result<EpubMetadata, EpubError> {
    let refinements = Refinements(&package.entries);
    let mut meta = EpubMetadata {
        version: package.version.clone(),
        ..EpubMetadata::default()
    };
    let mut unique = None;
    let mut titles = Vec::new();
    for entry in &package.entries {
        match entry {
            Entry::Dc {
                name,
                id,
                value,
                opf_role,
                opf_file_as,
            } => match name.as_str() {
                "identifier" => {
                    if id.is_some() && *id == package.unique_identifier {
                        unique = Some(value.clone());
                    }
                    meta.identifiers.push(value.clone());
                }
                "title" => titles.push((value.clone(), refinements.first(id, "title-type"))),
                "creator" => {
                    let creator = refinements.person(id, value, opf_role, opf_file_as);
                    meta.creators.push(creator);
                }
                "contributor" => {
                    let contributor = refinements.person(id, value, opf_role, opf_file_as);
                    meta.contributors.push(contributor);
                }
                "language" => meta.languages.push(value.clone()),
                "subject" => meta.subjects.push(value.clone()),
                "publisher" => first(&mut meta.publisher, value),
                "date" => first(&mut meta.date, value),
                "description" => first(&mut meta.description, value),
                "rights" => first(&mut meta.rights, value),
                "source" => first(&mut meta.source, value),
                _ => {}
            },
            Entry::Meta {
                property,
                refines: None,
                value,
                ..
            } => {
                accessibility_meta(&mut meta.accessibility, property, value);
                if *property == format!("{DCTERMS}modified") {
                    first(&mut meta.modified, value);
                }
            }
            // EPUB Accessibility 1.1 refines the certifier with its credential and report.
            Entry::Meta {
                property, value, ..
            } if property.starts_with(A11Y) => {
                accessibility_meta(&mut meta.accessibility, property, value);
            }
            Entry::Meta { .. } => {}
            Entry::Link { rels, href } => accessibility_link(&mut meta.accessibility, rels, href),
        }
    }
    name(&mut meta, unique, titles)?;
    Ok(meta)
}

/// The publication's identifier, ISBN, title and subtitle, from its identifiers and titles.
fn name(
    meta: &mut EpubMetadata,
    unique: Option<String>,
    titles: Vec<(String, Option<String>)>,
) -> Result<(), EpubError> {
    // A missing unique-identifier reference is invalid, but the first identifier still names
    // the publication better than refusing it would.
    meta.identifier = unique
        .or_else(|| meta.identifiers.first().cloned())
        .filter(|i| !i.is_empty())
        .ok_or(EpubError::MissingMetadata("dc:identifier"))?;
    meta.isbn = meta.identifiers.iter().find_map(|i| isbn13(i));
    let is_subtitle = |kind: &Option<String>| kind.as_deref() == Some("subtitle");
    meta.title = titles
        .iter()
        .find(|(v, kind)| !is_subtitle(kind) && !v.is_empty())
        .map(|(v, _)| v.clone())
        .ok_or(EpubError::MissingMetadata("dc:title"))?;
    meta.subtitle = titles
        .into_iter()
        .find(|(_, kind)| is_subtitle(kind))
        .map(|(v, _)| v);
    Ok(())
}

/// A `link` of the package that states conformance or links a certifier's report.
fn accessibility_link(a11y: &mut Accessibility, rels: &[String], href: &str) {
    for rel in rels {
        if *rel == format!("{DCTERMS}conformsTo") {
            a11y.conforms_to.push(href.to_owned());
        } else if *rel == format!("{A11Y}certifierReport") {
            a11y.certifier_reports.push(href.to_owned());
        }
    }
}

/// The package's `meta` elements that refine another element by its id (EPUB 3's `refines`).
struct Refinements<'a>(&'a [Entry]);

impl Refinements<'_> {
    /// The values (and schemes) of `property` refining the element `id`.
    fn all(&self, id: &Option<String>, property: &str) -> Vec<(String, Option<String>)> {
        let Some(id) = id else { return Vec::new() };
        self.0
            .iter()
            .filter_map(|e| match e {
                Entry::Meta {
                    property: p,
                    refines: Some(r),
                    scheme,
                    value,
                } if r == id && p == property => Some((value.clone(), scheme.clone())),
                _ => None,
            })
            .collect()
    }

    /// The first value of the EPUB meta vocabulary's `property` refining `id`.
    fn first(&self, id: &Option<String>, property: &str) -> Option<String> {
        self.all(id, &format!("{META_VOCAB}{property}"))
            .into_iter()
            .next()
            .map(|(v, _)| v)
    }

    /// A creator or contributor: its MARC relator roles refined in EPUB 3 or given in EPUB 2's
    /// `opf:role`, and its sort name either way.
    fn person(
        &self,
        id: &Option<String>,
        value: &str,
        role: &Option<String>,
        file_as: &Option<String>,
    ) -> Contributor {
        let mut roles: Vec<String> = self
            .all(id, &format!("{META_VOCAB}role"))
            .into_iter()
            .filter(|(_, scheme)| scheme.as_deref().is_none_or(|s| s == MARC_RELATORS))
            .map(|(v, _)| v)
            .collect();
        roles.extend(role.iter().filter(|r| !r.is_empty()).cloned());
        Contributor {
            name: value.to_owned(),
            file_as: self.first(id, "file-as").or_else(|| file_as.clone()),
            roles,
        }
    }
}

fn accessibility_meta(a11y: &mut Accessibility, property: &str, value: &str) {
    let value = value.to_owned();
    if let Some(name) = property.strip_prefix(SCHEMA) {
        match name {
            "accessMode" => a11y.access_modes.push(value),
            "accessModeSufficient" => a11y.access_modes_sufficient.push(value),
            "accessibilityFeature" => a11y.features.push(value),
            "accessibilityHazard" => a11y.hazards.push(value),
            "accessibilitySummary" => first(&mut a11y.summary, &value),
            _ => {}
        }
    } else if let Some(name) = property.strip_prefix(A11Y) {
        match name {
            "certifiedBy" => first(&mut a11y.certified_by, &value),
            "certifierCredential" => a11y.certifier_credentials.push(value),
            "certifierReport" => a11y.certifier_reports.push(value),
            _ => {}
        }
    } else if property == format!("{DCTERMS}conformsTo") {
        a11y.conforms_to.push(value);
    }
}

fn first(slot: &mut Option<String>, value: &str) {
    if slot.is_none() && !value.is_empty() {
        *slot = Some(value.to_owned());
    }
}
