//! `GET /v2/categories`: the categories that hold a title the caller can see, with how many.

use std::collections::HashMap;

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_operations::categories;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::titles::{CatalogViewer, category_search_url};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::links::Link;
use crate::conventions::paging::ListParams;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::paging::FixedOrder;

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct CategoryListing {
    pub name: String,
    pub description: Option<String>,
    pub title_count: u64,
    pub links: Vec<Link>,
}

impl Listed for CategoryListing {
    const ITEMS: &'static str = "categories";
    const LIST: &'static str = "CategoryList";
}

pub type CategoryList = Collection<CategoryListing>;

#[utoipa::path(
    get, path = "/v2/categories", tag = "categories",
    params(
        ("api_key" = String, Query, description = "The client key"),
        ListParams<FixedOrder, 100>,
    ),
    responses(
        (status = 200, description = "Categories with at least one title the caller can see, by name", body = CategoryList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn list_categories(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<CategoryList>> {
    let who = CatalogViewer::of(&state, &caller).await?;
    let page = caller
        .params
        .parse::<ListParams<FixedOrder, 100>>()?
        .page()?;
    let counts = state
        .titles
        .category_counts(who.scope())
        .await
        .map_err(ApiError::internal)?;
    let descriptions: HashMap<String, Option<String>> =
        categories::all(&state).await?.into_iter().collect();
    let total_results = counts.len() as u64;
    let (rows, next) = page.page_of(counts, |(name, _)| name.clone())?;
    let items = rows
        .into_iter()
        .map(|(name, title_count)| CategoryListing {
            description: descriptions.get(&name).cloned().flatten(),
            links: vec![Link::new("search", category_search_url(&state, &name))],
            name,
            title_count,
        })
        .collect();
    Ok(Json(Collection::page(
        &state,
        "/categories",
        &caller.params,
        &page,
        (items, next),
        total_results,
    )))
}
