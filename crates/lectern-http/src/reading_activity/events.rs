//! `POST /v2/readingEvents`: what the reader just read. The event is written, with the position
//! it moves, before the answer; a flood from one reader meets the per-user limit (429 with
//! `Retry-After`), never a silent drop.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::reading::{self, MetricType, ReadingEvent};
use lectern_store::reading_activity;
use serde::Deserialize;
use utoipa::ToSchema;

use crate::conventions::caller::Caller;
use crate::conventions::status::Status;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use crate::titles::{CatalogViewer, check_visible};

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
    let me = caller.signed_in()?;
    let form: ReadingEventForm = caller.params.parse()?;
    reading::check_location(&form.location).map_err(|why| ApiError::bad_param("location", why))?;
    if form.metric < 0 {
        return Err(ApiError::bad_param("metric", "must not be negative"));
    }
    if let Some(d) = &form.location_description {
        reading::check_text(d).map_err(|why| ApiError::bad_param("locationDescription", why))?;
    }
    let who = CatalogViewer::of(&state, &caller).await?;
    check_visible(&state, &who, &form.service_id).await?;
    let event = ReadingEvent {
        service_id: form.service_id,
        format: form.format,
        location: form.location,
        location_description: form.location_description,
        metric: form.metric,
        metric_type: form.metric_type,
        at: Timestamp::now(),
    };
    reading_activity::record(&state.store, &me.user_account_id, &event).await?;
    metrics::counter!("lectern_reading_events_total").increment(1);
    Ok(Json(Status::success(format!(
        "Reading event recorded for '{}'",
        event.service_id
    ))))
}
