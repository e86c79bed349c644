//! `GET /v2/myBookmarks` and `DELETE /v2/myBookmarks`: the caller's bookmarks in a title and
//! format, oldest first; a DELETE answers with those left.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::catalog::Format;
use lectern_operations::marks;
use lectern_store::marks::Marks;

use super::marks::{MarkDeleteParams, MarkListParams, delete_mark};
use super::view::{BookmarkView, mark_view};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection};
use crate::conventions::paging::ListParams;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::paging::FixedOrder;

pub type BookmarkList = Collection<BookmarkView>;

#[utoipa::path(
    get, path = "/v2/myBookmarks", tag = "bookmarks",
    params(("api_key" = String, Query, description = "The client key"), MarkListParams, ListParams<FixedOrder>),
    responses(
        (status = 200, description = "The caller's bookmarks in the title and format, oldest first", body = BookmarkList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn list_bookmarks(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<BookmarkList>> {
    caller.signed_in()?;
    let p: MarkListParams = caller.params.parse()?;
    let format = p.format.unwrap_or(Format::Epub3);
    page(&state, &caller, &p.service_id, format).await.map(Json)
}

#[utoipa::path(
    delete, path = "/v2/myBookmarks", tag = "bookmarks",
    params(("api_key" = String, Query, description = "The client key"), MarkDeleteParams),
    responses(
        (status = 200, description = "The bookmark is deleted; the caller's bookmarks left in the title and format", body = BookmarkList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "The caller has no bookmark there", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn delete_bookmark(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<BookmarkList>> {
    caller.signed_in()?;
    let (service_id, format) = delete_mark(&state, &caller, Marks::Bookmarks).await?;
    page(&state, &caller, &service_id, format).await.map(Json)
}

/// A page of the caller's bookmarks in a title and format.
async fn page(
    state: &AppState,
    caller: &Caller,
    service_id: &str,
    format: Format,
) -> ApiResult<BookmarkList> {
    let page = caller.params.parse::<ListParams<FixedOrder>>()?.page()?;
    let window = (page.after()?, page.limit);
    let (mut rows, total) =
        marks::bookmarks_of(state, caller, (service_id, format), window).await?;
    let next = page.next_token(&mut rows, |b| (b.date_created.unix(), b.location.clone()));
    let views = rows
        .iter()
        .map(|b| mark_view(state, "/myBookmarks", b, &[("DELETE", true)]))
        .collect();
    Ok(Collection::page(
        state,
        "/myBookmarks",
        &caller.params,
        &page,
        (views, next),
        total,
    )
    .allowing(Allows::of(&[
        ("GET", true),
        ("POST", true),
        ("DELETE", true),
    ])))
}
