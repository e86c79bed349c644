//! The rules' outcomes as failures, in one place: each rule of `lectern_domain` answers with an
//! enum, and this module is where an answer becomes a refusal or an absence, in words. A thing the caller may
//! not see is absent (404), never forbidden, so that its existence is not revealed.

use crate::absences;
use lectern_domain::access::{CollectionAccess, MembershipAccess};
use lectern_domain::account::membership::MembershipRefusal;
use lectern_domain::invalid::Why;
use lectern_domain::reading_lists::{ListRight, SubscriptionRefusal};

use crate::failure::{Failure, Outcome};

/// Membership management (document 3): `what` says what the caller tried ("read an account's
/// lists"); `absent` is the 404 of the thing on another site.
pub fn membership(
    access: MembershipAccess,
    what: &str,
    absent: impl FnOnce() -> Failure,
) -> Outcome<()> {
    match access {
        MembershipAccess::Allowed => Ok(()),
        MembershipAccess::ClientNotPrivileged => Err(Failure::refused(Why::of(
            "refused-membership-privileged",
            "Membership management is limited to client keys with membership privileges",
        ))),
        MembershipAccess::RoleLacking => Err(Failure::refused(
            Why::of(
                "refused-membership-role",
                format!("Only membership assistants and administrators may {what}"),
            )
            .with("what", what),
        )),
        MembershipAccess::OtherSite => Err(absent()),
        MembershipAccess::AdministratorAccount => Err(Failure::refused(Why::of(
            "refused-administrator-account",
            "Only administrators may manage an administrator's account",
        ))),
    }
}

/// A reading-list subscription; `absent` is the 404 of a list the caller may not read.
pub fn subscription(
    outcome: Result<(), SubscriptionRefusal>,
    absent: impl FnOnce() -> Failure,
) -> Outcome<()> {
    match outcome {
        Ok(()) => Ok(()),
        Err(SubscriptionRefusal::NotFound) => Err(absent()),
        Err(SubscriptionRefusal::OwnList) => Err(Failure::refused(Why::of(
            "refused-own-list-subscription",
            "You cannot subscribe to your own list",
        ))),
        Err(SubscriptionRefusal::PrivateList) => Err(Failure::refused(Why::of(
            "refused-private-list-subscription",
            "A private list cannot be subscribed to",
        ))),
    }
}

/// A reading list: absent to a caller with no right over it, refused to one who may read it but
/// was asked to change it.
pub fn list(right: ListRight, needed: ListRight, absent: impl FnOnce() -> Failure) -> Outcome<()> {
    if right == ListRight::None {
        Err(absent())
    } else if right < needed {
        Err(Failure::refused(Why::of(
            "refused-list-change",
            "Only the list's owner, or a sponsor or membership assistant with rights over them, may change this list",
        )))
    } else {
        Ok(())
    }
}

/// Collection management (document 3): `what` says what the caller tried; `absent` is the 404
/// of the thing on another site.
pub fn collection(
    access: CollectionAccess,
    what: &str,
    absent: impl FnOnce() -> Failure,
) -> Outcome<()> {
    match access {
        CollectionAccess::Allowed => Ok(()),
        CollectionAccess::RoleLacking => Err(Failure::refused(
            Why::of(
                "refused-collection-role",
                format!("Only collection assistants and administrators may {what}"),
            )
            .with("what", what),
        )),
        CollectionAccess::OtherSite => Err(absent()),
    }
}

/// An account joining or leaving an organization: the organization of another site is absent;
/// the rest conflict with what the account is (a member of staff, a primary contact).
pub fn organization_membership(refusal: &MembershipRefusal, organization_id: &str) -> Failure {
    match refusal {
        MembershipRefusal::OtherSite => absences::organization(organization_id),
        MembershipRefusal::NotAReader => Failure::conflict(Why::of(
            "conflict-staff-in-organization",
            "This account is staff's: only readers and sponsors belong to organizations; staff and volunteers do not",
        )),
        MembershipRefusal::PrimaryContact(name) => Failure::conflict(
            Why::of(
                "conflict-primary-contact",
                format!(
                    "This account is the primary contact of {name}; name another primary contact first"
                ),
            )
            .with("organization", name),
        ),
    }
}

/// A membership assistant creating an account on a site not theirs.
pub fn accounts_elsewhere() -> Failure {
    Failure::refused(Why::of(
        "refused-account-elsewhere",
        "Membership assistants create accounts on their own site",
    ))
}
