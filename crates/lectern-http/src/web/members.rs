//! A sponsor's member pages: a new member, one member (what the sponsor may change, the titles
//! assigned to them, each taken back), and a title found and assigned from the member's page.
//! Each read and write is the API's handler (`/v2/myOrganization/members`,
//! `/v2/assignedTitles/{member}`), so a page refuses what the API refuses, in its words.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::account::member_fields::SPONSOR_MANAGED;
use lectern_domain::catalog::query::{TitleFilters, TitleSearch, TitleSort};
use lectern_domain::paging::Direction;

use super::catalog::{Found, Listed, find, title_path};
use super::forms::field;
use super::forms::{self, FormErrors, Posted};
use super::render::{Chrome, Section, page, see_other, with_query};
use super::session::{Here, Visitor, WebSite};
use crate::assigned_titles::{assign_title, assigned_titles, unassign_title};
use crate::conventions::json::Json;
use crate::conventions::links::segment;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::my_organization::{
    MemberSummary, create_member, list_roster_tags, member_summary, update_member,
};
use crate::state::AppState;
use crate::titles::CatalogViewer;

pub fn member_page_path(site: &WebSite, id: &str) -> String {
    site.path(&format!("/organization/members/{}", segment(id)))
}

/// What the member form shows and sends.
#[derive(Default)]
pub struct MemberForm {
    first_name: String,
    last_name: String,
    user_name: String,
    date_of_birth: String,
    grade: String,
    disabilities: Vec<String>,
    plans: Vec<String>,
    roster_tag: String,
    on_quick_list: bool,
    safe_search: bool,
    allow_search_downloads: bool,
}

/// The boxes of the form: left unticked, a form sends nothing, and the API would keep what was
/// there, so each is sent as `false`.
const FLAGS: [&str; 3] = ["onQuickList", "safeSearch", "allowSearchDownloads"];
const DISABILITIES: [(&str, &str); 4] = [
    ("visual", "Blind or low vision"),
    ("learning", "Learning disability, such as dyslexia"),
    (
        "physical",
        "Physical disability that makes holding or turning pages hard",
    ),
    ("nonspecific", "Another print disability"),
];
const PLANS: [(&str, &str); 2] = [
    ("iep", "Individualized Education Program (IEP)"),
    ("section504", "Section 504 plan"),
];

impl MemberForm {
    fn of(m: &MemberSummary) -> MemberForm {
        MemberForm {
            first_name: m.name.first_name.clone(),
            last_name: m.name.last_name.clone(),
            user_name: m.user_name.clone().unwrap_or_default(),
            date_of_birth: m.date_of_birth.clone().unwrap_or_default(),
            grade: m.grade.clone().unwrap_or_default(),
            disabilities: m.disabilities.clone(),
            plans: m.plans.clone(),
            roster_tag: m
                .roster_tag
                .as_ref()
                .map(|t| t.roster_tag_id.to_string())
                .unwrap_or_default(),
            on_quick_list: m.on_quick_list,
            safe_search: m.safe_search,
            allow_search_downloads: m.allow_search_downloads,
        }
    }

    fn asked(form: &Params) -> MemberForm {
        let all = |name: &str| form.all(name).into_iter().map(str::to_owned).collect();
        let ticked = |name: &str| form.one(name).ok().flatten() == Some("true");
        MemberForm {
            first_name: field(form, "firstName"),
            last_name: field(form, "lastName"),
            user_name: field(form, "username"),
            date_of_birth: field(form, "dateOfBirth"),
            grade: field(form, "grade"),
            disabilities: all("disabilityType"),
            plans: all("disabilityPlan"),
            roster_tag: field(form, "rosterTagId"),
            on_quick_list: ticked("onQuickList"),
            safe_search: ticked("safeSearch"),
            allow_search_downloads: ticked("allowSearchDownloads"),
        }
    }

    pub fn has_disability(&self, d: &&str) -> bool {
        self.disabilities.iter().any(|x| x == d)
    }

    pub fn has_plan(&self, p: &&str) -> bool {
        self.plans.iter().any(|x| x == p)
    }
}

