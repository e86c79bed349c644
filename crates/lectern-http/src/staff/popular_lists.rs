//! The site's popular lists, for administrators: every list, a new one, and a list's
//! description and titles (one added by its identifier, moved up or down, taken off). Document
//! 3 reads popular lists and writes none; each change is an operation of
//! `lectern_operations::popular_lists`, which writes the list whole.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_operations::administration::Administrator;
use lectern_operations::popular_lists::{self, PopularList, TitleMove};

use crate::conventions::links::segment;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::pages::forms::{self, FormErrors, Posted};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;

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
    let admin = Administrator::of(&visitor.caller)?;
    let made = Some(forms::field(&visitor.caller.params, "made")).filter(|m| !m.is_empty());
    lists_page(
        &state,
        &admin,
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
    let admin = Administrator::of(&visitor.caller)?;
    let id = forms::field(&form, "id").trim().to_owned();
    let description = forms::field(&form, "description").trim().to_owned();
    match popular_lists::make(&state, &admin, &site.site.id, &id, &description).await {
        Ok(()) => {
            let back = with_query(&site.path("/staff/admin/lists"), &[("made", &id)]);
            Ok(see_other(&back, &visitor.set_cookies))
        }
        Err(f) => {
            let errors = FormErrors::of_failure(f)?;
            lists_page(&state, &admin, &site, &visitor, errors, form, None).await
        }
    }
}

/// `GET /{site}/staff/admin/lists/{id}`.
pub async fn show_list(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let admin = Administrator::of(&visitor.caller)?;
    let list = popular_lists::list(&state, &admin, &site.site.id, &id).await?;
    let done = match forms::field(&visitor.caller.params, "done").as_str() {
        "described" => Some("staff-list-done-described"),
        "added" => Some("staff-list-done-added"),
        "moved" => Some("staff-list-done-moved"),
        "off" => Some("staff-list-done-off"),
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
    let admin = Administrator::of(&visitor.caller)?;
    let description = forms::field(&form, "description").trim().to_owned();
    match popular_lists::describe(&state, &admin, &site.site.id, &id, &description).await {
        Ok(()) => Ok(done(&site, &visitor, &id, "described")),
        Err(f) => {
            let errors = FormErrors::of_failure(f)?;
            let list = popular_lists::list(&state, &admin, &site.site.id, &id).await?;
            list_page(&state, &site, &visitor, list, errors, form, None).await
        }
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
    let admin = Administrator::of(&visitor.caller)?;
    let service_id = forms::field(&form, "serviceId").trim().to_owned();
    let (how, done_as) = match forms::field(&form, "do").as_str() {
        "add" => (TitleMove::Add, "added"),
        "up" => (TitleMove::Up, "moved"),
        "down" => (TitleMove::Down, "moved"),
        "off" => (TitleMove::Off, "off"),
        _ => {
            return Err(ApiError::bad_param(
                "do",
                "must be add, up (not for the first title), down (not for the last) or off",
            ));
        }
    };
    let site_id = &site.site.id;
    match popular_lists::move_title(&state, &admin, site_id, &id, &service_id, how).await {
        Ok(()) => Ok(done(&site, &visitor, &id, done_as)),
        // A move the list cannot make (the first title up) is not the form's to show.
        Err(f @ lectern_operations::Failure::Invalid(_)) if how != TitleMove::Add => Err(f.into()),
        Err(f) => {
            let errors = FormErrors::of_failure(f)?;
            let list = popular_lists::list(&state, &admin, site_id, &id).await?;
            refused(&state, &site, &visitor, list, form, errors).await
        }
    }
}

/// The list's page again, the titles form with its errors, the description as it is.
async fn refused(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    list: PopularList,
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

async fn lists_page(
    state: &AppState,
    admin: &Administrator<'_>,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    form: Params,
    made: Option<String>,
) -> ApiResult<Response> {
    let all = popular_lists::all(state, admin, &site.site.id).await?;
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
    list: PopularList,
    errors: FormErrors,
    form: Params,
    done: Option<&'static str>,
) -> ApiResult<Response> {
    let admin = Administrator::of(&visitor.caller)?;
    let named = popular_lists::named_titles(state, &admin, &list).await?;
    let n = named.len();
    let rows = named
        .into_iter()
        .enumerate()
        .map(|(i, (service_id, title))| TitleRow {
            title,
            service_id,
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
