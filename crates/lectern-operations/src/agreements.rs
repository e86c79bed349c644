//! The agreement a member signs for themselves, through the API (`POST /v2/myAccount/agreement`)
//! or their account page: what they sign follows from their role, and it is signed today. And
//! those a membership assistant records for a member and ends, each with its record of changes.

use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::account::standing::{Agreement, AgreementType, NewAgreement};
use lectern_domain::ids;
use lectern_domain::invalid::Why;
use lectern_domain::role::Role;
use lectern_store::agreements;
use serde::Serialize;
use serde_json::Value;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::managed_accounts::{Managed, acting_name, shown};

/// What the record of changes says was done, in the API's words whichever door it came
/// through (`docs/decisions.md`, "The record of changes").
const RECORDED: &str = "POST /v2/accounts/{userIdentifier}/agreements";
const EXPIRED: &str = "POST /v2/accounts/{userIdentifier}/agreements/{id}/expired";

/// The actor's agreement, signed today in the name they typed (`None`: they typed none).
pub async fn sign_mine(
    house: &House,
    actor: &Actor,
    print_name: Option<String>,
    signed_by_legal_guardian: bool,
) -> Outcome<Agreement> {
    let me = actor.account()?;
    let print_name = print_name
        .map(|n| n.trim().to_owned())
        .filter(|n| !n.is_empty())
        .ok_or(Failure::Missing { param: "printName" })?;
    let today = Timestamp::now().date();
    let new = NewAgreement {
        agreement_type: kind_for(me),
        date_signed: today.clone(),
        print_name,
        signed_by_legal_guardian,
    }
    .check(&today)
    .map_err(Failure::Invalid)?;
    let agreement = Agreement {
        agreement_id: ids::new_id(),
        user_account_id: me.user_account_id.clone(),
        agreement_type: new.agreement_type,
        date_signed: new.date_signed,
        date_expired: None,
        print_name: new.print_name,
        recording_user: Some(acting_name(me)),
        signed_by_legal_guardian: new.signed_by_legal_guardian,
    };
    agreements::put(&mut *house.store.writer().await?, &agreement).await?;
    Ok(agreement)
}

/// The agreement the actor signed last; absent when they have signed none.
pub async fn latest_mine(house: &House, actor: &Actor) -> Outcome<Agreement> {
    let me = actor.account()?;
    agreements::list(house.store.reads(), &me.user_account_id)
        .await?
        .into_iter()
        .next()
        .ok_or_else(|| {
            Failure::not_found(Why::of(
                "absent-my-agreement",
                "You have signed no agreement",
            ))
        })
}

/// What a member signs: a reader the terms of use, a sponsor the sponsor's agreement, anyone
/// else the volunteer's.
fn kind_for(me: &Account) -> AgreementType {
    if me.has_role(Role::IndividualMember) || me.has_role(Role::OrganizationMember) {
        AgreementType::TermsOfUse
    } else if me.has_role(Role::OrganizationSponsor) {
        AgreementType::Sponsor
    } else {
        AgreementType::Volunteer
    }
}

/// An agreement as the record of changes keeps it: document 3's names, without the links a door
/// shows it with.
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Recorded<'a> {
    agreement_id: &'a str,
    agreement_type: &'a str,
    date_signed: &'a str,
    date_expired: Option<&'a str>,
    print_name: &'a str,
    recording_user: Option<&'a str>,
    signed_by_legal_guardian: bool,
}

fn recorded(a: &Agreement) -> Outcome<Value> {
    shown(&Recorded {
        agreement_id: &a.agreement_id,
        agreement_type: a.agreement_type.as_str(),
        date_signed: &a.date_signed,
        date_expired: a.date_expired.as_deref(),
        print_name: &a.print_name,
        recording_user: a.recording_user.as_deref(),
        signed_by_legal_guardian: a.signed_by_legal_guardian,
    })
}

/// The managed account's agreements, the latest signed first.
pub async fn of_managed(house: &House, m: &Managed) -> Outcome<Vec<Agreement>> {
    Ok(agreements::list(house.store.reads(), &m.account.user_account_id).await?)
}

/// Records an agreement the managed account's member signed (on paper, with the library), with
/// the record of the change. Sponsors sign their organization's agreement, not one recorded
/// here.
pub async fn record_for(house: &House, m: &Managed, new: NewAgreement) -> Outcome<Agreement> {
    if new.agreement_type == AgreementType::Sponsor {
        return Err(Failure::invalid(
            "agreementType",
            Why::of(
                "why-agreement-type",
                "must be termsOfUse or volunteer; sponsors sign their organization's agreement",
            ),
        ));
    }
    let new = new
        .check(&Timestamp::now().date())
        .map_err(Failure::Invalid)?;
    let agreement = Agreement {
        agreement_id: ids::new_id(),
        user_account_id: m.account.user_account_id.clone(),
        agreement_type: new.agreement_type,
        date_signed: new.date_signed,
        date_expired: None,
        print_name: new.print_name.trim().to_owned(),
        recording_user: Some(m.by.clone()),
        signed_by_legal_guardian: new.signed_by_legal_guardian,
    };
    let after = recorded(&agreement)?;
    let mut tx = house.store.begin().await?;
    agreements::put(&mut tx, &agreement).await?;
    m.record(&mut tx, RECORDED, None, Some(after)).await?;
    tx.commit().await?;
    Ok(agreement)
}

/// Ends the managed account's agreement today (or keeps the earlier day it ended), with the
/// record of the change; absent when the account has no such agreement.
pub async fn expire_for(house: &House, m: &Managed, agreement_id: &str) -> Outcome<Agreement> {
    let mut tx = house.store.begin().await?;
    let today = Timestamp::now().date();
    let ended = agreements::expire(&mut tx, &m.account.user_account_id, agreement_id, &today)
        .await?
        .ok_or_else(|| {
            Failure::not_found(
                Why::of(
                    "absent-agreement",
                    format!("The account has no agreement '{agreement_id}'"),
                )
                .with("id", agreement_id),
            )
        })?;
    m.record(&mut tx, EXPIRED, None, Some(recorded(&ended)?))
        .await?;
    tx.commit().await?;
    Ok(ended)
}
