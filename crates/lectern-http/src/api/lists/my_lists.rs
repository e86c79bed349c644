//! `GET /v2/myLists` (the caller's lists, those they subscribe to and those they are assigned
//! to), `POST /v2/myLists` (a new list), `PUT /v2/myLists/{readingListId}/subscription`, and the
//! deprecated lowercase `/v2/mylists` paths older clients still call.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::reading_lists::{ListSortOrder, ReadingList};
use lectern_operations::reading_lists::{self, NewReadingList};
use serde::Deserialize;
use utoipa::ToSchema;

use super::page::{ListList, shown};
use super::view::{ListView, list_view};
use crate::conventions::caller::Caller;
use crate::conventions::collection::Allows;
use crate::conventions::paging::ListParams;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// The parameters of a listing of lists in any order (`GET /v2/myLists`, an account's lists).
pub type MyListsParams = ListParams<ListSortOrder>;

#[utoipa::path(
    get, path = "/v2/myLists", tag = "reading lists",
    params(("api_key" = String, Query, description = "The client key"), MyListsParams),
    responses(
        (status = 200, description = "The caller's own lists, the lists they subscribe to and those they are assigned to", body = ListList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn my_lists(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<ListList>> {
    let me = caller.signed_in()?;
    let p: MyListsParams = caller.params.parse()?;
    let (page, window) = p.window::<ReadingList>()?;
    let sort = window.sort;
    let found = reading_lists::mine(&state, &caller, window).await?;
    let list = shown(&state, &caller.params, me, ("/myLists", &page), sort, found);
    Ok(Json(
        list.allowing(Allows::of(&[("GET", true), ("POST", true)])),
    ))
}

#[utoipa::path(
    post, path = "/v2/myLists", tag = "reading lists",
    params(("api_key" = String, Query, description = "The client key")),
    request_body(content = NewReadingList, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The new list, owned by the caller, empty", body = ListView),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_list(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<ListView>> {
    let me = caller.signed_in()?;
    let form: NewReadingList = caller.params.parse()?;
    let found = reading_lists::create(&state, &caller, form).await?;
    Ok(Json(list_view(
        &state,
        me,
        &found.list,
        &found.relation,
        found.right,
    )))
}

#[derive(Deserialize, ToSchema)]
pub struct SubscriptionForm {
    /// true subscribes, false unsubscribes
    enabled: bool,
}

#[utoipa::path(
    get, path = "/v2/myLists/{readingListId}/subscription", tag = "reading lists",
    params(
        ("readingListId" = String, Path, description = "The list"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 200, description = "The list as the caller sees it, with their subscription", body = ListView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "The caller's own list, or a private one", body = ErrorBody),
        (status = 404, description = "No such list for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn get_list_subscription(
    State(state): State<AppState>,
    caller: Caller,
    Path(reading_list_id): Path<String>,
) -> ApiResult<Json<ListView>> {
    let me = caller.signed_in()?;
    let found = reading_lists::subscribable(&state, me, &reading_list_id).await?;
    Ok(Json(list_view(
        &state,
        me,
        &found.list,
        &found.relation,
        found.right,
    )))
}

#[utoipa::path(
    put, path = "/v2/myLists/{readingListId}/subscription", tag = "reading lists",
    params(
        ("readingListId" = String, Path, description = "The list"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    request_body(content = SubscriptionForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The list as the caller now sees it", body = ListView),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "The caller's own list, or a private one", body = ErrorBody),
        (status = 404, description = "No such list for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn put_subscription(
    State(state): State<AppState>,
    caller: Caller,
    Path(reading_list_id): Path<String>,
) -> ApiResult<Json<ListView>> {
    let me = caller.signed_in()?;
    let form: SubscriptionForm = caller.params.parse()?;
    let found =
        reading_lists::set_subscription(&state, &caller, &reading_list_id, form.enabled).await?;
    Ok(Json(list_view(
        &state,
        me,
        &found.list,
        &found.relation,
        found.right,
    )))
}

/// Deprecated spelling of `GET /v2/myLists`.
#[utoipa::path(
    get, path = "/v2/mylists", tag = "reading lists",
    params(("api_key" = String, Query, description = "The client key"), MyListsParams),
    responses(
        (status = 200, description = "As GET /v2/myLists", body = ListList),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[deprecated = "use /v2/myLists"]
pub async fn my_lists_deprecated(
    state: State<AppState>,
    caller: Caller,
) -> ApiResult<Json<ListList>> {
    my_lists(state, caller).await
}

/// Deprecated spelling of `POST /v2/myLists`.
#[utoipa::path(
    post, path = "/v2/mylists", tag = "reading lists",
    params(("api_key" = String, Query, description = "The client key")),
    request_body(content = NewReadingList, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "As POST /v2/myLists", body = ListView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[deprecated = "use /v2/myLists"]
pub async fn create_list_deprecated(
    state: State<AppState>,
    caller: Caller,
) -> ApiResult<Json<ListView>> {
    create_list(state, caller).await
}

/// Deprecated spelling of `PUT /v2/myLists/{readingListId}/subscription`.
#[utoipa::path(
    put, path = "/v2/mylists/{readingListId}/subscription", tag = "reading lists",
    params(
        ("readingListId" = String, Path, description = "The list"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    request_body(content = SubscriptionForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "As PUT /v2/myLists/{readingListId}/subscription", body = ListView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[deprecated = "use /v2/myLists"]
pub async fn put_subscription_deprecated(
    state: State<AppState>,
    caller: Caller,
    path: Path<String>,
) -> ApiResult<Json<ListView>> {
    put_subscription(state, caller, path).await
}
