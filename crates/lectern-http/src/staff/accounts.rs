//! Finding an account: words from a name or user name, an organization, a role, an order; a
//! page of accounts at a time, as `GET /v2/accounts` finds them.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use lectern_domain::access::oversees;
use lectern_domain::role::Role;

use lectern_domain::account::Account;
use lectern_domain::account::search::AccountSort;
use lectern_operations::managed_accounts::{self, AccountsWanted};
use lectern_store::keyset::KeyedOrder;

use super::account_form::{role_in_words, roles_in_words};
use super::home::Staff;
use super::paths::account_page_path;
use crate::conventions::paging::ListParams;
use crate::error::ApiResult;
use crate::i18n::Lang;
use crate::pages::forms::{self, Choice, choices_in};
use crate::pages::render::{Chrome, Section, page, with_query};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;

#[derive(Template)]
#[template(path = "web/staff/accounts.html")]
struct AccountsPage<'a> {
    chrome: &'a Chrome,
    action: String,
    keyword: String,
    organization: String,
    roles: Vec<Choice>,
    orders: Vec<Choice>,
    count: String,
    accounts: Vec<AccountRow>,
    next: Option<String>,
    first: Option<String>,
    new_account: String,
}

struct AccountRow {
    name: String,
    href: Option<String>,
    /// Their e-mail address or user name, the records' own; `None`, they have none.
    user_name: Option<String>,
    about: String,
}

const ORDERS: &[(&str, &str)] = &[
    ("lastName", "members-order-last-name"),
    ("firstName", "members-order-first-name"),
];

/// The role filter's choices: any, then each role.
fn role_choices(lang: Lang, chosen: &str) -> Vec<Choice> {
    let mut all = vec![Choice {
        value: "",
        label: lang.t("staff-role-any"),
        selected: chosen.is_empty(),
    }];
    all.extend(Role::ALL.iter().map(|r| Choice {
        value: r.as_str(),
        label: lang.t(role_in_words(*r)),
        selected: r.as_str() == chosen,
    }));
    all
}

/// `GET /{site}/staff/accounts`.
pub async fn find(
    State(state): State<AppState>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    let asked =
        visitor
            .caller
            .params
            .only(&["keyword", "organizationId", "role", "sortOrder", "start"]);
    let keyword = forms::field(&asked, "keyword");
    let organization = forms::field(&asked, "organizationId");
    let role = forms::field(&asked, "role");
    let order = forms::field(&asked, "sortOrder");
    let wanted = AccountsWanted {
        keyword: Some(keyword.clone()),
        organization_id: Some(organization.clone()),
        role: Some(role.clone()),
        site: None,
    };
    let (shown, window) = asked.parse::<ListParams<AccountSort>>()?.window()?;
    let sort = window.sort;
    let (mut found, total) =
        managed_accounts::find(&state, &visitor.caller, wanted, window).await?;
    let next = shown.next_token(&mut found, |a| sort.key_of(a));
    let action = site.path("/staff/accounts");
    let filters = [
        ("keyword", keyword.as_str()),
        ("organizationId", organization.as_str()),
        ("role", role.as_str()),
        ("sortOrder", order.as_str()),
    ];
    let next = next.as_deref().map(|n| {
        let mut pairs = filters.to_vec();
        pairs.push(("start", n));
        with_query(&action, &pairs)
    });
    let first = asked
        .one("start")
        .ok()
        .flatten()
        .map(|_| with_query(&action, &filters));
    let here = with_query(&action, &filters);
    let chrome = Chrome::of(&site, &visitor, &here, Section::Staff);
    let lang = visitor.lang;
    Ok(page(
        StatusCode::OK,
        &AccountsPage {
            chrome: &chrome,
            count: lang.t_count("staff-accounts-found", total),
            accounts: found.iter().map(|a| row(&site, &visitor, a)).collect(),
            keyword,
            organization,
            roles: role_choices(lang, &role),
            orders: choices_in(
                lang,
                ORDERS,
                if order.is_empty() { "lastName" } else { &order },
            ),
            next,
            first,
            new_account: site.path("/staff/accounts/new"),
            action,
        },
        &visitor,
    ))
}

/// An account found; its name links to its page only for staff who may open that page (an
/// administrator's account is for administrators).
fn row(site: &WebSite, visitor: &Visitor, a: &Account) -> AccountRow {
    let lang = visitor.lang;
    let administrator = a.has_role(Role::Administrator);
    let opens = visitor
        .caller
        .user()
        .is_some_and(|me| oversees(me, administrator));
    let user_name = a
        .details
        .email_address
        .clone()
        .or_else(|| a.user_name.clone());
    let mut about = Vec::new();
    if user_name.is_none() {
        about.push(lang.t("staff-no-user-name"));
    }
    about.push(roles_in_words(lang, &a.roles));
    if a.locked {
        about.push(lang.t("staff-locked"));
    }
    about.push(lang.t(&format!(
        "staff-proof-{}",
        a.proof_of_disability_status.as_str()
    )));
    AccountRow {
        name: format!("{} {}", a.first_name, a.last_name)
            .trim()
            .to_owned(),
        href: opens.then(|| account_page_path(site, &a.user_account_id)),
        user_name,
        about: lang.semicolons(&about),
    }
}
