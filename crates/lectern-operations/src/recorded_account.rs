//! An account as the record of changes keeps it, before and after an assistant's change:
//! document 3's names and shapes (its name and address as the API nests them), without the links
//! and rights a door shows it with, and without what is worked out from other records when it is
//! read (its standing, its organization's features), which the change did not touch.

use lectern_domain::account::Account;
use serde::Serialize;
use serde_json::Value;

use crate::failure::Outcome;
use crate::managed_accounts::shown;

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Recorded<'a> {
    user_account_id: &'a str,
    name: Name<'a>,
    email_address: Option<&'a str>,
    address: Address<'a>,
    guardian: Option<Name<'a>>,
    date_of_birth: Option<&'a str>,
    grade: Option<&'a str>,
    phone_number: Option<&'a str>,
    language: Option<&'a str>,
    site: &'a str,
    organization_id: Option<&'a str>,
    sponsor_title: Option<&'a str>,
    allow_adult_content: bool,
    locked: bool,
    roles: Vec<&'static str>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Name<'a> {
    first_name: &'a str,
    last_name: &'a str,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Address<'a> {
    address1: Option<&'a str>,
    address2: Option<&'a str>,
    city: Option<&'a str>,
    state: Option<&'a str>,
    postal_code: Option<&'a str>,
    country: Option<&'a str>,
}

/// The account as the record keeps it.
pub fn recorded(a: &Account) -> Outcome<Value> {
    let d = &a.details;
    let guardian = match (&d.guardian_first_name, &d.guardian_last_name) {
        (None, None) => None,
        (first, last) => Some(Name {
            first_name: first.as_deref().unwrap_or_default(),
            last_name: last.as_deref().unwrap_or_default(),
        }),
    };
    shown(&Recorded {
        user_account_id: &a.user_account_id,
        name: Name {
            first_name: &a.first_name,
            last_name: &a.last_name,
        },
        email_address: d.email_address.as_deref().or(a.user_name.as_deref()),
        address: Address {
            address1: d.address1.as_deref(),
            address2: d.address2.as_deref(),
            city: d.city.as_deref(),
            state: d.state.as_deref(),
            postal_code: d.postal_code.as_deref(),
            country: a.country.as_deref(),
        },
        guardian,
        date_of_birth: a.date_of_birth.as_deref(),
        grade: a.grade.as_deref(),
        phone_number: d.phone_number.as_deref(),
        language: d.language.as_deref(),
        site: &a.site_id,
        organization_id: a.organization_id.as_deref(),
        sponsor_title: d.sponsor_title.as_deref(),
        allow_adult_content: d.allow_adult_content,
        locked: a.locked,
        roles: a.roles.iter().map(|r| r.as_str()).collect(),
    })
}
