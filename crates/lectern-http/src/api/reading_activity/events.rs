//! `POST /v2/readingEvents`: what the reader just read (`lectern_operations::reading_activity`,
//! which KOReader's progress reports share). The event is written, with the position
//! it moves, before the answer; a flood from one reader meets the per-user limit (429 with
//! `Retry-After`), never a silent drop.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::catalog::Format;
use lectern_domain::reading::MetricType;
use lectern_operations::reading_activity::{self, NewReadingEvent};
use serde::Deserialize;
use utoipa::ToSchema;

use crate::conventions::caller::Caller;
use crate::conventions::status::Status;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// The form of a reading event.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadingEventForm {
    /// The title
    service_id: String,
    /// The format read
    #[schema(value_type = String, pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$")]
    format: Format,
    /// Where the reader is now (for EPUB 3 a canonical fragment identifier)
    location: String,
    /// How much was just read, in `metricType` units
    #[schema(minimum = 0)]
    metric: i64,
    /// page, chapter or paragraph
    #[schema(value_type = String, pattern = "^(page|chapter|paragraph)$")]
    metric_type: MetricType,
    /// Text the reader recognises, such as a chapter heading
    location_description: Option<String>,
}

#[utoipa::path(
    post, path = "/v2/readingEvents", tag = "reading activity",
    params(("api_key" = String, Query, description = "The client key")),
    request_body(content = ReadingEventForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "Recorded (key SUCCESS), and the reading position moved", body = Status),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
        (status = 429, description = "Too many requests from this reader; retry after Retry-After", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn post_reading_event(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<Status>> {
    caller.signed_in()?;
    let form: ReadingEventForm = caller.params.parse()?;
    let event = reading_activity::record_event(
        &state,
        &caller,
        NewReadingEvent {
            service_id: form.service_id,
            format: form.format,
            location: form.location,
            metric: form.metric,
            metric_type: form.metric_type,
            location_description: form.location_description,
        },
    )
    .await?;
    Ok(Json(Status::success(format!(
        "Reading event recorded for '{}'",
        event.service_id
    ))))
}
