//! An organization, for its membership assistants: what it is and every field document 3 lets
//! them change (`GET`/`PUT /v2/organizations/{id}`); its members, sponsors and primary contact,
//! a member added, an account brought in as a member or a sponsor (`.../members`,
//! `.../primaryContact`, `PUT /v2/accounts/{id}/organization`).

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;

use super::account::joining;
use super::home::{Staff, StaffForm};
use super::paths::{account_page_path, organization_page_path};
use crate::conventions::member_pages::{ORDERS, member_window, turned};
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::i18n::Lang;
use crate::pages::forms::{self, Choice, FormErrors, choices_in};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::account::Account;
use lectern_domain::account::member_form::NewMemberForm;
use lectern_domain::account::search::AccountSort;
use lectern_domain::members::{MemberSort, MembersForm};
use lectern_domain::organization::{Organization, OrganizationForm};
use lectern_domain::role::Role;
use lectern_operations::managed_accounts::{self, AccountsWanted, managed};
use lectern_operations::organization_members::{self, Joining};
use lectern_operations::organizations as organizations_house;

/// The text fields of the organization's form: (parameter, label, input type, hint), the
/// label and the hint as message keys.
const TEXT_FIELDS: [(&str, &str, &str, &str); 10] = [
    ("organizationName", "staff-org-name", "text", ""),
    ("address1", "staff-org-address1", "text", ""),
    ("address2", "staff-org-address2", "text", ""),
    ("city", "staff-org-city", "text", ""),
    ("state", "staff-org-state", "text", ""),
    ("postalCode", "staff-org-postal-code", "text", ""),
    (
        "country",
        "staff-account-country",
        "text",
        "staff-account-country-hint",
    ),
    ("phoneNumber", "staff-org-phone", "tel", ""),
    ("website", "staff-org-website", "url", ""),
    ("notes", "staff-org-notes", "text", "staff-org-notes-hint"),
];

/// The boxes of the form, sent `false` when unticked (a form sends nothing for them), and
/// their messages.
const FLAGS: [(&str, &str); 10] = [
    ("agreementSigned", "staff-org-flag-agreementSigned"),
    ("riderSigned", "staff-org-flag-riderSigned"),
    ("canDownloadNIMAC", "staff-org-flag-canDownloadNIMAC"),
    ("canCreateUsers", "staff-org-flag-canCreateUsers"),
    ("suspended", "staff-org-flag-suspended"),
    ("unreported", "staff-org-flag-unreported"),
    ("servicePlus", "staff-org-flag-servicePlus"),
    ("readingCompanion", "staff-org-flag-readingCompanion"),
    ("safeSearch", "staff-org-flag-safeSearch"),
    (
        "allowSearchDownloads",
        "staff-org-flag-allowSearchDownloads",
    ),
];

const ALLOWANCES: &[(&str, &str)] = &[
    ("100", "staff-org-allowance-100"),
    ("200", "staff-org-allowance-200"),
    ("300", "staff-org-allowance-300"),
    ("unlimited", "staff-org-allowance-unlimited"),
];

type TextField = (&'static str, &'static str, &'static str, &'static str);

#[derive(Template)]
#[template(path = "web/staff/organization.html")]
struct OrganizationPage<'a> {
    chrome: &'a Chrome,
    name: String,
    /// Each fact's message key, its value, and whether the value is the records' own words.
    facts: Vec<(&'static str, String, bool)>,
    tabs: Vec<(&'static str, String, bool)>,
    action: String,
    errors: FormErrors,
    form: Params,
    fields: &'static [TextField],
    flags: Vec<(&'static str, &'static str, bool)>,
    allowances: Vec<Choice>,
    done: Option<&'static str>,
}

impl OrganizationPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }
}

fn tabs(site: &WebSite, id: &str, members: bool) -> Vec<(&'static str, String, bool)> {
    let base = organization_page_path(site, id);
    vec![
        ("staff-org-tab-organization", base.clone(), !members),
        ("staff-org-tab-members", format!("{base}/members"), members),
    ]
}

/// The downloads a month each member of the organization may make, as the form names them.
fn books_allowed(o: &Organization) -> String {
    o.settings
        .num_books_allowed
        .map_or_else(|| "unlimited".to_owned(), |n| n.to_string())
}

