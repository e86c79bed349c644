//! The account form of the staff's pages: every field document 3 lets a membership assistant
//! set (`AccountFields`), as typed and as the operations take them.

use lectern_domain::role::{Role, Roles};

use crate::conventions::params::Params;
use lectern_domain::account::Account;
use lectern_domain::account::fields::{AccountFields, AssignableRole, REQUIRED_ON_CREATE};

use crate::i18n::Lang;
use crate::pages::forms::{Choice, FormErrors, field};

/// The plain text fields, in the form's order: (parameter, label, input type, hint), the
/// label and the hint as message keys.
pub const TEXT_FIELDS: [(&str, &str, &str, &str); 14] = [
    ("firstName", "staff-account-first-name", "text", ""),
    ("lastName", "staff-account-last-name", "text", ""),
    (
        "emailAddress",
        "staff-account-email",
        "email",
        "staff-account-email-hint",
    ),
    ("phoneNumber", "staff-account-phone", "tel", ""),
    ("address1", "staff-account-address1", "text", ""),
    ("address2", "staff-account-address2", "text", ""),
    ("city", "staff-account-city", "text", ""),
    ("state", "staff-account-state", "text", ""),
    ("postalCode", "staff-account-postal-code", "text", ""),
    (
        "country",
        "staff-account-country",
        "text",
        "staff-account-country-hint",
    ),
    (
        "dateOfBirth",
        "staff-account-birth",
        "text",
        "staff-account-birth-hint",
    ),
    (
        "language",
        "staff-account-language",
        "text",
        "staff-account-language-hint",
    ),
    (
        "guardianFirstName",
        "staff-account-guardian-first-name",
        "text",
        "staff-account-guardian-hint",
    ),
    (
        "guardianLastName",
        "staff-account-guardian-last-name",
        "text",
        "staff-account-guardian-hint",
    ),
];

/// The roles the form offers, and their messages.
const ROLES: [(&str, &str); 6] = [
    ("", "staff-role-keep"),
    ("individual", "staff-role-individualMember"),
    ("volunteer", "staff-role-volunteer"),
    ("trustedVolunteer", "staff-role-trustedVolunteer"),
    ("collectionAssistant", "staff-role-collectionAssistant"),
    ("membershipAssistant", "staff-role-membershipAssistant"),
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

    /// The role choices in `lang`, the current one chosen; a new account offers no "keep".
    pub fn roles(&self, lang: Lang, creating: bool) -> Vec<Choice> {
        ROLES
            .iter()
            .filter(|(value, _)| !(creating && value.is_empty()))
            .map(|&(value, label)| Choice {
                value,
                label: lang.t(label),
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
        .map_err(|_| FormErrors::message("role", "staff-role-not-offered"))?;
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

/// An account's roles in words, in `lang`.
pub fn roles_in_words(lang: Lang, roles: &Roles) -> String {
    let words: Vec<String> = roles.iter().map(|r| lang.t(role_in_words(r))).collect();
    if words.is_empty() {
        lang.t("staff-none")
    } else {
        lang.and_list(&words)
    }
}

/// A role's message: `staff-role-` and the role as document 1 names it.
pub fn role_in_words(role: Role) -> &'static str {
    match role {
        Role::IndividualMember => "staff-role-individualMember",
        Role::OrganizationMember => "staff-role-organizationMember",
        Role::OrganizationSponsor => "staff-role-organizationSponsor",
        Role::CollectionAssistant => "staff-role-collectionAssistant",
        Role::MembershipAssistant => "staff-role-membershipAssistant",
        Role::Administrator => "staff-role-administrator",
        Role::Volunteer => "staff-role-volunteer",
        Role::TrustedVolunteer => "staff-role-trustedVolunteer",
    }
}
