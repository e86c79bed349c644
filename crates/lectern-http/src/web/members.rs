//! A sponsor's member pages: a new member, one member (what the sponsor may change, the titles
//! assigned to them, each taken back), and a title found and assigned from the member's page.
//! Each read and write is the operation the API's (`/v2/myOrganization/members`,
//! `/v2/assignedTitles/{member}`) calls, so a page refuses what the API refuses, in its words.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::catalog::query::{TitleFilters, TitleSearch, TitleSort};
use lectern_domain::paging::Direction;

use super::catalog::{Found, Listed, find, title_lang, title_path};
use crate::conventions::links::segment;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::i18n::Lang;
use crate::pages::forms::field;
use crate::pages::forms::{FormErrors, Posted};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::account::member_fields::MemberFields;
use lectern_domain::assigned_titles::AssignedSortOrder;
use lectern_operations::sponsored_members::{MemberAdding, MemberChange, MemberFacts, MemberInput};
use lectern_operations::sponsoring::Sponsoring;
use lectern_operations::titles::CatalogViewer;
use lectern_operations::{assigned_titles, roster_tags};
use lectern_store::assigned_titles::Assignment;
use lectern_store::keyset::KeyedOrder;

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

/// The print disabilities the form offers, and their messages.
const DISABILITIES: [(&str, &str); 4] = [
    ("visual", "member-disability-visual"),
    ("learning", "member-disability-learning"),
    ("physical", "member-disability-physical"),
    ("nonspecific", "member-disability-nonspecific"),
];
/// The education plans the form offers, and their messages.
const PLANS: [(&str, &str); 2] = [
    ("iep", "member-plan-iep"),
    ("section504", "member-plan-section504"),
];

