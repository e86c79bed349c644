//! Writing an organization member, the same from the sponsor's door and the assistant's: the
//! account, its disabilities (the set sent replaces the set on file), its roster tag and its
//! place on the sponsor's quick list, all in one transaction. A new member's membership is a
//! subscription of type `organization`, open-ended.

use crate::absences;
use lectern_domain::account::Account;
use lectern_domain::account::member_fields::PreparedMember;
use lectern_domain::account::member_form::NewMemberForm;
use lectern_domain::account::membership::{OrganizationRole, join, leave};
use lectern_domain::account::standing::{Subscription, SubscriptionTerms};
use lectern_domain::invalid::Why;
use lectern_domain::organization::Organization;
use lectern_domain::{Timestamp, ids};
use lectern_store::roster_tags::RosterTag;
use lectern_store::{
    Transaction, accounts, disabilities, members, organizations, roster_tags, subscriptions,
};

use crate::account_writes::{Write, password_hash, save};
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::managed_accounts::Managed;
use crate::recorded_account::recorded;
use crate::refusals;

/// What goes with the member besides the account.
#[derive(Default)]
pub struct MemberExtras<'a> {
    /// The tag to give (Some(None) removes it; None leaves it).
    pub roster_tag: Option<Option<&'a RosterTag>>,
    /// (sponsor, on the list or not)
    pub quick_list: Option<(&'a str, bool)>,
}

/// A new member of an organization the actor manages (`organizations::managed` found it), as
/// stored.
pub async fn add(
    house: &House,
    organization: &Organization,
    form: NewMemberForm,
) -> Outcome<Account> {
    let (fields, proof_source) = form.fields();
    let today = Timestamp::now().date();
    let member = fields
        .create(ids::new_id(), organization, proof_source, &today)
        .map_err(Failure::Invalid)?;
    write_member(house, &member, Write::Create, MemberExtras::default()).await?;
    let id = &member.prepared.account.user_account_id;
    accounts::get(house.store.reads(), id)
        .await?
        .ok_or_else(|| Failure::broken("the new member is gone"))
}

/// Writes the member (created or changed, as `write` says) and what goes with them.
pub async fn write_member(
    house: &House,
    member: &PreparedMember,
    write: Write,
    extras: MemberExtras<'_>,
) -> Outcome<()> {
    let hash = password_hash(&member.prepared).await?;
    let mut tx = house.store.begin().await?;
    write_in(&mut tx, member, hash.as_deref(), write, extras).await?;
    tx.commit().await?;
    Ok(())
}

async fn write_in(
    tx: &mut Transaction,
    member: &PreparedMember,
    hash: Option<&str>,
    write: Write,
    extras: MemberExtras<'_>,
) -> Outcome<()> {
    let id = &member.prepared.account.user_account_id;
    save(tx, &member.prepared, hash, write).await?;
    if write == Write::Create {
        // Membership through the organization, from today and for as long as it lasts.
        let today = Timestamp::now().date();
        let membership = Subscription {
            subscription_id: ids::new_id(),
            user_account_id: id.clone(),
            terms: SubscriptionTerms {
                subscription_type: "organization".to_owned(),
                start_date: today,
                end_date: None,
                num_books_allowed: None,
                download_timeframe: None,
                notes: None,
            },
            price: 0,
            promo_code: None,
            credits_used: 0,
        };
        subscriptions::put(tx, &membership, None).await?;
    }
    if let Some(wanted) = &member.disabilities {
        for on_file in disabilities::list(&mut **tx, id).await? {
            if !wanted
                .iter()
                .any(|d| d.disability_type == on_file.disability_type)
            {
                disabilities::remove(tx, id, on_file.disability_type).await?;
            }
        }
        for d in wanted {
            disabilities::put(tx, id, *d).await?;
        }
    }
    if let Some(tag) = extras.roster_tag {
        roster_tags::tag_account(tx, id, tag).await?;
    }
    if let Some((sponsor, on_list)) = extras.quick_list {
        members::set_on_quick_list(tx, sponsor, id, on_list).await?;
    }
    Ok(())
}

