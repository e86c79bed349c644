use lectern_domain::account::Account;
use serde::Serialize;
use utoipa::ToSchema;

use crate::conventions::links::Link;

/// A person's name, as document 1 shapes it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Name {
    pub first_name: String,
    pub last_name: String,
    pub middle: Option<String>,
    pub prefix: Option<String>,
    pub suffix: Option<String>,
    pub links: Vec<Link>,
}

impl Name {
    pub fn of(first_name: String, last_name: String) -> Self {
        Name {
            first_name,
            last_name,
            middle: None,
            prefix: None,
            suffix: None,
            links: vec![],
        }
    }
}

impl From<&Account> for Name {
    fn from(a: &Account) -> Self {
        Name::of(a.first_name.clone(), a.last_name.clone())
    }
}
