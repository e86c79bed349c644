use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_domain::catalog::periodical::{Edition, PeriodicalSeries};
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::titles::{CategoryRef, FormatRef, segment, service_category};
use crate::conventions::links::Link;
use crate::error::ApiResult;
use crate::state::AppState;
use crate::title_index::CategoryNames;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditionSummary {
    pub edition_id: String,
    pub edition_name: String,
}

/// Document 3's periodical series summary.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SeriesSummary {
    pub series_id: String,
    pub title: String,
    pub issn: Option<String>,
    pub description: Option<String>,
    pub publisher: Option<String>,
    pub series_type: String,
    pub external_category_code: Option<String>,
    /// Category objects, as a title's are
    pub categories: Vec<CategoryRef>,
    pub languages: Vec<String>,
    pub countries: Vec<String>,
    pub edition_count: u64,
    pub latest_edition: Option<EditionSummary>,
    pub links: Vec<Link>,
}

/// Document 3's periodical edition.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct EditionView {
    pub edition_id: String,
    pub edition_name: String,
    pub publication_date: String,
    pub expiration_date: Option<String>,
    /// Format objects, as a title's are
    pub formats: Vec<FormatRef>,
    pub links: Vec<Link>,
}

pub fn series_summary(
    state: &AppState,
    s: &PeriodicalSeries,
    edition_count: u64,
    latest: Option<&Edition>,
    names: &CategoryNames,
) -> SeriesSummary {
    let base = format!("/periodicals/{}", segment(&s.series_id));
    SeriesSummary {
        series_id: s.series_id.clone(),
        title: s.title.clone(),
        issn: s.issn.clone(),
        description: s.description.clone(),
        publisher: s.publisher.clone(),
        series_type: s.series_type.to_string(),
        external_category_code: s.external_category_code.clone(),
        categories: s
            .categories
            .iter()
            .map(|c| service_category(state, c, names))
            .collect(),
        languages: s.languages.clone(),
        countries: s.countries.clone(),
        edition_count,
        latest_edition: latest.map(|e| EditionSummary {
            edition_id: e.edition_id.clone(),
            edition_name: e.edition_name.clone(),
        }),
        links: vec![
            Link::new("self", state.v2_url(&base)),
            Link::new("editions", state.v2_url(&format!("{base}/editions"))),
        ],
    }
}

/// The series summary with its latest edition, read from the store.
pub async fn summary_with_latest(
    state: &AppState,
    s: &PeriodicalSeries,
    edition_count: u64,
) -> ApiResult<SeriesSummary> {
    let latest = lectern_operations::periodicals::latest_edition_of(state, s).await?;
    let names = state.titles.category_names(&state.store).await?;
    Ok(series_summary(
        state,
        s,
        edition_count,
        latest.as_ref(),
        &names,
    ))
}

pub fn edition_view(state: &AppState, series_id: &str, e: &Edition) -> EditionView {
    let base = format!(
        "/periodicals/{}/editions/{}",
        segment(series_id),
        segment(&e.edition_id)
    );
    EditionView {
        edition_id: e.edition_id.clone(),
        edition_name: e.edition_name.clone(),
        publication_date: e.publication_date.to_string(),
        expiration_date: e.expiration_date.map(|t| t.to_string()),
        formats: e
            .artifacts
            .iter()
            .filter(|a| a.status == ArtifactStatus::Available)
            .map(|a| FormatRef::from(a.format))
            .collect(),
        links: vec![
            Link::new("self", state.v2_url(&base)),
            Link::new("download", state.v2_url(&format!("{base}/{{format}}"))),
        ],
    }
}