/// Where a managed account goes: an organization of its site, as a member or a sponsor (with
/// the sponsor's title, such as "Teacher of the visually impaired").
pub struct Joining {
    pub organization_id: String,
    pub role: Option<OrganizationRole>,
    pub title: Option<String>,
}

/// A managed account moved into, between or out of organizations, checked and ready to be
/// written: `managed.account` is the account as it will be.
struct Move {
    managed: Managed,
    /// The account as it was.
    before: Box<Account>,
    /// It changes organization (not only its role in the same one).
    moved: bool,
    /// It leaves its organization for none.
    leaves: bool,
}

/// The account into the organization, or moved to it, as the membership rules allow; written
/// with the record of the move.
pub async fn move_into(house: &House, m: Managed, to: Joining) -> Outcome<Managed> {
    stage_join(house, m, to).await?.write(house).await
}

/// The account out of its organization, as the membership rules allow; written with the record
/// of the move.
pub async fn take_out(house: &House, m: Managed) -> Outcome<Managed> {
    stage_leave(house, m).await?.write(house).await
}

async fn stage_join(house: &House, m: Managed, to: Joining) -> Outcome<Move> {
    if to.title.as_deref().is_some_and(|t| t.chars().count() > 100) {
        return Err(Failure::invalid("title", Why::at_most_chars(100)));
    }
    let absent = || absences::organization(&to.organization_id);
    let organization = organizations::get(house.store.reads(), &to.organization_id)
        .await?
        .ok_or_else(absent)?;
    let current = current_organization(house, &m).await?;
    let role = to.role.unwrap_or(OrganizationRole::Member);
    let mut next = join(&m.account, current.as_ref(), &organization, role)
        .map_err(|r| refusals::organization_membership(&r, &to.organization_id))?;
    if let Some(title) = to.title.filter(|t| !t.trim().is_empty()) {
        next.details.sponsor_title = Some(title);
    }
    let moved = current.map(|o| o.organization_id) != Some(organization.organization_id);
    Ok(Move {
        before: Box::new(m.account.clone()),
        managed: Managed { account: next, ..m },
        moved,
        leaves: false,
    })
}

async fn stage_leave(house: &House, m: Managed) -> Outcome<Move> {
    let Some(current) = current_organization(house, &m).await? else {
        return Err(Failure::not_found(Why::of(
            "absent-account-organization",
            "This account is in no organization",
        )));
    };
    let next = leave(&m.account, Some(&current))
        .map_err(|r| refusals::organization_membership(&r, &current.organization_id))?;
    Ok(Move {
        before: Box::new(m.account.clone()),
        managed: Managed { account: next, ..m },
        moved: true,
        leaves: true,
    })
}

async fn current_organization(house: &House, m: &Managed) -> Outcome<Option<Organization>> {
    Ok(match &m.account.organization_id {
        Some(id) => organizations::get(house.store.reads(), id).await?,
        None => None,
    })
}

impl Move {
    /// Stores the account as it now is and the record of the change (the account before and
    /// after, the action in the API's words whichever door it came through); when it changed
    /// organization, what belonged to the old one (its roster tag, its place on the sponsors'
    /// quick lists) is let go with it. One transaction.
    async fn write(self, house: &House) -> Outcome<Managed> {
        let next = &self.managed.account;
        let action = if self.leaves {
            "DELETE /v2/accounts/{userIdentifier}/organization"
        } else {
            "PUT /v2/accounts/{userIdentifier}/organization"
        };
        let (before, after) = (recorded(&self.before)?, recorded(next)?);
        let mut tx = house.store.begin().await?;
        accounts::upsert(&mut tx, next, None).await?;
        if self.moved {
            roster_tags::tag_account(&mut tx, &next.user_account_id, None).await?;
            members::off_every_quick_list(&mut tx, &next.user_account_id).await?;
        }
        self.managed
            .record(&mut tx, action, Some(before), Some(after))
            .await?;
        tx.commit().await?;
        Ok(self.managed)
    }
}
