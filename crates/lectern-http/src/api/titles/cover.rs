//! `GET /v2/titles/{serviceId}/coverimage` and `/thumbnail`: the title's drawn cover as SVG
//! (`crate::covers`).

use axum::extract::{Path, State};
use axum::response::Response;

use crate::conventions::caller::Caller;
use crate::covers::svg_answer;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

#[utoipa::path(
    get, path = "/v2/titles/{serviceId}/coverimage", tag = "titles",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 200, description = "The cover, 600 by 900", content_type = "image/svg+xml"),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn cover_image(
    State(state): State<AppState>,
    caller: Caller,
    Path(service_id): Path<String>,
) -> ApiResult<Response> {
    svg_answer(&state, &caller, &service_id, 600, 900).await
}

#[utoipa::path(
    get, path = "/v2/titles/{serviceId}/thumbnail", tag = "titles",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 200, description = "The cover, 120 by 180", content_type = "image/svg+xml"),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn thumbnail(
    State(state): State<AppState>,
    caller: Caller,
    Path(service_id): Path<String>,
) -> ApiResult<Response> {
    svg_answer(&state, &caller, &service_id, 120, 180).await
}
