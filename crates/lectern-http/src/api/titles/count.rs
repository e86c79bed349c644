//! `GET /v2/titles/count`: how many live titles the caller can see.

use crate::conventions::json::Json;
use axum::extract::State;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::CatalogViewer;
use crate::conventions::caller::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TitleCount {
    pub count: u64,
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct CountParams {
    /// Count the global collection's titles too (default true)
    include_shared: Option<bool>,
    /// Only titles that may be read in this country (ISO 3166 alpha-2)
    #[param(pattern = "^[A-Z]{2}$")]
    country: Option<String>,
}

#[utoipa::path(
    get, path = "/v2/titles/count", tag = "titles",
    params(
        ("api_key" = String, Query, description = "The client key"),
        CountParams,
    ),
    responses(
        (status = 200, description = "The number of live titles the caller can see", body = TitleCount),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn count_titles(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<TitleCount>> {
    let who = CatalogViewer::of(&state, &caller).await?;
    let p: CountParams = caller.params.parse()?;
    let include_shared = p.include_shared.unwrap_or(true);
    let country = p.country.map(|c| c.trim().to_owned());
    if let Some(c) = &country {
        lectern_domain::account::check_country(c)
            .map_err(|why| ApiError::bad_param("country", why))?;
    }
    let mut scope = who.scope();
    if !include_shared && let Some(sites) = scope.sites.as_mut() {
        // The caller's own site only: the first of the scope's sites.
        sites.truncate(1);
    }
    let index = state.titles.index.clone();
    let count = tokio::task::spawn_blocking(move || index.count(&scope, country.as_deref()))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(Json(TitleCount { count }))
}
