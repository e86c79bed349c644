//! What a member's recommendations draw from (authors, categories, content warnings, the
//! global collection), written for them or, by a membership assistant, for a member with the
//! record of the change.

use lectern_domain::account::Account;
use lectern_domain::account::recommendation_profile::{ProfileChanges, RecommendationProfile};
use lectern_store::{preferences, sites};
use serde_json::Value;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::managed_accounts::Managed;

/// The account's profile: the one it keeps, or its site's defaults until it keeps one.
pub async fn of(house: &House, a: &Account) -> Outcome<RecommendationProfile> {
    let reads = house.store.reads();
    if let Some(p) = preferences::recommendation_profile(reads, &a.user_account_id).await? {
        return Ok(p);
    }
    let global = sites::get(reads, &a.site_id)
        .await?
        .is_some_and(|s| s.global);
    Ok(RecommendationProfile::defaults(global))
}

/// The account's profile before and after `changes`: each change checked, and a profile at
/// odds with itself (an author or a category both included and excluded, with what is sent or
/// with what is kept) a clash naming each.
pub async fn changed(
    house: &House,
    a: &Account,
    changes: ProfileChanges,
) -> Outcome<(RecommendationProfile, RecommendationProfile)> {
    let before = of(house, a).await?;
    let after = before.apply(changes).map_err(Failure::Invalid)?;
    let clashes = after.contradictions();
    if !clashes.is_empty() {
        return Err(Failure::Clash(clashes));
    }
    Ok((before, after))
}

/// The actor's own profile, as changed.
pub async fn save_mine(
    house: &House,
    actor: &Actor,
    profile: &RecommendationProfile,
) -> Outcome<()> {
    let me = actor.account()?;
    let mut writer = house.store.writer().await?;
    preferences::put_recommendation_profile(&mut writer, &me.user_account_id, profile).await?;
    Ok(())
}

/// The managed account's profile, as changed, with the record of the change: `shown` is the
/// profile before and after as the door shows it.
pub async fn save_for(
    house: &House,
    m: &Managed,
    profile: &RecommendationProfile,
    action: &str,
    shown: (Value, Value),
) -> Outcome<()> {
    let mut tx = house.store.begin().await?;
    preferences::put_recommendation_profile(&mut tx, &m.account.user_account_id, profile).await?;
    let (before, after) = shown;
    m.record(&mut tx, action, Some(before), Some(after)).await?;
    tx.commit().await?;
    Ok(())
}
