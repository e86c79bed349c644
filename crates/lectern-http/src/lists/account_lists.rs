//! `GET /v2/accounts/{userIdentifier}/lists`: an account's own reading lists, for membership
//! assistants of its site and administrators, on client keys with membership privileges.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::account::Account;
use lectern_store::reading_lists::ListScope;

use super::my_lists::MyListsParams;
use super::page::{ListList, Listing, page};
use crate::accounts::{Managed, managed};
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
pub async fn managed_lists(
    state: &AppState,
    me: &Account,
    m: &Managed,
    (params, path_id): (&Params, &str),
) -> ApiResult<ListList> {
    let p: MyListsParams = params.parse()?;
    let (sort, direction) = p.order()?;
    let path = format!("/accounts/{path_id}/lists");
    let listing = Listing {
        path: &path,
        scope: ListScope::Own {
            user: &m.account.user_account_id,
        },
        keyword: None,
        sort,
        direction,
        page: p.page_in(sort, direction)?,
    };
    page(state, params, me, listing).await
}
