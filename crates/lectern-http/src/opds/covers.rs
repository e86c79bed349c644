//! `GET /opds/{siteId}/titles/{serviceId}/cover.png` and `thumbnail.png`: the drawn cover of
//! `GET /v2/titles/{serviceId}/coverimage`, rendered to PNG, since OPDS 2.0 asks every
//! publication for an image in a raster format and apps show SVG unevenly.

use axum::extract::{Path, State};
use axum::response::Response;

use super::site::{OpdsAsk, OpdsSite};
use crate::covers;
use crate::error::ApiResult;
use crate::state::AppState;

pub async fn cover(
    state: State<AppState>,
    Path((site_id, service_id)): Path<(String, String)>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    png(state, &site_id, &service_id, &ask, (600, 900)).await
}

pub async fn thumbnail(
    state: State<AppState>,
    Path((site_id, service_id)): Path<(String, String)>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    png(state, &site_id, &service_id, &ask, (120, 180)).await
}

async fn png(
    State(state): State<AppState>,
    site_id: &str,
    service_id: &str,
    ask: &OpdsAsk,
    size: (u32, u32),
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, site_id).await?;
    let caller = site.caller(&state, ask).await?;
    covers::png(&state, &caller, service_id, size).await
}
