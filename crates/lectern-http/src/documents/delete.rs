//! `DELETE /v2/myDocuments/{serviceId}`: the caller's document, with its files, is gone.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_store::documents;

use crate::conventions::caller::Caller;
use crate::conventions::status::Status;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

#[utoipa::path(
    delete, path = "/v2/myDocuments/{serviceId}", tag = "documents",
    params(
        ("serviceId" = String, Path, description = "The document"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 200, description = "Deleted (key SUCCESS)", body = Status),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "The caller has no such document", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn delete_document(
    State(state): State<AppState>,
    caller: Caller,
    Path(service_id): Path<String>,
) -> ApiResult<Json<Status>> {
    let me = caller.signed_in()?;
    let gone = documents::delete(
        &mut *state.store.writer().await?,
        &service_id,
        &me.user_account_id,
    )
    .await?
    .ok_or_else(|| ApiError::not_found(format!("You have no document '{service_id}'")))?;
    for key in std::iter::once(&gone.source_key).chain(gone.epub_key.as_ref()) {
        if let Err(e) = state.files.delete(key).await {
            tracing::warn!(key, error = %e, "a deleted document's file could not be removed");
        }
    }
    Ok(Json(Status::success(format!(
        "Document '{service_id}' deleted"
    ))))
}
