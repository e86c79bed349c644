//! `GET /v2/myBookmarks` and `DELETE /v2/myBookmarks`: the caller's bookmarks in a title and
//! format, oldest first; a DELETE answers with those left.

use axum::Json;
use axum::extract::State;
use lectern_domain::catalog::Format;
use lectern_store::marks::{self, MarkQuery, Marks};
use serde::Deserialize;
use utoipa::IntoParams;

use super::view::{BookmarkView, mark_view};
use crate::conventions::caller::Ctx;
use crate::conventions::collection::{Allows, Collection};
use crate::conventions::paging::PageRequest;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

pub type BookmarkList = Collection<BookmarkView>;

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ListParams {
    /// The title
    service_id: String,
    /// The format the bookmarks were made in (default EPUB3)
    #[param(value_type = Option<String>, pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$")]
    format: Option<Format>,
    /// The `next` value of the previous page
    #[allow(dead_code)]
    start: Option<String>,
    /// 1 to 100, default 10
    #[allow(dead_code)]
    #[param(minimum = 1, maximum = 100)]
    limit: Option<u32>,
}

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct DeleteParams {
    /// The title
    service_id: String,
    /// The bookmark's location, exactly as it was saved
    location: String,
    /// The bookmark's format (default EPUB3)
    #[param(value_type = Option<String>, pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$")]
    format: Option<Format>,
}

#[utoipa::path(
    get, path = "/v2/myBookmarks", tag = "bookmarks",
    params(("api_key" = String, Query, description = "The client key"), ListParams),
    responses(
        (status = 200, description = "The caller's bookmarks in the title and format, oldest first", body = BookmarkList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn list_bookmarks(
    State(state): State<AppState>,
    ctx: Ctx,
) -> ApiResult<Json<BookmarkList>> {
    let me = ctx.signed_in()?;
    let p: ListParams = ctx.params.parse()?;
    let format = p.format.unwrap_or(Format::Epub3);
    page(&state, &ctx, &me.user_account_id, &p.service_id, format)
        .await
        .map(Json)
}

#[utoipa::path(
    delete, path = "/v2/myBookmarks", tag = "bookmarks",
    params(("api_key" = String, Query, description = "The client key"), DeleteParams),
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
    ctx: Ctx,
) -> ApiResult<Json<BookmarkList>> {
    let me = ctx.signed_in()?;
    let p: DeleteParams = ctx.params.parse()?;
    let format = p.format.unwrap_or(Format::Epub3);
    let deleted = marks::delete(
        state.store.pool(),
        Marks::Bookmarks,
        &me.user_account_id,
        &p.service_id,
        format,
        &p.location,
    )
    .await?;
    if !deleted {
        return Err(ApiError::not_found(format!(
            "You have no bookmark at that location of '{}' in {format}",
            p.service_id
        )));
    }
    page(&state, &ctx, &me.user_account_id, &p.service_id, format)
        .await
        .map(Json)
}

/// A page of the caller's bookmarks in a title and format.
async fn page(
    state: &AppState,
    ctx: &Ctx,
    user_account_id: &str,
    service_id: &str,
    format: Format,
) -> ApiResult<BookmarkList> {
    let page = PageRequest::from_params(&ctx.params, 10)?;
    let q = MarkQuery {
        user_account_id,
        service_id,
        format,
        after: page.after()?,
        limit: page.limit,
    };
    let mut rows = marks::bookmarks(state.store.pool(), &q).await?;
    let total = marks::count(state.store.pool(), Marks::Bookmarks, &q).await?;
    let next = page.next_token(&mut rows, |b| (b.date_created.unix(), b.location.clone()));
    let views = rows
        .iter()
        .map(|b| mark_view(state, "/myBookmarks", b, &[("DELETE", true)]))
        .collect();
    Ok(Collection::page(
        state,
        "/myBookmarks",
        &ctx.params,
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