/// The form's fields as the API's parameters: empty fields left out, unticked boxes `false`,
/// and none of the fields a sponsor may not change (`managed`: the member's own).
fn parameters(form: Params, manageable: bool) -> Params {
    let mut pairs: Vec<(String, String)> = form
        .pairs()
        .iter()
        .filter(|(k, v)| !v.is_empty() && (manageable || !SPONSOR_MANAGED.contains(&k.as_str())))
        .cloned()
        .collect();
    for flag in FLAGS {
        if !pairs.iter().any(|(k, _)| k == flag) {
            pairs.push((flag.to_owned(), "false".to_owned()));
        }
    }
    Params::from_pairs(pairs)
}

#[derive(Template)]
#[template(path = "web/member_new.html")]
struct NewMemberPage<'a> {
    chrome: &'a Chrome,
    action: String,
    errors: FormErrors,
    form: MemberForm,
    manageable: bool,
    tags: Vec<(String, String)>,
    disabilities: &'static [(&'static str, &'static str)],
    plans: &'static [(&'static str, &'static str)],
}

/// `GET /{site}/organization/members/new`.
pub async fn new(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let form = MemberForm {
        safe_search: true,
        allow_search_downloads: true,
        ..MemberForm::default()
    };
    new_member_page(&state, &site, &visitor, FormErrors::default(), form).await
}

/// `POST /{site}/organization/members`: the new member, then their page.
pub async fn create(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let asked = MemberForm::asked(&form);
    let caller = forms::caller_with(&visitor, parameters(form, true));
    match create_member(State(state.clone()), caller).await {
        Ok(created) => Ok(see_other(
            &with_query(
                &member_page_path(&site, &created.1.user_account_id),
                &[("done", "created")],
            ),
            &visitor.set_cookies,
        )),
        Err(e) => {
            let errors = missing_in_words(FormErrors::of(e)?);
            new_member_page(&state, &site, &visitor, errors, asked).await
        }
    }
}

/// What to do about each field a new member needs, in the form's words.
fn missing_in_words(errors: FormErrors) -> FormErrors {
    errors
        .missing_as("firstName", "Enter the member's first name")
        .missing_as("lastName", "Enter the member's last name")
        .missing_as("dateOfBirth", "Enter the member's date of birth")
        .missing_as("grade", "Enter the member's grade")
}

async fn new_member_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    form: MemberForm,
) -> ApiResult<Response> {
    let tags = tag_choices(state, visitor).await?;
    let action = site.path("/organization/members");
    let chrome = Chrome::of(
        site,
        visitor,
        &format!("{action}/new"),
        Section::Organization,
    );
    let status = errors.status();
    Ok(page(
        status,
        &NewMemberPage {
            chrome: &chrome,
            action,
            errors,
            form,
            manageable: true,
            tags,
            disabilities: &DISABILITIES,
            plans: &PLANS,
        },
        visitor,
    ))
}

/// The organization's roster tags, as the choices of the member form.
async fn tag_choices(state: &AppState, visitor: &Visitor) -> ApiResult<Vec<(String, String)>> {
    let params = Params::from_pairs(vec![("limit".to_owned(), "100".to_owned())]);
    let Json(tags) =
        list_roster_tags(State(state.clone()), forms::caller_with(visitor, params)).await?;
    Ok(tags
        .items
        .iter()
        .map(|t| {
            (
                t.roster_tag_id.to_string(),
                tag_words(t.district_name.as_deref(), t.school_name.as_deref()),
            )
        })
        .collect())
}

#[derive(Template)]
#[template(path = "web/member.html")]
struct MemberPage<'a> {
    chrome: &'a Chrome,
    name: String,
    facts: Vec<(&'static str, String)>,
    action: String,
    errors: FormErrors,
    form: MemberForm,
    manageable: bool,
    tags: Vec<(String, String)>,
    disabilities: &'static [(&'static str, &'static str)],
    plans: &'static [(&'static str, &'static str)],
    assigned: Vec<Assigned>,
    more_assigned: Option<String>,
    take_back: String,
    find: String,
    all_members: String,
    done: Option<&'static str>,
}

