//! `GET /v2/myReadingPosition/{serviceId}/{format}`: where the latest reading event left the
//! reader, with the first and latest times they read the title in that format.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::invalid::Why;
use lectern_operations::reading_activity;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::titles::{FormatRef, segment};
use crate::conventions::caller::Caller;
use crate::conventions::links::Link;
use crate::downloads::parse_format;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

/// Document 2's Reading position.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReadingPositionView {
    pub service_id: String,
    /// The earliest recorded activity in the title and format
    pub date_added: String,
    /// The latest
    pub date_modified: String,
    pub format: FormatRef,
    /// `self` and `title`
    pub links: Vec<Link>,
    /// The latest event's location
    pub location: String,
    /// The latest event's description of it, if it gave one
    pub location_description: Option<String>,
}

#[utoipa::path(
    get, path = "/v2/myReadingPosition/{serviceId}/{format}", tag = "reading activity",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("format" = String, Path, description = "The format read", pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 200, description = "Where the caller is in the title", body = ReadingPositionView),
        (status = 400, description = "Not a format", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "The caller never read the title in that format", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn get_reading_position(
    State(state): State<AppState>,
    caller: Caller,
    Path((service_id, format)): Path<(String, String)>,
) -> ApiResult<Json<ReadingPositionView>> {
    caller.signed_in()?;
    let format = parse_format(&format)?;
    let p = reading_activity::position_of(&state, &caller, &service_id, format)
        .await?
        .ok_or_else(|| {
            ApiError::not_found(
                Why::of(
                    "absent-position",
                    format!("You have no reading position in '{service_id}' in {format}"),
                )
                .with("id", &service_id)
                .with("format", format),
            )
        })?;
    let title = format!("/titles/{}", segment(&service_id));
    Ok(Json(ReadingPositionView {
        links: vec![
            Link::new(
                "self",
                state.v2_url(&format!(
                    "/myReadingPosition/{}/{format}",
                    segment(&service_id)
                )),
            ),
            Link::new("title", state.v2_url(&title)),
        ],
        service_id: p.service_id,
        date_added: p.date_added.to_string(),
        date_modified: p.date_modified.to_string(),
        format: p.format.into(),
        location: p.location,
        location_description: p.location_description,
    }))
}
