//! `GET /{site}/titles/{serviceId}/cover.png`: the title's drawn cover, for the visitor.

use axum::extract::{Path, State};
use axum::response::Response;

use super::session::{Visit, WebSite};
use crate::error::ApiResult;
use crate::state::AppState;
use crate::titles::cover;

/// The size the title page shows it at, twice over for sharp screens.
const SIZE: (u32, u32) = (400, 600);

pub async fn image(
    State(state): State<AppState>,
    Path((site_id, service_id)): Path<(String, String)>,
    visit: Visit,
) -> ApiResult<Response> {
    let site = WebSite::named(&state, &site_id).await?;
    let visitor = site.visitor(&state, &visit).await?;
    cover::png(&state, &visitor.caller, &service_id, SIZE).await
}
