//! `POST /v2/myBookmarks`: a new bookmark, or new details for the one at that location.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::reading::{self, Bookmark};
use lectern_store::bookmarks;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::conventions::caller::Caller;
use crate::conventions::status::Status;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use crate::titles::{CatalogViewer, check_visible};

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

impl SaveBookmark {
    /// The bookmark this form describes, once each value is checked (a 400 names the first bad
    /// one).
    pub fn into_bookmark(self, now: Timestamp) -> ApiResult<Bookmark> {
        reading::check_location(&self.location)
            .map_err(|why| ApiError::bad_param("location", why))?;
        if let Some(text) = &self.text {
            reading::check_text(text).map_err(|why| ApiError::bad_param("text", why))?;
        }
        check_place(
            ("position", self.position),
            [
                ("progression", self.progression),
                ("totalProgression", self.total_progression),
            ],
        )?;
        Ok(Bookmark {
            service_id: self.service_id,
            format: self.format.unwrap_or(Format::Epub3),
            location: self.location,
            text: self.text,
            position: self.position,
            progression: self.progression,
            total_progression: self.total_progression,
            date_created: now,
        })
    }
}

/// A place in a title as a form names it: a spine index, not negative, and percentages (within
/// the section, within the title); a 400 names the first bad one.
pub fn check_place(
    position: (&str, Option<i64>),
    percents: [(&str, Option<f64>); 2],
) -> ApiResult<()> {
    if position.1.is_some_and(|p| p < 0) {
        return Err(ApiError::bad_param(position.0, "must not be negative"));
    }
    for (name, value) in percents {
        if let Some(v) = value {
            reading::check_percent(v).map_err(|why| ApiError::bad_param(name, why))?;
        }
    }
    Ok(())
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
    let me = caller.signed_in()?;
    let form: SaveBookmark = caller.params.parse()?;
    let bookmark = form.into_bookmark(Timestamp::now())?;
    let who = CatalogViewer::of(&state, &caller).await?;
    check_visible(&state, &who, &bookmark.service_id).await?;
    bookmarks::save_bookmark(
        &mut *state.store.writer().await?,
        &me.user_account_id,
        &bookmark,
    )
    .await?;
    Ok(Json(Status::success(format!(
        "Bookmark saved in '{}'",
        bookmark.service_id
    ))))
}
