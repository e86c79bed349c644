//! The fields of an account that the two doors set, and the rules both apply: what each field
//! must look like, what a new account must have, and who may set roles and sites.

use crate::account::{
    Account, AccountDetails, ProofOfDisabilityStatus, SubscriptionStatus, check_country,
    check_date, check_email, check_language, check_user_name,
};
use crate::invalid::{Invalid, Problems, Why};
use crate::password::NewPassword;
use crate::role::{Role, Roles};

string_enum!(
    /// The roles an account is given when it is created or changed (document 3's `role`).
    AssignableRole {
        Individual = "individual",
        Volunteer = "volunteer",
        TrustedVolunteer = "trustedVolunteer",
        CollectionAssistant = "collectionAssistant",
        MembershipAssistant = "membershipAssistant",
    }
);

impl AssignableRole {
    pub fn role(self) -> Role {
        match self {
            AssignableRole::Individual => Role::IndividualMember,
            AssignableRole::Volunteer => Role::Volunteer,
            AssignableRole::TrustedVolunteer => Role::TrustedVolunteer,
            AssignableRole::CollectionAssistant => Role::CollectionAssistant,
            AssignableRole::MembershipAssistant => Role::MembershipAssistant,
        }
    }
}

/// What every new account must be given, in the order `create` checks it.
pub const REQUIRED_ON_CREATE: [&str; 4] = ["firstName", "lastName", "emailAddress", "country"];

/// The longest text each account field takes, in characters (the OpenAPI document states them
/// from here).
pub const TEXT_LIMITS: [(&str, usize); 10] = [
    ("firstName", 100),
    ("lastName", 100),
    ("phoneNumber", 40),
    ("address1", 200),
    ("address2", 200),
    ("city", 100),
    ("state", 100),
    ("postalCode", 20),
    ("guardianFirstName", 100),
    ("guardianLastName", 100),
];

/// Which door a change comes through, which decides what it may set.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Door {
    /// The member, on their own account: never roles or sites.
    Member,
    /// A membership assistant, on accounts of their site.
    MembershipAssistant,
    /// An administrator, on any account; only they set `site`.
    Administrator,
}

/// What a create or update sent; `None` is "not sent".
#[derive(Debug, Clone, Default)]
pub struct AccountFields {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub email_address: Option<String>,
    pub country: Option<String>,
    pub phone_number: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub guardian_first_name: Option<String>,
    pub guardian_last_name: Option<String>,
    pub date_of_birth: Option<String>,
    pub language: Option<String>,
    pub allow_adult_content: Option<bool>,
    pub role: Option<AssignableRole>,
    pub site: Option<String>,
    pub password: Option<String>,
    /// A locked account cannot sign in; only its managers lock and unlock it.
    pub locked: Option<bool>,
}

/// An account ready to be stored, with the password to hash if one was given.
#[derive(Debug)]
pub struct Prepared {
    pub account: Account,
    pub password: Option<NewPassword>,
    /// The parameter this door takes the user name in (`emailAddress`, or a member's
    /// `username`): the one a 409 for a user name taken names.
    pub user_name_param: &'static str,
}

impl AccountFields {
    /// A new account on `default_site` (the caller's). Required: names, e-mail address (also
    /// the user name) and country, and a birth date for individual members.
    pub fn create(
        self,
        door: Door,
        user_account_id: String,
        default_site: &str,
        today: &str,
    ) -> Result<Prepared, Vec<Invalid>> {
        let mut p = Problems::new();
        self.check_forms(door, today, &mut p);
        let role = self.role.unwrap_or(AssignableRole::Individual);
        let values = [
            &self.first_name,
            &self.last_name,
            &self.email_address,
            &self.country,
        ];
        for (param, value) in REQUIRED_ON_CREATE.into_iter().zip(values) {
            if value.is_none() {
                p.add_required(param, Why::required());
            }
        }
        if role == AssignableRole::Individual && self.date_of_birth.is_none() {
            p.add_required(
                "dateOfBirth",
                Why::of(
                    "why-birth-date-required",
                    "is required for individual members",
                ),
            );
        }
        let password = self.new_password(&mut p);
        let adult = self
            .date_of_birth
            .as_deref()
            .is_some_and(|d| is_adult(d, today));
        let mut account = Account {
            user_account_id,
            user_name: self.email_address.clone(),
            site_id: self.site.clone().unwrap_or_else(|| default_site.to_owned()),
            roles: Roles::new([role.role()]),
            first_name: self.first_name.clone().unwrap_or_default(),
            last_name: self.last_name.clone().unwrap_or_default(),
            date_of_birth: self.date_of_birth.clone(),
            grade: None,
            country: self.country.clone(),
            organization_id: None,
            has_agreement: false,
            subscription_status: SubscriptionStatus::Missing,
            proof_of_disability_status: ProofOfDisabilityStatus::Missing,
            locked: self.locked.unwrap_or(false),
            details: AccountDetails {
                allow_adult_content: self.allow_adult_content.unwrap_or(adult),
                ..AccountDetails::default()
            },
        };
        self.copy_details(&mut account.details);
        p.done(Prepared {
            account,
            password,
            user_name_param: "emailAddress",
        })
    }

