//! A member's subscriptions: the one in force today, with its kind; one they buy; and those a
//! membership assistant records and changes for them, each with its record of changes.

use lectern_domain::account::standing::{Subscription, SubscriptionTerms, SubscriptionType};
use lectern_domain::{Timestamp, ids};
use lectern_store::subscriptions;
use serde_json::Value;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::managed_accounts::Managed;

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

/// Records a subscription on the terms for the managed account, with the record of the
/// change; `shown` is how the door shows a subscription, which the record keeps.
pub async fn record_for(
    house: &House,
    m: &Managed,
    terms: SubscriptionTerms,
    action: &str,
    shown: impl Fn(&Subscription) -> Outcome<Value>,
) -> Outcome<Subscription> {
    let subscription = Subscription {
        subscription_id: ids::new_id(),
        user_account_id: m.account.user_account_id.clone(),
        terms,
        price: 0,
        promo_code: None,
        credits_used: 0,
    };
    let after = shown(&subscription)?;
    let mut tx = house.store.begin().await?;
    subscriptions::put(&mut tx, &subscription, Some(&m.by)).await?;
    m.record(&mut tx, action, None, Some(after)).await?;
    tx.commit().await?;
    Ok(subscription)
}

/// The managed account's subscription of that id; absent when it has none such.
pub async fn of_managed(
    house: &House,
    m: &Managed,
    subscription_id: &str,
) -> Outcome<Subscription> {
    subscriptions::get(
        house.store.reads(),
        &m.account.user_account_id,
        subscription_id,
    )
    .await?
    .ok_or_else(|| {
        Failure::not_found(format!(
            "The account has no subscription '{subscription_id}'"
        ))
    })
}

/// Puts the managed account's subscription on new terms, with the record of the change.
pub async fn change_for(
    house: &House,
    m: &Managed,
    subscription_id: &str,
    terms: SubscriptionTerms,
    action: &str,
    shown: impl Fn(&Subscription) -> Outcome<Value>,
) -> Outcome<Subscription> {
    let mut subscription = of_managed(house, m, subscription_id).await?;
    let before = shown(&subscription)?;
    subscription.terms = terms;
    let after = shown(&subscription)?;
    let mut tx = house.store.begin().await?;
    subscriptions::put(&mut tx, &subscription, Some(&m.by)).await?;
    m.record(&mut tx, action, Some(before), Some(after)).await?;
    tx.commit().await?;
    Ok(subscription)
}

/// The member's own subscription, bought: the promotion code's use and the credits it takes
/// spent with it, all or none (another purchase may have taken the code's last use or the
/// credits meanwhile).
pub async fn buy(house: &House, subscription: &Subscription) -> Outcome<()> {
    let mut tx = house.store.begin().await?;
    if let Some(code) = &subscription.promo_code
        && !subscriptions::spend_promo_code(&mut tx, code).await?
    {
        return Err(Failure::conflict(
            "The promotion code was used up meanwhile",
        ));
    }
    let owner = &subscription.user_account_id;
    if !subscriptions::spend_credits(&mut tx, owner, subscription.credits_used).await? {
        return Err(Failure::conflict(
            "The account's credits were spent meanwhile; try again",
        ));
    }
    subscriptions::put(&mut tx, subscription, Some(owner)).await?;
    tx.commit().await?;
    Ok(())
}
