//! What every page of an account's records shares: the account (read through the assistant's
//! rules, so a page of records is refused whom the account's page is), the records'
//! navigation, and a form's answer.

use axum::response::Response;
use lectern_domain::account::Account;

use super::paths::account_page_path;

use crate::error::ApiResult;
use crate::pages::render::{see_other, with_query};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use lectern_operations::managed_accounts::{Managed, managed};

/// The account whose records a page shows.
pub struct Owner {
    pub name: String,
    /// Whether the page is one of the records, which leads back to the account's.
    pub back: bool,
    /// The account's page.
    pub href: String,
    pub nav: Vec<NavLink>,
}

pub struct NavLink {
    /// Its message key.
    pub label: &'static str,
    pub href: String,
    pub current: bool,
}

/// The kinds of records, each a page under the account's.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Records {
    Account,
    Agreements,
    Subscriptions,
    Proof,
    Preferences,
    Recommendations,
    Activity,
    Changes,
}

impl Records {
    const ALL: [(Records, &'static str, &'static str); 8] = [
        (Records::Account, "staff-records-account", ""),
        (
            Records::Agreements,
            "staff-records-agreements",
            "/agreements",
        ),
        (
            Records::Subscriptions,
            "staff-records-subscriptions",
            "/subscriptions",
        ),
        (Records::Proof, "staff-fact-proof", "/proof"),
        (
            Records::Preferences,
            "staff-records-preferences",
            "/preferences",
        ),
        (
            Records::Recommendations,
            "staff-records-recommendations",
            "/recommendations",
        ),
        (Records::Activity, "staff-records-activity", "/activity"),
        (Records::Changes, "staff-records-changes", "/changes"),
    ];

    pub fn path(self, site: &WebSite, id: &str) -> String {
        let tail = Records::ALL
            .iter()
            .find(|(r, ..)| *r == self)
            .map_or("", |(_, _, tail)| tail);
        format!("{}{tail}", account_page_path(site, id))
    }
}

impl Owner {
    pub fn of(site: &WebSite, visitor: &Visitor, a: &Account, here: Records) -> Owner {
        let changes = reads_changes(visitor);
        Owner {
            name: format!("{} {}", a.first_name, a.last_name)
                .trim()
                .to_owned(),
            href: account_page_path(site, &a.user_account_id),
            nav: Records::ALL
                .iter()
                .filter(|(r, ..)| *r != Records::Changes || changes)
                .map(|(r, label, _)| NavLink {
                    label,
                    href: r.path(site, &a.user_account_id),
                    current: *r == here,
                })
                .collect(),
            back: here != Records::Account,
        }
    }
}

/// The account named by a page's path, if the assistant may manage it.
pub async fn managed_account(
    state: &AppState,
    visitor: &Visitor,
    account: &str,
) -> ApiResult<Managed> {
    Ok(managed(state, &visitor.caller, account, "read accounts").await?)
}

/// After a form: back to the records' page, saying what was `done`.
pub fn done(site: &WebSite, visitor: &Visitor, id: &str, records: Records, what: &str) -> Response {
    see_other(
        &with_query(&records.path(site, id), &[("done", what)]),
        &visitor.set_cookies,
    )
}

/// Whether the visitor reads the record of changes (`managed_accounts::reads_changes`), so
/// that the records' navigation offers it to them alone.
pub fn reads_changes(visitor: &Visitor) -> bool {
    visitor
        .caller
        .user()
        .is_some_and(lectern_operations::managed_accounts::reads_changes)
}
