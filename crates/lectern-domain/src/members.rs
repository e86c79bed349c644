//! How membership assistants list an organization's members: which members, in what order.

use std::str::FromStr;

use crate::account::Account;
use crate::paging::Direction;
use crate::role::{Role, Roles};

crate::sort_order!(
    /// `sortOrder` of the member lists of documents 2 and 3.
    MemberSort (default LastName) {
        LastName = "lastName",
        FirstName = "firstName",
        Grade = "grade",
        BirthDate = "birthDate",
        District = "district",
        School = "school",
    }
);

impl MemberSort {
    /// The sort key of a member: the values it is ordered by, ending with its identifier so
    /// that every key is unique and a page can start strictly after one.
    pub fn key_of(self, a: &Account) -> Vec<String> {
        let names = [
            a.last_name.clone(),
            a.first_name.clone(),
            a.user_account_id.clone(),
        ];
        let first =
            |v: &Option<String>| [vec![v.clone().unwrap_or_default()], names.to_vec()].concat();
        match self {
            MemberSort::LastName => names.to_vec(),
            MemberSort::FirstName => vec![
                a.first_name.clone(),
                a.last_name.clone(),
                a.user_account_id.clone(),
            ],
            MemberSort::Grade => first(&a.grade),
            MemberSort::BirthDate => first(&a.date_of_birth),
            MemberSort::District => first(&a.details.district_sort),
            MemberSort::School => first(&a.details.school_sort),
        }
    }
}

/// `sponsorList`: which of the organization's accounts are listed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MemberKind {
    /// Every account of the organization with a member role.
    All,
    /// Individual members (personal subscribers) of the organization.
    Individual,
    /// Organization members proper.
    Organization,
    /// The members on the asking sponsor's quick list (sponsors' door only).
    QuickList,
}

impl FromStr for MemberKind {
    type Err = &'static str;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Ok(match s {
            "allMembers" => MemberKind::All,
            "individualMembers" => MemberKind::Individual,
            "orgMembers" => MemberKind::Organization,
            "myQuickList" => MemberKind::QuickList,
            _ => {
                return Err(
                    "must be one of allMembers, myQuickList, individualMembers, orgMembers",
                );
            }
        })
    }
}

impl MemberKind {
    /// The stored `member_kind` values this choice lists.
    pub fn stored_values(self) -> &'static [&'static str] {
        match self {
            MemberKind::All | MemberKind::QuickList => &["individual", "organization", "both"],
            MemberKind::Individual => &["individual", "both"],
            MemberKind::Organization => &["organization", "both"],
        }
    }

    /// The stored `member_kind` of an account with these roles; `None` when it is no member.
    pub fn stored_for(roles: &Roles) -> Option<&'static str> {
        match (
            roles.contains(Role::IndividualMember),
            roles.contains(Role::OrganizationMember),
        ) {
            (true, true) => Some("both"),
            (true, false) => Some("individual"),
            (false, true) => Some("organization"),
            (false, false) => None,
        }
    }
}

/// Which accounts of an organization a list holds.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Listing {
    /// Members, of a kind; a quick list is the one of this sponsor.
    Members {
        kind: MemberKind,
        quick_list_of: Option<String>,
    },
    /// The organization's sponsors.
    Sponsors,
}

/// What a membership assistant narrows an organization's member list to (document 3's `GET
/// /v2/organizations/{organizationId}/members`; the staff's organization page asks the same).
#[derive(Debug, Default, serde::Deserialize)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::IntoParams),
    into_params(parameter_in = Query, rename_all = "camelCase")
)]
#[serde(rename_all = "camelCase")]
pub struct MembersForm {
    /// Only members of this grade
    pub grade: Option<String>,
    /// allMembers (default), individualMembers, orgMembers
    #[cfg_attr(
        feature = "openapi",
        param(value_type = Option<String>, pattern = "^(allMembers|individualMembers|orgMembers)$")
    )]
    pub sponsor_list: Option<MemberKind>,
}

/// What a page of members is asked for.
#[derive(Debug, Clone)]
pub struct MemberQuery {
    pub organization_id: String,
    pub grade: Option<String>,
    pub listing: Listing,
    /// Only members whose roster tag names this district or school, in sort form (the title
    /// availabilities' `districtId` and `schoolId` name a tag whose names they take).
    pub district: Option<String>,
    pub school: Option<String>,
    pub sort: MemberSort,
    pub direction: Direction,
    /// The key of the last member of the previous page.
    pub after: Option<Vec<String>>,
    pub limit: u32,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_stored_member_kind_follows_the_roles_and_each_list_finds_it() {
        let kind = |roles: &[Role]| MemberKind::stored_for(&Roles::new(roles.iter().copied()));
        assert_eq!(kind(&[Role::IndividualMember]), Some("individual"));
        assert_eq!(kind(&[Role::OrganizationMember]), Some("organization"));
        assert_eq!(
            kind(&[Role::OrganizationMember, Role::IndividualMember]),
            Some("both")
        );
        assert_eq!(kind(&[Role::OrganizationSponsor]), None);
        for (list, roles) in [
            (MemberKind::Individual, vec![Role::IndividualMember]),
            (MemberKind::Organization, vec![Role::OrganizationMember]),
            (MemberKind::All, vec![Role::IndividualMember]),
            (MemberKind::All, vec![Role::OrganizationMember]),
        ] {
            let stored = kind(&roles).unwrap_or_default();
            assert!(
                list.stored_values().contains(&stored),
                "{list:?} misses {roles:?}"
            );
        }
        assert!(
            !MemberKind::Individual
                .stored_values()
                .contains(&"organization")
        );
    }
}

/// Parameters name a member list by its wire name.
macro_rules! deserialize_from_str {
    ($($t:ty),*) => {$(
        impl<'de> serde::Deserialize<'de> for $t {
            fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
                let raw = <std::borrow::Cow<'de, str> as serde::Deserialize>::deserialize(d)?;
                raw.parse().map_err(serde::de::Error::custom)
            }
        }
    )*};
}

deserialize_from_str!(MemberKind);
