//! The library's sites, for administrators: every site, a new one (with its OPDS catalog's and
//! web pages' own client keys, checked by the rules `lectern load` checks a site with), and a
//! site renamed or made global (its titles the collection other sites may include) or not;
//! each through `lectern_operations::sites`.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::site::Site;
use lectern_operations::administration::Administrator;
use lectern_operations::sites::{self, SiteSettings};

use crate::conventions::links::segment;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::i18n::Lang;
use crate::pages::forms::{self, Choice, FormErrors, Posted};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;

struct SiteRow {
    id: String,
    href: String,
    /// Its name, the records' own.
    name: String,
    global: bool,
}

#[derive(Template)]
#[template(path = "web/staff/sites.html")]
struct SitesPage<'a> {
    chrome: &'a Chrome,
    sites: Vec<SiteRow>,
    action: String,
    errors: FormErrors,
    form: Params,
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
    saved: bool,
    all: String,
}

impl SitesPage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }

    pub fn languages(&self) -> Vec<LanguageChoice> {
        languages(&self.form)
    }
}

impl SitePage<'_> {
    pub fn value(&self, name: &str) -> String {
        forms::field(&self.form, name)
    }

    pub fn languages(&self) -> Vec<LanguageChoice> {
        languages(&self.form)
    }
}

/// A language a site's pages may be shown in: its choice, named in itself, and its tag.
pub struct LanguageChoice {
    pub choice: Choice,
    pub tag: &'static str,
}

/// The languages a site's pages may be shown in by default, each named in itself, the form's
/// (or English) chosen.
fn languages(form: &Params) -> Vec<LanguageChoice> {
    let chosen = forms::field(form, "language");
    Lang::ALL
        .iter()
        .map(|l| LanguageChoice {
            choice: Choice {
                value: l.iso_639_2(),
                label: l.own_name().to_owned(),
                selected: Lang::of_code(&chosen).unwrap_or(Lang::En) == *l,
            },
            tag: l.tag(),
        })
        .collect()
}

fn site_page_path(site: &WebSite, id: &str) -> String {
    site.path(&format!("/staff/admin/sites/{}", segment(id)))
}

/// `GET /{site}/staff/admin/sites`.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let admin = Administrator::of(&visitor.caller)?;
    let made = Some(forms::field(&visitor.caller.params, "made")).filter(|m| !m.is_empty());
    sites_page(
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
    let admin = Administrator::of(&visitor.caller)?;
    let id = forms::field(&form, "id").trim().to_owned();
    match sites::make(&state, &admin, &id, settings(&form)).await {
        Ok(_) => {
            let back = with_query(&site.path("/staff/admin/sites"), &[("made", &id)]);
            Ok(see_other(&back, &visitor.set_cookies))
        }
        Err(f) => {
            let errors = FormErrors::of_failure(f)?;
            sites_page(&state, &admin, &site, &visitor, errors, form, None).await
        }
    }
}

/// `GET /{site}/staff/admin/sites/{id}`.
pub async fn show_site(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let admin = Administrator::of(&visitor.caller)?;
    let s = sites::site(&state, &admin, &id).await?;
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
    let admin = Administrator::of(&visitor.caller)?;
    match sites::change(&state, &admin, &id, settings(&form)).await {
        Ok(s) => {
            let back = with_query(&site_page_path(&site, &s.id), &[("done", "saved")]);
            Ok(see_other(&back, &visitor.set_cookies))
        }
        Err(f) => {
            let errors = FormErrors::of_failure(f)?;
            Ok(site_page(&site, &visitor, &id, errors, form, false))
        }
    }
}

fn settings(form: &Params) -> SiteSettings {
    SiteSettings {
        name: forms::field(form, "name").trim().to_owned(),
        global: forms::field(form, "global") == "true",
        language: Some(forms::field(form, "language").trim().to_owned()).filter(|l| !l.is_empty()),
    }
}

fn as_form(s: &Site) -> Params {
    let mut pairs = vec![
        ("name".to_owned(), s.name.clone()),
        (
            "language".to_owned(),
            s.language.clone().unwrap_or_default(),
        ),
    ];
    if s.global {
        pairs.push(("global".to_owned(), "true".to_owned()));
    }
    Params::from_pairs(pairs)
}

async fn sites_page(
    state: &AppState,
    admin: &Administrator<'_>,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    form: Params,
    made: Option<String>,
) -> ApiResult<Response> {
    let all = sites::all(state, admin).await?;
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
                    name: s.name.clone(),
                    global: s.global,
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
            saved,
            all: site.path("/staff/admin/sites"),
        },
        visitor,
    )
}
