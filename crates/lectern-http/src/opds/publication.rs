//! A title record as an OPDS publication, for the reader looking at it: what it is, and the
//! formats they may have (the same access rules as the API's title records).

use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_domain::catalog::{Artifact, ContributorType, Format, TitleRecord, languages, names};
use lectern_domain::title_access::{UsageRestriction, Viewer};

use super::model::{Acquisition, Image, Person, Publication, Role, Subject};
use super::site::OpdsSite;
use crate::conventions::links::segment;
use crate::error::ApiResult;
use crate::readium::accessibility;
use lectern_domain::account::Account;
use lectern_operations::title_offer::Offer;
use lectern_operations::titles::CatalogViewer;
use lectern_store::documents::{Document, DocumentStatus};

/// The service's categories, as a subject scheme.
pub const CATEGORY_SCHEME: &str = "urn:lectern:category";
pub const BISAC_SCHEME: &str = "http://www.bisg.org/standards/bisac_subject/";

pub fn of(site: &OpdsSite, record: &TitleRecord, who: &CatalogViewer) -> Publication {
    let offer = Offer::of(record, who);
    built(site, record, who, &offer, refusal(&offer, who))
}

/// The publication, its acquisition links refused for `refused_because` when there is one.
fn built(
    site: &OpdsSite,
    record: &TitleRecord,
    who: &CatalogViewer,
    offer: &Offer<'_>,
    refused_because: Option<String>,
) -> Publication {
    let base = site.url(&format!("/titles/{}", segment(&record.service_id)));
    Publication {
        id: format!("urn:lectern:{}:{}", record.site, record.service_id),
        title: record.title.clone(),
        subtitle: record.subtitle.clone(),
        contributors: contributors(record),
        summary: record.synopsis.clone(),
        languages: record
            .languages
            .iter()
            .map(|l| languages::bcp47(l))
            .collect(),
        publisher: record.publisher.clone(),
        published: record.publish_date.map(|d| d.date()),
        modified: record
            .last_updated
            .or(record.date_added)
            .map(|t| t.to_string())
            .unwrap_or_else(|| "1970-01-01T00:00:00Z".to_owned()),
        isbn13: record.isbn13.clone(),
        subjects: subjects(site, record, who),
        images: vec![
            Image {
                href: format!("{base}/cover.png"),
                media_type: "image/png",
                width: 600,
                height: 900,
                thumbnail: false,
            },
            Image {
                href: format!("{base}/thumbnail.png"),
                media_type: "image/png",
                width: 120,
                height: 180,
                thumbnail: true,
            },
        ],
        acquisitions: acquisitions(record, offer, &base, refused_because),
        // A made format declares nothing of its own: what the library's files declare stands.
        accessibility: accessibility::merged(
            record
                .artifacts
                .iter()
                .filter(|a| a.status == ArtifactStatus::Available)
                .map(|a| &a.accessibility),
        ),
    }
}

/// A reader's own document as a publication: its EPUB 3 once converted (documents count against
/// no allowance, so no rule refuses it), and where the conversion stands until then.
pub fn of_document(
    site: &OpdsSite,
    owner: &Account,
    d: &Document,
    who: &CatalogViewer,
) -> ApiResult<Publication> {
    let record = lectern_operations::documents::as_title_record(owner, d)?;
    // Its cover is drawn from its name, as a title's is from its record (`covers::png`): OPDS
    // 2.0 and reading apps want an image on every publication.
    let mut publication = built(site, &record, who, &Offer::of(&record, who), None);
    if d.status != DocumentStatus::Ready {
        // OPDS 2.0 wants an acquisition link on every publication: until the EPUB is made,
        // its link is there, marked unavailable with why (following it waits, as any does).
        let why = match d.status {
            DocumentStatus::Failed => "it could not be made accessible",
            _ => "it is being made accessible",
        };
        publication.acquisitions.push(Acquisition {
            href: site.url(&format!("/titles/{}/EPUB3", segment(&d.document_id))),
            media_type: Artifact::new(Format::Epub3, None).delivery().media_type,
            title: format!("{}: {why}", Format::Epub3.display_name()),
            open_access: false,
            refused_because: Some(why.to_owned()),
            streamed: false,
        });
    }
    publication.summary = Some(match d.status {
        DocumentStatus::Ready => "Your document, made accessible as EPUB 3.".to_owned(),
        DocumentStatus::Queued | DocumentStatus::Converting => {
            "Your document is being made accessible; look again in a few minutes.".to_owned()
        }
        DocumentStatus::Failed => format!(
            "Your document could not be made accessible: {}",
            d.error.as_deref().unwrap_or("its file could not be read")
        ),
    });
    Ok(publication)
}

