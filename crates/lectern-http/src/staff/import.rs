//! Titles added from EPUB 3 files on the collection assistants' pages, each file imported by
//! the house as `lectern import-epub` imports it (`lectern_operations::title_imports`): the same
//! service ids, so a book uploaded again updates its title; each file's outcome shown, a
//! refused one with why.

use askama::Template;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::response::Response;
use lectern_domain::catalog::TitleStatusCode;
use lectern_domain::title_access::UsageRestriction;
use lectern_jobs::import_epub::{Added, Choices};
use lectern_operations::title_imports::{self, EpubFile};

use super::home::Staff;
use super::paths::title_page_path;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::pages::forms::{self, Choice, FormErrors, choices};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Visitor, WebSite};
use crate::pages::uploads::{self, Limits};
use crate::state::AppState;
use lectern_operations::curator::Curator;

/// The largest EPUB taken: a book's text and images, with room to spare.
pub const MAX_FILE_BYTES: u64 = 200 * 1024 * 1024;
/// The most one form may send (the route's body limit): several books at once.
pub const MAX_BODY_BYTES: usize = 1024 * 1024 * 1024;

const LIMITS: Limits = Limits {
    field: "files",
    max_file_bytes: MAX_FILE_BYTES,
    too_large: "an EPUB file is limited to 200 MB",
};

const USAGES: &[(&str, &str)] = &[
    ("", "Keep each title's; copyright for a new title"),
    ("copyright", "In copyright"),
    ("publicDomain", "Public domain"),
    ("creativeCommons", "Creative Commons"),
];
const STATUSES: &[(&str, &str)] = &[
    ("", "Keep each title's; live for a new title"),
    ("live", "Live: readers find it at once"),
    ("new", "New: not shown to readers yet"),
    ("withdrawn", "Withdrawn"),
];

#[derive(Template)]
#[template(path = "web/staff/import.html")]
struct ImportPage<'a> {
    chrome: &'a Chrome,
    action: String,
    catalog: String,
    usages: Vec<Choice>,
    statuses: Vec<Choice>,
    categories: Vec<(String, bool)>,
    errors: FormErrors,
    /// After an import: each file's outcome.
    outcomes: Vec<Outcome>,
    summary: Option<String>,
}

/// A file's outcome as the page says it.
struct Outcome {
    file: String,
    imported: bool,
    words: String,
    link: Option<String>,
}

fn import_path(site: &WebSite) -> String {
    site.path("/staff/import-epub")
}

/// The collection assistants of this site, and administrators, only.
fn collection_only<'v>(site: &WebSite, visitor: &'v Visitor) -> ApiResult<Curator<'v>> {
    Ok(Curator::of(
        &visitor.caller,
        Some(&site.site.id),
        "add titles",
        || lectern_operations::Failure::not_found("There is no such page"),
    )?)
}

/// `GET /{site}/staff/import-epub`.
pub async fn show(
    State(state): State<AppState>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    collection_only(&site, &visitor)?;
    import_page(
        &state,
        &site,
        &visitor,
        &Params::default(),
        FormErrors::default(),
        vec![],
    )
    .await
}

/// `POST /{site}/staff/import-epub`: the files written to disk as they come, then imported
/// one after the other.
pub async fn import(
    State(state): State<AppState>,
    Staff { site, visitor }: Staff,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Response> {
    let curator = collection_only(&site, &visitor)?;
    let upload = uploads::read(multipart, &LIMITS).await?;
    visitor.check_form(&upload.fields)?;
    let form = &upload.fields;
    let (choices, mut errors) = choices_of(&state, &site, form).await?;
    if upload.files.is_empty() {
        errors.add("files", "Choose one or more EPUB 3 files");
    }
    let Some(choices) = choices.filter(|_| !errors.any()) else {
        return import_page(&state, &site, &visitor, form, errors, vec![]).await;
    };
    let files: Vec<EpubFile> = upload
        .files
        .iter()
        .map(|f| EpubFile {
            name: f.name.clone(),
            path: f.path.clone(),
        })
        .collect();
    let added = title_imports::import_epubs(&state, &curator, choices, &files).await?;
    let outcomes = files
        .iter()
        .zip(added)
        .map(|(file, added)| outcome(&site, &file.name, added))
        .collect();
    import_page(&state, &site, &visitor, form, errors, outcomes).await
}

/// The form's choices, or what is wrong with them.
async fn choices_of(
    state: &AppState,
    site: &WebSite,
    form: &Params,
) -> ApiResult<(Option<Choices>, FormErrors)> {
    let mut errors = FormErrors::default();
    let parsed = |name: &str| match forms::field(form, name).as_str() {
        "" => None,
        raw => Some(raw.to_owned()),
    };
    let usage = parsed("usageRestriction").map(|u| u.parse::<UsageRestriction>());
    let status = parsed("titleStatus").map(|s| s.parse::<TitleStatusCode>());
    let category = parsed("category");
    if let Some(Err(why)) = &usage {
        errors
            .fields
            .push(("usageRestriction".to_owned(), forms::sentence(why).into()));
    }
    if let Some(Err(why)) = &status {
        errors
            .fields
            .push(("titleStatus".to_owned(), forms::sentence(why).into()));
    }
    if let Some(c) = &category {
        let names = state.titles.category_names(&state.store).await?;
        if !names.categories.contains_key(c) {
            errors.fields.push((
                "category".to_owned(),
                format!("There is no category '{c}'").into(),
            ));
        }
    }
    if errors.any() {
        return Ok((None, errors));
    }
    let choices = Choices {
        site: site.site.id.clone(),
        status: status.and_then(Result::ok),
        usage: usage.and_then(Result::ok),
        categories: category.into_iter().collect(),
    };
    Ok((Some(choices), errors))
}

fn outcome(site: &WebSite, file: &str, added: Added) -> Outcome {
    match added {
        Added::Queued {
            service_id,
            title,
            new,
        } => Outcome {
            file: file.to_owned(),
            imported: true,
            words: if new {
                format!("Added: {title}")
            } else {
                format!("Updated: {title} (the same book was here already)")
            },
            link: Some(title_page_path(site, &service_id)),
        },
        Added::Refused(why) => Outcome {
            file: file.to_owned(),
            imported: false,
            words: format!("Not imported: {}", forms::sentence(&why)),
            link: None,
        },
    }
}

async fn import_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    form: &Params,
    errors: FormErrors,
    outcomes: Vec<Outcome>,
) -> ApiResult<Response> {
    let names = state.titles.category_names(&state.store).await?;
    let chosen = forms::field(form, "category");
    let mut categories: Vec<(String, bool)> = names
        .categories
        .keys()
        .map(|c| (c.clone(), *c == chosen))
        .collect();
    categories.sort();
    let action = import_path(site);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let imported = outcomes.iter().filter(|o| o.imported).count();
    let summary = (!outcomes.is_empty()).then(|| match (imported, outcomes.len()) {
        (i, n) if i == n => format!("All {n} files were imported."),
        (0, n) => format!("None of the {n} files could be imported."),
        (i, n) => format!("{i} of {n} files were imported; the others are listed with why."),
    });
    Ok(page(
        errors.status(),
        &ImportPage {
            chrome: &chrome,
            catalog: site.path("/staff/titles"),
            usages: choices(USAGES, &forms::field(form, "usageRestriction")),
            statuses: choices(STATUSES, &forms::field(form, "titleStatus")),
            categories,
            action,
            errors,
            outcomes,
            summary,
        },
        visitor,
    ))
}
