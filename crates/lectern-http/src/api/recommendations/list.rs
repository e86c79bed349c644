//! The reader's recommendations (`GET /v2/myRecommendations`): ranked by the house
//! (`lectern_operations::recommendations`), paged and shown as title summaries.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::paging::FixedOrder;
use lectern_operations::recommendations::{self, Recommended};
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::titles::{TitleSummary, summary};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection, Listed};
use crate::conventions::paging::ListParams;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// A recommended title: a title summary.
#[derive(Serialize, ToSchema)]
#[serde(transparent)]
pub struct RecommendedTitle(TitleSummary);

impl Listed for RecommendedTitle {
    const ITEMS: &'static str = "recommendedTitles";
    const LIST: &'static str = "RecommendedTitles";
    const TITLE_LIST: bool = true;
}

pub type RecommendedTitles = Collection<RecommendedTitle>;

#[utoipa::path(
    get, path = "/v2/myRecommendations", tag = "recommendations",
    params(
        ("api_key" = String, Query, description = "The client key"),
        ListParams<FixedOrder>,
    ),
    responses(
        (status = 200, description = "Titles for the reader, best first", body = RecommendedTitles),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn my_recommendations(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<RecommendedTitles>> {
    caller.signed_in()?;
    let page = caller.params.parse::<ListParams<FixedOrder>>()?.page()?;
    let Recommended {
        ranked,
        records,
        viewer: who,
    } = recommendations::mine(&state, &caller).await?;
    let total = ranked.len() as u64;
    let positioned: Vec<(usize, String)> = ranked.into_iter().enumerate().collect();
    let (rows, next) = page.page_of(positioned, |(i, _)| *i)?;
    let perspective = who.perspective();
    let items = rows
        .iter()
        .filter_map(|(_, id)| records.get(id))
        .map(|r| RecommendedTitle(summary(&state, r, who.in_global(&r.site), &perspective)))
        .collect();
    Ok(Json(
        Collection::page(
            &state,
            "/myRecommendations",
            &caller.params,
            &page,
            (items, next),
            total,
        )
        .allowing(Allows::of(&[("GET", true)])),
    ))
}