struct Assigned {
    service_id: String,
    title: String,
    href: String,
    by: String,
    when: String,
}

/// `GET /{site}/organization/members/{member}`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, member)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    member_page(
        &state,
        &site,
        &visitor,
        &member,
        FormErrors::default(),
        None,
    )
    .await
}

/// `POST /{site}/organization/members/{member}`: the member as changed.
pub async fn change(
    State(state): State<AppState>,
    Path((_, member)): Path<(String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let asked = MemberForm::asked(&form);
    let before = member_summary(&state, &visitor.caller, &member).await?;
    let caller = forms::caller_with(&visitor, parameters(form, before.sponsor_manageable));
    match update_member(State(state.clone()), caller, Path(member.clone())).await {
        Ok(_) => Ok(see_other(
            &with_query(&member_page_path(&site, &member), &[("done", "changed")]),
            &visitor.set_cookies,
        )),
        Err(e) => {
            let errors = missing_in_words(FormErrors::of(e)?);
            member_page(&state, &site, &visitor, &member, errors, Some(asked)).await
        }
    }
}

async fn member_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    member: &str,
    errors: FormErrors,
    asked: Option<MemberForm>,
) -> ApiResult<Response> {
    let m = member_summary(state, &visitor.caller, member).await?;
    let listing = visitor.caller.params.only(&["start"]);
    let Json(titles) = assigned_titles(
        State(state.clone()),
        forms::caller_with(visitor, listing),
        Path(m.user_account_id.clone()),
    )
    .await?;
    let here = member_page_path(site, &m.user_account_id);
    let assigned = titles
        .items
        .iter()
        .map(|t| Assigned {
            service_id: t.summary.service_id.clone(),
            title: t.summary.title.clone(),
            href: title_path(site, &t.summary.service_id),
            by: t.assigned_by.clone().unwrap_or_default(),
            when: t.date_assigned.get(..10).unwrap_or_default().to_owned(),
        })
        .collect();
    let done = match visitor.caller.params.one("done")? {
        Some("created") => Some("The member has been added."),
        Some("changed") => Some("Your changes have been saved."),
        Some("assigned") => Some("The title has been assigned."),
        Some("taken-back") => Some("The title has been taken back."),
        _ => None,
    };
    let chrome = Chrome::of(site, visitor, &here, Section::Organization);
    let status = errors.status();
    Ok(page(
        status,
        &MemberPage {
            chrome: &chrome,
            name: full_name(&m.name.first_name, &m.name.last_name),
            facts: facts(&m),
            action: here.clone(),
            errors,
            form: asked.unwrap_or_else(|| MemberForm::of(&m)),
            manageable: m.sponsor_manageable,
            tags: tag_choices(state, visitor).await?,
            disabilities: &DISABILITIES,
            plans: &PLANS,
            assigned,
            more_assigned: titles
                .next
                .as_deref()
                .map(|t| with_query(&here, &[("start", t)])),
            take_back: format!("{here}/take-back"),
            find: format!("{here}/find"),
            all_members: site.path("/organization/members"),
            done,
        },
        visitor,
    ))
}

fn yes_no(b: bool) -> String {
    if b { "Yes" } else { "No" }.to_owned()
}

fn facts(m: &MemberSummary) -> Vec<(&'static str, String)> {
    let mut facts = Vec::new();
    if let Some(u) = &m.user_name {
        facts.push(("User name", u.clone()));
    }
    if let Some(g) = &m.grade {
        facts.push(("Grade", g.clone()));
    }
    if let Some(t) = &m.roster_tag {
        facts.push((
            "Roster tag",
            tag_words(t.district_name.as_deref(), t.school_name.as_deref()),
        ));
    }
    facts.push(("Agreement signed", yes_no(m.has_agreement)));
    facts.push(("May download", yes_no(m.can_download)));
    if m.locked {
        facts.push(("Account", "Locked; ask the library".to_owned()));
    }
    facts
}

