//! The account a membership assistant or administrator acts on (named by a user name or a
//! userAccountId), once the rules let them manage it; and the record of every change made to
//! it, which administrators read.

use crate::absences;
use lectern_domain::access::{MembershipAccess, account_management, membership_management};
use lectern_domain::account::Account;
use lectern_domain::account::fields::Door;
use lectern_domain::account::search::{AccountSearch, AccountSort};
use lectern_domain::invalid::Why;
use lectern_domain::role::Role;
use lectern_store::account_changes::{self, AccountChange, NewChange};
use lectern_store::{Transaction, account_search, accounts};
use serde_json::Value;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::listing::{self, Window};
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
    let missing = || absences::account(user_identifier);
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

/// What an assistant's search for accounts asks for, as sent (each may be absent or empty).
#[derive(Debug, Clone, Default)]
pub struct AccountsWanted {
    /// Words, each the start of a first name, last name or user name.
    pub keyword: Option<String>,
    pub organization_id: Option<String>,
    /// A role's name, as the wire spells it.
    pub role: Option<String>,
    /// The site to search (administrators); the actor's own when absent.
    pub site: Option<String>,
}

/// A page of the accounts the actor may manage that `wanted` asks for (up to `limit + 1` in the
/// window's order), and how many there are: membership assistants find the accounts of their
/// own site, administrators of any.
pub async fn find(
    house: &House,
    actor: &Actor,
    wanted: AccountsWanted,
    w: Window<AccountSort>,
) -> Outcome<(Vec<Account>, u64)> {
    let me = actor.account()?;
    let site_id = wanted.site.unwrap_or_else(|| me.site_id.clone());
    refusals::membership(
        membership_management(&actor.client, me, &site_id),
        "find accounts",
        || {
            Failure::refused(Why::of(
                "refused-accounts-elsewhere",
                "Membership assistants find the accounts of their own site",
            ))
        },
    )?;
    let role = wanted
        .role
        .filter(|r| !r.trim().is_empty())
        .map(|r| r.trim().parse::<Role>())
        .transpose()
        .map_err(|unknown| Failure::invalid("role", unknown))?;
    let search = AccountSearch {
        site_id,
        words: AccountSearch::words_of(wanted.keyword.as_deref().unwrap_or("")),
        organization_id: wanted.organization_id.filter(|o| !o.trim().is_empty()),
        role,
    };
    let reads = house.store.reads();
    let rows = account_search::page(
        reads,
        &search,
        w.sort,
        w.direction,
        w.after.as_deref(),
        w.limit,
    )
    .await?;
    let count = account_search::count(reads, &search);
    let total = listing::total(w.after.is_none(), w.limit, rows.len(), count).await?;
    Ok((rows, total))
}

/// Whether `me` reads the record of changes: administrators only.
pub fn reads_changes(me: &Account) -> bool {
    me.has_role(Role::Administrator)
}

/// A page of the record of changes to the managed account, the latest first, after the change
/// `before`: `limit` of them and one more when there are more; and how many there are.
pub async fn changes_of(
    house: &House,
    actor: &Actor,
    m: &Managed,
    before: Option<&str>,
    limit: u32,
) -> Outcome<(Vec<AccountChange>, u64)> {
    if !reads_changes(actor.account()?) {
        return Err(Failure::refused(Why::of(
            "refused-changes-administrators",
            "Only administrators read the record of changes",
        )));
    }
    let reads = house.store.reads();
    let id = &m.account.user_account_id;
    let rows = account_changes::of_account(reads, id, before, limit).await?;
    let count = account_changes::count(reads, id);
    let total = listing::total(before.is_none(), limit, rows.len(), count).await?;
    Ok((rows, total))
}

/// A thing as the record of changes keeps it: its JSON, by document 2's names.
pub fn shown<T: serde::Serialize + ?Sized>(thing: &T) -> Outcome<Value> {
    serde_json::to_value(thing).map_err(Failure::broken)
}

/// The account that holds `user_name`, for a membership assistant choosing a new one. User
/// names are unique across sites (sign-in comes before any site is known), so it is found
/// wherever it is; whether the assistant manages it says whether they may be shown which it is.
pub async fn user_name_holder(
    house: &House,
    actor: &Actor,
    user_name: &str,
) -> Outcome<(Account, bool)> {
    let me = actor.account()?;
    refusals::membership(
        membership_management(&actor.client, me, &me.site_id),
        "look up user names",
        || Failure::not_found(Why::of("absent-user-name", "No such user name")),
    )?;
    let holder = accounts::credentials(house.store.reads(), user_name)
        .await?
        .map(|(a, _)| a)
        .ok_or_else(|| {
            Failure::not_found(
                Why::of(
                    "absent-user-name-account",
                    format!("No account has the user name '{user_name}'"),
                )
                .with("name", user_name),
            )
        })?;
    let manages =
        membership_management(&actor.client, me, &holder.site_id) == MembershipAccess::Allowed;
    Ok((holder, manages))
}
