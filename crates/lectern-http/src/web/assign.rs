//! A title assigned to one or many members from its page: each member of the sponsor's
//! organization with whether they have it already, may have it, or why not (the access rules'
//! alerts, as `GET /v2/myOrganization/titleAvailabilities/{serviceId}` gives them), and the
//! members ticked assigned in one operation: all of them, or, when one cannot be, none.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::title_access::AlertLevel;
use lectern_operations::assigned_titles;

use super::catalog::{title_lang, title_path};
use super::members::{full_name, member_page_path};
use super::organization::sponsor_list;
use super::title_words::{Said, alert};
use crate::conventions::member_pages::{member_window, turned};
use crate::conventions::paging::ListParams;
use crate::error::ApiResult;
use crate::i18n::escaped;
use crate::pages::forms::{FormErrors, Posted};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::account::Account;
use lectern_domain::catalog::TitleRecord;
use lectern_domain::members::MemberSort;
use lectern_operations::sponsored_members::{Availabilities, Availability, members_of};
use lectern_operations::sponsoring::Sponsoring;

#[derive(Template)]
#[template(path = "web/assign.html")]
struct AssignPage<'a> {
    chrome: &'a Chrome,
    title: String,
    action: String,
    members: Vec<MemberChoice>,
    count: String,
    quick_list: bool,
    lists: (String, String),
    next: Option<String>,
    errors: FormErrors,
    done: Option<String>,
    /// "Assign" and the title, a link to its page, as HTML.
    heading: String,
}

struct MemberChoice {
    id: String,
    /// `member` for the first box (where the error summary leads), then `member-2`...
    input_id: String,
    name: String,
    /// Assigned already.
    assigned: bool,
    /// That they have it already, their name a link to their page, as HTML.
    already: String,
    /// Why the member may not have the title, in the rules' words; empty when they may.
    refusals: Vec<Said>,
    /// Worth knowing, when they may.
    notes: Vec<Said>,
}

fn choice(
    (site, chrome): (&WebSite, &Chrome),
    m: &Account,
    standing: Availability,
) -> MemberChoice {
    let words = |level: AlertLevel| {
        standing
            .alerts
            .iter()
            .filter(|a| a.level == level)
            .map(|a| alert(chrome, a))
            .collect()
    };
    let name = full_name(&m.first_name, &m.last_name);
    let href = member_page_path(site, &m.user_account_id);
    MemberChoice {
        id: m.user_account_id.clone(),
        input_id: String::new(),
        already: chrome.lang.t_html(
            "assign-already",
            "name",
            &format!(
                "<a href=\"{}\" translate=\"no\">{}</a>",
                escaped(&href),
                escaped(&name)
            ),
        ),
        name,
        assigned: standing.assigned,
        refusals: words(AlertLevel::Error),
        notes: words(AlertLevel::Warning),
    }
}

/// The members' choices, the first box to tick named `member`.
fn choices(
    on: (&WebSite, &Chrome),
    members: &[Account],
    standing: Vec<Availability>,
) -> Vec<MemberChoice> {
    let mut choices: Vec<MemberChoice> = members
        .iter()
        .zip(standing)
        .map(|(m, t)| choice(on, m, t))
        .collect();
    let mut boxes = choices.iter_mut().filter(|c| !c.assigned);
    if let Some(first) = boxes.next() {
        first.input_id = "member".to_owned();
    }
    for (n, c) in boxes.enumerate() {
        c.input_id = format!("member-{}", n + 2);
    }
    choices
}

/// "Assign" and the title, a link to its page marked with its language where it is not the
/// page's, as HTML.
fn heading(chrome: &Chrome, record: &TitleRecord, href: &str) -> String {
    let marked = chrome
        .part_lang(&title_lang(record))
        .map(|(l, d)| format!(" lang=\"{l}\" dir=\"{d}\""))
        .unwrap_or_default();
    let link = format!(
        "<a href=\"{}\"{marked} translate=\"no\">{}</a>",
        escaped(href),
        escaped(&record.title)
    );
    chrome.lang.t_html("assign-title", "title", &link)
}

fn assign_path(site: &WebSite, service_id: &str) -> String {
    format!("{}/assign", title_path(site, service_id))
}

/// `GET /{site}/titles/{serviceId}/assign`: the members, a page at a time (`start`), all or
/// the sponsor's quick list (`sponsorList`).
pub async fn show(
    State(state): State<AppState>,
    Path((_, service_id)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    assign_page(&state, &site, &visitor, &service_id, FormErrors::default()).await
}

/// `POST /{site}/titles/{serviceId}/assign`: the title assigned to each member ticked
/// (`member`, repeated), then this page again, saying how many.
pub async fn assign(
    State(state): State<AppState>,
    Path((_, service_id)): Path<(String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let members: Vec<String> = form.all("member").into_iter().map(str::to_owned).collect();
    if members.is_empty() {
        let errors = FormErrors::one("member", visitor.lang.t("assign-choose"));
        return assign_page(&state, &site, &visitor, &service_id, errors).await;
    }
    assigned_titles::assign(&state, &visitor.caller, &members, &service_id).await?;
    let count = members.len().to_string();
    Ok(see_other(
        &with_query(&assign_path(&site, &service_id), &[("assigned", &count)]),
        &visitor.set_cookies,
    ))
}

async fn assign_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    service_id: &str,
    errors: FormErrors,
) -> ApiResult<Response> {
    let params = &visitor.caller.params;
    let list = params
        .one("sponsorList")?
        .unwrap_or("allMembers")
        .to_owned();
    let s = Sponsoring::of(state, &visitor.caller).await?;
    let title = Availabilities::of(state, &visitor.caller, service_id).await?;
    let asked: ListParams<MemberSort> = params.only(&["start"]).parse()?;
    let (listing, window) = member_window(&asked)?;
    let sort = window.sort;
    let found = members_of(state, &s, sponsor_list(&list, None)?, window).await?;
    let (rows, next, total) = turned(&listing, sort, found);
    let standing = title.of_members(state, &rows).await?;
    let record = &title.title;
    let action = assign_path(site, service_id);
    let here = with_query(&action, &[("sponsorList", &list)]);
    let next = next
        .as_deref()
        .map(|t| with_query(&action, &[("sponsorList", &list), ("start", t)]));
    let lang = visitor.lang;
    let done = params
        .one("assigned")?
        .and_then(|n| n.parse::<u64>().ok())
        .map(|n| lang.t_count("assign-done", n));
    let chrome = Chrome::of(site, visitor, &here, Section::Organization);
    let status = errors.status();
    Ok(page(
        status,
        &AssignPage {
            chrome: &chrome,
            title: record.title.clone(),
            count: lang.t_count("org-members-count", total),
            members: choices((site, &chrome), &rows, standing),
            heading: heading(&chrome, record, &title_path(site, service_id)),
            quick_list: list == "myQuickList",
            lists: (
                with_query(&action, &[("sponsorList", "allMembers")]),
                with_query(&action, &[("sponsorList", "myQuickList")]),
            ),
            action,
            next,
            errors,
            done,
        },
        visitor,
    ))
}