/// The organization as its form shows it.
fn as_form(o: &Organization) -> Params {
    let text = |v: &Option<String>| v.clone().unwrap_or_default();
    let s = &o.settings;
    let mut pairs: Vec<(String, String)> = [
        ("organizationName", o.organization_name.clone()),
        ("address1", text(&o.address1)),
        ("address2", text(&o.address2)),
        ("city", text(&o.city)),
        ("state", text(&o.state)),
        ("postalCode", text(&o.postal_code)),
        ("country", o.country.clone()),
        ("phoneNumber", text(&o.phone_number)),
        ("website", text(&o.web_site)),
        ("notes", text(&o.notes)),
        ("numBooksAllowed", books_allowed(o)),
    ]
    .into_iter()
    .map(|(k, v)| (k.to_owned(), v))
    .collect();
    for (name, on) in [
        ("agreementSigned", s.agreement_signed),
        ("riderSigned", s.rider_signed),
        ("canDownloadNIMAC", s.can_download_nimac),
        ("canCreateUsers", s.can_create_users),
        ("suspended", s.suspended),
        ("unreported", s.unreported),
        ("servicePlus", o.has_service_plus),
        ("readingCompanion", o.has_reading_companion),
        ("safeSearch", s.safe_search),
        ("allowSearchDownloads", s.allow_search_downloads),
    ] {
        if on {
            pairs.push((name.to_owned(), "true".to_owned()));
        }
    }
    Params::from_pairs(pairs)
}

/// The organization the page names, as its assistant may see it.
async fn organization(state: &AppState, visitor: &Visitor, id: &str) -> ApiResult<Organization> {
    Ok(organizations_house::managed(state, &visitor.caller, id, "read organizations").await?)
}

/// The organization's primary contact as the page names them: name, and e-mail address.
fn contact_in_words(lang: Lang, contact: Option<&Account>) -> (String, bool) {
    let Some(c) = contact else {
        return (lang.t("staff-none"), false);
    };
    let email = c.details.email_address.as_ref().or(c.user_name.as_ref());
    let named = format!(
        "{} {}{}",
        c.first_name,
        c.last_name,
        email.map(|e| format!(" ({e})")).unwrap_or_default()
    );
    (named, true)
}

/// `GET /{site}/staff/organizations/{organization}`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    organization_page(&state, &site, &visitor, &id, FormErrors::default(), None).await
}

/// `POST /{site}/staff/organizations/{organization}`: the organization as changed.
pub async fn change(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let mut params = form.clone();
    for (flag, _) in FLAGS {
        if forms::field(&form, flag) != "true" {
            params = params.with(flag, "false");
        }
    }
    let o =
        organizations_house::managed(&state, &visitor.caller, &id, "change organizations").await?;
    let changed = match params.parse::<OrganizationForm>() {
        Ok(p) => organizations_house::change_managed(&state, &o, p.into())
            .await
            .map_err(ApiError::from),
        Err(e) => Err(e),
    };
    match changed {
        Ok(_) => Ok(see_other(
            &with_query(&organization_page_path(&site, &id), &[("done", "changed")]),
            &visitor.set_cookies,
        )),
        Err(e) => {
            let errors = FormErrors::of(e)?;
            organization_page(&state, &site, &visitor, &id, errors, Some(form)).await
        }
    }
}

async fn organization_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    id: &str,
    errors: FormErrors,
    asked: Option<Params>,
) -> ApiResult<Response> {
    let o = organization(state, visitor, id).await?;
    let contact = organizations_house::primary_contact(state, &o).await?;
    let form = asked.unwrap_or_else(|| as_form(&o));
    let action = organization_page_path(site, &o.organization_id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let lang = chrome.lang;
    let status = errors.status();
    let allowance = ALLOWANCES
        .iter()
        .find(|(v, _)| *v == books_allowed(&o))
        .map_or_else(|| books_allowed(&o), |(_, key)| lang.t(key));
    let kind = lang
        .try_t(&format!("staff-org-type-{}", o.organization_type))
        .unwrap_or_else(|| o.organization_type.clone());
    let (contact, contact_own) = contact_in_words(lang, contact.as_ref());
    Ok(page(
        status,
        &OrganizationPage {
            chrome: &chrome,
            name: o.organization_name.clone(),
            facts: vec![
                ("staff-org-identifier", o.organization_id.clone(), true),
                ("staff-org-kind", kind, false),
                match o.subscription_type.clone() {
                    Some(kind) => ("staff-fact-subscription", kind, true),
                    None => ("staff-fact-subscription", lang.t("staff-none"), false),
                },
                ("staff-org-primary-contact", contact, contact_own),
                ("staff-org-allowance", allowance, false),
            ],
            tabs: tabs(site, &o.organization_id, false),
            flags: FLAGS
                .iter()
                .map(|&(name, label)| (name, label, forms::field(&form, name) == "true"))
                .collect(),
            allowances: choices_in(lang, ALLOWANCES, &forms::field(&form, "numBooksAllowed")),
            fields: &TEXT_FIELDS,
            done: match forms::field(&visitor.caller.params, "done").as_str() {
                "created" => Some("staff-org-done-created"),
                "changed" => Some("staff-org-done-changed"),
                _ => None,
            },
            action,
            errors,
            form,
        },
        visitor,
    ))
}

#[derive(Template)]
#[template(path = "web/staff/organization_members.html")]
struct MembersPage<'a> {
    chrome: &'a Chrome,
    name: String,
    tabs: Vec<(&'static str, String, bool)>,
    action: String,
    lists: Vec<Choice>,
    orders: Vec<Choice>,
    grade: String,
    count: String,
    members: Vec<MemberRow>,
    next: Option<String>,
    sponsors: Vec<(String, String, String, bool)>,
    /// Which form the errors are of: `member`, `sponsor`, `join` or `contact`.
    errors_of: &'static str,
    errors: FormErrors,
    form: Params,
    done: Option<&'static str>,
}

/// A member as the list shows them: their name, page, user name (the records') and the rest.
struct MemberRow {
    name: String,
    href: String,
    user_name: Option<String>,
    about: String,
}

impl MembersPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }
}

