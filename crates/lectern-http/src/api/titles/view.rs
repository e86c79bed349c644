//! Titles as callers see them: the title summary of document 2 and the complete record of
//! document 3, built from the stored record and what the access rules say for this caller.

use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_domain::catalog::{ContributorType, Format, TitleRecord, TitleStatusCode, names};
use lectern_domain::title_access::Alert;
use serde::Serialize;
use utoipa::ToSchema;

use super::names::contributor_name;
use crate::api::accounts::name::Name;
use crate::conventions::links::Link;
use crate::state::AppState;
use crate::title_index::CategoryNames;
pub use lectern_operations::titles::Perspective;

/// Document 1's Category: a service category or a BISAC subject a title belongs to.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryRef {
    /// The category's identifier; for a BISAC subject, its code.
    pub name: String,
    /// Display name.
    pub description: String,
    #[schema(value_type = String, pattern = "^(Service|BISAC)$")]
    pub category_type: &'static str,
    /// The BISAC code for BISAC categories; null for service categories.
    pub code: Option<String>,
    pub links: Vec<Link>,
}

/// Document 1's Contributor name.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ContributorName {
    /// First name before last.
    pub display_name: String,
    /// Sort form, surname first.
    pub index_name: Option<String>,
    pub links: Vec<Link>,
}

#[derive(Serialize, ToSchema)]
pub struct ContributorView {
    pub name: ContributorName,
    #[serde(rename = "type")]
    pub kind: String,
}

/// Document 1's Format: an identifier and its display text.
#[derive(Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct FormatRef {
    #[schema(value_type = String, pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$")]
    pub format_id: Format,
    pub name: &'static str,
}

impl From<Format> for FormatRef {
    fn from(format_id: Format) -> Self {
        FormatRef {
            format_id,
            name: format_id.display_name(),
        }
    }
}

/// Document 1's Format Status: whether a title can be had in a format.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct FormatStatus {
    #[serde(flatten)]
    pub format: FormatRef,
    #[schema(value_type = String, pattern = "^(AVAILABLE|UNAVAILABLE|PENDING)$")]
    pub status: &'static str,
}

impl FormatStatus {
    fn of(format: Format, status: ArtifactStatus) -> Self {
        FormatStatus {
            format: format.into(),
            status: match status {
                ArtifactStatus::Available => "AVAILABLE",
                ArtifactStatus::InProduction => "PENDING",
                ArtifactStatus::Withdrawn | ArtifactStatus::Failed => "UNAVAILABLE",
            },
        }
    }
}

/// Document 2's title summary.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TitleSummary {
    pub allows: Option<Vec<String>>,
    pub arrangers: Vec<Name>,
    pub authors: Vec<Name>,
    pub available: bool,
    pub service_id: String,
    pub categories: Vec<CategoryRef>,
    pub composers: Vec<Name>,
    pub content_warnings: Vec<String>,
    pub contributors: Vec<ContributorView>,
    /// A four-digit year.
    pub copyright_date: Option<i32>,
    pub date_added: Option<String>,
    pub editors: Vec<Name>,
    pub format_statuses: Vec<FormatStatus>,
    /// Deprecated: the formats that can be downloaded now.
    pub formats: Vec<FormatRef>,
    pub instruments: Vec<String>,
    pub isbn13: Option<String>,
    pub languages: Vec<String>,
    pub lexile_code: Option<String>,
    pub lexile_number: Option<String>,
    pub links: Vec<Link>,
    pub lyricists: Vec<Name>,
    pub nimac: bool,
    pub num_images: Option<u32>,
    pub owner: Option<String>,
    pub publish_date: Option<String>,
    pub reading_age_maximum: Option<u32>,
    pub reading_age_minimum: Option<u32>,
    pub series_number: Option<String>,
    pub series_title: Option<String>,
    pub site: String,
    pub subtitle: Option<String>,
    pub synopsis: Option<String>,
    pub title: String,
    #[schema(value_type = Vec<Object>)]
    pub title_access_alerts: Vec<Alert>,
    pub title_content_type: Option<String>,
    pub translators: Vec<Name>,
    pub vocal_parts: Option<String>,
}

