//! Lists beyond the caller's own: `GET /v2/lists` (the caller's own lists, or those others share with them, by keyword),
//! `GET /v2/lists/{readingListId}` (one list: its `self`), and `PUT /v2/lists/{readingListId}`
//! (its details, and the organization members assigned to it).

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::reading_lists::{ListRight, SearchedListSortOrder};
use lectern_operations::reading_lists::{self, ListChanges};
use lectern_store::reading_lists::ListScope;
use serde::Deserialize;
use utoipa::IntoParams;

use super::load::list_for;
use super::page::{ListList, Listing, page};
use super::view::{ListView, list_view};
use crate::conventions::caller::Caller;
use crate::conventions::collection::Allows;
use crate::conventions::paging::ListParams;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

lectern_domain::string_enum!(
    /// `access` of `GET /v2/lists`: the caller's own lists, or those others share with them.
    ListsAccess {
        Private = "private",
        Public = "public",
    }
);

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ListsParams {
    /// Matched, any case, in the lists' names and descriptions
    keyword: Option<String>,
    /// private (the default): the caller's own lists; public: lists others share with them
    #[param(value_type = Option<String>, pattern = "^(private|public)$")]
    access: Option<ListsAccess>,
}

#[utoipa::path(
    get, path = "/v2/lists", tag = "reading lists",
    params(
        ("api_key" = String, Query, description = "The client key"),
        ListsParams,
        ListParams<SearchedListSortOrder>,
    ),
    responses(
        (status = 200, description = "Lists matching the keyword", body = ListList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn search_lists(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<ListList>> {
    let me = caller.signed_in()?;
    let p: ListsParams = caller.params.parse()?;
    let list: ListParams<SearchedListSortOrder> = caller.params.parse()?;
    let (sort, direction) = list.order()?;
    let scope = match p.access.unwrap_or(ListsAccess::Private) {
        ListsAccess::Private => ListScope::Own {
            user: &me.user_account_id,
        },
        ListsAccess::Public => ListScope::OthersShared {
            user: &me.user_account_id,
            site: &me.site_id,
            organization: me.organization_id.as_deref(),
        },
    };
    let listing = Listing {
        path: "/lists",
        scope,
        keyword: p
            .keyword
            .as_deref()
            .map(str::trim)
            .filter(|k| !k.is_empty()),
        sort: sort.into(),
        direction,
        page: list.page_in(sort, direction)?,
    };
    let list = page(&state, &caller.params, me, listing).await?;
    Ok(Json(list.allowing(Allows::of(&[("GET", true)]))))
}

#[utoipa::path(
    get, path = "/v2/lists/{readingListId}", tag = "reading lists",
    params(
        ("readingListId" = String, Path, description = "The list"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 200, description = "The list as the caller sees it", body = ListView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "No such list for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn get_list(
    State(state): State<AppState>,
    caller: Caller,
    Path(reading_list_id): Path<String>,
) -> ApiResult<Json<ListView>> {
    let me = caller.signed_in()?;
    let f = list_for(&state, me, &reading_list_id, ListRight::Read).await?;
    Ok(Json(list_view(&state, me, &f.list, &f.relation, f.right)))
}

#[utoipa::path(
    put, path = "/v2/lists/{readingListId}", tag = "reading lists",
    params(
        ("readingListId" = String, Path, description = "The list"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    request_body(content = ListChanges, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The list as changed", body = ListView),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "The caller may read the list but not change it", body = ErrorBody),
        (status = 404, description = "No such list for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn update_list(
    State(state): State<AppState>,
    caller: Caller,
    Path(reading_list_id): Path<String>,
) -> ApiResult<Json<ListView>> {
    let me = caller.signed_in()?;
    let changes: ListChanges = caller.params.parse()?;
    let f = reading_lists::update(&state, &caller, &reading_list_id, changes).await?;
    Ok(Json(list_view(&state, me, &f.list, &f.relation, f.right)))
}
