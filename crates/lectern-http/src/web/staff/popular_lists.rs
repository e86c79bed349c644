//! The site's popular lists, for administrators: every list, a new one, and a list's
//! description and titles (one added by its identifier, moved up or down, taken off). Document
//! 3 reads popular lists and writes none; a list is written whole through the fixture loader, as
//! `lectern load` writes it, with its checks (the site and every title exist).

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_store::fixture::{FixtureFile, PopularListEntry};
use lectern_store::{popular_lists, titles};

use super::clients::administrators_only;
use super::loaded::written;
use crate::conventions::links::segment;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::web::forms::{self, FormErrors, Posted};
use crate::web::render::{Chrome, Section, page, see_other, with_query};
use crate::web::session::{Here, Visitor, WebSite};

/// More popular lists than a site curates; the page shows them all.
const AT_MOST: u32 = 1000;

struct ListRow {
    id: String,
    href: String,
    description: String,
}

#[derive(Template)]
#[template(path = "web/staff/popular_lists.html")]
struct ListsPage<'a> {
    chrome: &'a Chrome,
    lists: Vec<ListRow>,
    action: String,
    errors: FormErrors,
    form: Params,
    made: Option<String>,
}

impl ListsPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }
}

struct TitleRow {
    service_id: String,
    title: String,
    first: bool,
    last: bool,
}

#[derive(Template)]
#[template(path = "web/staff/popular_list.html")]
struct ListPage<'a> {
    chrome: &'a Chrome,
    id: String,
    all: String,
    action: String,
    titles_action: String,
    titles: Vec<TitleRow>,
    errors: FormErrors,
    form: Params,
    done: Option<&'static str>,
}

impl ListPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }
}

fn list_path(site: &WebSite, id: &str) -> String {
    site.path(&format!("/staff/admin/lists/{}", segment(id)))
}

/// `GET /{site}/staff/admin/lists`.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    administrators_only(&visitor)?;
    let made = Some(forms::field(&visitor.caller.params, "made")).filter(|m| !m.is_empty());
    lists_page(
        &state,
        &site,
        &visitor,
        FormErrors::default(),
        Params::default(),
        made,
    )
    .await
}

/// `POST /{site}/staff/admin/lists`: a new list, without titles yet.
pub async fn create(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    administrators_only(&visitor)?;
    let id = forms::field(&form, "id").trim().to_owned();
    if !id.is_empty()
        && popular_lists::popular_list(state.store.reads(), &id)
            .await?
            .is_some()
    {
        let errors = FormErrors::one(
            "id",
            "A popular list has this identifier already; choose another.",
        );
        return lists_page(&state, &site, &visitor, errors, form, None).await;
    }
    let entry = PopularListEntry {
        id: id.clone(),
        site: site.site.id.clone(),
        description: forms::field(&form, "description").trim().to_owned(),
        titles: Vec::new(),
    };
    match save(&state, entry).await? {
        Ok(()) => {
            let back = with_query(&site.path("/staff/admin/lists"), &[("made", &id)]);
            Ok(see_other(&back, &visitor.set_cookies))
        }
        Err(errors) => lists_page(&state, &site, &visitor, errors, form, None).await,
    }
}

/// `GET /{site}/staff/admin/lists/{id}`.
pub async fn show_list(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    administrators_only(&visitor)?;
    let list = the_list(&state, &site, &id).await?;
    let done = match forms::field(&visitor.caller.params, "done").as_str() {
        "described" => Some("The description was saved."),
        "added" => Some("The title was added at the end of the list."),
        "moved" => Some("The title was moved."),
        "off" => Some("The title was taken off the list."),
        _ => None,
    };
    let form = Params::from_pairs(vec![("description".to_owned(), list.description.clone())]);
    list_page(
        &state,
        &site,
        &visitor,
        list,
        FormErrors::default(),
        form,
        done,
    )
    .await
}

/// `POST /{site}/staff/admin/lists/{id}`: the list's description.
pub async fn describe(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    administrators_only(&visitor)?;
    let mut list = the_list(&state, &site, &id).await?;
    list.description = forms::field(&form, "description").trim().to_owned();
    match save(&state, list.clone()).await? {
        Ok(()) => Ok(done(&site, &visitor, &id, "described")),
        Err(errors) => list_page(&state, &site, &visitor, list, errors, form, None).await,
    }
}

