//! A member's subscriptions as they read them: the one in force today, with its kind.

use lectern_domain::Timestamp;
use lectern_domain::account::standing::{Subscription, SubscriptionType};
use lectern_store::subscriptions;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// The actor's subscription in force today and its kind (`None` when the kind is no longer
/// offered); absent when none is.
pub async fn mine(
    house: &House,
    actor: &Actor,
) -> Outcome<(Subscription, Option<SubscriptionType>)> {
    let me = actor.account()?;
    let reads = house.store.reads();
    let active = subscriptions::active(reads, &me.user_account_id, &Timestamp::now().date())
        .await?
        .ok_or_else(|| Failure::not_found("You have no subscription in force"))?;
    let kind = subscriptions::types(reads)
        .await?
        .into_iter()
        .find(|k| k.name == active.terms.subscription_type);
    Ok((active, kind))
}
