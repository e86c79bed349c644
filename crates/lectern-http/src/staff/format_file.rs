//! A file of another format for a title, uploaded by its collection assistants: one file for an
//! EPUB 3, a PDF or a Word document, all of a book's files at once for DAISY and braille. The
//! files go into the file store under a key of their own, and the title takes them through the
//! catalog's edit queue (`EditTarget::File`): accepted now, applied by the worker, in the
//! title's history; the worker removes the files an applied edit replaced.

use askama::Template;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, Path, State};
use axum::response::Response;
use lectern_domain::catalog::Format;
use lectern_domain::catalog::title_edit::EditTarget;
use lectern_domain::ids::new_id;
use lectern_jobs::epub::read_metadata;
use lectern_jobs::import_epub::safe_file_name;

use super::home::Staff;
use super::paths::{accepted, title_page_path};
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::i18n::{Lang, format_name};
use crate::pages::forms::{self, Choice, FormErrors};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Visitor, WebSite};
use crate::pages::uploads::{self, Limits, Spooled};
use crate::state::AppState;
use lectern_operations::title_edits;

/// The largest file taken: a long DAISY book's audio comes in files smaller than this.
pub const MAX_FILE_BYTES: u64 = 1024 * 1024 * 1024;
/// The most one form may send (the route's body limit): a whole DAISY audio book.
pub const MAX_BODY_BYTES: usize = 4 * 1024 * 1024 * 1024;

pub(super) const LIMITS: Limits = Limits {
    field: "files",
    max_file_bytes: MAX_FILE_BYTES,
};

#[derive(Template)]
#[template(path = "web/staff/format_file.html")]
struct FilePage<'a> {
    chrome: &'a Chrome,
    /// The title's name, the records' own.
    title: String,
    title_page: String,
    action: String,
    formats: Vec<Choice>,
    comments: String,
    errors: FormErrors,
}

fn files_path(site: &WebSite, id: &str) -> String {
    format!("{}/files", title_page_path(site, id))
}

/// `GET /{site}/staff/titles/{title}/files`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    let title = title_edits::curated_title(&state, &visitor.caller, &id).await?;
    Ok(file_page(
        &site,
        &visitor,
        &title.title,
        &id,
        &Params::default(),
        FormErrors::default(),
    ))
}

