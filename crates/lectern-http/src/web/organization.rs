//! My organization, for its sponsors: the organization, its sponsors and roster tags (a new tag
//! made from the page), and its members, filtered, sorted and paged as the API lists them, each
//! read and written through the sponsor's operations (`lectern_operations::sponsored_members`).

use askama::Template;
use axum::extract::State;
use axum::response::Response;

use super::members::{full_name, member_page_path, tag_words};
use crate::conventions::member_pages::{ORDERS, member_window, turned};
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::i18n::Lang;
use crate::pages::forms::{self, Choice, FormErrors, Posted, choices_in};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::account::Account;
use lectern_domain::members::{MemberKind, MemberSort};
use lectern_domain::paging::SortOrder;
use lectern_operations::listing::Window;
use lectern_operations::roster_tags;
use lectern_operations::sponsored_members::{
    MemberAdding, MemberFacts, MemberListing, member_count, members_of, sponsors_of,
};
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
    /// The message saying what was just done.
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
    /// Grade, whether they may download and the rest, in words.
    pub about: String,
    /// Their roster tag's district and school, the records' own words.
    pub tag: Option<String>,
}

/// Which members (`sponsorList`), as the API names them.
const LISTS: &[(&str, &str)] = &[
    ("allMembers", "members-list-all"),
    ("myQuickList", "members-list-quick"),
    ("orgMembers", "members-list-org"),
    ("individualMembers", "members-list-individual"),
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
    let s = Sponsoring::of(state, &visitor.caller).await?;
    let contact =
        lectern_operations::organizations::primary_contact(state, &s.organization).await?;
    let first = Window {
        sort: MemberSort::DEFAULT,
        direction: MemberSort::DEFAULT_DIRECTION,
        after: None,
        limit: SHOWN,
    };
    let mut sponsors = sponsors_of(state, &s, first).await?.rows;
    sponsors.truncate(SHOWN as usize);
    let tags = roster_tags::newest(state, &s, SHOWN).await?;
    let members = member_count(state, &s).await?;
    let here = site.path("/organization");
    let chrome = Chrome::of(site, visitor, &here, Section::Organization);
    let o = &s.organization;
    let address = [
        o.address1.as_deref(),
        o.address2.as_deref(),
        o.city.as_deref(),
        o.state.as_deref(),
        o.postal_code.as_deref(),
        Some(o.country.as_str()),
    ]
    .into_iter()
    .flatten()
    .collect::<Vec<_>>()
    .join(", ");
    let done = match visitor.caller.params.one("done")? {
        Some("tag") => Some("org-done-tag"),
        _ => None,
    };
    let status = errors.status();
    Ok(page(
        status,
        &OrganizationPage {
            chrome: &chrome,
            name: o.organization_name.clone(),
            kind: o.organization_type.clone(),
            address,
            primary_contact: contact.map(|c| full_name(&c.first_name, &c.last_name)),
            sponsors: sponsors
                .iter()
                .map(|a| {
                    let name = full_name(&a.first_name, &a.last_name);
                    match a.details.email_address.as_ref().or(a.user_name.as_ref()) {
                        Some(e) => format!("{name} ({e})"),
                        None => name,
                    }
                })
                .collect(),
            tags: tags
                .iter()
                .map(|t| tag_words(t.district_name.as_deref(), t.school_name.as_deref()))
                .collect(),
            members: visitor.lang.t_count("org-members-count", members),
            members_href: site.path("/organization/members"),
            new_member: MemberAdding::may(&visitor.caller, &s)
                .then(|| site.path("/organization/members/new")),
            tag_action: format!("{here}/roster-tags"),
            errors,
            tag_form: tag_form.unwrap_or_default(),
            done,
        },
        visitor,
    ))
}

/// The members a page's `sponsorList` (and grade) narrows the organization's to.
pub fn sponsor_list(list: &str, grade: Option<String>) -> ApiResult<MemberListing> {
    let kind = list
        .parse::<MemberKind>()
        .map_err(|why| ApiError::bad_param("sponsorList", why))?;
    Ok(MemberListing {
        kind: Some(kind),
        grade,
        ..MemberListing::default()
    })
}

/// How many sponsors and roster tags the organization's page shows.
const SHOWN: u32 = 100;

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
    let mut query = vec![("sortOrder".to_owned(), order.clone())];
    query.extend(params.only(&["start"]).pairs().iter().cloned());
    let s = Sponsoring::of(&state, &visitor.caller).await?;
    let asked: ListParams<MemberSort> = Params::from_pairs(query).parse()?;
    let (listing, window) = member_window(&asked)?;
    let sort = window.sort;
    let narrowed = sponsor_list(&list, Some(grade.clone()).filter(|g| !g.is_empty()))?;
    let found = members_of(&state, &s, narrowed, window).await?;
    let (rows, next, total) = turned(&listing, sort, found);
    let facts = MemberFacts::read(&state, &s, &rows).await?;
    let action = site.path("/organization/members");
    let kept = [
        ("sponsorList", list.as_str()),
        ("sortOrder", order.as_str()),
        ("grade", grade.as_str()),
    ];
    let here = with_query(&action, &kept);
    let next = next.as_deref().map(|t| {
        let mut pairs = kept.to_vec();
        pairs.push(("start", t));
        with_query(&action, &pairs)
    });
    let chrome = Chrome::of(&site, &visitor, &here, Section::Organization);
    let lang = visitor.lang;
    Ok(page(
        axum::http::StatusCode::OK,
        &MembersPage {
            chrome: &chrome,
            count: lang.t_count("org-members-count", total),
            members: rows
                .iter()
                .map(|a| member_row((&site, lang), &facts, a))
                .collect(),
            action,
            lists: choices_in(lang, LISTS, &list),
            orders: choices_in(lang, ORDERS, &order),
            grade,
            next,
            new_member: MemberAdding::may(&visitor.caller, &s)
                .then(|| site.path("/organization/members/new")),
        },
        &visitor,
    ))
}

pub fn member_row((site, lang): (&WebSite, Lang), facts: &MemberFacts, a: &Account) -> MemberRow {
    let mut about = Vec::new();
    if let Some(g) = &a.grade {
        about.push(lang.t1("member-grade", "grade", g));
    }
    if facts.on_quick_list(a) {
        about.push(lang.t("member-on-quick-list"));
    }
    if !a.can_download() {
        about.push(lang.t("member-cannot-download"));
    }
    if a.locked {
        about.push(lang.t("member-locked"));
    }
    MemberRow {
        name: full_name(&a.first_name, &a.last_name),
        href: member_page_path(site, &a.user_account_id),
        about: about.join(". "),
        tag: facts
            .tag(a)
            .map(|t| tag_words(t.district_name.as_deref(), t.school_name.as_deref())),
    }
}