impl MemberForm {
    fn of(m: &Account, f: &MemberFacts) -> MemberForm {
        MemberForm {
            first_name: m.first_name.clone(),
            last_name: m.last_name.clone(),
            user_name: m.user_name.clone().unwrap_or_default(),
            date_of_birth: m.date_of_birth.clone().unwrap_or_default(),
            grade: m.grade.clone().unwrap_or_default(),
            disabilities: f.disabilities(m).to_vec(),
            plans: m.details.disability_plans.clone(),
            roster_tag: f
                .tag(m)
                .map(|t| t.roster_tag_id.to_string())
                .unwrap_or_default(),
            on_quick_list: f.on_quick_list(m),
            safe_search: f.safe_search(m),
            allow_search_downloads: f.allow_search_downloads(m),
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

/// The boxes ticked of a group (none ticked is none sent), each one the form offers; none when
/// the sponsor may not change them.
fn choices_ticked<T: std::str::FromStr>(
    (form, lang): (&Params, Lang),
    name: &'static str,
    manageable: bool,
) -> Result<Option<Vec<T>>, FormErrors> {
    let ticked = form.all(name);
    if ticked.is_empty() || !manageable {
        return Ok(None);
    }
    ticked
        .into_iter()
        .map(str::parse)
        .collect::<Result<Vec<T>, _>>()
        .map(Some)
        .map_err(|_| FormErrors::one(name, lang.t(NOT_OFFERED)))
}

/// What a value the form never offers is told.
const NOT_OFFERED: &str = "member-not-offered";

/// What the form sends, typed: empty fields are not sent, an unticked box is `false`, and
/// the fields a sponsor may not change (`manageable` false: the member's own) are left out.
/// A value the form never offers is an error beside its field.
fn member_input(
    (form, lang): (&Params, Lang),
    manageable: bool,
) -> Result<MemberInput, FormErrors> {
    let text = |name: &str| Some(field(form, name)).filter(|v| !v.is_empty());
    let own = |name: &str| text(name).filter(|_| manageable);
    let ticked = |name: &str| Some(form.one(name).ok().flatten() == Some("true"));
    let disability_types = choices_ticked((form, lang), "disabilityType", manageable)?;
    let disability_plans = choices_ticked((form, lang), "disabilityPlan", manageable)?;
    let roster_tag_id = text("rosterTagId")
        .map(|t| t.parse::<i64>())
        .transpose()
        .map_err(|_| FormErrors::one("rosterTagId", lang.t(NOT_OFFERED)))?;
    Ok(MemberInput {
        fields: MemberFields {
            first_name: own("firstName"),
            last_name: own("lastName"),
            date_of_birth: text("dateOfBirth"),
            grade: text("grade"),
            user_name: own("username"),
            password: own("password"),
            disability_types,
            disability_plans,
            safe_search: ticked("safeSearch"),
            allow_search_downloads: ticked("allowSearchDownloads"),
        },
        on_quick_list: ticked("onQuickList"),
        roster_tag_id,
    })
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
    let sponsoring = Sponsoring::of(&state, &visitor.caller).await?;
    new_member_page(
        &state,
        (&site, &visitor),
        &sponsoring,
        FormErrors::default(),
        form,
    )
    .await
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
    let adding = MemberAdding::of(&state, &visitor.caller).await?;
    let added = match member_input((&form, visitor.lang), true) {
        Ok(input) => adding
            .add(&state, input)
            .await
            .map_err(FormErrors::of_failure),
        Err(errors) => Err(Ok(errors)),
    };
    match added {
        Ok(member) => Ok(see_other(
            &with_query(
                &member_page_path(&site, &member.user_account_id),
                &[("done", "created")],
            ),
            &visitor.set_cookies,
        )),
        Err(errors) => {
            let errors = missing_in_words(errors?);
            let sponsoring = adding.sponsoring();
            new_member_page(&state, (&site, &visitor), sponsoring, errors, asked).await
        }
    }
}

/// What to do about each field a new member needs, in the form's words.
fn missing_in_words(errors: FormErrors) -> FormErrors {
    errors
        .missing_as("firstName", "member-first-name-missing")
        .missing_as("lastName", "member-last-name-missing")
        .missing_as("dateOfBirth", "member-birth-missing")
        .missing_as("grade", "member-grade-missing")
}

async fn new_member_page(
    state: &AppState,
    (site, visitor): (&WebSite, &Visitor),
    sponsoring: &Sponsoring<'_>,
    errors: FormErrors,
    form: MemberForm,
) -> ApiResult<Response> {
    let tags = tag_choices(state, sponsoring).await?;
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
/// The organization's newest roster tags, as a member form offers them.
async fn tag_choices(state: &AppState, s: &Sponsoring<'_>) -> ApiResult<Vec<(String, String)>> {
    let tags = roster_tags::newest(state, s, TAG_CHOICES).await?;
    Ok(tags
        .iter()
        .map(|t| {
            (
                t.roster_tag_id.to_string(),
                tag_words(t.district_name.as_deref(), t.school_name.as_deref()),
            )
        })
        .collect())
}

/// How many tags a member form offers, newest first.
const TAG_CHOICES: u32 = 100;

#[derive(Template)]
#[template(path = "web/member.html")]
struct MemberPage<'a> {
    chrome: &'a Chrome,
    name: String,
    facts: Vec<(&'static str, String, bool)>,
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
    /// The title's language, as a BCP 47 tag (empty when the catalog does not say).
    lang: String,
    href: String,
    /// When it was assigned, and by whom, in words.
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
    let change = MemberChange::of(&state, &visitor.caller, &member).await?;
    let manageable = change.member.details.sponsor_manageable;
    let changed = match member_input((&form, visitor.lang), manageable) {
        Ok(input) => change
            .apply(&state, input)
            .await
            .map_err(FormErrors::of_failure),
        Err(errors) => Err(Ok(errors)),
    };
    match changed {
        Ok(_) => Ok(see_other(
            &with_query(&member_page_path(&site, &member), &[("done", "changed")]),
            &visitor.set_cookies,
        )),
        Err(errors) => {
            let errors = missing_in_words(errors?);
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
    let found = MemberChange::of(state, &visitor.caller, member).await?;
    let m = &found.member;
    let f = MemberFacts::read(state, found.sponsoring(), std::slice::from_ref(m)).await?;
    let list: ListParams<AssignedSortOrder> = visitor.caller.params.only(&["start"]).parse()?;
    let (listing, window) = list.window::<Assignment>()?;
    let sort = window.sort;
    let mut titles = assigned_titles::page(state, &visitor.caller, &found.member, window).await?;
    let mut rows = std::mem::take(&mut titles.rows);
    let next = listing.next_token(&mut rows, |a| sort.key_of(a));
    let here = member_page_path(site, &m.user_account_id);
    let lang = visitor.lang;
    let assigned = rows
        .iter()
        .filter_map(|a| {
            let t = titles.shown.get(&a.service_id)?;
            let date = lang.date(&Timestamp::from_unix(a.date_assigned).date());
            let when = match a.assigned_by_name.as_deref() {
                Some(by) => lang.t_with("member-assigned-when-by", &[("date", &date), ("by", by)]),
                None => lang.t1("member-assigned-when", "date", &date),
            };
            Some(Assigned {
                service_id: t.service_id.clone(),
                title: t.title.clone(),
                lang: title_lang(t),
                href: title_path(site, &t.service_id),
                when,
            })
        })
        .collect();
    let done = match visitor.caller.params.one("done")? {
        Some("created") => Some("member-done-created"),
        Some("changed") => Some("member-done-changed"),
        Some("assigned") => Some("member-done-assigned"),
        Some("taken-back") => Some("member-done-taken-back"),
        _ => None,
    };
    let chrome = Chrome::of(site, visitor, &here, Section::Organization);
    let status = errors.status();
    Ok(page(
        status,
        &MemberPage {
            chrome: &chrome,
            name: full_name(&m.first_name, &m.last_name),
            facts: facts(lang, m, &f),
            action: here.clone(),
            errors,
            form: asked.unwrap_or_else(|| MemberForm::of(m, &f)),
            manageable: m.details.sponsor_manageable,
            tags: tag_choices(state, found.sponsoring()).await?,
            disabilities: &DISABILITIES,
            plans: &PLANS,
            assigned,
            more_assigned: next.map(|t| with_query(&here, &[("start", &t)])),
            take_back: format!("{here}/take-back"),
            find: format!("{here}/find"),
            all_members: site.path("/organization/members"),
            done,
        },
        visitor,
    ))
}

/// The member's facts: each label's message key, its value, and whether the value is the
/// records' own (a user name, a grade), not words to translate.
fn facts(lang: Lang, m: &Account, f: &MemberFacts) -> Vec<(&'static str, String, bool)> {
    let yes_no = |b: bool| lang.t(if b { "member-yes" } else { "member-no" });
    let mut facts = Vec::new();
    if let Some(u) = &m.user_name {
        facts.push(("member-fact-user-name", u.clone(), true));
    }
    if let Some(g) = &m.grade {
        facts.push(("member-fact-grade", g.clone(), true));
    }
    if let Some(t) = f.tag(m) {
        facts.push((
            "member-fact-roster-tag",
            tag_words(t.district_name.as_deref(), t.school_name.as_deref()),
            true,
        ));
    }
    facts.push(("member-fact-agreement", yes_no(m.has_agreement), false));
    facts.push(("member-fact-may-download", yes_no(m.can_download()), false));
    if m.locked {
        facts.push(("member-fact-account", lang.t("member-fact-locked"), false));
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
    assigned_titles::unassign(&state, &visitor.caller, &member, &service_id).await?;
    Ok(see_other(
        &with_query(&member_page_path(&site, &member), &[("done", "taken-back")]),
        &visitor.set_cookies,
    ))
}

#[derive(Template)]
#[template(path = "web/member_find.html")]
struct FindPage<'a> {
    chrome: &'a Chrome,
    member_name: String,
    member: String,
    keyword: String,
    action: String,
    assign: String,
    titles: Vec<Listed>,
    count: String,
    errors: FormErrors,
}

impl FindPage<'_> {
    /// What a title's button assigns, for a screen reader: the title, to whom.
    fn assign_which(&self, title: &str) -> String {
        let args = [("title", title), ("name", self.member_name.as_str())];
        self.chrome.lang.t_with("find-assign-which", &args)
    }
}

/// `GET /{site}/organization/members/{member}/find?keyword=`: titles to assign to the member,
/// found as the catalog's search finds them for the sponsor.
pub async fn find_titles(
    State(state): State<AppState>,
    Path((_, member)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let found = MemberChange::of(&state, &visitor.caller, &member).await?;
    let m = &found.member;
    let keyword = visitor
        .caller
        .params
        .one("keyword")?
        .unwrap_or("")
        .trim()
        .to_owned();
    let (found, errors) = if keyword.is_empty() {
        let missing = FormErrors::one("keyword", visitor.lang.t("find-words-missing"));
        (None, missing)
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
    let lang = visitor.lang;
    let count = match found.as_ref().map_or(0, |f| f.page.total) {
        n if n > FOUND => lang.t_numbers(
            "find-count-first",
            &[("count", n as u32), ("shown", FOUND as u32)],
        ),
        n => lang.t_count("find-count", n),
    };
    Ok(page(
        errors.status(),
        &FindPage {
            chrome: &chrome,
            member_name: full_name(&m.first_name, &m.last_name),
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
        (site, visitor.lang),
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
    // A member the sponsor does not manage is absent whatever else was sent.
    let me = &visitor.caller;
    let service_id = match form.required("serviceId") {
        Ok(id) => id,
        Err(e) => {
            assigned_titles::managed_member(&state, me, &member).await?;
            return Err(e);
        }
    };
    assigned_titles::assign(&state, me, std::slice::from_ref(&member), service_id).await?;
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
