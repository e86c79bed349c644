//! A title's download, as the API, OPDS and the pages start it: the title as the reader may
//! see it (or the reader's own document of that id), the format it is offered in, then the
//! packaging flow (`flow`).

use lectern_domain::catalog::NotReady;
use lectern_domain::invalid::Why;
use lectern_operations::titles::{CatalogViewer, visible_title};
use lectern_store::downloads::SubjectKind;

use super::{Asking, Subject};
use crate::conventions::caller::Caller;
use crate::downloads;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use axum::response::Response;

/// A title's download for the caller: a package started or looked at, as `asking` says.
pub async fn title_download(
    state: &AppState,
    caller: &Caller,
    service_id: &str,
    format: &str,
    asking: Asking,
) -> ApiResult<Response> {
    let format = downloads::parse_format(format)?;
    let who = CatalogViewer::of(state, caller).await?;
    let record = match visible_title(state, &who, service_id).await {
        Ok(record) => record,
        Err(absent) => {
            return match lectern_operations::documents::owned(state, caller.user(), service_id)
                .await?
            {
                Some(d) => document_download(state, &d, format).await,
                None => Err(absent.into()),
            };
        }
    };
    let facts = record.facts(who.in_global(&record.site));
    downloads::check_reader_sees(state, caller, &who, &facts).await?;
    match record.offered_artifact(format).map(|a| a.not_ready()) {
        Some(None) => {}
        Some(Some(NotReady::FileNotArrived)) => {
            return Err(ApiError::bad_param(
                "format",
                Why::of(
                    "why-file-not-here-yet",
                    format!("the {format} file of title '{service_id}' is not here yet"),
                )
                .with("format", format)
                .with("id", service_id),
            ));
        }
        _ => {
            return Err(ApiError::bad_param(
                "format",
                Why::of(
                    "why-not-in-format",
                    format!("title '{service_id}' is not available in {format}"),
                )
                .with("format", format)
                .with("id", service_id),
            ));
        }
    }
    let subject = Subject {
        kind: SubjectKind::Title,
        id: record.service_id.clone(),
        facts,
        format,
    };
    downloads::request(state, caller, &who, subject, asking).await
}

/// The owner's own document: its EPUB once converted (202 until then), unstamped and uncounted.
async fn document_download(
    state: &AppState,
    d: &lectern_store::documents::Document,
    format: lectern_domain::catalog::Format,
) -> ApiResult<Response> {
    use lectern_store::documents::DocumentStatus;
    if format != lectern_domain::catalog::Format::Epub3 {
        return Err(ApiError::bad_param(
            "format",
            Why::of(
                "why-document-epub-only",
                format!(
                    "document '{}' is made available in EPUB3 only",
                    d.document_id
                ),
            )
            .with("id", &d.document_id),
        ));
    }
    match (d.status, &d.epub_key) {
        (DocumentStatus::Ready, Some(key)) => downloads::available(state, key).await,
        (DocumentStatus::Failed, _) => Err(ApiError::new(
            axum::http::StatusCode::BAD_REQUEST,
            "BAD_REQUEST",
            format!(
                "Document '{}' could not be made accessible: {}",
                d.document_id,
                d.error.as_deref().unwrap_or("its file could not be read")
            ),
        )),
        _ => Ok(downloads::accepted(
            "The document is being made accessible; ask again in a few seconds.",
        )),
    }
}
