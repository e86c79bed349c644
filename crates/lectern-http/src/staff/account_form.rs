//! The account form of the staff's pages: every field document 3 lets a membership assistant
//! set (`AccountFields`), as typed and as the operations take them.

use lectern_domain::role::{Role, Roles};

use crate::conventions::params::Params;
use lectern_domain::account::Account;
use lectern_domain::account::fields::{AccountFields, AssignableRole, REQUIRED_ON_CREATE};

use crate::pages::forms::{Choice, FormErrors, field};

/// The plain text fields, in the form's order: (parameter, label, input type, hint).
pub const TEXT_FIELDS: [(&str, &str, &str, &str); 14] = [
    ("firstName", "First name", "text", ""),
    ("lastName", "Last name", "text", ""),
    (
        "emailAddress",
        "E-mail address",
        "email",
        "Also the user name the person signs in with.",
    ),
    ("phoneNumber", "Phone number (optional)", "tel", ""),
    ("address1", "Address line 1 (optional)", "text", ""),
    ("address2", "Address line 2 (optional)", "text", ""),
    ("city", "Town or city (optional)", "text", ""),
    ("state", "State, province or county (optional)", "text", ""),
    ("postalCode", "Postal code (optional)", "text", ""),
    (
        "country",
        "Country",
        "text",
        "Its two-letter code, such as US, GB or CA.",
    ),
    (
        "dateOfBirth",
        "Date of birth",
        "text",
        "As year, month and day: 1990-04-01. Needed for an individual member.",
    ),
    (
        "language",
        "Language (optional)",
        "text",
        "Its three-letter code, such as eng or spa.",
    ),
    (
        "guardianFirstName",
        "Guardian's first name (optional)",
        "text",
        "For a minor.",
    ),
    (
        "guardianLastName",
        "Guardian's last name (optional)",
        "text",
        "For a minor.",
    ),
];

const ROLES: [(&str, &str); 6] = [
    ("", "Keep the roles it has"),
    ("individual", "Individual member"),
    ("volunteer", "Volunteer"),
    ("trustedVolunteer", "Trusted volunteer"),
    ("collectionAssistant", "Collection assistant"),
    ("membershipAssistant", "Membership assistant"),
];

/// The form as shown: each text field's value by parameter, and the choices.
#[derive(Default)]
pub struct AccountForm {
    values: Vec<(&'static str, String)>,
    pub role: String,
    pub allow_adult_content: bool,
}

impl AccountForm {
    /// A new account's form: an individual member, nothing typed yet.
    pub fn blank() -> AccountForm {
        AccountForm {
            role: "individual".to_owned(),
            ..AccountForm::default()
        }
    }

    /// The account as it is.
    pub fn of(a: &Account) -> AccountForm {
        let text = |v: &Option<String>| v.clone().unwrap_or_default();
        let d = &a.details;
        let values = [
            a.first_name.clone(),
            a.last_name.clone(),
            text(&d.email_address.clone().or_else(|| a.user_name.clone())),
            text(&d.phone_number),
            text(&d.address1),
            text(&d.address2),
            text(&d.city),
            text(&d.state),
            text(&d.postal_code),
            text(&a.country),
            text(&a.date_of_birth),
            text(&d.language),
            text(&d.guardian_first_name),
            text(&d.guardian_last_name),
        ];
        AccountForm {
            values: TEXT_FIELDS.iter().map(|f| f.0).zip(values).collect(),
            role: String::new(),
            allow_adult_content: d.allow_adult_content,
        }
    }

    /// The form as it was posted.
    pub fn asked(form: &Params) -> AccountForm {
        AccountForm {
            values: TEXT_FIELDS
                .iter()
                .map(|f| (f.0, field(form, f.0)))
                .collect(),
            role: field(form, "role"),
            allow_adult_content: field(form, "allowAdultContent") == "true",
        }
    }

    pub fn value(&self, name: &str) -> &str {
        self.values
            .iter()
            .find(|(n, _)| *n == name)
            .map_or("", |(_, v)| v.as_str())
    }

    /// The role choices, the current one chosen; a new account offers no "keep".
    pub fn roles(&self, creating: bool) -> Vec<Choice> {
        ROLES
            .iter()
            .filter(|(value, _)| !(creating && value.is_empty()))
            .map(|&(value, label)| Choice {
                value,
                label: label.to_owned(),
                selected: value == self.role,
            })
            .collect()
    }
}

/// The form's fields, typed: an empty field is not sent (document 1: an empty parameter is
/// absent), so it keeps what the account has (`blanked`); the box is `false` when unticked (a
/// form sends nothing for it); a role the form never offers is an error beside its field.
pub fn account_fields(form: &Params) -> Result<AccountFields, FormErrors> {
    let text = |name: &str| Some(field(form, name)).filter(|v| !v.trim().is_empty());
    let role = text("role")
        .map(|r| r.parse::<AssignableRole>())
        .transpose()
        .map_err(|_| FormErrors::one("role", "is not one of the roles offered"))?;
    Ok(AccountFields {
        first_name: text("firstName"),
        last_name: text("lastName"),
        email_address: text("emailAddress"),
        country: text("country"),
        phone_number: text("phoneNumber"),
        address1: text("address1"),
        address2: text("address2"),
        city: text("city"),
        state: text("state"),
        postal_code: text("postalCode"),
        guardian_first_name: text("guardianFirstName"),
        guardian_last_name: text("guardianLastName"),
        date_of_birth: text("dateOfBirth"),
        language: text("language"),
        allow_adult_content: Some(field(form, "allowAdultContent") == "true"),
        role,
        site: None,
        password: text("password"),
        locked: None,
    })
}

/// The fields every account has that a change emptied: kept by the API, so the form says to
/// fill them in rather than answer "changed".
pub fn blanked(before: &AccountForm, form: &Params) -> FormErrors {
    let mut errors = FormErrors::default();
    for name in REQUIRED_ON_CREATE {
        if !before.value(name).is_empty() && field(form, name).trim().is_empty() {
            errors.fill_in(name);
        }
    }
    errors
}

/// An account's roles in words.
pub fn roles_in_words(roles: &Roles) -> String {
    let words: Vec<&str> = roles.iter().map(role_in_words).collect();
    if words.is_empty() {
        "None".to_owned()
    } else {
        words.join(", ")
    }
}

pub fn role_in_words(role: Role) -> &'static str {
    match role {
        Role::IndividualMember => "Individual member",
        Role::OrganizationMember => "Member of an organization",
        Role::OrganizationSponsor => "Sponsor of an organization",
        Role::CollectionAssistant => "Collection assistant",
        Role::MembershipAssistant => "Membership assistant",
        Role::Administrator => "Administrator",
        Role::Volunteer => "Volunteer",
        Role::TrustedVolunteer => "Trusted volunteer",
    }
}
