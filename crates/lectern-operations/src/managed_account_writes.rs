//! Accounts a membership assistant or administrator creates and changes (`/v2/accounts...`):
//! each is checked and staged first (the rules of who may, on which site, and the fields'),
//! so that the door can show the account as it will be, then written with the record of the
//! change in one transaction.

use lectern_domain::Timestamp;
use lectern_domain::access::membership_management;
use lectern_domain::account::fields::{AccountFields, Door, Prepared};
use lectern_domain::ids;
use lectern_domain::password::NewPassword;
use serde_json::Value;

use crate::account_writes::{Write, password_hash, save};
use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::managed_accounts::{Managed, acting_name, door_of};
use crate::refusals;

/// An account checked and ready to be written: `managed.account` is the account as it will
/// be.
pub struct Staged {
    pub managed: Managed,
    prepared: Prepared,
    write: Write,
}

/// A new account on the site the fields name (the actor's own when they name none).
pub async fn stage_new(house: &House, actor: &Actor, fields: AccountFields) -> Outcome<Staged> {
    let me = actor.account()?;
    let door = door_of(me);
    let site = fields.site.clone().unwrap_or_else(|| me.site_id.clone());
    refusals::membership(
        membership_management(&actor.client, me, &site),
        "create accounts",
        || Failure::refused("Membership assistants create accounts on their own site"),
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
    })
}

/// The managed account with the fields changed.
pub async fn stage_change(house: &House, m: Managed, fields: AccountFields) -> Outcome<Staged> {
    if let Some(site) = &fields.site
        && m.door == Door::Administrator
    {
        known_site(house, site).await?;
    }
    let prepared = fields
        .apply(m.door, &m.account, &Timestamp::now().date())
        .map_err(Failure::Invalid)?;
    Ok(Staged {
        managed: Managed {
            account: prepared.account.clone(),
            ..m
        },
        prepared,
        write: Write::Update,
    })
}

/// The managed account with a new password (its refresh tokens end when it is written).
pub fn stage_password(m: Managed, password: String) -> Outcome<Staged> {
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
    })
}

impl Staged {
    /// Writes the account and the record of the change (`action`, and the account before and
    /// after as the door shows it) together: the account as written.
    pub async fn write(
        self,
        house: &House,
        action: &str,
        (before, after): (Option<Value>, Option<Value>),
    ) -> Outcome<Managed> {
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
        None => Err(Failure::invalid(
            "site",
            format!("there is no site '{site}'"),
        )),
    }
}
