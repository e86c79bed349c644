//! Accounts a membership assistant or administrator creates and changes (`/v2/accounts...`):
//! each is checked and staged first (the rules of who may, on which site, and the fields'),
//! then written with the record of the change in one transaction.

use lectern_domain::Timestamp;
use lectern_domain::access::membership_management;
use lectern_domain::account::Account;
use lectern_domain::account::fields::{AccountFields, Door, Prepared};
use lectern_domain::ids;
use lectern_domain::invalid::Why;
use lectern_domain::password::NewPassword;

use crate::account_writes::{Write, password_hash, save};
use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::managed_accounts::{Managed, acting_name, door_of};
use crate::recorded_account::recorded;
use crate::refusals;

/// An account checked and ready to be written: `managed.account` is the account as it will
/// be.
struct Staged {
    managed: Managed,
    prepared: Prepared,
    write: Write,
    change: Change,
}

/// What the record of changes will say was done, in the API's words whichever door it came
/// through (`docs/decisions.md`, "The record of changes").
enum Change {
    Created,
    /// The account as it was.
    Changed(Box<Account>),
    Password,
}

/// A new account on the site the fields name (the actor's own when they name none), written
/// with the record of it.
pub async fn create(house: &House, actor: &Actor, fields: AccountFields) -> Outcome<Managed> {
    stage_new(house, actor, fields).await?.write(house).await
}

/// The managed account with the fields changed, written with the record of the change.
pub async fn change(house: &House, m: Managed, fields: AccountFields) -> Outcome<Managed> {
    stage_change(house, m, fields).await?.write(house).await
}

/// The managed account's new password, written with the record that it changed; its refresh
/// tokens end with it.
pub async fn set_password(house: &House, m: Managed, password: String) -> Outcome<Managed> {
    stage_password(m, password)?.write(house).await
}

async fn stage_new(house: &House, actor: &Actor, fields: AccountFields) -> Outcome<Staged> {
    let me = actor.account()?;
    let door = door_of(me);
    let site = fields.site.clone().unwrap_or_else(|| me.site_id.clone());
    refusals::membership(
        membership_management(&actor.client, me, &site),
        "create accounts",
        refusals::accounts_elsewhere,
    )?;
    if door == Door::Administrator && fields.site.is_some() {
        known_site(house, &site).await?;
    }
    let today = Timestamp::now().date();
    let prepared = fields
        .create(door, ids::new_id(), &me.site_id, &today)
        .map_err(Failure::Invalid)?;
    Ok(Staged {
        managed: Managed {
            account: prepared.account.clone(),
            door,
            by: acting_name(me),
        },
        prepared,
        write: Write::Create,
        change: Change::Created,
    })
}

async fn stage_change(house: &House, m: Managed, fields: AccountFields) -> Outcome<Staged> {
    if let Some(site) = &fields.site
        && m.door == Door::Administrator
    {
        known_site(house, site).await?;
    }
    let prepared = fields
        .apply(m.door, &m.account, &Timestamp::now().date())
        .map_err(Failure::Invalid)?;
    let before = Box::new(m.account.clone());
    Ok(Staged {
        managed: Managed {
            account: prepared.account.clone(),
            ..m
        },
        prepared,
        write: Write::Update,
        change: Change::Changed(before),
    })
}

fn stage_password(m: Managed, password: String) -> Outcome<Staged> {
    NewPassword::parse(&password).map_err(|why| Failure::invalid("password", why))?;
    let prepared = AccountFields {
        password: Some(password),
        ..AccountFields::default()
    }
    .apply(m.door, &m.account, &Timestamp::now().date())
    .map_err(Failure::Invalid)?;
    Ok(Staged {
        managed: m,
        prepared,
        write: Write::Update,
        change: Change::Password,
    })
}

impl Staged {
    /// Writes the account and the record of the change (the account before and after; a
    /// password only as changed, never itself) together: the account as written.
    async fn write(self, house: &House) -> Outcome<Managed> {
        let now = &self.managed.account;
        let (action, before, after) = match &self.change {
            Change::Created => ("POST /v2/accounts", None, recorded(now)?),
            Change::Changed(was) => (
                "PUT /v2/accounts/{userIdentifier}",
                Some(recorded(was)?),
                recorded(now)?,
            ),
            Change::Password => (
                "PUT /v2/accounts/{userIdentifier}/password",
                None,
                serde_json::json!({ "password": "changed" }),
            ),
        };
        let after = Some(after);
        let hash = password_hash(&self.prepared).await?;
        let mut tx = house.store.begin().await?;
        save(&mut tx, &self.prepared, hash.as_deref(), self.write).await?;
        self.managed.record(&mut tx, action, before, after).await?;
        tx.commit().await?;
        Ok(self.managed)
    }
}

async fn known_site(house: &House, site: &str) -> Outcome<()> {
    match lectern_store::sites::get(house.store.reads(), site).await? {
        Some(_) => Ok(()),
        None => Err(Failure::invalid("site", Why::no_site(site))),
    }
}