/// Which members, with the sponsors' page's messages (a staff member has no quick list); they
/// come in the member lists' orders (`member_pages::ORDERS`).
const LISTS: &[(&str, &str)] = &[
    ("allMembers", "members-list-all"),
    ("orgMembers", "members-list-org"),
    ("individualMembers", "members-list-individual"),
];

/// `GET /{site}/staff/organizations/{organization}/members`.
pub async fn members(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    members_page(
        &state,
        &site,
        &visitor,
        &id,
        ("", FormErrors::default()),
        Params::default(),
    )
    .await
}

/// The organization's sponsor the form names made its primary contact.
async fn set_contact(
    state: &AppState,
    visitor: &Visitor,
    id: &str,
    form: &Params,
) -> ApiResult<()> {
    let o =
        organizations_house::managed(state, &visitor.caller, id, "change organizations").await?;
    let sponsor = form.required("userIdentifier")?;
    organizations_house::set_primary_contact(state, &o, sponsor).await?;
    Ok(())
}

/// A new member of the organization, as the form describes them.
async fn new_member(state: &AppState, visitor: &Visitor, id: &str, form: &Params) -> ApiResult<()> {
    let what = "add members to organizations";
    let o = organizations_house::managed(state, &visitor.caller, id, what).await?;
    organization_members::add(state, &o, form.parse::<NewMemberForm>()?).await?;
    Ok(())
}

/// The account named brought into the organization, as the role says, with the record of it.
async fn join(
    state: &AppState,
    visitor: &Visitor,
    user_identifier: &str,
    (organization_id, role, title): (&str, &str, Option<String>),
) -> ApiResult<()> {
    let what = "move accounts between organizations";
    let m = managed(state, &visitor.caller, user_identifier, what).await?;
    let to = Joining {
        title,
        ..joining(organization_id, role)?
    };
    organization_members::move_into(state, m, to).await?;
    Ok(())
}

/// `POST /{site}/staff/organizations/{organization}/members`: a member added (`form=member`),
/// an account brought in as a member or sponsor (`join`), or the primary contact named
/// (`contact`).
pub async fn members_form(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let which = match forms::field(&form, "form").as_str() {
        "join" => "join",
        "contact" => "contact",
        _ => "member",
    };
    let result = match which {
        "join" => {
            let user = forms::field(&form, "userIdentifier");
            let role = forms::field(&form, "role");
            let title = Some(forms::field(&form, "title")).filter(|t| !t.trim().is_empty());
            join(&state, &visitor, &user, (&id, &role, title))
                .await
                .map(|()| "joined")
        }
        "contact" => set_contact(&state, &visitor, &id, &form)
            .await
            .map(|()| "contact"),
        _ => {
            let params = form.only(&[
                "firstName",
                "lastName",
                "dateOfBirth",
                "grade",
                "username",
                "password",
                "disabilityType",
                "proofSource",
                "disabilityPlan",
            ]);
            new_member(&state, &visitor, &id, &params)
                .await
                .map(|()| "added")
        }
    };
    match result {
        Ok(what) => Ok(see_other(
            &with_query(
                &format!("{}/members", organization_page_path(&site, &id)),
                &[("done", what)],
            ),
            &visitor.set_cookies,
        )),
        Err(e) => {
            let errors = FormErrors::of(e)?
                .missing_as("firstName", "member-first-name-missing")
                .missing_as("lastName", "member-last-name-missing")
                .missing_as("dateOfBirth", "member-birth-missing")
                .missing_as("grade", "member-grade-missing")
                .missing_as("userIdentifier", "staff-org-user-missing");
            members_page(&state, &site, &visitor, &id, (which, errors), form).await
        }
    }
}

