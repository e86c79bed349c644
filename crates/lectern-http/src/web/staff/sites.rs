//! The library's sites, for administrators: every site, a new one (made as `lectern admin site
//! create` makes it, through the fixture loader's checks, with its OPDS catalog's and web
//! pages' own client keys), and a site renamed or made global (its titles the collection other
//! sites may include) or not.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::site::Site;
use lectern_store::fixture::{FixtureFile, SiteEntry};
use lectern_store::sites;

use super::clients::administrators_only;
use super::loaded::written;
use crate::conventions::links::segment;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::web::forms::{self, FormErrors, Posted};
use crate::web::render::{Chrome, Section, page, see_other, with_query};
use crate::web::session::{Here, Visitor, WebSite};

const GLOBAL: &str = "Global: its titles are the collection other sites may include";

struct SiteRow {
    id: String,
    href: String,
    about: String,
}

#[derive(Template)]
#[template(path = "web/staff/sites.html")]
struct SitesPage<'a> {
    chrome: &'a Chrome,
    sites: Vec<SiteRow>,
    action: String,
    errors: FormErrors,
    form: Params,
    global_label: &'static str,
    /// The site just made.
    made: Option<String>,
}

#[derive(Template)]
#[template(path = "web/staff/site.html")]
struct SitePage<'a> {
    chrome: &'a Chrome,
    id: String,
    action: String,
    errors: FormErrors,
    form: Params,
    global_label: &'static str,
    saved: bool,
    all: String,
}

impl SitesPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }
}

impl SitePage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }
}

fn site_page_path(site: &WebSite, id: &str) -> String {
    site.path(&format!("/staff/admin/sites/{}", segment(id)))
}

fn about(s: &Site) -> String {
    if s.global {
        format!("{}; global", s.name)
    } else {
        s.name.clone()
    }
}

/// `GET /{site}/staff/admin/sites`.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    administrators_only(&visitor)?;
    let made = Some(forms::field(&visitor.caller.params, "made")).filter(|m| !m.is_empty());
    sites_page(
        &state,
        &site,
        &visitor,
        FormErrors::default(),
        Params::default(),
        made,
    )
    .await
}

/// `POST /{site}/staff/admin/sites`: a new site.
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
    if !id.is_empty() && sites::get(state.store.reads(), &id).await?.is_some() {
        let errors = FormErrors::one("id", "A site has this identifier already; choose another.");
        return sites_page(&state, &site, &visitor, errors, form, None).await;
    }
    match save(&state, &id, &form).await? {
        Ok(()) => {
            let back = with_query(&site.path("/staff/admin/sites"), &[("made", &id)]);
            Ok(see_other(&back, &visitor.set_cookies))
        }
        Err(errors) => sites_page(&state, &site, &visitor, errors, form, None).await,
    }
}

/// `GET /{site}/staff/admin/sites/{id}`.
pub async fn show_site(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    administrators_only(&visitor)?;
    let s = the_site(&state, &id).await?;
    let saved = forms::field(&visitor.caller.params, "done") == "saved";
    Ok(site_page(
        &site,
        &visitor,
        &s.id,
        FormErrors::default(),
        as_form(&s),
        saved,
    ))
}

/// `POST /{site}/staff/admin/sites/{id}`: a site renamed, made global or not.
pub async fn change(
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
    let s = the_site(&state, &id).await?;
    match save(&state, &s.id, &form).await? {
        Ok(()) => {
            let back = with_query(&site_page_path(&site, &s.id), &[("done", "saved")]);
            Ok(see_other(&back, &visitor.set_cookies))
        }
        Err(errors) => Ok(site_page(&site, &visitor, &s.id, errors, form, false)),
    }
}

async fn the_site(state: &AppState, id: &str) -> ApiResult<Site> {
    sites::get(state.store.reads(), id)
        .await?
        .ok_or_else(|| ApiError::not_found(format!("There is no site '{id}'")))
}

fn as_form(s: &Site) -> Params {
    let mut pairs = vec![("name".to_owned(), s.name.clone())];
    if s.global {
        pairs.push(("global".to_owned(), "true".to_owned()));
    }
    Params::from_pairs(pairs)
}

/// Writes the site through the fixture loader, with the CLI's checks and the site's own keys;
/// the form's errors when it is refused.
async fn save(state: &AppState, id: &str, form: &Params) -> ApiResult<Result<(), FormErrors>> {
    let file = FixtureFile {
        sites: vec![SiteEntry {
            id: id.to_owned(),
            name: forms::field(form, "name").trim().to_owned(),
            global: forms::field(form, "global") == "true",
        }],
        ..FixtureFile::default()
    };
    let written = written(state, file).await?;
    if written.is_ok() {
        state.sites.forget_all();
    }
    Ok(written)
}

async fn sites_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    form: Params,
    made: Option<String>,
) -> ApiResult<Response> {
    let all = sites::list(state.store.reads()).await?;
    let action = site.path("/staff/admin/sites");
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let status = errors.status();
    Ok(page(
        status,
        &SitesPage {
            chrome: &chrome,
            sites: all
                .iter()
                .map(|s| SiteRow {
                    id: s.id.clone(),
                    href: site_page_path(site, &s.id),
                    about: about(s),
                })
                .collect(),
            action,
            errors,
            form,
            global_label: GLOBAL,
            made,
        },
        visitor,
    ))
}

fn site_page(
    site: &WebSite,
    visitor: &Visitor,
    id: &str,
    errors: FormErrors,
    form: Params,
    saved: bool,
) -> Response {
    let action = site_page_path(site, id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let status = errors.status();
    page(
        status,
        &SitePage {
            chrome: &chrome,
            id: id.to_owned(),
            action,
            errors,
            form,
            global_label: GLOBAL,
            saved,
            all: site.path("/staff/admin/sites"),
        },
        visitor,
    )
}
