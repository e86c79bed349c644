//! A member's own account, changed by them through the API (`PUT /v2/myAccount`) or their
//! account page: the fields they may change, and a new password only with the current one, so
//! that a token alone (left on a shared computer, say) cannot take the account over.

use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::account::fields::{AccountFields, Door};
use lectern_domain::invalid::Invalid;
use lectern_domain::secret::verify_password;

use crate::account_writes::{Write, password_hash, save};
use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// The actor's account with `fields` changed (a new password needs `current_password`): the
/// account as written.
pub async fn change_mine(
    house: &House,
    actor: &Actor,
    fields: AccountFields,
    current_password: Option<String>,
) -> Outcome<Account> {
    let me = actor.account()?;
    if fields.password.is_some() {
        check_current_password(house, me, current_password).await?;
    }
    let mut prepared = fields
        .apply(Door::Member, me, &Timestamp::now().date())
        .map_err(Failure::Invalid)?;
    if prepared.password.is_some() {
        prepared.account.details.needs_new_password = false;
    }
    let hash = password_hash(&prepared).await?;
    let mut tx = house.store.begin().await?;
    save(&mut tx, &prepared, hash.as_deref(), Write::Update).await?;
    tx.commit().await?;
    Ok(prepared.account)
}

async fn check_current_password(
    house: &House,
    me: &Account,
    current: Option<String>,
) -> Outcome<()> {
    let current = current.ok_or_else(|| {
        Failure::Invalid(vec![Invalid::required_because(
            "currentPassword",
            "is required to set a new password",
        )])
    })?;
    let hash = lectern_store::accounts::password_hash(house.store.reads(), &me.user_account_id)
        .await?
        .ok_or_else(|| Failure::refused("This account has no password to change"))?;
    let ok = tokio::task::spawn_blocking(move || verify_password(&current, &hash))
        .await
        .map_err(Failure::broken)?;
    if ok {
        Ok(())
    } else {
        Err(Failure::refused("The current password is not right"))
    }
}
