//! `GET /v2/titles/{serviceId}/{format}`: a title's download, packaged for its reader.

use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_store::downloads::SubjectKind;

use super::record::visible_title;
use super::viewer::CatalogViewer;
use crate::conventions::caller::Ctx;
use crate::downloads::{self, Subject};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

#[utoipa::path(
    get, path = "/v2/titles/{serviceId}/{format}", tag = "titles",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("format" = String, Path, description = "DAISY, DAISY_AUDIO, DAISY_2_AUDIO, BRF, EPUB3, PDF or DOCX"),
        ("api_key" = String, Query, description = "The client key"),
        ("forUser" = Option<String>, Query, description = "The userAccountId of the member a sponsor or assistant downloads for"),
    ),
    responses(
        (status = 202, description = "The package is being prepared; ask again (Retry-After)", body = ErrorBody),
        (status = 302, description = "Ready: Location (and messages[0]) is a signed URL to the file", body = ErrorBody),
        (status = 400, description = "The title has no such format, or a bad parameter", body = ErrorBody),
        (status = 401, description = "forUser without a signed-in caller", body = ErrorBody),
        (status = 403, description = "The download is refused; messages give each reason", body = ErrorBody),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
        (status = 429, description = "Too many packages in progress for this caller", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn download_title(
    State(state): State<AppState>,
    ctx: Ctx,
    Path((service_id, format)): Path<(String, String)>,
) -> ApiResult<Response> {
    let format = downloads::parse_format(&format)?;
    let who = CatalogViewer::of(&state, &ctx).await?;
    let record = visible_title(&state, &who, &service_id).await?;
    match record.artifact(format) {
        Some(a) if a.status == ArtifactStatus::Available && a.file.is_some() => {}
        Some(a) if a.status == ArtifactStatus::Available => {
            // Catalogued as available, but its file has not arrived: nothing could be packaged.
            return Err(ApiError::bad_param(
                "format",
                format!("the {format} file of title '{service_id}' is not here yet"),
            ));
        }
        _ => {
            return Err(ApiError::bad_param(
                "format",
                format!("title '{service_id}' is not available in {format}"),
            ));
        }
    }
    let subject = Subject {
        kind: SubjectKind::Title,
        id: record.service_id.clone(),
        facts: record.facts(who.in_global(&record.site)),
        format,
    };
    downloads::request(&state, &ctx, &who, subject).await
}
