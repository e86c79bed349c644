//! `POST /v2/myHighlights` (a new highlight) and `PUT /v2/myHighlights` (new details for one).

use crate::conventions::json::Json;
use axum::extract::State;
use axum::http::StatusCode;
use lectern_domain::catalog::Format;
use lectern_domain::reading::HighlightColor;
use lectern_operations::marks::{self, HighlightInput, MarkInput};
use serde::Deserialize;
use utoipa::ToSchema;

use super::list::{HighlightView, highlight_view};
use crate::conventions::caller::Caller;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// The form of a highlight: a bookmark's fields, where `text` is the highlighted passage, with a
/// colour and a note. The upstream's clients name the same fields as a range (`startLocation`,
/// `highlightText`, `annotationNote`, `startPosition` ...), and send where it ends: both
/// spellings are taken (`docs/decisions.md`, "Upstream names beside ours").
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HighlightForm {
    /// The title
    service_id: String,
    /// Where the highlighted range starts, exactly as the reading app names it (or the whole
    /// range); also `startLocation`
    #[serde(alias = "startLocation")]
    location: String,
    /// The format read (default EPUB3)
    #[schema(value_type = Option<String>, pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$")]
    format: Option<Format>,
    /// The highlighted passage; also `highlightText`
    #[serde(alias = "highlightText")]
    text: Option<String>,
    /// Spine index; also `startPosition`
    #[serde(alias = "startPosition")]
    #[schema(minimum = 0)]
    position: Option<i64>,
    /// Percent within the section; also `startProgression`
    #[serde(alias = "startProgression")]
    #[schema(minimum = 0, maximum = 100)]
    progression: Option<f64>,
    /// Percent within the title; also `startTotalProgression`
    #[serde(alias = "startTotalProgression")]
    #[schema(minimum = 0, maximum = 100)]
    total_progression: Option<f64>,
    /// Where the range ends
    end_location: Option<String>,
    #[schema(minimum = 0)]
    end_position: Option<i64>,
    #[schema(minimum = 0, maximum = 100)]
    end_progression: Option<f64>,
    #[schema(minimum = 0, maximum = 100)]
    end_total_progression: Option<f64>,
    /// yellow (the default), green, blue, pink, purple or orange
    #[schema(value_type = Option<String>, pattern = "^(yellow|green|blue|pink|purple|orange)$")]
    color: Option<HighlightColor>,
    /// The reader's note on the passage; also `annotationNote`
    #[serde(alias = "annotationNote")]
    note: Option<String>,
}

impl From<HighlightForm> for HighlightInput {
    fn from(f: HighlightForm) -> Self {
        HighlightInput {
            start: MarkInput {
                service_id: f.service_id,
                location: f.location,
                format: f.format,
                text: f.text,
                position: f.position,
                progression: f.progression,
                total_progression: f.total_progression,
            },
            end_location: f.end_location,
            end_position: f.end_position,
            end_progression: f.end_progression,
            end_total_progression: f.end_total_progression,
            color: f.color,
            note: f.note,
        }
    }
}

#[utoipa::path(
    post, path = "/v2/myHighlights", tag = "highlights",
    params(("api_key" = String, Query, description = "The client key")),
    request_body(content = HighlightForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 201, description = "The new highlight", body = HighlightView),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
        (status = 409, description = "The caller has a highlight at that location already; PUT changes it", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_highlight(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<(StatusCode, Json<HighlightView>)> {
    caller.signed_in()?;
    let form: HighlightForm = caller.params.parse()?;
    let highlight = marks::create_highlight(&state, &caller, form.into()).await?;
    Ok((
        StatusCode::CREATED,
        Json(highlight_view(&state, &highlight)),
    ))
}

#[utoipa::path(
    put, path = "/v2/myHighlights", tag = "highlights",
    params(("api_key" = String, Query, description = "The client key")),
    request_body(content = HighlightForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The highlight as changed: the fields sent replace those kept, and the rest stay", body = HighlightView),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "The caller has no highlight there", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn update_highlight(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<HighlightView>> {
    caller.signed_in()?;
    let form: HighlightForm = caller.params.parse()?;
    let highlight = marks::update_highlight(&state, &caller, form.into()).await?;
    Ok(Json(highlight_view(&state, &highlight)))
}
