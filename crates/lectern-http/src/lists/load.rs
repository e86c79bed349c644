//! A list through its rule: absent (404) for a caller who may not read it, refused (403) to one
//! who may read but not change it when a change is asked.

use lectern_domain::account::Account;
use lectern_domain::reading_lists::{ListRight, ReadingList, list_right};
use lectern_store::reading_lists::{self, Relation};

use crate::error::{ApiError, ApiResult};
use crate::refusals;
use crate::state::AppState;

pub struct Found {
    pub list: ReadingList,
    pub relation: Relation,
    pub right: ListRight,
}

pub async fn list_for(
    state: &AppState,
    caller: &Account,
    reading_list_id: &str,
    needed: ListRight,
) -> ApiResult<Found> {
    let missing = || ApiError::not_found(format!("There is no reading list '{reading_list_id}'"));
    let list = reading_lists::get(state.store.reads(), reading_list_id)
        .await?
        .ok_or_else(missing)?;
    let relation = reading_lists::relation(
        state.store.reads(),
        reading_list_id,
        &caller.user_account_id,
    )
    .await?;
    let right = list_right(caller, &list, relation.assigned_by.is_some());
    refusals::list(right, needed, missing)?;
    Ok(Found {
        list,
        relation,
        right,
    })
}
