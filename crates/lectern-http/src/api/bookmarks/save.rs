//! `POST /v2/myBookmarks`: a new bookmark, or new details for the one at that location.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::catalog::Format;
use lectern_operations::marks::{self, MarkInput};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::conventions::caller::Caller;
use crate::conventions::status::Status;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// The form of a bookmark.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SaveBookmark {
    /// The title
    pub service_id: String,
    /// Where, exactly as the reading app names it (for EPUB 3 a canonical fragment identifier)
    pub location: String,
    /// The format read (default EPUB3)
    #[schema(value_type = Option<String>, pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$")]
    pub format: Option<Format>,
    /// Text at the location, as the reader will recognise it
    pub text: Option<String>,
    /// Spine index
    #[schema(minimum = 0)]
    pub position: Option<i64>,
    /// Percent within the section
    #[schema(minimum = 0, maximum = 100)]
    pub progression: Option<f64>,
    /// Percent within the title
    #[schema(minimum = 0, maximum = 100)]
    pub total_progression: Option<f64>,
}

impl From<SaveBookmark> for MarkInput {
    fn from(b: SaveBookmark) -> Self {
        MarkInput {
            service_id: b.service_id,
            location: b.location,
            format: b.format,
            text: b.text,
            position: b.position,
            progression: b.progression,
            total_progression: b.total_progression,
        }
    }
}

#[utoipa::path(
    post, path = "/v2/myBookmarks", tag = "bookmarks",
    params(("api_key" = String, Query, description = "The client key")),
    request_body(content = SaveBookmark, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "Saved (key SUCCESS); a bookmark at the same location is updated", body = Status),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn save_bookmark(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<Status>> {
    caller.signed_in()?;
    let form: SaveBookmark = caller.params.parse()?;
    let bookmark = marks::save_bookmark(&state, &caller, form.into()).await?;
    Ok(Json(Status::success(format!(
        "Bookmark saved in '{}'",
        bookmark.service_id
    ))))
}
