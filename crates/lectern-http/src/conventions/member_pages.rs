//! Pages of an organization's accounts (its members, its sponsors), as every door lists them:
//! a member list's page token carries the sort key of the last account shown.

use lectern_domain::account::Account;
use lectern_domain::members::MemberSort;
use lectern_operations::listing::Window;
use lectern_operations::sponsored_members::AccountsPage;
use lectern_store::members;

use super::paging::{ListParams, PageRequest};
use crate::error::{ApiError, ApiResult};

/// A member list's orders (`sortOrder`) and their messages, as the sponsors' and the staff's
/// pages of an organization's members offer them.
pub const ORDERS: &[(&str, &str)] = &[
    ("lastName", "members-order-last-name"),
    ("firstName", "members-order-first-name"),
    ("grade", "members-order-grade"),
    ("birthDate", "members-order-birth"),
    ("district", "members-order-district"),
    ("school", "members-order-school"),
];

/// The page asked for of an organization's accounts, and the window it is read through.
pub fn member_window(
    list: &ListParams<MemberSort>,
) -> ApiResult<(PageRequest, Window<MemberSort, Vec<String>>)> {
    let (sort, direction) = list.order()?;
    let page = list.page_in(sort, direction)?;
    let window = Window {
        sort,
        direction,
        after: member_key(&page, sort)?,
        limit: page.limit,
    };
    Ok((page, window))
}

/// The accounts of a page as read, with the next page's token and the total.
pub fn turned(
    page: &PageRequest,
    sort: MemberSort,
    found: AccountsPage,
) -> (Vec<Account>, Option<String>, u64) {
    let AccountsPage { mut rows, total } = found;
    let next = page.next_token(&mut rows, |a| sort.key_of(a));
    (rows, next, total)
}

/// The key a page of accounts continues after: a token of another list is a 400 naming `start`.
pub fn member_key(page: &PageRequest, sort: MemberSort) -> ApiResult<Option<Vec<String>>> {
    let after = page.after::<Vec<String>>()?;
    if after
        .as_ref()
        .is_some_and(|key| key.len() != members::key_len(sort))
    {
        return Err(ApiError::bad_param(
            "start",
            "is not a page token of this list",
        ));
    }
    Ok(after)
}
