use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// The roles of document 1, named as the API names them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Role {
    IndividualMember,
    OrganizationMember,
    OrganizationSponsor,
    CollectionAssistant,
    MembershipAssistant,
    Administrator,
    Volunteer,
    TrustedVolunteer,
}

impl Role {
    pub const ALL: [Role; 8] = [
        Role::IndividualMember,
        Role::OrganizationMember,
        Role::OrganizationSponsor,
        Role::CollectionAssistant,
        Role::MembershipAssistant,
        Role::Administrator,
        Role::Volunteer,
        Role::TrustedVolunteer,
    ];

    pub fn as_str(self) -> &'static str {
        match self {
            Role::IndividualMember => "individualMember",
            Role::OrganizationMember => "organizationMember",
            Role::OrganizationSponsor => "organizationSponsor",
            Role::CollectionAssistant => "collectionAssistant",
            Role::MembershipAssistant => "membershipAssistant",
            Role::Administrator => "administrator",
            Role::Volunteer => "volunteer",
            Role::TrustedVolunteer => "trustedVolunteer",
        }
    }
}

impl fmt::Display for Role {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.as_str())
    }
}

#[derive(Debug, thiserror::Error)]
#[error(
    "unknown role '{0}'; expected one of individualMember, organizationMember, organizationSponsor, collectionAssistant, membershipAssistant, administrator, volunteer, trustedVolunteer"
)]
pub struct UnknownRole(pub String);

impl From<UnknownRole> for crate::invalid::Why {
    fn from(unknown: UnknownRole) -> Self {
        let english = unknown.to_string();
        crate::invalid::Why::of("why-unknown-role", english).with("value", unknown.0)
    }
}

impl FromStr for Role {
    type Err = UnknownRole;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        Role::ALL
            .into_iter()
            .find(|r| r.as_str() == s)
            .ok_or_else(|| UnknownRole(s.to_owned()))
    }
}

/// A user's set of roles, kept sorted and without repeats so that it stores and compares simply.
#[derive(Debug, Clone, Default, PartialEq, Eq, Serialize, Deserialize)]
#[serde(transparent)]
pub struct Roles(Vec<Role>);

impl Roles {
    pub fn new(roles: impl IntoIterator<Item = Role>) -> Self {
        let mut v: Vec<Role> = roles.into_iter().collect();
        v.sort();
        v.dedup();
        Roles(v)
    }

    pub fn contains(&self, role: Role) -> bool {
        self.0.contains(&role)
    }

    pub fn iter(&self) -> impl Iterator<Item = Role> + '_ {
        self.0.iter().copied()
    }

    /// The stored form: names joined by commas.
    pub fn to_stored(&self) -> String {
        self.0
            .iter()
            .map(|r| r.as_str())
            .collect::<Vec<_>>()
            .join(",")
    }

    pub fn from_stored(s: &str) -> Result<Self, UnknownRole> {
        let roles = s
            .split(',')
            .filter(|p| !p.is_empty())
            .map(Role::from_str)
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Roles::new(roles))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn roles_round_trip_through_their_stored_form() {
        let roles = Roles::new([
            Role::Administrator,
            Role::IndividualMember,
            Role::Administrator,
        ]);
        assert_eq!(roles.to_stored(), "individualMember,administrator");
        assert_eq!(Roles::from_stored(&roles.to_stored()).ok(), Some(roles));
    }

    #[test]
    fn unknown_role_names_the_value() {
        let err = "reader"
            .parse::<Role>()
            .err()
            .map(|e| e.to_string())
            .unwrap_or_default();
        assert!(err.contains("'reader'"), "{err}");
    }
}
