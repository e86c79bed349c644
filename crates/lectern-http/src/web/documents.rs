//! My documents: a reader's own files (a PDF, a photo, a presentation) uploaded to be made
//! accessible as an EPUB 3 by the worker; each with where its conversion stands, in words (and
//! why it failed), downloaded once ready, and deleted. The upload is the API's own form reader
//! and store (`POST /v2/myDocuments`), with the same limits; the delete is the same operation.

use askama::Template;
use axum::extract::multipart::MultipartRejection;
use axum::extract::{Multipart, State};
use axum::response::Response;
use lectern_domain::documents::DocumentType;
use lectern_operations::documents;
use lectern_operations::listing::NewestPage;
use lectern_store::documents::{Document, DocumentStatus};

use super::catalog::title_path;
use crate::conventions::paging::NewestFirst;
use crate::conventions::params::Params;
use crate::document_upload::{NewDocument, read_form, store_document};
use crate::error::ApiResult;
use crate::i18n::{Lang, escaped};
use crate::pages::forms::{FormErrors, Posted};
use crate::pages::render::{Chrome, Section, day, page, see_other, with_query};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;

#[derive(Template)]
#[template(path = "web/documents.html")]
struct DocumentsPage<'a> {
    chrome: &'a Chrome,
    documents: Vec<DocumentRow>,
    count: String,
    action: String,
    delete: String,
    errors: FormErrors,
    typed_name: String,
    previous: Option<String>,
    next: Option<String>,
    /// The message saying what was just done.
    done: Option<&'static str>,
}

struct DocumentRow {
    id: String,
    name: String,
    /// When it was uploaded, in words.
    uploaded: String,
    /// Where its conversion stands, in words, as HTML (a converter's English marked so).
    state: String,
    /// Its EPUB's download form, once made.
    download: Option<String>,
}

fn row((site, lang): (&WebSite, Lang), d: &Document) -> DocumentRow {
    let state = match d.status {
        DocumentStatus::Queued => escaped(&lang.t("documents-queued")),
        DocumentStatus::Converting => escaped(&lang.t("documents-converting")),
        DocumentStatus::Ready => escaped(&lang.t("documents-ready")),
        // The converter's first line says what went wrong, in its own English; the rest is its
        // own detail.
        DocumentStatus::Failed => match d.error.as_deref().and_then(|e| e.lines().next()) {
            Some(why) => lang.t_marked("documents-failed", "why", why.trim_end_matches('.'), "en"),
            None => {
                let why = lang.t("documents-failed-unknown");
                escaped(&lang.t1("documents-failed", "why", &why))
            }
        },
    };
    let uploaded = lang.date(&day(&d.created_at.to_string()));
    DocumentRow {
        id: d.document_id.clone(),
        name: d.name.clone(),
        uploaded: lang.t1("documents-uploaded", "date", &uploaded),
        state,
        download: (d.status == DocumentStatus::Ready)
            .then(|| format!("{}/download", title_path(site, &d.document_id))),
    }
}

/// `GET /{site}/documents`: the reader's documents, the newest first, a page at a time.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    documents_page(
        &state,
        &site,
        &visitor,
        FormErrors::default(),
        String::new(),
    )
    .await
}

/// `POST /{site}/documents` (multipart: the form's token, `name`, `file`): the document kept
/// and queued, then the list, saying so. The file's type is the one the browser gave its part.
pub async fn upload(
    State(state): State<AppState>,
    here: Here,
    multipart: Result<Multipart, MultipartRejection>,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let me = visitor.caller.signed_in()?;
    let mut form = read_form(multipart).await?;
    visitor.check_form(&Params::from_pairs(std::mem::take(&mut form.others)))?;
    let name = form.name.clone().unwrap_or_default();
    let unfilled = unfilled(visitor.lang, &mut form);
    if unfilled.any() {
        return documents_page(&state, &site, &visitor, unfilled, name).await;
    }
    match store_document(&state, me, form).await {
        Ok(_) => Ok(see_other(
            &site.path("/documents?done=uploaded"),
            &visitor.set_cookies,
        )),
        Err(e) => {
            let errors = FormErrors::of(e)?;
            documents_page(&state, &site, &visitor, errors, name).await
        }
    }
}

/// What the form lacks, all at once (the API names one thing at a time): a name, a file, a
/// file of a type that can be converted; the type is the one the browser gave the file's part.
fn unfilled(lang: Lang, form: &mut NewDocument) -> FormErrors {
    let mut errors = FormErrors::default();
    if form.name.as_deref().is_none_or(|n| n.trim().is_empty()) {
        errors.add("name", lang.t("documents-name-missing"));
    }
    let kind = form
        .file_type
        .as_deref()
        .filter(|t| t.parse::<DocumentType>().is_ok());
    match (&form.file, kind) {
        (None, _) => errors.add("file", lang.t("documents-file-missing")),
        (Some(_), None) => errors.add("file", lang.t("documents-file-kind")),
        (Some(_), Some(kind)) => form.mime_type = Some(kind.to_owned()),
    }
    errors
}

/// `POST /{site}/documents/delete`: the document (`serviceId`) and its files gone.
pub async fn delete(
    State(state): State<AppState>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let id = form.required("serviceId")?.to_owned();
    documents::delete_mine(&state, &visitor.caller, &id).await?;
    Ok(see_other(
        &site.path("/documents?done=deleted"),
        &visitor.set_cookies,
    ))
}

async fn documents_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    errors: FormErrors,
    name: String,
) -> ApiResult<Response> {
    visitor.caller.signed_in()?;
    let newest = NewestFirst::of(&visitor.caller.params.only(&["start", "limit"]))?;
    let NewestPage { mut rows, total } =
        documents::mine(state, &visitor.caller, newest.window()).await?;
    let turns = newest.turn(&mut rows, documents::key_of);
    let action = site.path("/documents");
    let limit = visitor.caller.params.one("limit")?.unwrap_or("");
    let turn = |token: Option<String>| {
        token.map(|t| with_query(&action, &[("limit", limit), ("start", &t)]))
    };
    let (previous, next) = (turn(turns.previous), turn(turns.next));
    let done = match visitor.caller.params.one("done")? {
        Some("uploaded") => Some("documents-done-uploaded"),
        Some("deleted") => Some("documents-done-deleted"),
        _ => None,
    };
    let chrome = Chrome::of(site, visitor, &action, Section::Documents);
    let lang = visitor.lang;
    let status = errors.status();
    Ok(page(
        status,
        &DocumentsPage {
            chrome: &chrome,
            count: lang.t_count("documents-count", total),
            documents: rows.iter().map(|d| row((site, lang), d)).collect(),
            delete: format!("{action}/delete"),
            action,
            errors,
            typed_name: name,
            previous,
            next,
            done,
        },
        visitor,
    ))
}
