//! `GET /v2/accounts/{userIdentifier}/lists`: an account's own reading lists, for membership
//! assistants of its site and administrators, on client keys with membership privileges.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::account::Account;
use lectern_operations::reading_lists;

use super::my_lists::MyListsParams;
use super::page::{ListList, shown};
use crate::api::accounts::{Managed, managed};
use crate::conventions::caller::Caller;
use crate::conventions::links::segment;
use crate::conventions::params::Params;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

#[utoipa::path(
    get, path = "/v2/accounts/{userIdentifier}/lists", tag = "reading lists",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        MyListsParams,
    ),
    responses(
        (status = 200, description = "The account's own lists", body = ListList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn account_lists(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<ListList>> {
    let me = caller.signed_in()?;
    let m = managed(&state, &caller, &user_identifier, "read an account's lists").await?;
    let path_id = segment(&user_identifier);
    Ok(Json(
        managed_lists(&state, me, &m, (&caller.params, &path_id)).await?,
    ))
}

/// A page of the managed account's own lists, as `params` ask, listed at the account's path
/// (`path_id`: the account as the request named it).
async fn managed_lists(
    state: &AppState,
    me: &Account,
    m: &Managed,
    (params, path_id): (&Params, &str),
) -> ApiResult<ListList> {
    let (page, window) = params.parse::<MyListsParams>()?.window()?;
    let sort = window.sort;
    let found = reading_lists::of_managed(state, m, window).await?;
    let path = format!("/accounts/{path_id}/lists");
    Ok(shown(state, params, me, (&path, &page), sort, found))
}
