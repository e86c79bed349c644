//! `DELETE /v2/myDocuments/{serviceId}`: the caller's document, with its files, is gone
//! (`lectern_operations::documents`, which the documents page calls too).

use crate::conventions::json::Json;
use axum::extract::{Path, State};

use crate::conventions::caller::Caller;
use crate::conventions::status::Status;
use crate::error::{ApiResult, ErrorBody};
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
    lectern_operations::documents::delete_mine(&state, &caller, &service_id).await?;
    Ok(Json(Status::success(format!(
        "Document '{service_id}' deleted"
    ))))
}
