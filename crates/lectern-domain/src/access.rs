//! Who may do what. Each rule takes the caller and the thing acted on and answers with the
//! outcome the HTTP layer turns into a status, so that every handler asks the same question the
//! same way.

use crate::account::Account;
use crate::client::Client;
use crate::role::Role;

/// The answer to "may this caller manage the memberships of this site?"
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MembershipAccess {
    Allowed,
    /// Membership endpoints are reserved to a limited set of client keys (document 3).
    ClientNotPrivileged,
    /// The caller holds neither the membership assistant nor the administrator role.
    RoleLacking,
    /// A membership assistant of another site: the thing is not there for this caller.
    OtherSite,
    /// An administrator's account, which only administrators manage.
    AdministratorAccount,
}

/// Membership assistants manage their own site; administrators every site.
pub fn membership_management(client: &Client, caller: &Account, site_id: &str) -> MembershipAccess {
    if !client.privileged {
        MembershipAccess::ClientNotPrivileged
    } else if caller.has_role(Role::Administrator) {
        MembershipAccess::Allowed
    } else if !caller.has_role(Role::MembershipAssistant) {
        MembershipAccess::RoleLacking
    } else if caller.site_id != site_id {
        MembershipAccess::OtherSite
    } else {
        MembershipAccess::Allowed
    }
}

/// Membership assistants manage the accounts of their site but administrators' accounts, which
/// only administrators manage (an assistant cannot take over the account that oversees them).
pub fn account_management(client: &Client, caller: &Account, target: &Account) -> MembershipAccess {
    match membership_management(client, caller, &target.site_id) {
        MembershipAccess::Allowed if !oversees(caller, target.has_role(Role::Administrator)) => {
            MembershipAccess::AdministratorAccount
        }
        other => other,
    }
}

/// Whether `caller`, who may manage a site's accounts, may manage one that is (or is not) an
/// administrator's: only administrators manage administrators.
pub fn oversees(caller: &Account, target_is_administrator: bool) -> bool {
    !target_is_administrator || caller.has_role(Role::Administrator)
}

