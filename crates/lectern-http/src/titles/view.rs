//! Titles as callers see them: the title summary of document 2 and the complete record of
//! document 3, built from the stored record and what the access rules say for this caller.

use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_domain::catalog::{ContributorType, TitleRecord, TitleStatusCode};
use lectern_domain::title_access::{self, Alert, Viewer};
use serde::Serialize;
use utoipa::ToSchema;

use super::names::contributor_name;
use crate::accounts::name::Name;
use crate::conventions::links::Link;
use crate::state::AppState;

/// A category a title belongs to.
#[derive(Serialize, ToSchema)]
pub struct CategoryRef {
    pub name: String,
    pub links: Vec<Link>,
}

#[derive(Serialize, ToSchema)]
pub struct ContributorView {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: String,
}

/// Whether a title can be had in a format.
#[derive(Serialize, ToSchema)]
pub struct FormatStatus {
    pub format: String,
    /// available, inProduction or withdrawn.
    pub status: String,
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
    pub formats: Vec<String>,
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

/// What a caller sees of one title: the alerts on their own download, and where the download
/// link points (`forUser` for those who download for others).
pub struct Perspective<'a> {
    pub viewer: &'a Viewer,
    pub downloads_for_others: bool,
}

impl Perspective<'_> {
    pub fn alerts(&self, record: &TitleRecord, in_global: bool) -> Vec<Alert> {
        let reader = match self.viewer {
            Viewer::Guest { .. } => None,
            Viewer::User(r) => Some(r),
        };
        let mut alerts = title_access::download_alerts(reader, &record.facts(in_global), false);
        if self.downloads_for_others {
            // Their download link asks for a member (`forUser`); that they hold no member
            // role themselves explains nothing about it.
            alerts.retain(|a| a.code != "NOT_A_MEMBER");
        }
        alerts
    }
}

pub fn summary(
    state: &AppState,
    record: &TitleRecord,
    in_global: bool,
    who: &Perspective<'_>,
) -> TitleSummary {
    let people =
        |kind| -> Vec<Name> { record.contributors_of(kind).map(contributor_name).collect() };
    let available_formats: Vec<String> = record
        .artifacts
        .iter()
        .filter(|a| a.status == ArtifactStatus::Available)
        .map(|a| a.format.to_string())
        .collect();
    TitleSummary {
        allows: None,
        arrangers: people(ContributorType::Arranger),
        authors: people(ContributorType::Author),
        available: record.status == TitleStatusCode::Live && !available_formats.is_empty(),
        service_id: record.service_id.clone(),
        categories: record
            .categories
            .iter()
            .map(|c| CategoryRef {
                name: c.clone(),
                links: vec![Link::new("search", category_search_url(state, c))],
            })
            .collect(),
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
                name: c.name.clone(),
                kind: c.kind.to_string(),
            })
            .collect(),
        copyright_date: record.copyright_date,
        date_added: record.date_added.map(|t| t.to_string()),
        editors: people(ContributorType::Editor),
        format_statuses: record
            .artifacts
            .iter()
            .map(|a| FormatStatus {
                format: a.format.to_string(),
                status: a.status.to_string(),
            })
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

/// `self`, `coverimage`, `thumbnail`, and the templated `download` link.
pub fn title_links(state: &AppState, record: &TitleRecord, who: &Perspective<'_>) -> Vec<Link> {
    let base = format!("/titles/{}", segment(&record.service_id));
    let mut download = state.v2_url(&format!("{base}/{{format}}"));
    if who.downloads_for_others {
        download.push_str("?forUser={userAccountId}");
    }
    vec![
        Link::new("self", state.v2_url(&base)),
        Link::new("coverimage", state.v2_url(&format!("{base}/coverimage"))),
        Link::new("thumbnail", state.v2_url(&format!("{base}/thumbnail"))),
        Link::new("download", download),
    ]
}

pub fn category_search_url(state: &AppState, category: &str) -> String {
    let q: String = url::form_urlencoded::Serializer::new(String::new())
        .append_pair("category", category)
        .finish();
    format!("{}?{q}", state.v2_url("/titles"))
}

pub use crate::conventions::links::segment;
