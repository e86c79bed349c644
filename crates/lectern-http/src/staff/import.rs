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
use crate::i18n::{Lang, escaped};
use crate::pages::forms::{self, Choice, FormErrors, Said, choices_in};
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
};

/// The copyright and status choices, and their messages.
const USAGES: &[(&str, &str)] = &[
    ("", "staff-import-usage-keep"),
    ("copyright", "staff-import-usage-copyright"),
    ("publicDomain", "staff-import-usage-publicDomain"),
    ("creativeCommons", "staff-import-usage-creativeCommons"),
];
const STATUSES: &[(&str, &str)] = &[
    ("", "staff-import-status-keep"),
    ("live", "staff-import-status-live"),
    ("new", "staff-import-status-new"),
    ("withdrawn", "staff-status-withdrawn"),
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
    /// What became of it, in the page's words: the title it made, the records' own, in a `bdi`.
    words: String,
    /// Why it was not imported: in the page's language, but for the zip reader's or the XML
    /// parser's own words inside it.
    reason: Option<Said>,
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
        lectern_operations::absences::page,
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
        errors.add_message("files", "staff-import-files-missing");
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
        .map(|(file, added)| outcome(visitor.lang, &site, &file.name, added))
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
            errors.add_message("category", "staff-import-no-category");
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

fn outcome(lang: Lang, site: &WebSite, file: &str, added: Added) -> Outcome {
    match added {
        Added::Queued {
            service_id,
            title,
            new,
        } => Outcome {
            file: file.to_owned(),
            imported: true,
            words: lang.t_work(
                if new {
                    "staff-import-added"
                } else {
                    "staff-import-updated"
                },
                "title",
                &title,
            ),
            reason: None,
            link: Some(title_page_path(site, &service_id)),
        },
        Added::Refused(why) => Outcome {
            file: file.to_owned(),
            imported: false,
            words: escaped(&lang.t("staff-import-refused")),
            reason: Some(Said::reason(why)),
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
    let lang = chrome.lang;
    let imported = outcomes.iter().filter(|o| o.imported).count() as u32;
    let summary = (!outcomes.is_empty()).then(|| {
        let files = outcomes.len() as u32;
        let numbers = [("imported", imported), ("files", files)];
        match imported {
            i if i == files => lang.t_numbers("staff-import-all", &numbers),
            0 => lang.t_numbers("staff-import-none", &numbers),
            _ => lang.t_numbers("staff-import-some", &numbers),
        }
    });
    Ok(page(
        errors.status(),
        &ImportPage {
            chrome: &chrome,
            catalog: site.path("/staff/titles"),
            usages: choices_in(lang, USAGES, &forms::field(form, "usageRestriction")),
            statuses: choices_in(lang, STATUSES, &forms::field(form, "titleStatus")),
            categories,
            action,
            errors,
            outcomes,
            summary,
        },
        visitor,
    ))
}
