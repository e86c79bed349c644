//! Finding and adding organizations: words of a name, a page at a time (`GET
//! /v2/organizations`), and a new organization with its primary contact (`POST
//! /v2/organizations`).

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;

use super::home::{Staff, StaffForm, memberships_only};
use super::paths::organization_page_path;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::pages::forms::{self, FormErrors};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::organization::NewOrganizationForm;
use lectern_domain::organization::OrganizationType;
use lectern_domain::paging::FixedOrder;
use lectern_operations::organizations as organizations_house;
use lectern_store::organizations;

#[derive(Template)]
#[template(path = "web/staff/organizations.html")]
struct OrganizationsPage<'a> {
    chrome: &'a Chrome,
    action: String,
    keyword: String,
    count: String,
    found: Vec<(String, String, String)>,
    next: Option<String>,
    first: Option<String>,
    new_organization: String,
}

/// `GET /{site}/staff/organizations`.
pub async fn find(
    State(state): State<AppState>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    let asked = visitor.caller.params.only(&["keyword", "start"]);
    let keyword = forms::field(&asked, "keyword");
    let shown = asked.parse::<ListParams<FixedOrder>>()?.page()?;
    let after: Option<(String, String)> = shown.after()?;
    let after = after.as_ref().map(|(n, id)| (n.as_str(), id.as_str()));
    let (mut found, total) = organizations_house::find(
        &state,
        &visitor.caller,
        (None, Some(&keyword)),
        after,
        shown.limit,
    )
    .await?;
    let next = shown.next_token(&mut found, |o| {
        (organizations::name_key(o), o.organization_id.clone())
    });
    let action = site.path("/staff/organizations");
    let chrome = Chrome::of(
        &site,
        &visitor,
        &with_query(&action, &[("keyword", &keyword)]),
        Section::Staff,
    );
    Ok(page(
        StatusCode::OK,
        &OrganizationsPage {
            chrome: &chrome,
            count: match total {
                0 => "No organizations found.".to_owned(),
                1 => "1 organization found.".to_owned(),
                n => format!("{n} organizations found."),
            },
            found: found
                .iter()
                .map(|o| {
                    let place = [o.city.as_deref(), Some(o.country.as_str())]
                        .into_iter()
                        .flatten()
                        .collect::<Vec<_>>()
                        .join(", ");
                    (
                        o.organization_name.clone(),
                        organization_page_path(&site, &o.organization_id),
                        format!(
                            "{}; {place}{}",
                            o.organization_type,
                            if o.settings.suspended {
                                "; suspended"
                            } else {
                                ""
                            }
                        ),
                    )
                })
                .collect(),
            next: next
                .as_deref()
                .map(|n| with_query(&action, &[("keyword", &keyword), ("start", n)])),
            first: asked
                .one("start")
                .ok()
                .flatten()
                .map(|_| with_query(&action, &[("keyword", &keyword)])),
            new_organization: site.path("/staff/organizations/new"),
            keyword,
            action,
        },
        &visitor,
    ))
}

/// The new organization form's text fields: (parameter, label, input type, hint).
pub const NEW_FIELDS: [(&str, &str, &str, &str); 15] = [
    ("organizationName", "Name", "text", ""),
    ("address1", "Address line 1", "text", ""),
    ("address2", "Address line 2 (optional)", "text", ""),
    ("city", "Town or city", "text", ""),
    ("state", "State, province or county (optional)", "text", ""),
    ("postalCode", "Postal code", "text", ""),
    (
        "country",
        "Country",
        "text",
        "Its two-letter code, such as US, GB or CA.",
    ),
    ("phoneNumber", "Phone number (optional)", "tel", ""),
    ("website", "Website (optional)", "url", ""),
    (
        "contactFirstName",
        "Primary contact's first name",
        "text",
        "",
    ),
    ("contactLastName", "Primary contact's last name", "text", ""),
    (
        "contactTitle",
        "Primary contact's title",
        "text",
        "Such as Teacher of the visually impaired.",
    ),
    (
        "contactEmailAddress",
        "Primary contact's e-mail address",
        "email",
        "Also the user name they sign in with.",
    ),
    (
        "contactPhoneNumber",
        "Primary contact's phone number (optional)",
        "tel",
        "",
    ),
    (
        "subscriptionType",
        "Kind of subscription (optional)",
        "text",
        "Leave it empty for what the organization's kind has.",
    ),
];

type TextField = (&'static str, &'static str, &'static str, &'static str);

#[derive(Template)]
#[template(path = "web/staff/organization_new.html")]
struct NewOrganizationPage<'a> {
    chrome: &'a Chrome,
    action: String,
    errors: FormErrors,
    form: Params,
    fields: &'static [TextField],
    kinds: Vec<(String, String, bool)>,
    find: String,
}

impl NewOrganizationPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }
}

/// `GET /{site}/staff/organizations/new`.
pub async fn new(State(_): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    memberships_only(&site, &visitor)?;
    new_page(&site, &visitor, FormErrors::default(), Params::default()).await
}

/// `POST /{site}/staff/organizations`: the organization and its primary contact, then its page.
pub async fn create(
    State(state): State<AppState>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let created = match form.parse::<NewOrganizationForm>() {
        Ok(new) => organizations_house::create(&state, &visitor.caller, new)
            .await
            .map_err(FormErrors::of_failure),
        Err(e) => Err(FormErrors::of(e)),
    };
    match created {
        Ok((organization, _)) => Ok(see_other(
            &with_query(
                &organization_page_path(&site, &organization.organization_id),
                &[("done", "created")],
            ),
            &visitor.set_cookies,
        )),
        Err(errors) => {
            let errors = errors?
                .missing_as("organizationName", "Enter the organization's name")
                .missing_as("address1", "Enter the first line of the address")
                .missing_as("city", "Enter the town or city")
                .missing_as("postalCode", "Enter the postal code")
                .missing_as("country", "Enter the country's two-letter code")
                .missing_as("organizationType", "Choose the kind of organization")
                .missing_as("contactFirstName", "Enter the primary contact's first name")
                .missing_as("contactLastName", "Enter the primary contact's last name")
                .missing_as("contactTitle", "Enter the primary contact's title")
                .missing_as(
                    "contactEmailAddress",
                    "Enter the primary contact's e-mail address",
                );
            new_page(&site, &visitor, errors, form).await
        }
    }
}

async fn new_page(
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    form: Params,
) -> ApiResult<Response> {
    let mut kinds = OrganizationType::ALL.to_vec();
    kinds.sort_by_key(|k| k.as_str());
    let chosen = forms::field(&form, "organizationType");
    let action = site.path("/staff/organizations");
    let chrome = Chrome::of(site, visitor, &format!("{action}/new"), Section::Staff);
    let status = errors.status();
    Ok(page(
        status,
        &NewOrganizationPage {
            chrome: &chrome,
            find: action.clone(),
            action,
            errors,
            fields: &NEW_FIELDS,
            kinds: kinds
                .iter()
                .map(|k| {
                    let name = k.as_str();
                    (name.to_owned(), k.description().to_owned(), name == chosen)
                })
                .collect(),
            form,
        },
        visitor,
    ))
}
