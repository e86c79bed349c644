//! Reading lists: who may read, change and subscribe to a list. Rules only; the store keeps the
//! lists and the HTTP layer turns each answer into a status.

use crate::invalid::Why;
use serde::Deserialize;

use crate::Timestamp;
use crate::account::Account;
use crate::role::{Role, Roles};

crate::sort_order!(
    /// `sortOrder` of a listing of reading lists.
    ListSortOrder (default Name) {
        Name = "name",
        Owner = "owner",
        DateUpdated = "dateUpdated",
    }
);

crate::sort_order!(
    /// `sortOrder` of a list's titles.
    EntrySortOrder (default Title) {
        Title = "title",
        DateAddedToReadingList = "dateAddedToReadingList",
        Author = "author",
    }
);

crate::sort_order!(
    /// `sortOrder` of a search of reading lists (`GET /v2/lists`), which has no owner order.
    SearchedListSortOrder (default Name) {
        Name = "name",
        DateUpdated = "dateUpdated",
    }
);

impl From<SearchedListSortOrder> for ListSortOrder {
    fn from(order: SearchedListSortOrder) -> Self {
        match order {
            SearchedListSortOrder::Name => ListSortOrder::Name,
            SearchedListSortOrder::DateUpdated => ListSortOrder::DateUpdated,
        }
    }
}

string_enum!(
    /// Who a list is for: its owner only, everyone of its site, or its owner's organization.
    ListAccess {
        Private = "private",
        Shared = "shared",
        Org = "org",
    }
);

/// The form of a new list.
#[derive(Debug, Clone, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema), schema(as = NewListForm))]
#[serde(rename_all = "camelCase")]
pub struct NewReadingList {
    /// At most 200 characters
    pub name: String,
    /// private, shared or org
    #[cfg_attr(
        feature = "openapi",
        schema(value_type = String, pattern = "^(private|shared|org)$")
    )]
    pub access: ListAccess,
    /// At most 4000 characters
    pub description: Option<String>,
}

/// New details for a list; what is not sent stays as it is.
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(feature = "openapi", derive(utoipa::ToSchema))]
#[serde(rename_all = "camelCase")]
pub struct ListChanges {
    /// At most 200 characters
    pub name: Option<String>,
    /// At most 4000 characters
    pub description: Option<String>,
    /// private, shared or org
    #[cfg_attr(
        feature = "openapi",
        schema(value_type = Option<String>, pattern = "^(private|shared|org)$")
    )]
    pub access: Option<ListAccess>,
    /// Organization members to assign to the list (user names or userAccountIds; repeat for
    /// several): sponsors and membership assistants, for members they have rights over
    #[serde(default)]
    pub assign_member: Vec<String>,
    /// Members to take off the list
    #[serde(default)]
    pub unassign_member: Vec<String>,
}

/// A list with what its rules need of its owner.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadingList {
    pub reading_list_id: String,
    pub name: String,
    pub description: Option<String>,
    pub access: ListAccess,
    pub owner_id: String,
    pub owner_first_name: String,
    pub owner_last_name: String,
    pub owner_site: String,
    pub owner_roles: Roles,
    pub owner_organization: Option<String>,
    pub title_count: u64,
    pub subscriber_count: u64,
    pub member_count: u64,
    pub date_updated: Timestamp,
}

impl ReadingList {
    /// The owner's display name, given name first.
    pub fn owner_name(&self) -> String {
        format!("{} {}", self.owner_first_name, self.owner_last_name)
            .trim()
            .to_owned()
    }
}

/// What a caller may do with a list. Ordered: each right includes the ones before it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord)]
pub enum ListRight {
    /// The list is not there for this caller (404).
    None,
    /// They may read it and its titles.
    Read,
    /// They may change it: its details, titles and assigned members.
    Change,
}

/// Whether `caller` has rights over `member`'s account: an administrator over everyone; a
/// membership assistant over their site; a sponsor over the organization members of their own
/// organization.
pub fn manages_member(
    caller: &Account,
    member_site: &str,
    member_roles: &Roles,
    member_org: Option<&str>,
) -> bool {
    caller.has_role(Role::Administrator)
        || (caller.has_role(Role::MembershipAssistant) && caller.site_id == member_site)
        || (caller.has_role(Role::OrganizationSponsor)
            && member_roles.contains(Role::OrganizationMember)
            && caller.organization_id.is_some()
            && caller.organization_id.as_deref() == member_org)
}

/// The caller's right over a list. `assigned`: a sponsor or assistant assigned them to it.
pub fn list_right(caller: &Account, list: &ReadingList, assigned: bool) -> ListRight {
    let owns = caller.user_account_id == list.owner_id;
    if owns
        || manages_member(
            caller,
            &list.owner_site,
            &list.owner_roles,
            list.owner_organization.as_deref(),
        )
    {
        return ListRight::Change;
    }
    let readable = assigned
        || match list.access {
            ListAccess::Private => false,
            ListAccess::Shared => caller.site_id == list.owner_site,
            ListAccess::Org => {
                caller.organization_id.is_some()
                    && caller.organization_id == list.owner_organization
            }
        };
    if readable {
        ListRight::Read
    } else {
        ListRight::None
    }
}