/// Who manages an organization member's assigned titles: the sponsors of the member's
/// organization; membership assistants of its site and administrators, on client keys with
/// membership privileges. Only organization members have assignments; anyone else's, and a
/// member of another organization to a sponsor, are not there (`OtherSite`).
pub fn assignment_management(
    client: &Client,
    caller: &Account,
    member: &Account,
) -> MembershipAccess {
    if !member.has_role(Role::OrganizationMember) {
        return MembershipAccess::OtherSite;
    }
    let sponsor = caller.has_role(Role::OrganizationSponsor);
    if sponsor
        && caller.organization_id.is_some()
        && caller.organization_id == member.organization_id
    {
        return MembershipAccess::Allowed;
    }
    let assistant =
        caller.has_role(Role::MembershipAssistant) || caller.has_role(Role::Administrator);
    if sponsor && !assistant {
        return MembershipAccess::OtherSite;
    }
    membership_management(client, caller, &member.site_id)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::{ProofOfDisabilityStatus, SubscriptionStatus};
    use crate::role::Roles;

    fn account(role: Role, site: &str) -> Account {
        Account {
            user_account_id: "u".into(),
            user_name: Some("u@example.org".into()),
            site_id: site.into(),
            roles: Roles::new([role]),
            first_name: "U".into(),
            last_name: "U".into(),
            date_of_birth: None,
            grade: None,
            country: None,
            organization_id: None,
            has_agreement: false,
            subscription_status: SubscriptionStatus::Missing,
            proof_of_disability_status: ProofOfDisabilityStatus::Missing,
            locked: false,
            details: Default::default(),
        }
    }

    fn client(privileged: bool) -> Client {
        Client {
            api_key: "k".into(),
            name: "k".into(),
            site_id: "a".into(),
            redirect_uris: vec![],
            trusted: true,
            privileged,
            disabled: false,
            secret_hash: None,
            rate_limit_per_minute: None,
            first_party: None,
        }
    }

    #[test]
    fn only_administrators_manage_administrators() {
        let admin = account(Role::Administrator, "a");
        let assistant = account(Role::MembershipAssistant, "a");
        assert_eq!(
            account_management(&client(true), &assistant, &admin),
            MembershipAccess::AdministratorAccount
        );
        assert_eq!(
            account_management(&client(true), &admin, &admin),
            MembershipAccess::Allowed
        );
        assert_eq!(
            account_management(
                &client(true),
                &assistant,
                &account(Role::IndividualMember, "a")
            ),
            MembershipAccess::Allowed
        );
    }

    #[test]
    fn membership_management_by_role_site_and_client() {
        use MembershipAccess::*;
        assert_eq!(
            membership_management(&client(true), &account(Role::MembershipAssistant, "a"), "a"),
            Allowed
        );
        assert_eq!(
            membership_management(&client(true), &account(Role::MembershipAssistant, "a"), "b"),
            OtherSite
        );
        assert_eq!(
            membership_management(&client(true), &account(Role::Administrator, "a"), "b"),
            Allowed
        );
        assert_eq!(
            membership_management(&client(false), &account(Role::Administrator, "a"), "a"),
            ClientNotPrivileged
        );
        for role in [
            Role::IndividualMember,
            Role::OrganizationSponsor,
            Role::CollectionAssistant,
            Role::Volunteer,
        ] {
            assert_eq!(
                membership_management(&client(true), &account(role, "a"), "a"),
                RoleLacking
            );
        }
    }

    #[test]
    fn assignments_by_sponsors_of_the_organization_and_assistants_of_the_site() {
        use MembershipAccess::*;
        let in_org = |role: Role, org: &str| Account {
            organization_id: Some(org.into()),
            ..account(role, "a")
        };
        let pupil = in_org(Role::OrganizationMember, "school");
        let unprivileged = client(false);
        assert_eq!(
            assignment_management(
                &unprivileged,
                &in_org(Role::OrganizationSponsor, "school"),
                &pupil
            ),
            Allowed
        );
        assert_eq!(
            assignment_management(
                &client(true),
                &in_org(Role::OrganizationSponsor, "other"),
                &pupil
            ),
            OtherSite
        );
        assert_eq!(
            assignment_management(
                &client(true),
                &account(Role::MembershipAssistant, "a"),
                &pupil
            ),
            Allowed
        );
        assert_eq!(
            assignment_management(
                &unprivileged,
                &account(Role::MembershipAssistant, "a"),
                &pupil
            ),
            ClientNotPrivileged
        );
        assert_eq!(
            assignment_management(
                &client(true),
                &account(Role::MembershipAssistant, "b"),
                &pupil
            ),
            OtherSite
        );
        let reader = account(Role::IndividualMember, "a");
        assert_eq!(
            assignment_management(&client(true), &account(Role::Administrator, "a"), &reader),
            OtherSite,
            "only organization members have assignments"
        );
    }
}

/// The answer to "may this caller manage this part of the collection?"
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum CollectionAccess {
    Allowed,
    /// Neither a collection assistant nor an administrator.
    RoleLacking,
    /// A collection assistant of another site: the thing is not there for this caller.
    OtherSite,
}

/// Collection assistants manage their own site's titles and periodicals; administrators every
/// site's. `site_id`: the site of the thing acted on, `None` for the catalog as a whole.
pub fn collection_management(caller: &Account, site_id: Option<&str>) -> CollectionAccess {
    if caller.has_role(Role::Administrator) {
        CollectionAccess::Allowed
    } else if !caller.has_role(Role::CollectionAssistant) {
        CollectionAccess::RoleLacking
    } else if site_id.is_some_and(|s| s != caller.site_id) {
        CollectionAccess::OtherSite
    } else {
        CollectionAccess::Allowed
    }
}
