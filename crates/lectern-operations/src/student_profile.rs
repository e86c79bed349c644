//! A member's own school and grade (`/v2/myAccount/studentProfile`), which an organization
//! keeps for its members; and an organization member leaving it to become an individual member
//! (`/v2/myAccount/individualProfile`), with what an individual member needs that they may not
//! have had.

use lectern_domain::Timestamp;
use lectern_domain::account::fields::{AccountFields, Door, Prepared};
use lectern_domain::account::{Account, check_grade};
use lectern_domain::invalid::Invalid;
use lectern_domain::invalid::Why;
use lectern_domain::role::{Role, Roles};

use crate::account_writes::{Write, password_hash, save};
use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// The school and grade sent (each kept when not sent): the account as written.
pub async fn change_mine(
    house: &House,
    actor: &Actor,
    school_name: Option<String>,
    grade: Option<String>,
) -> Outcome<Account> {
    let me = own_profile(actor)?;
    if let Some(school) = &school_name
        && school.chars().count() > 200
    {
        return Err(Failure::invalid("schoolName", Why::at_most_chars(200)));
    }
    if let Some(grade) = &grade {
        check_grade(grade).map_err(|why| Failure::invalid("grade", why))?;
    }
    let school = school_name.or_else(|| me.details.school_name.clone());
    let grade = grade.or_else(|| me.grade.clone());
    write_profile(house, me, school, grade).await
}

/// The school and grade taken off the account: the account as written.
pub async fn remove_mine(house: &House, actor: &Actor) -> Outcome<Account> {
    let me = own_profile(actor)?;
    write_profile(house, me, None, None).await
}

/// The actor, if their school and grade are theirs to change.
fn own_profile(actor: &Actor) -> Outcome<&Account> {
    let me = actor.account()?;
    if me.has_role(Role::OrganizationMember) {
        return Err(Failure::refused(Why::of(
            "refused-school-kept-by-org",
            "Your organization keeps your school and grade; ask your sponsor to change them",
        )));
    }
    Ok(me)
}

async fn write_profile(
    house: &House,
    me: &Account,
    school: Option<String>,
    grade: Option<String>,
) -> Outcome<Account> {
    let mut account = me.clone();
    account.details.school_name = school;
    account.grade = grade;
    let prepared = Prepared {
        account,
        password: None,
        // The user name is not changed here.
        user_name_param: "userName",
    };
    let mut tx = house.store.begin().await?;
    save(&mut tx, &prepared, None, Write::Update).await?;
    tx.commit().await?;
    Ok(prepared.account)
}

/// What an individual member needs that an organization member may not have had: each is
/// required when the account has none.
#[derive(Debug, Default)]
pub struct IndividualFields {
    /// Becomes the user name.
    pub email_address: Option<String>,
    pub password: Option<String>,
    pub date_of_birth: Option<String>,
    pub country: Option<String>,
}

/// The organization member leaves their organization and is an individual member from now:
/// the account as written.
pub async fn become_individual(
    house: &House,
    actor: &Actor,
    sent: IndividualFields,
) -> Outcome<Account> {
    let me = actor.account()?;
    if !me.has_role(Role::OrganizationMember) {
        return Err(Failure::refused(Why::of(
            "refused-only-org-members-go-individual",
            "Only organization members become individual members",
        )));
    }
    let has_password =
        lectern_store::accounts::password_hash(house.store.reads(), &me.user_account_id)
            .await?
            .is_some();
    let missing: Vec<Invalid> = [
        (
            "emailAddress",
            me.user_name.is_none() && sent.email_address.is_none(),
        ),
        ("password", !has_password && sent.password.is_none()),
        (
            "dateOfBirth",
            me.date_of_birth.is_none() && sent.date_of_birth.is_none(),
        ),
        ("country", me.country.is_none() && sent.country.is_none()),
    ]
    .into_iter()
    .filter(|(_, needed)| *needed)
    .map(|(param, _)| Invalid::required_because(param, "is required for an individual member"))
    .collect();
    if !missing.is_empty() {
        return Err(Failure::Invalid(missing));
    }
    let mut prepared = AccountFields {
        email_address: sent.email_address,
        password: sent.password,
        date_of_birth: sent.date_of_birth,
        country: sent.country,
        ..AccountFields::default()
    }
    .apply(Door::Member, me, &Timestamp::now().date())
    .map_err(Failure::Invalid)?;
    let account = &mut prepared.account;
    account.roles = Roles::new(
        account
            .roles
            .iter()
            .filter(|r| *r != Role::OrganizationMember)
            .chain([Role::IndividualMember]),
    );
    account.organization_id = None;
    let hash = password_hash(&prepared).await?;
    let mut tx = house.store.begin().await?;
    save(&mut tx, &prepared, hash.as_deref(), Write::Update).await?;
    tx.commit().await?;
    Ok(prepared.account)
}
