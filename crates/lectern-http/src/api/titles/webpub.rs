//! `GET /v2/titles/{serviceId}/webpub`: a title opened to read online. The rules of a download
//! of its EPUB 3 decide (the caller's own converted document of that id is theirs to open), and
//! the answer is a 302 to the book's Readium Web Publication Manifest under a signed reading
//! link, which a Readium app or the library's reader page follows.

use axum::extract::{Path, State};
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use lectern_operations::streaming;

use crate::conventions::caller::Caller;
use crate::conventions::json::Json;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use crate::streaming::{grant, manifest_url};

#[utoipa::path(
    get, path = "/v2/titles/{serviceId}/webpub", tag = "titles",
    params(
        ("serviceId" = String, Path, description = "The title, or the caller's own document"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 302, description = "Opened: Location (and messages[0]) is the book's Readium Web Publication Manifest, below a reading link that works for 12 hours", body = ErrorBody),
        (status = 403, description = "Reading it is refused (messages give each reason, as for a download), or it has no EPUB 3 to read", body = ErrorBody),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn open_to_read(
    State(state): State<AppState>,
    caller: Caller,
    Path(service_id): Path<String>,
) -> ApiResult<Response> {
    let opened = streaming::open(&state, &caller, &service_id).await?;
    let url = manifest_url(&state, &grant(&state, &opened.object_key).await?);
    let body = ErrorBody {
        key: "AVAILABLE".to_owned(),
        messages: vec![url.clone()],
        links: vec![],
        error: None,
        error_description: None,
    };
    let mut resp = (StatusCode::FOUND, Json(body)).into_response();
    if let Ok(v) = HeaderValue::from_str(&url) {
        resp.headers_mut().insert(header::LOCATION, v);
    }
    Ok(resp)
}
