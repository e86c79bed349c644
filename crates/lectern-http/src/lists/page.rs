//! One page of reading lists, for every listing of lists (`/v2/myLists`, `/v2/lists`, an
//! account's lists).

use lectern_domain::account::Account;
use lectern_domain::paging::Direction;
use lectern_domain::reading_lists::list_right;
use lectern_store::keyset::KeyPart;
use lectern_store::reading_lists::{self, ListQuery, ListScope, ListSort};

use super::view::{ListView, list_view};
use crate::conventions::caller::Caller;
use crate::conventions::collection::Collection;
use crate::conventions::paging::PageRequest;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

lectern_domain::string_enum!(
    /// `sortOrder` of a listing of lists.
    ListSortOrder {
        Name = "name",
        Owner = "owner",
        DateUpdated = "dateUpdated",
    }
);

impl From<ListSortOrder> for ListSort {
    fn from(s: ListSortOrder) -> Self {
        match s {
            ListSortOrder::Name => ListSort::Name,
            ListSortOrder::Owner => ListSort::Owner,
            ListSortOrder::DateUpdated => ListSort::DateUpdated,
        }
    }
}

pub type ListList = Collection<ListView>;

/// What a listing asks for.
pub struct Listing<'a> {
    pub path: &'a str,
    pub scope: ListScope<'a>,
    pub keyword: Option<&'a str>,
    pub sort: Option<ListSortOrder>,
    pub direction: Option<Direction>,
}

/// `viewer`: whose rights the lists are shown with (the caller).
pub async fn page(
    state: &AppState,
    caller: &Caller,
    viewer: &Account,
    listing: Listing<'_>,
) -> ApiResult<ListList> {
    let page = PageRequest::from_params(&caller.params, 10)?;
    let order = listing.sort.unwrap_or(ListSortOrder::Name);
    let sort: ListSort = order.into();
    let direction = listing.direction.unwrap_or_default();
    let order = format!("{order}:{}", direction.as_str());
    let after = page.after_in_order::<Vec<KeyPart>>(&order)?;
    if after.as_ref().is_some_and(|key| !sort.fits(key)) {
        return Err(ApiError::bad_param(
            "start",
            "is not a page token of this list",
        ));
    }
    let q = ListQuery {
        scope: listing.scope,
        keyword: listing.keyword,
        sort,
        direction,
        after,
        limit: page.limit,
    };
    let mut rows = reading_lists::page(state.store.reads(), &q).await?;
    let total = reading_lists::count(state.store.reads(), &q).await?;
    let next = page.next_token_in_order(&mut rows, &order, |(l, _)| sort.key_of(l));
    let views = rows
        .iter()
        .map(|(list, relation)| {
            let right = list_right(viewer, list, relation.assigned_by.is_some());
            list_view(state, viewer, list, relation, right)
        })
        .collect();
    Ok(Collection::page(
        state,
        listing.path,
        &caller.params,
        &page,
        (views, next),
        total,
    ))
}
