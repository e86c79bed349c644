//! A member's own account: created through the library's own applications
//! (`POST /v2/myAccount`), and changed by them through the API (`PUT /v2/myAccount`) or their
//! account page: the fields they may change, and a new password only with the current one, so
//! that a token alone (left on a shared computer, say) cannot take the account over.

use lectern_domain::account::Account;
use lectern_domain::account::fields::{AccountFields, Door};
use lectern_domain::invalid::Invalid;
use lectern_domain::invalid::Why;
use lectern_domain::secret::verify_password;
use lectern_domain::{Timestamp, ids};
use lectern_store::partner_identities;

use crate::account_writes::{Write, password_hash, save};
use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::tokens::Vouched;

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
        .ok_or_else(|| {
            Failure::refused(Why::of(
                "refused-no-password",
                "This account has no password to change",
            ))
        })?;
    let ok = tokio::task::spawn_blocking(move || verify_password(&current, &hash))
        .await
        .map_err(Failure::broken)?;
    if ok {
        Ok(())
    } else {
        Err(Failure::refused(Why::of(
            "refused-password-wrong",
            "The current password is not right",
        )))
    }
}

/// Whether the actor may create a member's own account: through the library's own
/// applications, and not while signed in to one. A door asks it before reading the request
/// (and before checking a partner's token); [`create_mine`] asks it again.
pub fn may_create(actor: &Actor) -> Outcome<()> {
    if !actor.client.privileged {
        return Err(Failure::refused(Why::of(
            "refused-accounts-privileged",
            "Accounts are created through the library's own applications (client keys with membership privileges)",
        )));
    }
    if actor.user().is_some() {
        return Err(Failure::refused(Why::of(
            "refused-signed-in-already",
            "You are signed in to an account already; sign out to create another",
        )));
    }
    Ok(())
}

/// A new individual member's own account on the client key's site, with a password, or linked
/// to the identity the library's identity partner vouched for (its token spent with it): the
/// account as written.
pub async fn create_mine(
    house: &House,
    actor: &Actor,
    fields: AccountFields,
    vouched: Option<&Vouched>,
) -> Outcome<Account> {
    may_create(actor)?;
    if vouched.is_none() && fields.password.is_none() {
        return Err(Failure::Missing { param: "password" });
    }
    let site_id = &actor.client.site_id;
    let prepared = fields
        .create(
            Door::Member,
            ids::new_id(),
            site_id,
            &Timestamp::now().date(),
        )
        .map_err(Failure::Invalid)?;
    let hash = password_hash(&prepared).await?;
    let mut tx = house.store.begin().await?;
    save(&mut tx, &prepared, hash.as_deref(), Write::Create).await?;
    if let Some(v) = vouched {
        if !partner_identities::spend_assertion(&mut tx, &v.replay_key, v.expires_at).await? {
            return Err(Failure::invalid(
                "partnerIdToken",
                Why::of(
                    "why-partner-token-used",
                    "was used before; ask the partner for a fresh identity token",
                ),
            ));
        }
        let who = partner_identities::PartnerSubject {
            site_id,
            issuer: &v.issuer,
            subject: &v.subject,
        };
        let me = &prepared.account.user_account_id;
        if !partner_identities::link(&mut tx, &who, me).await? {
            return Err(Failure::conflict(Why::of(
                "conflict-partner-identity",
                "This partner identity has an account here already: sign in with it",
            )));
        }
    }
    tx.commit().await?;
    Ok(prepared.account)
}
