//! A reader's preferences (format, braille, what the catalog shows them): read, and changed by
//! the reader (the API's `/v2/myAccount/preferences`, the account page) or by an assistant who
//! manages the account (`/v2/accounts/{userIdentifier}/preferences`, the account's staff page),
//! with the rules of `lectern_domain::account::preferences`; an assistant's change is recorded.

use lectern_domain::account::Account;
use lectern_domain::account::preferences::{PreferenceChanges, Preferences};
use lectern_store::{Transaction, preferences};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::managed_accounts::Managed;
use crate::sponsoring::Sponsoring;

/// The account's preferences: the defaults until the reader sets any.
pub async fn stored(house: &House, a: &Account) -> Outcome<Preferences> {
    Ok(preferences::get(house.store.reads(), &a.user_account_id)
        .await?
        .unwrap_or_else(|| Preferences::defaults(a.details.allow_adult_content)))
}

/// The actor's own preferences.
pub async fn mine(house: &House, actor: &Actor) -> Outcome<Preferences> {
    stored(house, actor.account()?).await
}

/// The actor's own preferences, changed as asked: the preferences after.
pub async fn change_mine(
    house: &House,
    actor: &Actor,
    changes: PreferenceChanges,
) -> Outcome<Preferences> {
    let me = actor.account()?;
    let mut tx = house.store.begin().await?;
    let (_, after) = changed(house, me, changes, &mut tx).await?;
    tx.commit().await?;
    Ok(after)
}

/// The preferences of a member of the sponsor's organization (found through the sponsor's
/// capability, `Sponsoring::account`), changed as asked.
pub async fn change_sponsored(
    house: &House,
    _sponsor: &Sponsoring<'_>,
    member: &Account,
    changes: PreferenceChanges,
) -> Outcome<Preferences> {
    let mut tx = house.store.begin().await?;
    let (_, after) = changed(house, member, changes, &mut tx).await?;
    tx.commit().await?;
    Ok(after)
}

/// The account's preferences changed as asked, in `tx`: before and after, for a record of the
/// change where one is kept.
pub async fn changed(
    house: &House,
    a: &Account,
    changes: PreferenceChanges,
    tx: &mut Transaction,
) -> Outcome<(Preferences, Preferences)> {
    let before = stored(house, a).await?;
    let after = before.apply(changes).map_err(Failure::Invalid)?;
    preferences::put(tx, &a.user_account_id, &after).await?;
    Ok((before, after))
}

/// The preferences of an account the actor manages, changed as asked and recorded with the
/// preferences before and after: the preferences after.
pub async fn change_managed(
    house: &House,
    m: &Managed,
    changes: PreferenceChanges,
) -> Outcome<Preferences> {
    let mut tx = house.store.begin().await?;
    let (before, after) = changed(house, &m.account, changes, &mut tx).await?;
    let as_kept = |p: &Preferences| serde_json::to_value(p).map_err(Failure::broken);
    let action = "PUT /v2/accounts/{userIdentifier}/preferences";
    m.record(
        &mut tx,
        action,
        Some(as_kept(&before)?),
        Some(as_kept(&after)?),
    )
    .await?;
    tx.commit().await?;
    Ok(after)
}
