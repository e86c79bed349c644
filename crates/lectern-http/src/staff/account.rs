//! An account, for its membership assistants: what it is, every field they may change, locking
//! it, and a new password; and a new account. Each write is the house's operation that the
//! handlers under `/v2/accounts` call, with the record of the change it keeps.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_operations::organizations as organizations_house;

use super::account_form::{AccountForm, TEXT_FIELDS, account_fields, blanked, roles_in_words};
use super::home::{Staff, StaffForm, memberships_only};
use super::paths::account_page_path;
use super::records::{self, Owner, Records};
use axum::http::StatusCode;

use crate::error::{ApiError, ApiResult};
use crate::i18n::Lang;
use crate::pages::forms::{self, FormErrors, Posted};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::account::Account;
use lectern_domain::account::fields::AccountFields;
use lectern_domain::account::membership::OrganizationRole;
use lectern_domain::role::Role;
use lectern_operations::Failure;
use lectern_operations::managed_account_writes;
use lectern_operations::managed_accounts::managed;
use lectern_operations::organization_members::{self, Joining};

type TextField = (&'static str, &'static str, &'static str, &'static str);

#[derive(Template)]
#[template(path = "web/staff/account_new.html")]
struct NewAccountPage<'a> {
    chrome: &'a Chrome,
    action: String,
    errors: FormErrors,
    form: AccountForm,
    fields: &'static [TextField],
    creating: bool,
    find: String,
}

/// `GET /{site}/staff/accounts/new`.
pub async fn new(State(_): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    memberships_only(&site, &visitor)?;
    Ok(new_page(
        &site,
        &visitor,
        FormErrors::default(),
        AccountForm::blank(),
    ))
}

/// `POST /{site}/staff/accounts`: the new account, then its page.
pub async fn create(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let asked = AccountForm::asked(&form);
    let created = match account_fields(&form) {
        Ok(fields) => managed_account_writes::create(&state, &visitor.caller, fields)
            .await
            .map_err(FormErrors::of_failure),
        Err(errors) => Err(Ok(errors)),
    };
    match created {
        Ok(m) => Ok(see_other(
            &with_query(
                &account_page_path(&site, &m.account.user_account_id),
                &[("done", "created")],
            ),
            &visitor.set_cookies,
        )),
        Err(errors) => Ok(new_page(&site, &visitor, in_words(errors?), asked)),
    }
}

/// What to do about each field a new account needs, in the form's words.
fn in_words(errors: FormErrors) -> FormErrors {
    errors
        .missing_as("firstName", "staff-account-first-name-missing")
        .missing_as("lastName", "staff-account-last-name-missing")
        .missing_as("emailAddress", "staff-account-email-missing")
        .missing_as("country", "staff-account-country-missing")
}

fn new_page(site: &WebSite, visitor: &Visitor, errors: FormErrors, form: AccountForm) -> Response {
    let action = site.path("/staff/accounts");
    let chrome = Chrome::of(site, visitor, &format!("{action}/new"), Section::Staff);
    let status = errors.status();
    page(
        status,
        &NewAccountPage {
            chrome: &chrome,
            find: action.clone(),
            action,
            errors,
            form,
            fields: &TEXT_FIELDS,
            creating: true,
        },
        visitor,
    )
}

#[derive(Template)]
#[template(path = "web/staff/account.html")]
struct AccountPage<'a> {
    chrome: &'a Chrome,
    owner: Owner,
    name: String,
    facts: Vec<Fact>,
    action: String,
    errors: FormErrors,
    form: AccountForm,
    fields: &'static [TextField],
    creating: bool,
    locked: bool,
    lock_action: String,
    password_action: String,
    password_errors: FormErrors,
    organization_errors: FormErrors,
    organization_asked: String,
    in_organization: bool,
    organization_action: String,
    find: String,
    done: Option<&'static str>,
}

/// `GET /{site}/staff/accounts/{account}`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, account)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    account_page(&state, &site, &visitor, &account, Asked::Nothing).await
}

