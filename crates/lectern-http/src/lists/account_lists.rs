//! `GET /v2/accounts/{userIdentifier}/lists`: an account's own reading lists, for membership
//! assistants of its site and administrators, on client keys with membership privileges.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_store::reading_lists::ListScope;

use super::my_lists::MyListsParams;
use super::page::{ListList, Listing, page};
use crate::conventions::caller::Caller;
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
    let account =
        crate::accounts::managed(&state, &caller, &user_identifier, "read an account's lists")
            .await?
            .account;
    let p: MyListsParams = caller.params.parse()?;
    let (sort, direction) = p.order()?;
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
        sort,
        direction,
        page: p.page_in(sort, direction)?,
    };
    Ok(Json(page(&state, &caller, me, listing).await?))
}
