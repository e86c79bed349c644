//! What a member's recommendations draw from (authors, categories, content warnings, the
//! global collection), written for them or, by a membership assistant, for a member with the
//! record of the change.

use lectern_domain::account::Account;
use lectern_domain::account::recommendation_profile::{ProfileChanges, RecommendationProfile};
use lectern_store::{preferences, sites};
use serde::Serialize;
use serde_json::Value;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::managed_accounts::{Managed, shown};

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

/// What the record of changes says was done, in the API's words whichever door it came
/// through (`docs/decisions.md`, "The record of changes").
const CHANGED: &str = "PUT /v2/accounts/{userIdentifier}/recommendationProfile";

/// The managed account's profile changed as asked, with the record of the change; the profile
/// as changed.
pub async fn change_for(
    house: &House,
    m: &Managed,
    changes: ProfileChanges,
) -> Outcome<RecommendationProfile> {
    let (before, after) = changed(house, &m.account, changes).await?;
    let mut tx = house.store.begin().await?;
    preferences::put_recommendation_profile(&mut tx, &m.account.user_account_id, &after).await?;
    let shown = (recorded(&before)?, recorded(&after)?);
    m.record(&mut tx, CHANGED, Some(shown.0), Some(shown.1))
        .await?;
    tx.commit().await?;
    Ok(after)
}

/// A profile as the record of changes keeps it: document 3's names, the categories by name,
/// without the links a door shows it with.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Recorded<'a> {
    include_global_collection: bool,
    included_authors: &'a [String],
    excluded_authors: &'a [String],
    included_categories: &'a [String],
    excluded_categories: &'a [String],
    excluded_content_warnings: Vec<&'static str>,
    narrator_gender: Option<&'static str>,
    narrator_type: Option<&'static str>,
    reading_age: Option<u32>,
}

fn recorded(p: &RecommendationProfile) -> Outcome<Value> {
    shown(&Recorded {
        include_global_collection: p.include_global_collection,
        included_authors: &p.included_authors,
        excluded_authors: &p.excluded_authors,
        included_categories: &p.included_categories,
        excluded_categories: &p.excluded_categories,
        excluded_content_warnings: p
            .excluded_content_warnings
            .iter()
            .map(|w| w.as_str())
            .collect(),
        narrator_gender: p.narrator_gender.map(|g| g.as_str()),
        narrator_type: p.narrator_type.map(|t| t.as_str()),
        reading_age: p.reading_age,
    })
}
