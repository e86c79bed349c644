//! The account a membership assistant or administrator acts on (named by a user name or a
//! userAccountId), once the rules let them manage it; and the record of every change made to
//! it, which administrators read.

use lectern_domain::access::account_management;
use lectern_domain::account::Account;
use lectern_domain::account::fields::Door;
use lectern_domain::role::Role;
use lectern_store::account_changes::{self, NewChange};
use lectern_store::{Transaction, accounts};
use serde_json::Value;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::refusals;

/// An account the actor manages.
pub struct Managed {
    pub account: Account,
    pub door: Door,
    /// Who acts, as the record of changes names them: their user name, else their account id.
    pub by: String,
}

/// The account named by `user_identifier`, if the actor may manage it; `what` names the
/// attempt in a refusal ("change an account's password").
pub async fn managed(
    house: &House,
    actor: &Actor,
    user_identifier: &str,
    what: &str,
) -> Outcome<Managed> {
    let me = actor.account()?;
    let missing = || Failure::not_found(format!("There is no account '{user_identifier}'"));
    let account = accounts::by_identifier(house.store.reads(), user_identifier)
        .await?
        .ok_or_else(missing)?;
    refusals::membership(
        account_management(&actor.client, me, &account),
        what,
        missing,
    )?;
    Ok(Managed {
        account,
        door: door_of(me),
        by: acting_name(me),
    })
}

/// The door an assistant's change comes through.
pub fn door_of(me: &Account) -> Door {
    if me.has_role(Role::Administrator) {
        Door::Administrator
    } else {
        Door::MembershipAssistant
    }
}

pub fn acting_name(me: &Account) -> String {
    me.user_name
        .clone()
        .unwrap_or_else(|| me.user_account_id.clone())
}

impl Managed {
    /// Records, in the change's transaction, what was done to the account (`action`, the
    /// request as the API names it) and the state before and after (None where a thing did
    /// not exist before, or does not after).
    pub async fn record(
        &self,
        tx: &mut Transaction,
        action: &str,
        before: Option<Value>,
        after: Option<Value>,
    ) -> Outcome<()> {
        account_changes::record(
            tx,
            NewChange {
                user_account_id: &self.account.user_account_id,
                site_id: &self.account.site_id,
                changed_by: &self.by,
                action,
                before,
                after,
            },
        )
        .await?;
        Ok(())
    }
}

/// A thing as the record of changes keeps it: its JSON, by document 2's names.
pub fn shown<T: serde::Serialize + ?Sized>(thing: &T) -> Outcome<Value> {
    serde_json::to_value(thing).map_err(Failure::broken)
}
