//! `GET /v2/popularLists/{popularListId}`: the list's titles that the caller can see, in list
//! order.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_operations::popular_lists::{self as lectern_popular, VisibleList};
use serde::Serialize;
use utoipa::ToSchema;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

use crate::api::titles::{CatalogViewer, TitleSummary, segment, summary};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::paging::ListParams;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::paging::FixedOrder;

/// A title of a popular list: a title summary, listed under `popularTitles`.
#[derive(Serialize, ToSchema)]
#[serde(transparent)]
pub struct PopularTitle(TitleSummary);

impl Listed for PopularTitle {
    const ITEMS: &'static str = "popularTitles";
    const LIST: &'static str = "PopularTitles";
    const TITLE_LIST: bool = true;

    fn extra_properties() -> Vec<(&'static str, RefOr<Schema>)> {
        vec![
            (
                "description",
                ObjectBuilder::new().schema_type(Type::String).into(),
            ),
            (
                "id",
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some("The popular list's id"))
                    .into(),
            ),
        ]
    }
}

/// Document 2's title list envelope, with the titles as `popularTitles` and the list's
/// description.
pub type PopularTitles = Collection<PopularTitle>;

#[utoipa::path(
    get, path = "/v2/popularLists/{popularListId}", tag = "popularLists",
    params(
        ("popularListId" = String, Path, description = "An `id` from GET /v2/popularLists"),
        ("api_key" = String, Query, description = "The client key"),
        ListParams<FixedOrder>,
    ),
    responses(
        (status = 200, description = "The list's titles the caller can see, in list order", body = PopularTitles),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 404, description = "No such list for this caller", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn popular_list_titles(
    State(state): State<AppState>,
    caller: Caller,
    Path(list_id): Path<String>,
) -> ApiResult<Json<PopularTitles>> {
    let who = CatalogViewer::of(&state, &caller).await?;
    let VisibleList { list, titles } = lectern_popular::visible(&state, &who, &list_id).await?;
    let page = caller.params.parse::<ListParams<FixedOrder>>()?.page()?;
    let total_results = titles.len() as u64;
    let (rows, next) = page.page_of(titles, |(position, _)| *position)?;
    let perspective = who.perspective();
    let path = format!("/popularLists/{}", segment(&list.list_id));
    let items = rows
        .into_iter()
        .map(|(_, r)| PopularTitle(summary(&state, &r, who.in_global(&r.site), &perspective)))
        .collect();
    Ok(Json(
        Collection::page(
            &state,
            &path,
            &caller.params,
            &page,
            (items, next),
            total_results,
        )
        .with("description", serde_json::Value::String(list.description))
        .with("id", serde_json::Value::String(list.list_id)),
    ))
}
