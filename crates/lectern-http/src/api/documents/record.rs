//! A document as a title: the complete record that the title endpoints show its owner.

use lectern_domain::account::Account;
use lectern_domain::title_access::Alert;
use lectern_store::documents::{Document, DocumentStatus};

use crate::api::titles::{CatalogViewer, TitleCompleteRecord, complete_record};
use crate::error::ApiResult;
use crate::state::AppState;

/// A document's complete record as its owner sees it: available once converted, theirs to
/// delete, and free of the catalog's download alerts (documents count against no allowance).
pub fn owner_view(
    state: &AppState,
    who: &CatalogViewer,
    owner: &Account,
    d: &Document,
) -> ApiResult<TitleCompleteRecord> {
    let record = lectern_operations::documents::as_title_record(owner, d)?;
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
