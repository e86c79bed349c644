//! Proof of disability waiting for review: membership assistants review their own site's
//! (administrators any site's), through the API's queue or the staff's pages.

use lectern_domain::access::membership_management;
use lectern_store::pod_queue;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::refusals;

/// Whether the actor may review the proof submitted on `site_id`.
pub fn may_review(actor: &Actor, site_id: &str) -> Outcome<()> {
    let me = actor.account()?;
    refusals::membership(
        membership_management(&actor.client, me, site_id),
        "review proof of disability",
        || Failure::refused("Membership assistants review the proof of their own site"),
    )
}

/// How many submissions of `site_id` wait for review.
pub async fn waiting(house: &House, actor: &Actor, site_id: &str) -> Outcome<u64> {
    may_review(actor, site_id)?;
    Ok(pod_queue::count(house.store.reads(), site_id).await?)
}
