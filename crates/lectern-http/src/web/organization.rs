//! My organization, for its sponsors: the organization, its sponsors and roster tags (a new tag
//! made from the page), and its members, filtered, sorted and paged as the API lists them. Each
//! read and write is the API's handler under `/v2/myOrganization`.

use askama::Template;
use axum::extract::State;
use axum::response::Response;

use super::forms::{self, Choice, FormErrors, Posted, choices};
use super::members::{full_name, member_page_path, tag_words};
use super::render::{Chrome, Section, page, see_other, with_query};
use super::session::{Here, Visitor, WebSite};
use crate::conventions::json::Json;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::my_organization::{
    self as api, MemberSummary, get_my_organization, list_roster_tags, list_sponsors,
};
use crate::state::AppState;
use lectern_operations::roster_tags;
use lectern_operations::sponsoring::Sponsoring;

#[derive(Template)]
#[template(path = "web/organization.html")]
struct OrganizationPage<'a> {
    chrome: &'a Chrome,
    name: String,
    kind: String,
    address: String,
    primary_contact: Option<String>,
    sponsors: Vec<String>,
    tags: Vec<String>,
    members: String,
    members_href: String,
    new_member: Option<String>,
    tag_action: String,
    errors: FormErrors,
    tag_form: (String, String),
    done: Option<&'static str>,
}

#[derive(Template)]
#[template(path = "web/members.html")]
struct MembersPage<'a> {
    chrome: &'a Chrome,
    members: Vec<MemberRow>,
    count: String,
    action: String,
    lists: Vec<Choice>,
    orders: Vec<Choice>,
    grade: String,
    next: Option<String>,
    new_member: Option<String>,
}

pub struct MemberRow {
    pub name: String,
    pub href: String,
    /// Grade, tag, disabilities and the rest, in words.
    pub about: String,
}

/// Which members (`sponsorList`), as the API names them.
const LISTS: &[(&str, &str)] = &[
    ("allMembers", "All members"),
    ("myQuickList", "My quick list"),
    ("orgMembers", "Members through the organization only"),
    ("individualMembers", "Members with their own membership too"),
];

/// The member list's orders (`sortOrder`).
const ORDERS: &[(&str, &str)] = &[
    ("lastName", "Last name"),
    ("firstName", "First name"),
    ("grade", "Grade"),
    ("birthDate", "Date of birth"),
    ("district", "District"),
    ("school", "School"),
];

/// `GET /{site}/organization`.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    organization_page(&state, &site, &visitor, FormErrors::default(), None).await
}

/// `POST /{site}/organization/roster-tags`: a new roster tag, then the organization's page.
pub async fn new_tag(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let asked = (
        forms::field(&form, "districtName"),
        forms::field(&form, "schoolName"),
    );
    let s = Sponsoring::of(&state, &visitor.caller).await?;
    let (district, school) = (Some(asked.0.clone()), Some(asked.1.clone()));
    match roster_tags::make(&state, &s, district, school).await {
        Ok(_) => Ok(see_other(
            &site.path("/organization?done=tag"),
            &visitor.set_cookies,
        )),
        Err(f) => {
            let errors = FormErrors::of_failure(f)?;
            organization_page(&state, &site, &visitor, errors, Some(asked)).await
        }
    }
}

