//! A document as a title: the summary and record that the title endpoints show its owner.

use lectern_domain::account::Account;
use lectern_domain::catalog::TitleRecord;
use lectern_domain::title_access::Alert;
use lectern_store::documents::{self, Document, DocumentStatus};

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::titles::{CatalogViewer, TitleCompleteRecord, complete_record};

/// The caller's own document of that id; `None` when there is none (or it is another's, which
/// must look the same).
pub async fn owned_document(
    state: &AppState,
    caller: Option<&Account>,
    service_id: &str,
) -> ApiResult<Option<Document>> {
    let Some(me) = caller else { return Ok(None) };
    Ok(documents::get(state.store.reads(), service_id)
        .await?
        .filter(|d| d.owner_id == me.user_account_id))
}

/// A document's complete record as its owner sees it: available once converted, theirs to
/// delete, and free of the catalog's download alerts (documents count against no allowance).
pub fn owner_view(
    state: &AppState,
    who: &CatalogViewer,
    owner: &Account,
    d: &Document,
) -> ApiResult<TitleCompleteRecord> {
    let record = owned_document_record(owner, d)?;
    let mut view = complete_record(state, who, &record);
    view.summary.available = d.status == DocumentStatus::Ready;
    view.summary.allows = Some(vec!["DELETE".to_owned()]);
    view.summary.title_access_alerts.clear();
    if d.status == DocumentStatus::Failed {
        let reason = d.error.as_deref().unwrap_or("the conversion failed");
        view.summary
            .title_access_alerts
            .push(Alert::document_not_converted(reason));
    }
    Ok(view)
}

/// The title record of a document: its name as title, its owner, and one EPUB 3 artifact,
/// available once converted.
pub fn owned_document_record(owner: &Account, d: &Document) -> ApiResult<TitleRecord> {
    let status = match d.status {
        DocumentStatus::Ready => "available",
        DocumentStatus::Failed => "failed",
        DocumentStatus::Queued | DocumentStatus::Converting => "inProduction",
    };
    let record = serde_json::json!({
        "serviceId": d.document_id,
        "site": owner.site_id,
        "status": "live",
        "title": d.name,
        "usageRestriction": "copyright",
        "owner": format!("{} {}", owner.first_name, owner.last_name),
        "allowRecommend": false,
        "dateAdded": d.created_at.to_string(),
        "artifacts": [{ "format": "EPUB3", "status": status, "file": d.epub_key }],
    });
    serde_json::from_value(record).map_err(ApiError::internal)
}