pub fn summary(
    state: &AppState,
    record: &TitleRecord,
    in_global: bool,
    who: &Perspective<'_>,
) -> TitleSummary {
    let people =
        |kind| -> Vec<Name> { record.contributors_of(kind).map(contributor_name).collect() };
    let offered = record.offered();
    let available_formats: Vec<FormatRef> = offered
        .iter()
        .filter(|a| a.status == ArtifactStatus::Available)
        .map(|a| a.format.into())
        .collect();
    TitleSummary {
        allows: None,
        arrangers: people(ContributorType::Arranger),
        authors: people(ContributorType::Author),
        available: record.status == TitleStatusCode::Live && !available_formats.is_empty(),
        service_id: record.service_id.clone(),
        categories: categories(state, record, who.names),
        composers: people(ContributorType::Composer),
        content_warnings: record
            .content_warnings
            .iter()
            .map(|w| w.to_string())
            .collect(),
        contributors: record
            .contributors
            .iter()
            .map(|c| ContributorView {
                name: ContributorName {
                    display_name: names::display_name(&c.name),
                    index_name: Some(names::index_name(&c.name)),
                    links: vec![],
                },
                kind: c.kind.to_string(),
            })
            .collect(),
        copyright_date: record.copyright_date,
        date_added: record.date_added.map(|t| t.to_string()),
        editors: people(ContributorType::Editor),
        format_statuses: offered
            .iter()
            .map(|a| FormatStatus::of(a.format, a.status))
            .collect(),
        formats: available_formats,
        instruments: record.instruments.clone(),
        isbn13: record.isbn13.clone(),
        languages: record.languages.clone(),
        lexile_code: record.lexile_code.clone(),
        lexile_number: record.lexile_number.clone(),
        links: title_links(state, record, who),
        lyricists: people(ContributorType::Lyricist),
        nimac: record.nimac,
        num_images: record.num_images,
        owner: record.owner.clone(),
        publish_date: record.publish_date.map(|t| t.to_string()),
        reading_age_maximum: record.reading_age_maximum,
        reading_age_minimum: record.reading_age_minimum,
        series_number: record.series_number.clone(),
        series_title: record.series_title.clone(),
        site: record.site.clone(),
        subtitle: record.subtitle.clone(),
        synopsis: record.synopsis.clone(),
        title: record.title.clone(),
        title_access_alerts: who.alerts(record, in_global),
        title_content_type: record.title_content_type.clone(),
        translators: people(ContributorType::Translator),
        vocal_parts: record.vocal_parts.clone(),
    }
}

/// A service category by name, described as the catalog describes it.
pub fn service_category(state: &AppState, name: &str, names: &CategoryNames) -> CategoryRef {
    CategoryRef {
        name: name.to_owned(),
        description: names
            .categories
            .get(name)
            .cloned()
            .flatten()
            .unwrap_or_else(|| name.to_owned()),
        category_type: "Service",
        code: None,
        links: vec![Link::new("search", category_search_url(state, name))],
    }
}

/// The title's service categories, then its BISAC subjects, each with a link to search it.
fn categories(state: &AppState, record: &TitleRecord, names: &CategoryNames) -> Vec<CategoryRef> {
    let service = record
        .categories
        .iter()
        .map(|c| service_category(state, c, names));
    let bisac = record.bisac_codes.iter().map(|code| {
        let q: String = url::form_urlencoded::Serializer::new(String::new())
            .append_pair("includedBisacCodes", code)
            .finish();
        CategoryRef {
            name: code.clone(),
            description: names
                .bisac
                .get(code)
                .cloned()
                .unwrap_or_else(|| code.clone()),
            category_type: "BISAC",
            code: Some(code.clone()),
            links: vec![Link::new(
                "search",
                format!("{}?{q}", state.v2_url("/titles")),
            )],
        }
    });
    service.chain(bisac).collect()
}

/// `self`, `coverimage`, `thumbnail`, and the templated `download` link: for a guest only on
/// public-domain and Creative Commons titles (document 1, general rule 4).
pub fn title_links(state: &AppState, record: &TitleRecord, who: &Perspective<'_>) -> Vec<Link> {
    let base = format!("/titles/{}", segment(&record.service_id));
    let mut links = vec![
        Link::new("self", state.v2_url(&base)),
        Link::new("coverimage", state.v2_url(&format!("{base}/coverimage"))),
        Link::new("thumbnail", state.v2_url(&format!("{base}/thumbnail"))),
    ];
    if who.offers_download(record) {
        let mut download = state.v2_url(&format!("{base}/{{format}}"));
        if who.downloads_for_others {
            download.push_str("?forUser={userAccountId}");
        }
        links.push(Link::new("download", download));
    }
    links
}

pub fn category_search_url(state: &AppState, category: &str) -> String {
    let q: String = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("category", category)
        .finish();
    format!("{}?{q}", state.v2_url("/titles"))
}

pub use crate::conventions::links::segment;
