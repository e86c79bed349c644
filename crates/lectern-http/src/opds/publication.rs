//! A title record as an OPDS publication, for the reader looking at it: what it is, and the
//! formats they may have (the same access rules as the API's title records).

use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_domain::catalog::{ContributorType, Format, TitleRecord, names};
use lectern_domain::title_access::{self, UsageRestriction, Viewer};

use super::accessibility;
use super::model::{Acquisition, Image, Person, Publication, Role, Subject};
use super::site::OpdsSite;
use crate::conventions::links::segment;
use crate::titles::CatalogViewer;

/// The service's categories, as a subject scheme.
pub const CATEGORY_SCHEME: &str = "urn:lectern:category";
pub const BISAC_SCHEME: &str = "http://www.bisg.org/standards/bisac_subject/";

pub fn of(site: &OpdsSite, record: &TitleRecord, who: &CatalogViewer) -> Publication {
    let base = site.url(&format!("/titles/{}", segment(&record.service_id)));
    Publication {
        id: format!("urn:lectern:{}:{}", record.site, record.service_id),
        title: record.title.clone(),
        subtitle: record.subtitle.clone(),
        contributors: contributors(record),
        summary: record.synopsis.clone(),
        languages: record.languages.iter().map(|l| bcp47(l)).collect(),
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
        acquisitions: acquisitions(record, who, &base),
        accessibility: accessibility::merged(
            record
                .artifacts
                .iter()
                .filter(|a| a.status == ArtifactStatus::Available)
                .map(|a| &a.accessibility),
        ),
    }
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

/// One link per available format. A guest sees the formats of a title anyone may have, and
/// those of other titles as links that ask them to sign in first; a signed-in reader whom the
/// access rules refuse sees the links marked unavailable, with the reasons
/// (`docs/decisions.md`, "Acquisition links in the OPDS catalog").
fn acquisitions(record: &TitleRecord, who: &CatalogViewer, base: &str) -> Vec<Acquisition> {
    let open_access = record.usage_restriction != UsageRestriction::Copyright;
    let guest = matches!(who.viewer, Viewer::Guest { .. });
    let refused_because = if guest {
        None
    } else {
        let alerts = who
            .perspective()
            .alerts(record, who.in_global(&record.site));
        (!title_access::allows_download(&alerts)).then(|| {
            alerts
                .iter()
                .filter(|a| a.level == title_access::AlertLevel::Error)
                .map(|a| a.message.as_str())
                .collect::<Vec<_>>()
                .join(" ")
        })
    };
    record
        .artifacts
        .iter()
        .filter(|a| a.status == ArtifactStatus::Available)
        .map(|a| Acquisition {
            href: format!("{base}/{}", a.format.as_str()),
            media_type: media_type(a.format),
            title: match &refused_because {
                Some(why) => format!("{}: {why}", a.format.display_name()),
                None => a.format.display_name().to_owned(),
            },
            open_access,
            refused_because: refused_because.clone(),
        })
        .collect()
}

/// The file a format is delivered as: EPUB 3 as an EPUB, the rest as a zip of their files.
pub fn media_type(format: Format) -> &'static str {
    match format {
        Format::Epub3 => "application/epub+zip",
        _ => "application/zip",
    }
}

/// ISO 639-2 codes as BCP 47 prefers them (the two-letter code where ISO 639-1 has one), for
/// the languages a library most often holds; others stay three letters, which BCP 47 allows.
pub fn bcp47(code: &str) -> String {
    let two = match code {
        "eng" => "en",
        "fre" | "fra" => "fr",
        "spa" => "es",
        "ger" | "deu" => "de",
        "ita" => "it",
        "por" => "pt",
        "dut" | "nld" => "nl",
        "chi" | "zho" => "zh",
        "jpn" => "ja",
        "kor" => "ko",
        "rus" => "ru",
        "ara" => "ar",
        "hin" => "hi",
        "swe" => "sv",
        "nor" => "no",
        "dan" => "da",
        "fin" => "fi",
        "pol" => "pl",
        "tur" => "tr",
        "heb" => "he",
        "gre" | "ell" => "el",
        "lat" => "la",
        "wel" | "cym" => "cy",
        "gle" => "ga",
        other => return other.to_owned(),
    };
    two.to_owned()
}