/// `POST /{site}/organization/members/{member}/take-back`: an assigned title (`serviceId`)
/// taken back.
pub async fn take_back(
    State(state): State<AppState>,
    Path((_, member)): Path<(String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let service_id = form.required("serviceId")?.to_owned();
    unassign_title(
        State(state.clone()),
        forms::caller_with(&visitor, Params::default()),
        Path((member.clone(), service_id)),
    )
    .await?;
    Ok(see_other(
        &with_query(&member_page_path(&site, &member), &[("done", "taken-back")]),
        &visitor.set_cookies,
    ))
}

#[derive(Template)]
#[template(path = "web/member_find.html")]
struct FindPage<'a> {
    chrome: &'a Chrome,
    name: String,
    member: String,
    keyword: String,
    action: String,
    assign: String,
    titles: Vec<Listed>,
    count: String,
    errors: FormErrors,
}

/// `GET /{site}/organization/members/{member}/find?keyword=`: titles to assign to the member,
/// found as the catalog's search finds them for the sponsor.
pub async fn find_titles(
    State(state): State<AppState>,
    Path((_, member)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let m = member_summary(&state, &visitor.caller, &member).await?;
    let keyword = visitor
        .caller
        .params
        .one("keyword")?
        .unwrap_or("")
        .trim()
        .to_owned();
    let (found, errors) = if keyword.is_empty() {
        let missing = ApiError::bad_param("keyword", "enter words to find titles by");
        (None, FormErrors::of(missing)?)
    } else {
        (
            Some(titles_to_assign(&state, &site, &visitor, &keyword).await?),
            FormErrors::default(),
        )
    };
    let member_path = member_page_path(&site, &m.user_account_id);
    let action = format!("{member_path}/find");
    let here = with_query(&action, &[("keyword", &keyword)]);
    let chrome = Chrome::of(&site, &visitor, &here, Section::Organization);
    let count = match found.as_ref().map_or(0, |f| f.page.total) {
        0 => "No titles found".to_owned(),
        1 => "1 title found".to_owned(),
        n if n > FOUND => format!("{n} titles found; the first {FOUND} are shown"),
        n => format!("{n} titles found"),
    };
    Ok(page(
        errors.status(),
        &FindPage {
            chrome: &chrome,
            name: full_name(&m.name.first_name, &m.name.last_name),
            member: member_path.clone(),
            keyword,
            action,
            assign: format!("{member_path}/assign"),
            titles: found.map(|f| f.titles).unwrap_or_default(),
            count,
            errors,
        },
        &visitor,
    ))
}

/// How many titles the member's page finds at once: the sponsor narrows by words.
const FOUND: u64 = 20;

async fn titles_to_assign(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    keyword: &str,
) -> ApiResult<Found> {
    let who = CatalogViewer::of(state, &visitor.caller).await?;
    find(
        state,
        site,
        &who,
        TitleSearch {
            filters: TitleFilters {
                keyword: Some(keyword.to_owned()),
                ..Default::default()
            },
            scope: who.scope(),
            sort: TitleSort::Relevance,
            direction: Direction::Desc,
            limit: FOUND as u32,
            start: None,
            facets: false,
        },
    )
    .await
}

/// `POST /{site}/organization/members/{member}/assign`: a title (`serviceId`) assigned to the
/// member, then the member's page.
pub async fn assign(
    State(state): State<AppState>,
    Path((_, member)): Path<(String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    assign_title(
        State(state.clone()),
        forms::caller_with(&visitor, form.only(&["serviceId"])),
        Path(member.clone()),
    )
    .await?;
    Ok(see_other(
        &with_query(&member_page_path(&site, &member), &[("done", "assigned")]),
        &visitor.set_cookies,
    ))
}

pub fn full_name(first: &str, last: &str) -> String {
    format!("{first} {last}").trim().to_owned()
}

/// A roster tag in words: "District: North; school: Hill".
pub fn tag_words(district: Option<&str>, school: Option<&str>) -> String {
    match (district, school) {
        (Some(d), Some(s)) => format!("{s}, {d}"),
        (Some(d), None) => d.to_owned(),
        (None, Some(s)) => s.to_owned(),
        (None, None) => String::new(),
    }
}
