//! `GET /v2/accounts/{userIdentifier}/lists`: an account's own reading lists, for membership
//! assistants of its site and administrators, on client keys with membership privileges.

use axum::Json;
use axum::extract::{Path, State};
use lectern_domain::access::membership_management;
use lectern_store::accounts;
use lectern_store::reading_lists::ListScope;

use super::my_lists::MyListsParams;
use super::page::{ListList, Listing, page};
use crate::conventions::caller::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::refusals;
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
    let p: MyListsParams = caller.params.parse()?;
    let missing = || ApiError::not_found(format!("There is no account '{user_identifier}'"));
    let account = accounts::by_identifier(state.store.pool(), &user_identifier)
        .await?
        .ok_or_else(missing)?;
    refusals::membership(
        membership_management(&caller.client, me, &account.site_id),
        "read an account's lists",
        missing,
    )?;
    let path = format!(
        "/accounts/{}/lists",
        crate::conventions::links::segment(&user_identifier)
    );
    let listing = Listing {
        path: &path,
        scope: ListScope::Own {
            user: &account.user_account_id,
        },
        keyword: None,
        sort: p.sort_order,
        direction: p.direction,
    };
    Ok(Json(page(&state, &caller, me, listing).await?))
}