/// `POST /{site}/staff/admin/lists/{id}/titles`: `do` is `add` (the title `serviceId` at the
/// end), `up` or `down` (the title `serviceId` one place), or `off` (taken off).
pub async fn titles(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    administrators_only(&visitor)?;
    let mut list = the_list(&state, &site, &id).await?;
    let service_id = forms::field(&form, "serviceId").trim().to_owned();
    let at = list.titles.iter().position(|t| *t == service_id);
    let what = forms::field(&form, "do");
    let done_as = match (what.as_str(), at) {
        ("add", _) if service_id.is_empty() => {
            let errors = FormErrors::one("serviceId", "Fill this in");
            return refused(&state, &site, &visitor, list, form, errors).await;
        }
        ("add", Some(_)) => {
            let errors = FormErrors::one("serviceId", "This title is on the list already.");
            return refused(&state, &site, &visitor, list, form, errors).await;
        }
        ("add", None) => {
            list.titles.push(service_id);
            "added"
        }
        ("up", Some(i)) if i > 0 => {
            list.titles.swap(i, i - 1);
            "moved"
        }
        ("down", Some(i)) if i + 1 < list.titles.len() => {
            list.titles.swap(i, i + 1);
            "moved"
        }
        ("off", Some(i)) => {
            list.titles.remove(i);
            "off"
        }
        (_, None) => {
            return Err(ApiError::not_found(format!(
                "The title '{service_id}' is not on this list"
            )));
        }
        _ => {
            return Err(ApiError::bad_param(
                "do",
                "must be add, up (not for the first title), down (not for the last) or off",
            ));
        }
    };
    match save(&state, list).await? {
        Ok(()) => Ok(done(&site, &visitor, &id, done_as)),
        // The loader names the title by its place (`titles[3]`): the field is the one added.
        Err(_) => {
            let list = the_list(&state, &site, &id).await?;
            let errors = FormErrors::one("serviceId", "There is no title with this identifier.");
            refused(&state, &site, &visitor, list, form, errors).await
        }
    }
}

/// The list's page again, the titles form with its errors, the description as it is.
async fn refused(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    list: PopularListEntry,
    form: Params,
    errors: FormErrors,
) -> ApiResult<Response> {
    let form = form.with("description", &list.description);
    list_page(state, site, visitor, list, errors, form, None).await
}

fn done(site: &WebSite, visitor: &Visitor, id: &str, what: &str) -> Response {
    see_other(
        &with_query(&list_path(site, id), &[("done", what)]),
        &visitor.set_cookies,
    )
}

/// The site's list, with its titles in order; another site's is not there.
async fn the_list(state: &AppState, site: &WebSite, id: &str) -> ApiResult<PopularListEntry> {
    let reads = state.store.reads();
    let list = popular_lists::popular_list(reads, id)
        .await?
        .filter(|l| l.site_id == site.site.id)
        .ok_or_else(|| ApiError::not_found(format!("There is no popular list '{id}'")))?;
    let titles = popular_lists::popular_list_titles(reads, id)
        .await?
        .into_iter()
        .map(|(_, service_id)| service_id)
        .collect();
    Ok(PopularListEntry {
        id: list.list_id,
        site: list.site_id,
        description: list.description,
        titles,
    })
}

/// Writes the whole list through the fixture loader; the form's errors when it is refused.
async fn save(state: &AppState, list: PopularListEntry) -> ApiResult<Result<(), FormErrors>> {
    let file = FixtureFile {
        popular_lists: vec![list],
        ..FixtureFile::default()
    };
    written(state, file).await
}

async fn lists_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    form: Params,
    made: Option<String>,
) -> ApiResult<Response> {
    let sites = [site.site.id.clone()];
    let all = popular_lists::popular_lists_page(state.store.reads(), &sites, None, AT_MOST).await?;
    let action = site.path("/staff/admin/lists");
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let status = errors.status();
    Ok(page(
        status,
        &ListsPage {
            chrome: &chrome,
            lists: all
                .into_iter()
                .map(|l| ListRow {
                    href: list_path(site, &l.list_id),
                    id: l.list_id,
                    description: l.description,
                })
                .collect(),
            action,
            errors,
            form,
            made,
        },
        visitor,
    ))
}

async fn list_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    list: PopularListEntry,
    errors: FormErrors,
    form: Params,
    done: Option<&'static str>,
) -> ApiResult<Response> {
    let found = titles::get_many(state.store.reads(), &list.titles).await?;
    let n = list.titles.len();
    let rows = list
        .titles
        .iter()
        .enumerate()
        .map(|(i, id)| TitleRow {
            title: found
                .iter()
                .find(|t| t.service_id == *id)
                .map_or_else(|| id.clone(), |t| t.title.clone()),
            service_id: id.clone(),
            first: i == 0,
            last: i + 1 == n,
        })
        .collect();
    let action = list_path(site, &list.id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let status = errors.status();
    Ok(page(
        status,
        &ListPage {
            chrome: &chrome,
            titles_action: format!("{action}/titles"),
            action,
            all: site.path("/staff/admin/lists"),
            id: list.id,
            titles: rows,
            errors,
            form,
            done,
        },
        visitor,
    ))
}
