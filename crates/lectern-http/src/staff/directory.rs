//! The reference organizations' directory, which new organizations are matched against,
//! imported from a CSV file on the staff's pages as `lectern admin reference-organizations
//! import` does it (`fixture::directory_csv`): every line checked before any is loaded, each
//! problem shown by its line, nothing loaded when one is wrong.

use askama::Template;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::http::StatusCode;
use axum::response::Response;
use lectern_domain::invalid::Why;
use lectern_store::fixture::directory_csv::{self, DIRECTORY_COLUMNS};

use super::home::memberships_only;
use crate::conventions::multipart::field_bytes;
use crate::conventions::params::{Params, text_without_controls};
use crate::error::{ApiError, ApiResult};
use crate::pages::forms::{self, FormErrors, Said};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;

/// The largest directory file taken, about 40,000 organizations; the route's body limit is
/// this and the form around it, so that a larger upload is refused before it is read.
pub const MAX_BYTES: usize = 10 * 1024 * 1024;

#[derive(Template)]
#[template(path = "web/staff/directory.html")]
struct DirectoryPage<'a> {
    chrome: &'a Chrome,
    action: String,
    columns: String,
    errors: FormErrors,
    /// Each line's problem as the file's reader (`directory_csv`) says it, in the page's
    /// language but for the CSV reader's own words.
    problems: Vec<Said>,
    done: Option<String>,
}

impl DirectoryPage<'_> {
    fn problem_count(&self) -> u64 {
        self.problems.len() as u64
    }
}

/// `GET /{site}/staff/organizations/directory`.
pub async fn show(State(_): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    memberships_only(&site, &visitor)?;
    Ok(directory_page(
        &site,
        &visitor,
        FormErrors::default(),
        Vec::new(),
    ))
}

/// `POST /{site}/staff/organizations/directory`: the file read and checked, then loaded.
pub async fn import(
    State(state): State<AppState>,
    here: Here,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    memberships_only(&site, &visitor)?;
    let (fields, file) = read_upload(multipart).await?;
    visitor.check_form(&fields)?;
    let Some(file) = file.filter(|f| !f.is_empty()) else {
        let errors = FormErrors::message("file", "staff-directory-file-missing");
        return Ok(directory_page(&site, &visitor, errors, Vec::new()));
    };
    let rows = match directory_csv::read(file.as_slice()) {
        Ok(rows) => rows,
        Err(problems) => {
            return Ok(directory_page(
                &site,
                &visitor,
                FormErrors::default(),
                problems,
            ));
        }
    };
    let total = rows.len();
    lectern_operations::organizations::import_directory(&state, &visitor.caller, rows).await?;
    Ok(see_other(
        &with_query(
            &site.path("/staff/organizations/directory"),
            &[("loaded", &total.to_string())],
        ),
        &visitor.set_cookies,
    ))
}

/// The form's text fields, and its file; a file over [`MAX_BYTES`] is refused (413) as it is
/// read, never held.
async fn read_upload(
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<(Params, Option<Vec<u8>>)> {
    let too_large = || ApiError::too_large("file", MAX_BYTES as u64);
    let mut multipart = multipart
        .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, "BAD_REQUEST", e.body_text()))?;
    let mut fields = Vec::new();
    let mut file = None;
    loop {
        let field = match multipart.next_field().await {
            Ok(Some(f)) => f,
            Ok(None) => return Ok((Params::from_pairs(fields), file)),
            Err(e) if e.status() == StatusCode::PAYLOAD_TOO_LARGE => return Err(too_large()),
            Err(e) => return Err(ApiError::bad_param("body", e.body_text())),
        };
        let name = field.name().unwrap_or_default().to_owned();
        let bytes = field_bytes(field, &name, too_large).await?;
        if name == "file" {
            if bytes.len() > MAX_BYTES {
                return Err(too_large());
            }
            file = Some(bytes.to_vec());
        } else if let Ok(text) = String::from_utf8(bytes.to_vec()) {
            text_without_controls(&name, &text)?;
            fields.push((name, text));
        }
    }
}

fn directory_page(
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    problems: Vec<Why>,
) -> Response {
    let action = site.path("/staff/organizations/directory");
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let status = if errors.any() || !problems.is_empty() {
        StatusCode::BAD_REQUEST
    } else {
        StatusCode::OK
    };
    page(
        status,
        &DirectoryPage {
            chrome: &chrome,
            action,
            columns: DIRECTORY_COLUMNS.join(", "),
            errors,
            problems: problems.into_iter().map(Said::refusal).collect(),
            done: forms::field(&visitor.caller.params, "loaded")
                .parse::<u64>()
                .ok()
                .map(|n| chrome.lang.t_count("staff-directory-loaded", n)),
        },
        visitor,
    )
}
