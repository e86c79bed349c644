//! `GET /{site}/titles/{serviceId}/cover.png`: the title's drawn cover, for the visitor.

use axum::extract::{Path, State};
use axum::response::Response;

use crate::covers;
use crate::error::ApiResult;
use crate::pages::session::Here;
use crate::state::AppState;

/// The size the title page shows it at, twice over for sharp screens.
const SIZE: (u32, u32) = (400, 600);

pub async fn image(
    State(state): State<AppState>,
    Path((_, service_id)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let visitor = here.visitor;
    covers::png(&state, &visitor.caller, &service_id, SIZE).await
}
