//! Document 2's Reading List and its user view, as one resource: what the caller may do with a
//! list follows from the same rules that decide their calls.

use lectern_domain::account::Account;
use lectern_domain::reading_lists::{ListRight, ReadingList, may_subscribe};
use lectern_store::reading_lists::Relation;
use serde::Serialize;
use utoipa::ToSchema;

use crate::conventions::collection::{Allows, Listed};
use crate::conventions::links::{Link, segment};
use crate::state::AppState;

/// The caller's subscription to a list of someone else's.
#[derive(Serialize, ToSchema)]
pub struct SubscriptionView {
    pub enabled: bool,
    /// PUT when the caller may subscribe or unsubscribe
    pub allows: Allows,
    pub links: Vec<Link>,
}

/// A reading list, as the caller sees it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ListView {
    pub reading_list_id: String,
    pub name: String,
    pub description: Option<String>,
    /// The owner's display name
    pub owner: String,
    pub title_count: u64,
    /// Organization members assigned to the list
    pub member_count: u64,
    /// private, shared or org
    pub access: String,
    /// Who assigned the caller to the list, when someone did
    pub assigned_by: Option<String>,
    pub subscriber_count: u64,
    pub subscription: SubscriptionView,
    pub date_updated: String,
    /// PUT when the caller may change the list
    pub allows: Allows,
    /// `self` and `titles`
    pub links: Vec<Link>,
}

impl Listed for ListView {
    const ITEMS: &'static str = "lists";
    const LIST: &'static str = "ReadingListList";
}

pub fn list_url(state: &AppState, reading_list_id: &str) -> String {
    state.v2_url(&format!("/lists/{}", segment(reading_list_id)))
}

pub fn list_view(
    state: &AppState,
    caller: &Account,
    list: &ReadingList,
    relation: &Relation,
    right: ListRight,
) -> ListView {
    let url = list_url(state, &list.reading_list_id);
    let subscription_url = state.v2_url(&format!(
        "/myLists/{}/subscription",
        segment(&list.reading_list_id)
    ));
    ListView {
        reading_list_id: list.reading_list_id.clone(),
        name: list.name.clone(),
        description: list.description.clone(),
        owner: list.owner_name(),
        title_count: list.title_count,
        member_count: list.member_count,
        access: list.access.to_string(),
        assigned_by: relation.assigned_by.clone(),
        subscriber_count: list.subscriber_count,
        subscription: SubscriptionView {
            enabled: relation.subscribed,
            allows: Allows::of(&[("PUT", may_subscribe(caller, list, right).is_ok())]),
            links: vec![Link::new("self", subscription_url)],
        },
        date_updated: list.date_updated.to_string(),
        allows: Allows::of(&[("PUT", right == ListRight::Change)]),
        links: vec![
            Link::new("titles", format!("{url}/titles")),
            Link::new("self", url),
        ],
    }
}