async fn members_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    id: &str,
    (errors_of, errors): (&'static str, FormErrors),
    form: Params,
) -> ApiResult<Response> {
    let o = organization(state, visitor, id).await?;
    let contact = organizations_house::primary_contact(state, &o).await?;
    let asked = visitor
        .caller
        .params
        .only(&["sponsorList", "grade", "sortOrder", "start"]);
    let list: ListParams<MemberSort> = asked.parse()?;
    let (asked_page, window) = member_window(&list)?;
    let sort = window.sort;
    let found =
        organizations_house::page_of_managed(state, &o, asked.parse::<MembersForm>()?, window)
            .await?;
    let (found, next, total) = turned(&asked_page, sort, found);
    // Its sponsors, a hundred at most: an organization has a handful.
    let (_, window) = Params::default()
        .with("limit", "100")
        .parse::<ListParams<AccountSort>>()?
        .window()?;
    let sponsors_of = AccountsWanted {
        organization_id: Some(o.organization_id.clone()),
        role: Some(Role::OrganizationSponsor.as_str().to_owned()),
        ..AccountsWanted::default()
    };
    let (mut sponsors, _) =
        managed_accounts::find(state, &visitor.caller, sponsors_of, window).await?;
    sponsors.truncate(100);
    let contact = contact.map(|c| c.user_account_id);
    let base = format!(
        "{}/members",
        organization_page_path(site, &o.organization_id)
    );
    let list = forms::field(&asked, "sponsorList");
    let grade = forms::field(&asked, "grade");
    let order = forms::field(&asked, "sortOrder");
    let filters = [
        ("sponsorList", list.as_str()),
        ("grade", grade.as_str()),
        ("sortOrder", order.as_str()),
    ];
    let chrome = Chrome::of(site, visitor, &with_query(&base, &filters), Section::Staff);
    let lang = chrome.lang;
    let status = errors.status();
    Ok(page(
        status,
        &MembersPage {
            chrome: &chrome,
            name: o.organization_name.clone(),
            tabs: tabs(site, &o.organization_id, true),
            lists: choices_in(
                lang,
                LISTS,
                if list.is_empty() { "allMembers" } else { &list },
            ),
            orders: choices_in(
                lang,
                ORDERS,
                if order.is_empty() { "lastName" } else { &order },
            ),
            count: lang.t_count("staff-org-members-count", total),
            members: found
                .iter()
                .map(|m| {
                    let about = [
                        m.grade
                            .as_deref()
                            .map(|g| lang.t1("member-grade", "grade", g)),
                        Some(lang.t(&format!(
                            "staff-proof-{}",
                            m.proof_of_disability_status.as_str()
                        ))),
                    ]
                    .into_iter()
                    .flatten()
                    .collect::<Vec<_>>();
                    let about = lang.semicolons(&about);
                    MemberRow {
                        name: format!("{} {}", m.first_name, m.last_name),
                        href: account_page_path(site, &m.user_account_id),
                        user_name: m
                            .details
                            .email_address
                            .clone()
                            .or_else(|| m.user_name.clone()),
                        about,
                    }
                })
                .collect(),
            next: next.as_deref().map(|n| {
                let mut pairs = filters.to_vec();
                pairs.push(("start", n));
                with_query(&base, &pairs)
            }),
            sponsors: sponsors
                .iter()
                .map(|s| {
                    (
                        format!("{} {}", s.first_name, s.last_name),
                        account_page_path(site, &s.user_account_id),
                        s.user_account_id.clone(),
                        contact.as_deref() == Some(s.user_account_id.as_str()),
                    )
                })
                .collect(),
            grade,
            done: match forms::field(&visitor.caller.params, "done").as_str() {
                "added" => Some("staff-org-done-added"),
                "joined" => Some("staff-account-done-joined"),
                "contact" => Some("staff-org-done-contact"),
                _ => None,
            },
            action: base,
            errors_of,
            errors,
            form,
        },
        visitor,
    ))
}
