//! An account joining, moving between or leaving the organizations of its site, as membership
//! assistants do it: who may, and the roles the account has after.

use super::Account;
use crate::organization::Organization;
use crate::role::{Role, Roles};

crate::string_enum!(
    /// What an account is in the organization it joins.
    OrganizationRole { Member = "member", Sponsor = "sponsor" }
);

/// Why an account may not join or leave.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum MembershipRefusal {
    /// Staff and volunteers read through no organization.
    NotAReader,
    /// Another site's organization.
    OtherSite,
    /// The organization's primary contact, who speaks for it until another is named.
    PrimaryContact(String),
}

/// The roles an organization gives; the rest of an account's roles are its own.
const ORGANIZATION_ROLES: [Role; 2] = [Role::OrganizationMember, Role::OrganizationSponsor];
/// The roles of accounts that may belong to an organization.
const READER_ROLES: [Role; 3] = [
    Role::IndividualMember,
    Role::OrganizationMember,
    Role::OrganizationSponsor,
];

fn reads(a: &Account) -> bool {
    a.roles.iter().all(|r| READER_ROLES.contains(&r))
}

/// Whether the account speaks for the organization it is in.
fn primary_contact_of<'o>(
    a: &Account,
    current: Option<&'o Organization>,
) -> Option<&'o Organization> {
    current.filter(|o| o.primary_contact_id.as_deref() == Some(a.user_account_id.as_str()))
}

/// `a` in `to` as `role`, leaving the organization it was in (`current`).
pub fn join(
    a: &Account,
    current: Option<&Organization>,
    to: &Organization,
    role: OrganizationRole,
) -> Result<Account, MembershipRefusal> {
    if !reads(a) {
        return Err(MembershipRefusal::NotAReader);
    }
    if to.site_id != a.site_id {
        return Err(MembershipRefusal::OtherSite);
    }
    if let Some(o) = primary_contact_of(a, current)
        && (o.organization_id != to.organization_id || role != OrganizationRole::Sponsor)
    {
        return Err(MembershipRefusal::PrimaryContact(
            o.organization_name.clone(),
        ));
    }
    let given = match role {
        OrganizationRole::Member => Role::OrganizationMember,
        OrganizationRole::Sponsor => Role::OrganizationSponsor,
    };
    let mut next = a.clone();
    next.roles = Roles::new(
        a.roles
            .iter()
            .filter(|r| !ORGANIZATION_ROLES.contains(r))
            .chain([given]),
    );
    next.organization_id = Some(to.organization_id.clone());
    Ok(next)
}

/// `a` out of its organization (`current`): its own membership, if it had one, stays; an
/// account that read only through the organization becomes an individual member, who needs a
/// subscription of their own to download.
pub fn leave(a: &Account, current: Option<&Organization>) -> Result<Account, MembershipRefusal> {
    if !reads(a) {
        return Err(MembershipRefusal::NotAReader);
    }
    if let Some(o) = primary_contact_of(a, current) {
        return Err(MembershipRefusal::PrimaryContact(
            o.organization_name.clone(),
        ));
    }
    let mut next = a.clone();
    next.roles = Roles::new(
        a.roles
            .iter()
            .filter(|r| !ORGANIZATION_ROLES.contains(r))
            .chain([Role::IndividualMember]),
    );
    next.organization_id = None;
    Ok(next)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn org(id: &str, site: &str, contact: Option<&str>) -> Organization {
        Organization {
            organization_id: id.into(),
            organization_name: format!("{id} school"),
            site_id: site.into(),
            primary_contact_id: contact.map(Into::into),
            ..Organization::default()
        }
    }

    fn pupil() -> Account {
        Account {
            user_account_id: "u".into(),
            user_name: None,
            site_id: "main".into(),
            roles: Roles::new([Role::OrganizationMember]),
            first_name: "P".into(),
            last_name: "P".into(),
            date_of_birth: None,
            grade: None,
            country: None,
            organization_id: Some("a".into()),
            has_agreement: false,
            subscription_status: crate::account::SubscriptionStatus::Missing,
            proof_of_disability_status: crate::account::ProofOfDisabilityStatus::Missing,
            locked: false,
            details: Default::default(),
        }
    }

    #[test]
    fn a_pupil_moves_becomes_a_sponsor_and_leaves() {
        let a = org("a", "main", Some("t"));
        let b = org("b", "main", None);
        let moved = join(&pupil(), Some(&a), &b, OrganizationRole::Member).unwrap();
        assert_eq!(moved.organization_id.as_deref(), Some("b"));
        assert_eq!(moved.roles, Roles::new([Role::OrganizationMember]));
        let sponsor = join(&moved, Some(&b), &b, OrganizationRole::Sponsor).unwrap();
        assert_eq!(sponsor.roles, Roles::new([Role::OrganizationSponsor]));
        let gone = leave(&sponsor, Some(&b)).unwrap();
        assert_eq!(gone.organization_id, None);
        assert_eq!(gone.roles, Roles::new([Role::IndividualMember]));
    }

    #[test]
    fn staff_other_sites_and_the_primary_contact_are_refused() {
        let a = org("a", "main", Some("u"));
        let far = org("f", "other", None);
        let mut staff = pupil();
        staff.roles = Roles::new([Role::CollectionAssistant]);
        let b = org("b", "main", None);
        assert_eq!(
            join(&staff, None, &b, OrganizationRole::Member),
            Err(MembershipRefusal::NotAReader)
        );
        assert_eq!(
            join(&pupil(), Some(&a), &far, OrganizationRole::Member),
            Err(MembershipRefusal::OtherSite)
        );
        assert!(matches!(
            leave(&pupil(), Some(&a)),
            Err(MembershipRefusal::PrimaryContact(_))
        ));
        assert!(
            join(&pupil(), Some(&a), &a, OrganizationRole::Sponsor).is_ok(),
            "stays, as a sponsor"
        );
    }
}
