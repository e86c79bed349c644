//! A reading list's titles: `GET /v2/lists/{readingListId}/titles` (for those who may read the
//! list), `POST` to add one and `DELETE .../titles/{serviceId}` to remove one (for those who
//! may change it). Only live titles the list's owner may see can be added; a title added twice
//! is there once.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::Timestamp;
use lectern_domain::reading_lists::{EntrySortOrder, ListRight};
use lectern_operations::reading_lists::{self, EntriesPage};
use lectern_store::keyset::KeyedOrder;
use lectern_store::reading_list_entries::ListEntry;
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::{ObjectBuilder, Schema, Type};

use super::load::{Found, list_for};
use crate::api::titles::{TitleSummary, summary};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection, Listed};
use crate::conventions::links::segment;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// A title on a reading list: its summary and the curator's details.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListTitleView {
    #[serde(flatten)]
    pub summary: TitleSummary,
    pub award: Option<String>,
    pub category: Option<String>,
    pub month: Option<String>,
    pub ranking: Option<i64>,
    pub year: Option<i64>,
    pub date_added_to_reading_list: String,
}

impl Listed for ListTitleView {
    const ITEMS: &'static str = "titles";
    const LIST: &'static str = "ReadingListTitles";
    const TITLE_LIST: bool = true;

    fn extra_properties() -> Vec<(&'static str, RefOr<Schema>)> {
        vec![(
            "readingListId",
            ObjectBuilder::new().schema_type(Type::String).into(),
        )]
    }
}

pub type ListTitles = Collection<ListTitleView>;

#[utoipa::path(
    get, path = "/v2/lists/{readingListId}/titles", tag = "reading lists",
    params(
        ("readingListId" = String, Path, description = "The list"),
        ("api_key" = String, Query, description = "The client key"),
        ListParams<EntrySortOrder>,
    ),
    responses(
        (status = 200, description = "The list's titles", body = ListTitles),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "No such list for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn list_titles(
    State(state): State<AppState>,
    caller: Caller,
    Path(reading_list_id): Path<String>,
) -> ApiResult<Json<ListTitles>> {
    let me = caller.signed_in()?;
    let found = list_for(&state, me, &reading_list_id, ListRight::Read).await?;
    titles_page(&state, &caller, &found).await.map(Json)
}

/// The form that adds a title.
#[derive(Deserialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AddTitle {
    /// A live title the list's owner may see
    service_id: String,
}

#[utoipa::path(
    post, path = "/v2/lists/{readingListId}/titles", tag = "reading lists",
    params(
        ("readingListId" = String, Path, description = "The list"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    request_body(content = AddTitle, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The title is on the list (once, however often it is added); the list's titles", body = ListTitles),
        (status = 400, description = "A bad parameter, named: no live title the owner may see", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "The caller may read the list but not change it", body = ErrorBody),
        (status = 404, description = "No such list for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn add_title(
    State(state): State<AppState>,
    caller: Caller,
    Path(reading_list_id): Path<String>,
) -> ApiResult<Json<ListTitles>> {
    caller.signed_in()?;
    let form: AddTitle = caller.params.parse()?;
    let found =
        reading_lists::add_title(&state, &caller, &reading_list_id, &form.service_id).await?;
    titles_page(&state, &caller, &found).await.map(Json)
}

#[utoipa::path(
    delete, path = "/v2/lists/{readingListId}/titles/{serviceId}", tag = "reading lists",
    params(
        ("readingListId" = String, Path, description = "The list"),
        ("serviceId" = String, Path, description = "The title to take off it"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 200, description = "The title is off the list; the titles left", body = ListTitles),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "The caller may read the list but not change it", body = ErrorBody),
        (status = 404, description = "No such list for this caller, or the title is not on it", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn remove_title(
    State(state): State<AppState>,
    caller: Caller,
    Path((reading_list_id, service_id)): Path<(String, String)>,
) -> ApiResult<Json<ListTitles>> {
    caller.signed_in()?;
    let found = reading_lists::remove_title(&state, &caller, &reading_list_id, &service_id).await?;
    titles_page(&state, &caller, &found).await.map(Json)
}

/// A page of the list's titles that the caller may see, in the order asked. A title the caller
/// may not see (made non-live since it was added, say) is left out of its page, which may then
/// hold fewer than `limit`; `totalResults` is the list's `titleCount`.
async fn titles_page(state: &AppState, caller: &Caller, found: &Found) -> ApiResult<ListTitles> {
    let listing = listing_params(&caller.params);
    let list: ListParams<EntrySortOrder> = listing.parse()?;
    let (page, window) = list.window::<ListEntry>()?;
    let sort = window.sort;
    let id = &found.list.reading_list_id;
    let EntriesPage { mut rows, shown } =
        reading_lists::entries(state, caller, found, window).await?;
    let next = page.next_token(&mut rows, |e| sort.key_of(e));
    let who = &shown.viewer;
    let perspective = who.perspective();
    let views = rows
        .into_iter()
        .filter_map(|e| {
            let r = shown.get(&e.service_id)?;
            Some(ListTitleView {
                summary: summary(state, r, who.in_global(&r.site), &perspective),
                award: e.award,
                category: e.category,
                month: e.month,
                ranking: e.ranking,
                year: e.year,
                date_added_to_reading_list: Timestamp::from_unix(e.date_added).to_string(),
            })
        })
        .collect();
    let path = format!("/lists/{}/titles", segment(id));
    let changeable = found.right == ListRight::Change;
    Ok(Collection::page(
        state,
        &path,
        &listing,
        &page,
        (views, next),
        found.list.title_count,
    )
    .allowing(Allows::of(&[("GET", true), ("POST", changeable)]))
    .with("readingListId", serde_json::Value::String(id.clone())))
}

/// The parameters that shape a page of titles (a POST's or DELETE's `serviceId` is not one).
fn listing_params(params: &Params) -> Params {
    params.only(&["sortOrder", "direction", "start", "limit"])
}
