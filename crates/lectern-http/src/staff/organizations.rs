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
use crate::i18n::Lang;
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
    let lang = chrome.lang;
    Ok(page(
        StatusCode::OK,
        &OrganizationsPage {
            chrome: &chrome,
            count: lang.t_count("staff-orgs-found", total),
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
                        kind_in_words(lang, &o.organization_type, &place, o.settings.suspended),
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

/// An organization found, in words: its kind, its place (the records' words) and whether it
/// is suspended.
pub fn kind_in_words(lang: Lang, kind: &str, place: &str, suspended: bool) -> String {
    let kind = lang
        .try_t(&format!("staff-org-type-{kind}"))
        .unwrap_or_else(|| kind.to_owned());
    let key = if suspended {
        "staff-org-found-suspended"
    } else {
        "staff-org-found"
    };
    lang.t_with(key, &[("kind", &kind), ("place", place)])
}

/// The new organization form's text fields: (parameter, label, input type, hint), the label
/// and the hint as message keys.
pub const NEW_FIELDS: [(&str, &str, &str, &str); 15] = [
    ("organizationName", "staff-org-name", "text", ""),
    ("address1", "staff-org-address1", "text", ""),
    ("address2", "staff-account-address2", "text", ""),
    ("city", "staff-org-city", "text", ""),
    ("state", "staff-account-state", "text", ""),
    ("postalCode", "staff-org-postal-code", "text", ""),
    (
        "country",
        "staff-account-country",
        "text",
        "staff-account-country-hint",
    ),
    ("phoneNumber", "staff-account-phone", "tel", ""),
    ("website", "staff-org-website-optional", "url", ""),
    (
        "contactFirstName",
        "staff-org-contact-first-name",
        "text",
        "",
    ),
    ("contactLastName", "staff-org-contact-last-name", "text", ""),
    (
        "contactTitle",
        "staff-org-contact-title",
        "text",
        "staff-org-contact-title-hint",
    ),
    (
        "contactEmailAddress",
        "staff-org-contact-email",
        "email",
        "staff-org-contact-email-hint",
    ),
    ("contactPhoneNumber", "staff-org-contact-phone", "tel", ""),
    (
        "subscriptionType",
        "staff-org-subscription-optional",
        "text",
        "staff-org-subscription-hint",
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
                .missing_as("organizationName", "staff-org-name-missing")
                .missing_as("address1", "staff-org-address1-missing")
                .missing_as("city", "staff-org-city-missing")
                .missing_as("postalCode", "staff-org-postal-code-missing")
                .missing_as("country", "staff-account-country-missing")
                .missing_as("organizationType", "staff-org-kind-missing")
                .missing_as("contactFirstName", "staff-org-contact-first-name-missing")
                .missing_as("contactLastName", "staff-org-contact-last-name-missing")
                .missing_as("contactTitle", "staff-org-contact-title-missing")
                .missing_as("contactEmailAddress", "staff-org-contact-email-missing");
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
    let lang = chrome.lang;
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
                    let words = lang.t(&format!("staff-org-type-{name}"));
                    (name.to_owned(), words, name == chosen)
                })
                .collect(),
            form,
        },
        visitor,
    ))
}
