//! One page of reading lists, for every listing of lists (`/v2/myLists`, `/v2/lists`, an
//! account's lists).

use lectern_domain::account::Account;
use lectern_domain::paging::Direction;
use lectern_domain::reading_lists::{ListSortOrder, list_right};
use lectern_operations::reading_lists::{self, ListsPage};
use lectern_store::keyset::KeyedOrder;
use lectern_store::reading_lists::{ListQuery, ListScope};

use super::view::{ListView, list_view};
use crate::conventions::collection::Collection;
use crate::conventions::paging::PageRequest;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::state::AppState;

pub type ListList = Collection<ListView>;

/// What a listing asks for.
pub struct Listing<'a> {
    pub path: &'a str,
    pub scope: ListScope<'a>,
    pub keyword: Option<&'a str>,
    pub sort: ListSortOrder,
    pub direction: Direction,
    pub page: PageRequest,
}

/// `viewer`: whose rights the lists are shown with (the caller).
pub async fn page(
    state: &AppState,
    params: &Params,
    viewer: &Account,
    listing: Listing<'_>,
) -> ApiResult<ListList> {
    let (sort, direction, page) = (listing.sort, listing.direction, &listing.page);
    let after = page.after_key(sort)?;
    let q = ListQuery {
        scope: listing.scope,
        keyword: listing.keyword,
        sort,
        direction,
        after,
        limit: page.limit,
    };
    let found = reading_lists::listed(state, &q).await?;
    Ok(shown(
        state,
        params,
        viewer,
        (listing.path, page),
        sort,
        found,
    ))
}

/// The lists found, as `viewer` may have them, at `path`.
pub fn shown(
    state: &AppState,
    params: &Params,
    viewer: &Account,
    (path, page): (&str, &PageRequest),
    sort: ListSortOrder,
    found: ListsPage,
) -> ListList {
    let ListsPage { mut rows, total } = found;
    let next = page.next_token(&mut rows, |(l, _)| sort.key_of(l));
    let views = rows
        .iter()
        .map(|(list, relation)| {
            let right = list_right(viewer, list, relation.assigned_by.is_some());
            list_view(state, viewer, list, relation, right)
        })
        .collect();
    Collection::page(state, path, params, page, (views, next), total)
}