/// The record's contributors, then the narrators of its audio formats (kept on the artifact).
fn contributors(record: &TitleRecord) -> Vec<Person> {
    let named = record.contributors.iter().map(|c| Person {
        name: names::display_name(&c.name),
        sort_as: Some(names::index_name(&c.name)),
        role: match c.kind {
            ContributorType::Author | ContributorType::CoWriter => Role::Author,
            ContributorType::Translator => Role::Translator,
            ContributorType::Editor => Role::Editor,
            ContributorType::Illustrator => Role::Illustrator,
            _ => Role::Contributor,
        },
    });
    let mut people: Vec<Person> = named.collect();
    for n in record.artifacts.iter().filter_map(|a| a.narrator.as_ref()) {
        if !people
            .iter()
            .any(|p| p.role == Role::Narrator && p.name == n.name)
        {
            people.push(Person {
                name: n.name.clone(),
                sort_as: None,
                role: Role::Narrator,
            });
        }
    }
    people
}

fn subjects(site: &OpdsSite, record: &TitleRecord, who: &CatalogViewer) -> Vec<Subject> {
    let names = &who.category_names;
    let service = record.categories.iter().map(|c| Subject {
        name: names
            .categories
            .get(c)
            .cloned()
            .flatten()
            .unwrap_or_else(|| c.clone()),
        code: Some(c.clone()),
        scheme: CATEGORY_SCHEME,
        href: site.url(&format!("/categories/{}", segment(c))),
    });
    let bisac = record.bisac_codes.iter().map(|code| Subject {
        name: names
            .bisac
            .get(code)
            .cloned()
            .unwrap_or_else(|| code.clone()),
        code: Some(code.clone()),
        scheme: BISAC_SCHEME,
        href: site.url(&format!("/bisac/{}", segment(code))),
    });
    service.chain(bisac).collect()
}

/// Why the reader may not have the title, as the access rules say; `None` for a guest (whose
/// links ask them to sign in) and for a reader the rules allow.
fn refusal(offer: &Offer<'_>, who: &CatalogViewer) -> Option<String> {
    if matches!(who.viewer, Viewer::Guest { .. }) || offer.allowed() {
        return None;
    }
    let words: Vec<&str> = offer
        .refusals()
        .iter()
        .map(|a| a.message.as_str())
        .collect();
    Some(words.join(" "))
}

/// One link per available format. A guest sees the formats of a title anyone may have, and
/// those of other titles as links that ask them to sign in first; a signed-in reader whom the
/// access rules refuse sees the links marked unavailable, with the reasons
/// (`docs/decisions.md`, "Acquisition links in the OPDS catalog").
fn acquisitions(
    record: &TitleRecord,
    offer: &Offer<'_>,
    base: &str,
    refused_because: Option<String>,
) -> Vec<Acquisition> {
    let open_access = record.usage_restriction != UsageRestriction::Copyright;
    let titled = |what: String| match &refused_because {
        Some(why) => format!("{what}: {why}"),
        None => what,
    };
    let mut links: Vec<Acquisition> = offer
        .lent()
        .map(|a| Acquisition {
            href: format!("{base}/{}", a.format.as_str()),
            media_type: a.delivery().media_type,
            title: titled(a.offered_as()),
            open_access,
            refused_because: refused_because.clone(),
            streamed: false,
        })
        .collect();
    // What has an EPUB 3 can be read online from it, by the same rules.
    if offer.lent().any(|a| a.format == Format::Epub3) {
        links.push(Acquisition {
            href: format!("{base}/webpub"),
            media_type: crate::readium::manifest::MEDIA_TYPE,
            title: titled("Read online".to_owned()),
            open_access,
            refused_because,
            streamed: true,
        });
    }
    links
}