    /// `account` as changed by the fields sent. The e-mail address is also the user name.
    pub fn apply(
        self,
        door: Door,
        account: &Account,
        today: &str,
    ) -> Result<Prepared, Vec<Invalid>> {
        let mut p = Problems::new();
        self.check_forms(door, today, &mut p);
        let password = self.new_password(&mut p);
        let mut next = account.clone();
        if let Some(v) = &self.first_name {
            next.first_name = v.clone();
        }
        if let Some(v) = &self.last_name {
            next.last_name = v.clone();
        }
        if let Some(v) = &self.email_address {
            next.user_name = Some(v.clone());
        }
        if let Some(v) = &self.country {
            next.country = Some(v.clone());
        }
        if let Some(v) = &self.date_of_birth {
            next.date_of_birth = Some(v.clone());
        }
        if let Some(v) = &self.site {
            next.site_id = v.clone();
        }
        if let Some(role) = self.role {
            // The role sent replaces the assignable roles; organization roles and the
            // administrator role are not this field's to change.
            let kept = account
                .roles
                .iter()
                .filter(|r| !AssignableRole::ALL.iter().any(|a| a.role() == *r));
            next.roles = Roles::new(kept.chain([role.role()]));
        }
        if let Some(v) = self.allow_adult_content {
            next.details.allow_adult_content = v;
        }
        if let Some(v) = self.locked {
            next.locked = v;
        }
        self.copy_details(&mut next.details);
        p.done(Prepared {
            account: next,
            password,
            user_name_param: "emailAddress",
        })
    }

    fn copy_details(&self, d: &mut AccountDetails) {
        let pairs = [
            (&self.email_address, &mut d.email_address),
            (&self.phone_number, &mut d.phone_number),
            (&self.address1, &mut d.address1),
            (&self.address2, &mut d.address2),
            (&self.city, &mut d.city),
            (&self.state, &mut d.state),
            (&self.postal_code, &mut d.postal_code),
            (&self.guardian_first_name, &mut d.guardian_first_name),
            (&self.guardian_last_name, &mut d.guardian_last_name),
            (&self.language, &mut d.language),
        ];
        for (sent, stored) in pairs {
            if let Some(v) = sent {
                *stored = Some(v.clone());
            }
        }
    }

    fn new_password(&self, p: &mut Problems) -> Option<NewPassword> {
        let raw = self.password.as_deref()?;
        match NewPassword::parse(raw) {
            Ok(pw) => Some(pw),
            Err(e) => {
                p.add("password", e);
                None
            }
        }
    }

    /// The fields [`TEXT_LIMITS`] bounds, in its order.
    fn texts(&self) -> [&Option<String>; 10] {
        [
            &self.first_name,
            &self.last_name,
            &self.phone_number,
            &self.address1,
            &self.address2,
            &self.city,
            &self.state,
            &self.postal_code,
            &self.guardian_first_name,
            &self.guardian_last_name,
        ]
    }

    fn check_forms(&self, door: Door, today: &str, p: &mut Problems) {
        for (param, value) in [
            ("firstName", &self.first_name),
            ("lastName", &self.last_name),
        ] {
            if value.as_deref().is_some_and(|v| v.trim().is_empty()) {
                p.add(param, Why::not_blank());
            }
        }
        for ((param, max), value) in TEXT_LIMITS.into_iter().zip(self.texts()) {
            if let Some(v) = value
                && v.chars().count() > max
            {
                p.add(param, Why::at_most_chars(max));
            }
        }
        if let Some(v) = &self.email_address {
            p.check("emailAddress", check_email(v));
            p.check("emailAddress", check_user_name(v));
        }
        if let Some(v) = &self.country {
            p.check("country", check_country(v));
        }
        if let Some(v) = &self.language {
            p.check("language", check_language(v));
        }
        if let Some(v) = &self.date_of_birth {
            match check_date(v) {
                Err(why) => p.add("dateOfBirth", why),
                Ok(()) if v.as_str() > today => p.add("dateOfBirth", Why::in_future()),
                Ok(()) => {}
            }
        }
        match door {
            Door::Member => {
                if self.role.is_some() {
                    p.add(
                        "role",
                        Why::of("why-own-role", "members cannot change their own role"),
                    );
                }
                if self.site.is_some() {
                    p.add(
                        "site",
                        Why::of("why-own-site", "members cannot move their own account"),
                    );
                }
                if self.locked.is_some() {
                    p.add(
                        "locked",
                        Why::of(
                            "why-own-lock",
                            "members cannot lock or unlock their own account",
                        ),
                    );
                }
            }
            Door::MembershipAssistant => {
                if self.site.is_some() {
                    p.add("site", Why::administrators_set_site());
                }
            }
            Door::Administrator => {}
        }
    }
}

