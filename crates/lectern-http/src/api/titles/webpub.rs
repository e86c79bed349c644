//! `GET /v2/titles/{serviceId}/webpub`: a title opened to read online. The rules of a download
//! of its EPUB 3 decide (the caller's own converted document of that id is theirs to open), and
//! the answer is a 302 to the book's Readium Web Publication Manifest under a signed reading
//! link, which a Readium app or the library's reader page follows.

use axum::extract::{Path, State};
use axum::response::Response;
use lectern_operations::streaming;

use crate::conventions::caller::Caller;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

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
    let book = streaming::open(&state, &caller, &service_id).await?;
    crate::streaming::opened(&state, &book).await
}
