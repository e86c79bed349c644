//! `POST` and `DELETE /v2/myAccount/syncKey`: the key a reader types into KOReader as its
//! progress sync password (`/kosync`, `docs/opds.md`). Lectern keeps passwords only as argon2
//! hashes, and KOReader sends the MD5 of what was typed, so the sync key is a secret of its own:
//! shown once, kept hashed, replaced by a new one, removed by `DELETE`.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_operations::sync_keys;
use serde::Serialize;
use utoipa::ToSchema;

use crate::conventions::caller::Caller;
use crate::conventions::status::Status;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// A new sync key, shown only in this answer.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SyncKey {
    /// Type it into KOReader's progress sync as the password, with your user name
    pub sync_key: String,
}

#[utoipa::path(
    post, path = "/v2/myAccount/syncKey", tag = "accounts",
    params(("api_key" = String, Query, description = "The client key")),
    responses(
        (status = 200, description = "A new sync key, replacing any before it; shown only now", body = SyncKey),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_sync_key(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<SyncKey>> {
    let key = sync_keys::make(&state, &caller).await?;
    Ok(Json(SyncKey { sync_key: key }))
}

#[utoipa::path(
    delete, path = "/v2/myAccount/syncKey", tag = "accounts",
    params(("api_key" = String, Query, description = "The client key")),
    responses(
        (status = 200, description = "The sync key is removed; KOReader can no longer sync as this reader", body = Status),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "The reader has no sync key", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn delete_sync_key(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<Status>> {
    sync_keys::remove(&state, &caller).await?;
    Ok(Json(Status::success("Your sync key is removed")))
}