/// Eighteen or older on `today`, by a birth date `YYYY-MM-DD` (compared as text, which orders
/// dates correctly).
pub fn is_adult(date_of_birth: &str, today: &str) -> bool {
    let Some((year, rest)) = today.split_once('-') else {
        return false;
    };
    let Ok(year) = year.parse::<i32>() else {
        return false;
    };
    format!("{:04}-{rest}", year - 18).as_str() >= date_of_birth
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ann() -> AccountFields {
        AccountFields {
            first_name: Some("Ann".into()),
            last_name: Some("Reader".into()),
            email_address: Some("ann@example.org".into()),
            country: Some("US".into()),
            date_of_birth: Some("1990-04-01".into()),
            ..Default::default()
        }
    }

    #[test]
    fn a_new_account_needs_names_address_country_and_a_birth_date() {
        let missing = AccountFields::default()
            .create(Door::MembershipAssistant, "u".into(), "a", "2026-11-22")
            .unwrap_err();
        let params: Vec<_> = missing.iter().map(|i| i.param).collect();
        assert_eq!(
            params,
            [
                "firstName",
                "lastName",
                "emailAddress",
                "country",
                "dateOfBirth"
            ]
        );
        let volunteer = AccountFields {
            date_of_birth: None,
            role: Some(AssignableRole::Volunteer),
            ..ann()
        };
        assert!(
            volunteer
                .create(Door::MembershipAssistant, "u".into(), "a", "2026-11-22")
                .is_ok()
        );
    }

    #[test]
    fn adult_content_defaults_by_age_and_the_user_name_is_the_address() {
        let made = ann()
            .create(Door::Member, "u".into(), "a", "2026-11-22")
            .unwrap();
        assert!(made.account.details.allow_adult_content);
        assert_eq!(made.account.user_name.as_deref(), Some("ann@example.org"));
        let child = AccountFields {
            date_of_birth: Some("2015-01-01".into()),
            ..ann()
        };
        let made = child
            .create(Door::Member, "u".into(), "a", "2026-11-22")
            .unwrap();
        assert!(!made.account.details.allow_adult_content);
    }

    #[test]
    fn only_administrators_set_sites_and_members_no_roles() {
        let moved = AccountFields {
            site: Some("b".into()),
            ..ann()
        };
        let refused = moved
            .clone()
            .create(Door::MembershipAssistant, "u".into(), "a", "2026-11-22")
            .unwrap_err();
        assert_eq!(refused[0].param, "site");
        let made = moved
            .create(Door::Administrator, "u".into(), "a", "2026-11-22")
            .unwrap();
        assert_eq!(made.account.site_id, "b");
        let promoted = AccountFields {
            role: Some(AssignableRole::MembershipAssistant),
            ..Default::default()
        };
        let existing = ann()
            .create(Door::Member, "u".into(), "a", "2026-11-22")
            .unwrap()
            .account;
        assert_eq!(
            promoted
                .apply(Door::Member, &existing, "2026-11-22")
                .unwrap_err()[0]
                .param,
            "role"
        );
    }

    #[test]
    fn a_role_sent_replaces_the_assignable_roles_only() {
        let mut existing = ann()
            .create(Door::Member, "u".into(), "a", "2026-11-22")
            .unwrap()
            .account;
        existing.roles = Roles::new([Role::IndividualMember, Role::OrganizationSponsor]);
        let changed = AccountFields {
            role: Some(AssignableRole::Volunteer),
            ..Default::default()
        }
        .apply(Door::MembershipAssistant, &existing, "2026-11-22")
        .unwrap();
        assert_eq!(
            changed.account.roles,
            Roles::new([Role::Volunteer, Role::OrganizationSponsor])
        );
    }

    #[test]
    fn forms_are_checked_and_weak_passwords_refused() {
        let bad = AccountFields {
            email_address: Some("not an address".into()),
            country: Some("usa".into()),
            date_of_birth: Some("2030-01-01".into()),
            password: Some("short".into()),
            ..ann()
        }
        .create(Door::Member, "u".into(), "a", "2026-11-22")
        .unwrap_err();
        let params: Vec<_> = bad.iter().map(|i| i.param).collect();
        assert!(params.contains(&"emailAddress"));
        assert!(params.contains(&"country"));
        assert!(params.contains(&"dateOfBirth"));
        assert!(params.contains(&"password"));
    }

    #[test]
    fn adulthood_is_reached_on_the_eighteenth_birthday() {
        assert!(is_adult("2008-11-22", "2026-11-22"));
        assert!(!is_adult("2008-11-23", "2026-11-22"));
    }
}
