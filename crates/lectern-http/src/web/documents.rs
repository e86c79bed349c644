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
    done: Option<&'static str>,
}

struct DocumentRow {
    id: String,
    name: String,
    added: String,
    /// Where its conversion stands, in words.
    state: String,
    /// Its EPUB's download form, once made.
    download: Option<String>,
}

fn row(site: &WebSite, d: &Document) -> DocumentRow {
    let state = match d.status {
        DocumentStatus::Queued => {
            "Waiting to be made accessible. Check this page again in a few minutes.".to_owned()
        }
        DocumentStatus::Converting => {
            "Being made accessible now. Check this page again in a minute or two.".to_owned()
        }
        DocumentStatus::Ready => "Ready to download as EPUB 3.".to_owned(),
        DocumentStatus::Failed => format!(
            "Could not be made accessible: {}. Delete it and upload it again, or upload another file.",
            // The converter's first line says what went wrong; the rest is its own detail.
            d.error
                .as_deref()
                .and_then(|e| e.lines().next())
                .unwrap_or("the conversion failed")
                .trim_end_matches('.')
        ),
    };
    DocumentRow {
        id: d.document_id.clone(),
        name: d.name.clone(),
        added: day(&d.created_at.to_string()),
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
    let unfilled = unfilled(&mut form);
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
fn unfilled(form: &mut NewDocument) -> FormErrors {
    let mut errors = FormErrors::default();
    if form.name.as_deref().is_none_or(|n| n.trim().is_empty()) {
        errors.fields.push((
            "name".to_owned(),
            "Enter a name for the document".to_owned(),
        ));
    }
    let kind = form
        .file_type
        .as_deref()
        .filter(|t| t.parse::<DocumentType>().is_ok());
    match (&form.file, kind) {
        (None, _) => errors
            .fields
            .push(("file".to_owned(), "Choose the file to upload".to_owned())),
        (Some(_), None) => errors.fields.push((
            "file".to_owned(),
            "Choose a PDF, a JPEG, PNG or HEIF photo, or a PowerPoint presentation (.pptx)"
                .to_owned(),
        )),
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
        Some("uploaded") => Some("Your document has been uploaded. It is being made accessible."),
        Some("deleted") => Some("The document has been deleted."),
        _ => None,
    };
    let chrome = Chrome::of(site, visitor, &action, Section::Documents);
    let status = errors.status();
    Ok(page(
        status,
        &DocumentsPage {
            chrome: &chrome,
            count: match total {
                0 => "You have no documents.".to_owned(),
                1 => "1 document".to_owned(),
                n => format!("{n} documents"),
            },
            documents: rows.iter().map(|d| row(site, d)).collect(),
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