/// `POST /{site}/staff/accounts/{account}`: the account as changed.
pub async fn change(
    State(state): State<AppState>,
    Path((_, account)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let asked = AccountForm::asked(&form);
    let before = records::managed_account(&state, &visitor, &account).await?;
    let blanked = blanked(&AccountForm::of(&before.account), &form);
    if blanked.any() {
        let errors = in_words(blanked);
        return account_page(
            &state,
            &site,
            &visitor,
            &account,
            Asked::Change(errors, asked),
        )
        .await;
    }
    let m = managed(&state, &visitor.caller, &account, "change accounts").await?;
    let changed = match account_fields(&form) {
        Ok(fields) => managed_account_writes::change(&state, m, fields)
            .await
            .map_err(FormErrors::of_failure),
        Err(errors) => Err(Ok(errors)),
    };
    match changed {
        Ok(_) => Ok(done(&site, &visitor, &account, "changed")),
        Err(errors) => {
            let errors = in_words(errors?);
            account_page(
                &state,
                &site,
                &visitor,
                &account,
                Asked::Change(errors, asked),
            )
            .await
        }
    }
}

/// `POST /{site}/staff/accounts/{account}/lock`: locked (`locked=true`) or unlocked.
pub async fn lock(
    State(state): State<AppState>,
    Path((_, account)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let locking = forms::field(&form, "locked") == "true";
    let m = managed(&state, &visitor.caller, &account, "change accounts").await?;
    let fields = AccountFields {
        locked: Some(locking),
        ..AccountFields::default()
    };
    managed_account_writes::change(&state, m, fields).await?;
    let what = if locking { "locked" } else { "unlocked" };
    Ok(done(&site, &visitor, &account, what))
}

/// `POST /{site}/staff/accounts/{account}/password`: a new password, which the person is told.
pub async fn password(
    State(state): State<AppState>,
    Path((_, account)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let m = managed(&state, &visitor.caller, &account, "change passwords").await?;
    let changed = match form.required("password") {
        Ok(password) => managed_account_writes::set_password(&state, m, password.to_owned())
            .await
            .map_err(ApiError::from),
        Err(e) => Err(e),
    };
    match changed {
        Ok(_) => Ok(done(&site, &visitor, &account, "password")),
        Err(e) => {
            let errors =
                FormErrors::of(e)?.missing_as("password", "staff-account-password-missing");
            account_page(&state, &site, &visitor, &account, Asked::Password(errors)).await
        }
    }
}

/// `POST /{site}/staff/accounts/{account}/organization`: into an organization, or moved to
/// another, as a member or a sponsor.
pub async fn join(
    State(state): State<AppState>,
    Path((_, account)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let m = managed(
        &state,
        &visitor.caller,
        &account,
        "move accounts between organizations",
    )
    .await?;
    let asked_id = forms::field(&form, "organizationId");
    let role = forms::field(&form, "role");
    let moved = match joining(&asked_id, &role) {
        Ok(to) => organization_members::move_into(&state, m, to).await,
        Err(f) => Err(f),
    };
    match moved {
        Ok(_) => Ok(done(&site, &visitor, &account, "joined")),
        // The account was found (the page shows it); the organization named was not.
        Err(Failure::NotFound(_)) => {
            let errors = FormErrors::message("organizationId", "staff-account-no-organization");
            account_page(
                &state,
                &site,
                &visitor,
                &account,
                Asked::Organization(errors, forms::field(&form, "organizationId")),
            )
            .await
        }
        Err(f) => {
            let errors = FormErrors::of_failure(f)?
                .missing_as("organizationId", "staff-account-organization-missing");
            account_page(
                &state,
                &site,
                &visitor,
                &account,
                Asked::Organization(errors, forms::field(&form, "organizationId")),
            )
            .await
        }
    }
}

/// `POST /{site}/staff/accounts/{account}/organization/leave`.
pub async fn leave(
    State(state): State<AppState>,
    Path((_, account)): Path<(String, String)>,
    StaffForm { site, visitor, .. }: StaffForm,
) -> ApiResult<Response> {
    let m = managed(
        &state,
        &visitor.caller,
        &account,
        "take accounts out of organizations",
    )
    .await?;
    match organization_members::take_out(&state, m).await {
        Ok(_) => Ok(done(&site, &visitor, &account, "left")),
        Err(f @ Failure::Conflict { .. }) => {
            let errors = FormErrors::of_failure(f)?;
            account_page(
                &state,
                &site,
                &visitor,
                &account,
                Asked::Organization(errors, String::new()),
            )
            .await
        }
        Err(f) => Err(f.into()),
    }
}

/// Where the form says the account goes: an organization (required) as a member unless the
/// role says otherwise.
pub fn joining(organization_id: &str, role: &str) -> Result<Joining, Failure> {
    if organization_id.trim().is_empty() {
        return Err(Failure::Missing {
            param: "organizationId",
        });
    }
    let role = Some(role)
        .filter(|r| !r.is_empty())
        .map(str::parse::<OrganizationRole>)
        .transpose()
        .map_err(|why| Failure::invalid("role", why))?;
    Ok(Joining {
        organization_id: organization_id.to_owned(),
        role,
        title: None,
    })
}

fn done(site: &WebSite, visitor: &Visitor, account: &str, what: &str) -> Response {
    see_other(
        &with_query(&account_page_path(site, account), &[("done", what)]),
        &visitor.set_cookies,
    )
}

/// What a form posted to the page brought back.
enum Asked {
    Nothing,
    Change(FormErrors, AccountForm),
    Password(FormErrors),
    Organization(FormErrors, String),
}

async fn account_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    account: &str,
    asked: Asked,
) -> ApiResult<Response> {
    let m = records::managed_account(state, visitor, account).await?;
    let a = &m.account;
    let facts = facts(state, visitor.lang, a).await?;
    let none = FormErrors::default;
    let (errors, form, password_errors, (organization_errors, organization_asked)) = match asked {
        Asked::Nothing => (none(), AccountForm::of(a), none(), (none(), String::new())),
        Asked::Change(e, f) => (e, f, none(), (none(), String::new())),
        Asked::Password(e) => (none(), AccountForm::of(a), e, (none(), String::new())),
        Asked::Organization(e, asked) => (none(), AccountForm::of(a), none(), (e, asked)),
    };
    let action = account_page_path(site, &a.user_account_id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let in_error = errors.any() || password_errors.any() || organization_errors.any();
    let status = if in_error {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    let done = match forms::field(&visitor.caller.params, "done").as_str() {
        "created" => Some("staff-account-done-created"),
        "changed" => Some("staff-account-done-changed"),
        "locked" => Some("staff-account-done-locked"),
        "unlocked" => Some("staff-account-done-unlocked"),
        "password" => Some("staff-account-done-password"),
        "joined" => Some("staff-account-done-joined"),
        "left" => Some("staff-account-done-left"),
        _ => None,
    };
    Ok(page(
        status,
        &AccountPage {
            chrome: &chrome,
            owner: Owner::of(site, visitor, &m.account, Records::Account),
            name: format!("{} {}", a.first_name, a.last_name)
                .trim()
                .to_owned(),
            facts,
            lock_action: format!("{action}/lock"),
            organization_action: format!("{action}/organization"),
            password_action: format!("{action}/password"),
            action,
            errors,
            form,
            fields: &TEXT_FIELDS,
            creating: false,
            locked: a.locked,
            password_errors,
            organization_errors,
            organization_asked,
            in_organization: a.has_role(Role::OrganizationMember)
                || a.has_role(Role::OrganizationSponsor),
            find: site.path("/staff/accounts"),
            done,
        },
        visitor,
    ))
}

/// The account's standing in words (each a message key, its value, and whether the value is
/// the records' own words), and its organization's name.
async fn facts(state: &AppState, lang: Lang, a: &Account) -> ApiResult<Vec<Fact>> {
    let organization = match &a.organization_id {
        Some(id) => organizations_house::of_account(state, a)
            .await?
            .map_or_else(
                || id.clone(),
                |o| format!("{} ({})", o.organization_name, o.organization_id),
            ),
        None => return Ok(facts_with(lang, a, None)),
    };
    Ok(facts_with(lang, a, Some(organization)))
}

/// A fact of the account page: its message key, its value, whether the value is the records'.
type Fact = (&'static str, String, bool);

fn facts_with(lang: Lang, a: &Account, organization: Option<String>) -> Vec<Fact> {
    let said = |key: &str| (lang.t(key), false);
    let yes_no = |b: bool| said(if b { "staff-yes" } else { "staff-no" });
    let own = |words: String| (words, true);
    let user_name = a.details.email_address.as_ref().or(a.user_name.as_ref());
    let facts = [
        (
            "staff-fact-user-name",
            user_name.cloned().map_or_else(|| said("staff-none"), own),
        ),
        ("staff-fact-identifier", own(a.user_account_id.clone())),
        ("staff-fact-roles", (roles_in_words(lang, &a.roles), false)),
        (
            "staff-account-organization",
            organization.map_or_else(|| said("staff-none"), own),
        ),
        (
            "staff-fact-proof",
            said(&format!(
                "staff-proof-status-{}",
                a.proof_of_disability_status.as_str()
            )),
        ),
        (
            "staff-fact-subscription",
            said(&format!(
                "staff-subscription-{}",
                a.subscription_status.as_str()
            )),
        ),
        ("staff-fact-agreement", yes_no(a.has_agreement)),
        ("staff-fact-may-download", yes_no(a.can_download())),
        ("staff-fact-locked", yes_no(a.locked)),
    ];
    facts
        .into_iter()
        .map(|(key, (value, records_own))| (key, value, records_own))
        .collect()
}
