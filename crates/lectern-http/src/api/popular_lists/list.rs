//! `GET /v2/popularLists`.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_operations::popular_lists;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::titles::{CatalogViewer, segment};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::links::Link;
use crate::conventions::paging::ListParams;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::paging::FixedOrder;

#[derive(Serialize, ToSchema)]
pub struct PopularListView {
    pub id: String,
    pub description: String,
    pub links: Vec<Link>,
}

impl Listed for PopularListView {
    const ITEMS: &'static str = "popularLists";
    const LIST: &'static str = "PopularLists";
}

pub type PopularLists = Collection<PopularListView>;

#[utoipa::path(
    get, path = "/v2/popularLists", tag = "popularLists",
    params(
        ("api_key" = String, Query, description = "The client key"),
        ListParams<FixedOrder>,
    ),
    responses(
        (status = 200, description = "The popular lists of the caller's site and the global collection", body = PopularLists),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn list_popular_lists(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<PopularLists>> {
    let who = CatalogViewer::of(&state, &caller).await?;
    let page = caller.params.parse::<ListParams<FixedOrder>>()?.page()?;
    let after = page.after::<String>()?;
    let total_results = popular_lists::seen_count(&state, &who).await?;
    let mut rows = popular_lists::seen(&state, &who, after.as_deref(), page.limit).await?;
    let next = page.next_token(&mut rows, |l| l.list_id.clone());
    let items = rows
        .into_iter()
        .map(|l| PopularListView {
            links: vec![Link::new(
                "self",
                state.v2_url(&format!("/popularLists/{}", segment(&l.list_id))),
            )],
            id: l.list_id,
            description: l.description,
        })
        .collect();
    Ok(Json(Collection::page(
        &state,
        "/popularLists",
        &caller.params,
        &page,
        (items, next),
        total_results,
    )))
}