/// Why a subscription is refused.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum SubscriptionRefusal {
    /// The list is not there for this caller.
    NotFound,
    OwnList,
    PrivateList,
}

/// Subscribing is for lists of others that they share with the caller.
pub fn may_subscribe(
    caller: &Account,
    list: &ReadingList,
    right: ListRight,
) -> Result<(), SubscriptionRefusal> {
    if right == ListRight::None {
        Err(SubscriptionRefusal::NotFound)
    } else if caller.user_account_id == list.owner_id {
        Err(SubscriptionRefusal::OwnList)
    } else if list.access == ListAccess::Private {
        Err(SubscriptionRefusal::PrivateList)
    } else {
        Ok(())
    }
}

/// A list's name: not blank, at most 200 characters.
pub fn check_name(name: &str) -> Result<(), Why> {
    let n = name.trim().chars().count();
    if n == 0 {
        Err(Why::not_blank())
    } else if n > 200 {
        Err(Why::at_most_chars(200))
    } else {
        Ok(())
    }
}

pub fn check_description(description: &str) -> Result<(), Why> {
    if description.chars().count() > 4_000 {
        Err(Why::at_most_chars(4_000))
    } else {
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::account::{ProofOfDisabilityStatus, SubscriptionStatus};

    fn account(id: &str, role: Role, site: &str, org: Option<&str>) -> Account {
        Account {
            user_account_id: id.into(),
            user_name: None,
            site_id: site.into(),
            roles: Roles::new([role]),
            first_name: "F".into(),
            last_name: "L".into(),
            date_of_birth: None,
            grade: None,
            country: None,
            organization_id: org.map(Into::into),
            has_agreement: true,
            subscription_status: SubscriptionStatus::Active,
            proof_of_disability_status: ProofOfDisabilityStatus::Active,
            locked: false,
            details: Default::default(),
        }
    }

    fn list(access: ListAccess, owner: &Account) -> ReadingList {
        ReadingList {
            reading_list_id: "l".into(),
            name: "N".into(),
            description: None,
            access,
            owner_id: owner.user_account_id.clone(),
            owner_first_name: "F".into(),
            owner_last_name: "L".into(),
            owner_site: owner.site_id.clone(),
            owner_roles: owner.roles.clone(),
            owner_organization: owner.organization_id.clone(),
            title_count: 0,
            subscriber_count: 0,
            member_count: 0,
            date_updated: Timestamp::from_unix(0),
        }
    }

    #[test]
    fn who_reads_and_changes_a_list() {
        let student = account("s", Role::OrganizationMember, "main", Some("school"));
        let classmate = account("c", Role::OrganizationMember, "main", Some("school"));
        let sponsor = account("t", Role::OrganizationSponsor, "main", Some("school"));
        let other_sponsor = account("o", Role::OrganizationSponsor, "main", Some("elsewhere"));
        let reader = account("r", Role::IndividualMember, "main", None);
        let far = account("f", Role::IndividualMember, "other", None);
        let assistant = account("a", Role::MembershipAssistant, "main", None);
        let far_assistant = account("b", Role::MembershipAssistant, "other", None);
        let admin = account("z", Role::Administrator, "other", None);
        for (access, caller, right) in [
            (ListAccess::Private, &student, ListRight::Change),
            (ListAccess::Private, &sponsor, ListRight::Change),
            (ListAccess::Private, &assistant, ListRight::Change),
            (ListAccess::Private, &admin, ListRight::Change),
            (ListAccess::Private, &classmate, ListRight::None),
            (ListAccess::Private, &other_sponsor, ListRight::None),
            (ListAccess::Private, &far_assistant, ListRight::None),
            (ListAccess::Org, &classmate, ListRight::Read),
            (ListAccess::Org, &reader, ListRight::None),
            (ListAccess::Shared, &reader, ListRight::Read),
            (ListAccess::Shared, &far, ListRight::None),
        ] {
            assert_eq!(
                list_right(caller, &list(access, &student), false),
                right,
                "{access} {}",
                caller.user_account_id
            );
        }
        // A sponsor's own list is theirs; another sponsor of the school cannot change it.
        let colleague = account("u", Role::OrganizationSponsor, "main", Some("school"));
        assert_eq!(
            list_right(&colleague, &list(ListAccess::Private, &sponsor), false),
            ListRight::None
        );
        // Assignment makes a private list readable, not changeable.
        assert_eq!(
            list_right(&classmate, &list(ListAccess::Private, &sponsor), true),
            ListRight::Read
        );
    }

    #[test]
    fn subscriptions_are_for_lists_of_others_that_are_shared() {
        let owner = account("s", Role::IndividualMember, "main", None);
        let reader = account("r", Role::IndividualMember, "main", None);
        let shared = list(ListAccess::Shared, &owner);
        assert_eq!(may_subscribe(&reader, &shared, ListRight::Read), Ok(()));
        assert_eq!(
            may_subscribe(&owner, &shared, ListRight::Change),
            Err(SubscriptionRefusal::OwnList)
        );
        let private = list(ListAccess::Private, &owner);
        assert_eq!(
            may_subscribe(&reader, &private, ListRight::Read),
            Err(SubscriptionRefusal::PrivateList)
        );
        assert_eq!(
            may_subscribe(&reader, &private, ListRight::None),
            Err(SubscriptionRefusal::NotFound)
        );
    }
}
