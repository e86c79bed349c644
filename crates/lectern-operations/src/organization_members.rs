//! Writing an organization member, the same from the sponsor's door and the assistant's: the
//! account, its disabilities (the set sent replaces the set on file), its roster tag and its
//! place on the sponsor's quick list, all in one transaction. A new member's membership is a
//! subscription of type `organization`, open-ended.

use lectern_domain::account::member_fields::PreparedMember;
use lectern_domain::account::standing::{Subscription, SubscriptionTerms};
use lectern_domain::{Timestamp, ids};
use lectern_store::roster_tags::RosterTag;
use lectern_store::{Transaction, accounts, disabilities, members, roster_tags, subscriptions};
use serde_json::Value;

use crate::account_writes::{Write, password_hash, save};
use crate::failure::Outcome;
use crate::house::House;
use crate::managed_accounts::Managed;

/// What goes with the member besides the account.
#[derive(Default)]
pub struct MemberExtras<'a> {
    /// The tag to give (Some(None) removes it; None leaves it).
    pub roster_tag: Option<Option<&'a RosterTag>>,
    /// (sponsor, on the list or not)
    pub quick_list: Option<(&'a str, bool)>,
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

/// The managed account as it is after joining, moving between or leaving organizations
/// (`m.account`, as the membership rules made it), with the record of the change (`shown`:
/// before and after as the door shows them). When it changed organization, what belonged to the
/// old one (its roster tag, its place on the sponsors' quick lists) is let go with it.
pub async fn move_account(
    house: &House,
    m: &Managed,
    moved: bool,
    action: &str,
    (before, after): (Value, Value),
) -> Outcome<()> {
    let next = &m.account;
    let mut tx = house.store.begin().await?;
    accounts::upsert(&mut tx, next, None).await?;
    if moved {
        roster_tags::tag_account(&mut tx, &next.user_account_id, None).await?;
        members::off_every_quick_list(&mut tx, &next.user_account_id).await?;
    }
    m.record(&mut tx, action, Some(before), Some(after)).await?;
    tx.commit().await?;
    Ok(())
}
