//! `GET /v2/periodicals/{seriesId}/editions/{editionId}/{format}`: an edition's download, in
//! the same flow as a title's.

use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::catalog::TitleStatusCode;
use lectern_domain::invalid::Why;
use lectern_domain::title_access::{TitleFacts, UsageRestriction};
use lectern_operations::periodicals as periodicals_house;
use lectern_store::downloads::SubjectKind;

use crate::api::titles::CatalogViewer;
use crate::conventions::caller::Caller;
use crate::downloads::{self, Subject};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

#[utoipa::path(
    get, path = "/v2/periodicals/{seriesId}/editions/{editionId}/{format}", tag = "periodicals",
    params(
        ("seriesId" = String, Path, description = "The series"),
        ("editionId" = String, Path, description = "The edition"),
        ("format" = String, Path, description = "One of the edition's formats", pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$"),
        ("api_key" = String, Query, description = "The client key"),
        crate::downloads::DownloadParams,
    ),
    responses(
        (status = 202, description = "The package is being prepared; ask again (Retry-After)", body = ErrorBody),
        (status = 302, description = "Ready: Location (and messages[0]) is a signed URL to the file", body = ErrorBody),
        (status = 400, description = "The edition has no such format, or a bad parameter", body = ErrorBody),
        (status = 403, description = "The download is refused; messages give each reason", body = ErrorBody),
        (status = 404, description = "No such series or edition for this caller", body = ErrorBody),
        (status = 429, description = "Too many packages in progress for this caller", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn download_edition(
    State(state): State<AppState>,
    method: axum::http::Method,
    caller: Caller,
    Path((series_id, edition_id, format)): Path<(String, String, String)>,
) -> ApiResult<Response> {
    let format = downloads::parse_format(&format)?;
    let who = CatalogViewer::of(&state, &caller).await?;
    let (series, _) = lectern_operations::periodicals::visible(&state, &who, &series_id).await?;
    let edition = periodicals_house::edition_of(&state, &series, &edition_id).await?;
    if !edition
        .artifacts
        .iter()
        .any(|a| a.format == format && a.not_ready().is_none())
    {
        return Err(ApiError::bad_param(
            "format",
            Why::of(
                "why-edition-not-in-format",
                format!("edition '{edition_id}' is not available in {format}"),
            )
            .with("id", &edition_id)
            .with("format", format),
        ));
    }
    // Editions are under copyright and live while listed; the series carries the country
    // restriction. The same download rules then apply as to a title.
    let facts = TitleFacts {
        site_id: series.site.clone(),
        in_global_collection: who.in_global(&series.site),
        status: TitleStatusCode::Live.lifecycle(),
        usage: UsageRestriction::Copyright,
        adult_content: false,
        countries: series.countries.clone(),
        nimac_restricted: false,
    };
    downloads::check_reader_sees(&state, &caller, &who, &facts).await?;
    let subject = Subject {
        kind: SubjectKind::Edition,
        id: format!("{}/{}", series.series_id, edition.edition_id),
        facts,
        format,
    };
    downloads::request(
        &state,
        &caller,
        &who,
        subject,
        downloads::Asking::by(&method),
    )
    .await
}
