//! `GET /v2/titles/{serviceId}/{format}`: a title's download, packaged for its reader.

use axum::extract::{Path, State};
use axum::http::Method;
use axum::response::Response;

use crate::conventions::caller::Caller;
use crate::downloads::{Asking, title_download};
use crate::error::{ApiResult, ErrorBody};
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