/// `POST /{site}/staff/titles/{title}/files`: the files checked, stored, and the change
/// queued.
pub async fn upload(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Response> {
    let title = title_edits::curated_title(&state, &visitor.caller, &id).await?;
    let upload = uploads::read(multipart, &LIMITS).await?;
    visitor.check_form(&upload.fields)?;
    let form = &upload.fields;
    let refused = |errors| Ok(file_page(&site, &visitor, &title.title, &id, form, errors));
    let format = match forms::field(form, "format").parse::<Format>() {
        Ok(f) => f,
        Err(_) => return refused(FormErrors::message("format", "staff-files-format-missing")),
    };
    if let Err(why) = check_files(visitor.lang, format, &upload.files).await {
        return refused(FormErrors::one("files", &why));
    }
    let folder = format!("titles/{id}/uploads/{}/{format}/", new_id());
    let key = store_files(&state, &folder, format, &upload.files).await?;
    let mut params = vec![("file".to_owned(), key.clone())];
    let comment = forms::field(form, "comments");
    if !comment.trim().is_empty() {
        params.push(("comments".to_owned(), comment));
    }
    let edit = Params::from_pairs(params).edit_form();
    if let Err(e) =
        title_edits::accept(&state, &visitor.caller, &id, EditTarget::File(format), edit).await
    {
        forget_files(&state, &key, &upload.files).await;
        let errors = FormErrors::of_failure(e)?;
        return refused(errors);
    }
    Ok(accepted(&site, &visitor, &id))
}

/// Why these files cannot be a `format` artifact, if they cannot.
/// (Said in `lang`.)
pub(super) async fn check_files(
    lang: Lang,
    format: Format,
    files: &[Spooled],
) -> Result<(), String> {
    let [first, rest @ ..] = files else {
        return Err(lang.t("staff-files-none"));
    };
    if !format.is_fileset() && !rest.is_empty() {
        return Err(lang.t1("staff-files-one", "format", &format_name(lang, format)));
    }
    let mut names: Vec<String> = files.iter().map(|f| safe_file_name(&f.name)).collect();
    names.sort();
    if let Some(twice) = names.windows(2).find(|w| w[0] == w[1]) {
        return Err(lang.t1("staff-files-twice", "name", &twice[0]));
    }
    let has = |suffix: &str| {
        names
            .iter()
            .any(|n| n.to_ascii_lowercase().ends_with(suffix))
    };
    match format {
        Format::Epub3 => {
            let bytes = tokio::fs::read(&first.path)
                .await
                .map_err(|e| e.to_string())?;
            tokio::task::spawn_blocking(move || read_metadata(&bytes).map(|_| ()))
                .await
                .map_err(|e| e.to_string())?
                .map_err(|e| lang.t1("staff-files-not-epub", "why", &e.to_string()))
        }
        Format::Pdf => starts_with(first, b"%PDF-", lang.t("staff-files-not-pdf")).await,
        Format::Docx => starts_with(first, b"PK\x03\x04", lang.t("staff-files-not-word")).await,
        Format::Daisy2Audio if !has("ncc.html") => Err(lang.t("staff-files-daisy2")),
        Format::Daisy | Format::DaisyAudio if !has(".opf") => Err(lang.t("staff-files-daisy3")),
        Format::Brf if !has(".brf") && !has(".brl") => Err(lang.t("staff-files-braille")),
        _ => Ok(()),
    }
}

async fn starts_with(file: &Spooled, magic: &[u8], refusal: String) -> Result<(), String> {
    use tokio::io::AsyncReadExt;
    let mut head = vec![0u8; magic.len()];
    let mut f = tokio::fs::File::open(&file.path)
        .await
        .map_err(|e| e.to_string())?;
    match f.read_exact(&mut head).await {
        Ok(_) if head == magic => Ok(()),
        _ => Err(refusal),
    }
}

/// The files in the file store in `folder` (this upload's own, so that a title's present file
/// is untouched until the edit is applied); the key the artifact takes (the folder itself for a
/// format of many files).
pub(super) async fn store_files(
    state: &AppState,
    folder: &str,
    format: Format,
    files: &[Spooled],
) -> ApiResult<String> {
    for file in files {
        let key = format!("{folder}{}", safe_file_name(&file.name));
        if let Err(e) = state.files.put_file(&key, &file.path).await {
            forget_files(state, folder, files).await;
            return Err(ApiError::internal(format!(
                "copying into the file store: {e}"
            )));
        }
    }
    Ok(match files {
        [one] if !format.is_fileset() => format!("{folder}{}", safe_file_name(&one.name)),
        _ => folder.to_owned(),
    })
}

/// Removes what `store_files` put, when the change is refused after all.
pub(super) async fn forget_files(state: &AppState, key: &str, files: &[Spooled]) {
    let folder = key.rsplit_once('/').map_or(key, |(f, _)| f);
    for file in files {
        let key = format!("{folder}/{}", safe_file_name(&file.name));
        if let Err(e) = state.files.delete(&key).await {
            tracing::warn!(key, "could not remove an upload's file: {e}");
        }
    }
}

/// Every format, to choose the files' from.
pub(super) fn format_choices(lang: Lang, chosen: &str) -> Vec<Choice> {
    let mut formats = vec![Choice {
        value: "",
        label: lang.t("staff-files-choose-format"),
        selected: chosen.is_empty(),
    }];
    formats.extend(Format::ALL.iter().map(|f| Choice {
        value: f.as_str(),
        label: format_name(lang, *f),
        selected: f.as_str() == chosen,
    }));
    formats
}

fn file_page(
    site: &WebSite,
    visitor: &Visitor,
    title: &str,
    id: &str,
    form: &Params,
    errors: FormErrors,
) -> Response {
    let action = files_path(site, id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let lang = chrome.lang;
    page(
        errors.status(),
        &FilePage {
            chrome: &chrome,
            title: title.to_owned(),
            title_page: title_page_path(site, id),
            action,
            formats: format_choices(lang, &forms::field(form, "format")),
            comments: forms::field(form, "comments"),
            errors,
        },
        visitor,
    )
}