async fn organization_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    tag_form: Option<(String, String)>,
) -> ApiResult<Response> {
    let none = || forms::caller_with(visitor, Params::default());
    let Json(o) = get_my_organization(State(state.clone()), none()).await?;
    let most = || forms::caller_with(visitor, Params::from_pairs(vec![limit(100)]));
    let Json(sponsors) = list_sponsors(State(state.clone()), most()).await?;
    let Json(tags) = list_roster_tags(State(state.clone()), most()).await?;
    // The count, and whether members may be added: one member read, not a page.
    let one = Params::from_pairs(vec![limit(1)]);
    let Json(members) =
        api::list_members(State(state.clone()), forms::caller_with(visitor, one)).await?;
    let here = site.path("/organization");
    let chrome = Chrome::of(site, visitor, &here, Section::Organization);
    let a = &o.address;
    let address = [
        &a.address1,
        &a.address2,
        &a.city,
        &a.state,
        &a.postal_code,
        &a.country,
    ]
    .into_iter()
    .flatten()
    .map(String::as_str)
    .collect::<Vec<_>>()
    .join(", ");
    let done = match visitor.caller.params.one("done")? {
        Some("tag") => Some("The roster tag has been made. Choose it on a member's page."),
        _ => None,
    };
    let status = errors.status();
    Ok(page(
        status,
        &OrganizationPage {
            chrome: &chrome,
            name: o.organization_name,
            kind: o.organization_type,
            address,
            primary_contact: o
                .primary_contact
                .map(|c| full_name(&c.name.first_name, &c.name.last_name)),
            sponsors: sponsors
                .items
                .iter()
                .map(|s| {
                    let name = full_name(&s.name.first_name, &s.name.last_name);
                    match &s.email_address {
                        Some(e) => format!("{name} ({e})"),
                        None => name,
                    }
                })
                .collect(),
            tags: tags
                .items
                .iter()
                .map(|t| tag_words(t.district_name.as_deref(), t.school_name.as_deref()))
                .collect(),
            members: members_count(members.total_results),
            members_href: site.path("/organization/members"),
            new_member: members
                .allows
                .contains("POST")
                .then(|| site.path("/organization/members/new")),
            tag_action: format!("{here}/roster-tags"),
            errors,
            tag_form: tag_form.unwrap_or_default(),
            done,
        },
        visitor,
    ))
}

fn limit(n: u32) -> (String, String) {
    ("limit".to_owned(), n.to_string())
}
fn members_count(n: u64) -> String {
    match n {
        1 => "1 member".to_owned(),
        n => format!("{n} members"),
    }
}

/// `GET /{site}/organization/members`: the members, narrowed (`sponsorList`, `grade`), sorted
/// (`sortOrder`) and paged (`start`).
pub async fn members(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let params = &visitor.caller.params;
    let list = params
        .one("sponsorList")?
        .unwrap_or("allMembers")
        .to_owned();
    let order = params.one("sortOrder")?.unwrap_or("lastName").to_owned();
    let grade = params.one("grade")?.unwrap_or("").trim().to_owned();
    let mut query = vec![
        ("sponsorList".to_owned(), list.clone()),
        ("sortOrder".to_owned(), order.clone()),
    ];
    if !grade.is_empty() {
        query.push(("grade".to_owned(), grade.clone()));
    }
    query.extend(params.only(&["start"]).pairs().iter().cloned());
    let Json(found) = api::list_members(
        State(state.clone()),
        forms::caller_with(&visitor, Params::from_pairs(query)),
    )
    .await?;
    let action = site.path("/organization/members");
    let kept = [
        ("sponsorList", list.as_str()),
        ("sortOrder", order.as_str()),
        ("grade", grade.as_str()),
    ];
    let here = with_query(&action, &kept);
    let next = found.next.as_deref().map(|t| {
        let mut pairs = kept.to_vec();
        pairs.push(("start", t));
        with_query(&action, &pairs)
    });
    let chrome = Chrome::of(&site, &visitor, &here, Section::Organization);
    Ok(page(
        axum::http::StatusCode::OK,
        &MembersPage {
            chrome: &chrome,
            count: members_count(found.total_results),
            members: found.items.iter().map(|m| member_row(&site, m)).collect(),
            action,
            lists: choices(LISTS, &list),
            orders: choices(ORDERS, &order),
            grade,
            next,
            new_member: found
                .allows
                .contains("POST")
                .then(|| site.path("/organization/members/new")),
        },
        &visitor,
    ))
}

pub fn member_row(site: &WebSite, m: &MemberSummary) -> MemberRow {
    let mut about = Vec::new();
    if let Some(g) = &m.grade {
        about.push(format!("Grade {g}"));
    }
    if let Some(t) = &m.roster_tag {
        about.push(tag_words(
            t.district_name.as_deref(),
            t.school_name.as_deref(),
        ));
    }
    if m.on_quick_list {
        about.push("On my quick list".to_owned());
    }
    if !m.can_download {
        about.push("Cannot download yet".to_owned());
    }
    if m.locked {
        about.push("Locked".to_owned());
    }
    MemberRow {
        name: full_name(&m.name.first_name, &m.name.last_name),
        href: member_page_path(site, &m.user_account_id),
        about: about.join(". "),
    }
}
