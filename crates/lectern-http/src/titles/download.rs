//! `GET /v2/titles/{serviceId}/{format}`: a title's download, packaged for its reader.

use axum::extract::{Path, State};
use axum::http::Method;
use axum::response::Response;
use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_store::downloads::SubjectKind;

use super::CatalogViewer;
use super::visible_title;
use crate::conventions::caller::Caller;
use crate::documents;
use crate::downloads::{self, Asking, Subject};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

#[utoipa::path(
    get, path = "/v2/titles/{serviceId}/{format}", tag = "titles",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("format" = String, Path, description = "DAISY, DAISY_AUDIO, DAISY_2_AUDIO, BRF, EPUB3, PDF or DOCX", pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$"),
        ("api_key" = String, Query, description = "The client key"),
        crate::downloads::DownloadParams,
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
    method: Method,
    caller: Caller,
    Path((service_id, format)): Path<(String, String)>,
) -> ApiResult<Response> {
    title_download(&state, &caller, &service_id, &format, Asking::by(&method)).await
}

/// A title's download for the caller: a package started or looked at, as `asking` says.
pub async fn title_download(
    state: &AppState,
    caller: &Caller,
    service_id: &str,
    format: &str,
    asking: Asking,
) -> ApiResult<Response> {
    let format = downloads::parse_format(format)?;
    let who = CatalogViewer::of(state, caller).await?;
    let record = match visible_title(state, &who, service_id).await {
        Ok(record) => record,
        Err(absent) => {
            return match documents::owned_document(state, caller.user(), service_id).await? {
                Some(d) => document_download(state, &d, format).await,
                None => Err(absent.into()),
            };
        }
    };
    let facts = record.facts(who.in_global(&record.site));
    downloads::check_reader_sees(state, caller, &who, &facts).await?;
    match record.offered_artifact(format).as_deref() {
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
        facts,
        format,
    };
    downloads::request(state, caller, &who, subject, asking).await
}

/// The owner's own document: its EPUB once converted (202 until then), unstamped and uncounted.
async fn document_download(
    state: &AppState,
    d: &lectern_store::documents::Document,
    format: lectern_domain::catalog::Format,
) -> ApiResult<Response> {
    use lectern_store::documents::DocumentStatus;
    if format != lectern_domain::catalog::Format::Epub3 {
        return Err(ApiError::bad_param(
            "format",
            format!(
                "document '{}' is made available in EPUB3 only",
                d.document_id
            ),
        ));
    }
    match (d.status, &d.epub_key) {
        (DocumentStatus::Ready, Some(key)) => downloads::available(state, key).await,
        (DocumentStatus::Failed, _) => Err(ApiError::new(
            axum::http::StatusCode::BAD_REQUEST,
            "BAD_REQUEST",
            format!(
                "Document '{}' could not be made accessible: {}",
                d.document_id,
                d.error.as_deref().unwrap_or("its file could not be read")
            ),
        )),
        _ => Ok(downloads::accepted(
            "The document is being made accessible; ask again in a few seconds.",
        )),
    }
}
