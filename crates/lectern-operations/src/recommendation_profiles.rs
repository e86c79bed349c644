//! What a member's recommendations draw from (authors, categories, content warnings, the
//! global collection), written for them or, by a membership assistant, for a member with the
//! record of the change.

use lectern_domain::account::recommendation_profile::RecommendationProfile;
use lectern_store::preferences;
use serde_json::Value;

use crate::actor::Actor;
use crate::failure::Outcome;
use crate::house::House;
use crate::managed_accounts::Managed;

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
