//! Who is syncing: `x-auth-user` (a user name) and `x-auth-key` (the MD5 of the sync key the
//! reader typed), checked with the sign-in throttle of every other door.

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use lectern_domain::account::Account;
use lectern_domain::kosync::sync_key_hash_of_sent;
use lectern_domain::secret::constant_time_eq;
use lectern_store::{accounts, kosync};
use serde_json::json;

use crate::oauth::ClientAddress;
use crate::state::AppState;

/// An answer in the reference server's error shape, `{code, message}`, which KOReader shows.
pub struct KosyncError(StatusCode, u32, String);

impl KosyncError {
    pub fn unauthorized(message: &str) -> KosyncError {
        KosyncError(StatusCode::UNAUTHORIZED, 2001, message.to_owned())
    }

    pub fn invalid(message: impl Into<String>) -> KosyncError {
        KosyncError(StatusCode::BAD_REQUEST, 2003, message.into())
    }
}

impl From<lectern_store::StoreError> for KosyncError {
    fn from(e: lectern_store::StoreError) -> Self {
        tracing::error!(error = %e, "kosync could not reach the store");
        KosyncError(
            StatusCode::SERVICE_UNAVAILABLE,
            2000,
            "The library is busy; try again".into(),
        )
    }
}

impl IntoResponse for KosyncError {
    fn into_response(self) -> Response {
        (
            self.0,
            axum::Json(json!({ "code": self.1, "message": self.2 })),
        )
            .into_response()
    }
}

/// `POST /kosync/users/create`: accounts are the library's, not made here. 402 is the status
/// KOReader expects of a refused registration, and it shows the message.
pub async fn register() -> Response {
    KosyncError(
        StatusCode::PAYMENT_REQUIRED,
        2002,
        "Accounts are not made here. Sign in to your library, create a sync key under your account, and enter your user name and that key here (Login, not Register).".into(),
    )
    .into_response()
}

/// `GET /kosync/users/auth`.
pub async fn authorize(
    State(state): State<AppState>,
    from: ClientAddress,
    headers: HeaderMap,
) -> Result<Response, KosyncError> {
    reader(&state, &headers, &from).await?;
    Ok(axum::Json(json!({ "authorized": "OK" })).into_response())
}

/// The reader the request's headers name, if their sync key matches.
pub async fn reader(
    state: &AppState,
    headers: &HeaderMap,
    from: &ClientAddress,
) -> Result<Account, KosyncError> {
    let header = |name: &str| {
        headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .map(str::trim)
            .filter(|v| !v.is_empty())
    };
    let (Some(user), Some(sent)) = (header("x-auth-user"), header("x-auth-key")) else {
        return Err(KosyncError::unauthorized(
            "Enter your user name and sync key in KOReader's progress sync",
        ));
    };
    if state.limits.check_sign_in(user, &from.0).await.is_err() {
        return Err(KosyncError(
            StatusCode::TOO_MANY_REQUESTS,
            2001,
            "Too many failed sign-ins; try again later".into(),
        ));
    }
    let account = accounts::credentials(state.store.reads(), user)
        .await?
        .map(|(account, _)| account);
    let kept = match &account {
        Some(a) => kosync::key_hash(state.store.reads(), &a.user_account_id).await?,
        None => None,
    };
    let matches = kept
        .is_some_and(|k| constant_time_eq(k.as_bytes(), sync_key_hash_of_sent(sent).as_bytes()));
    match account {
        Some(a) if matches && a.locked => Err(KosyncError::unauthorized(
            "This account is locked; contact your library",
        )),
        Some(a) if matches => Ok(a),
        _ => {
            state.limits.record_sign_in_failure(user, &from.0).await;
            Err(KosyncError::unauthorized(
                "The user name or sync key is not right; create a sync key under your library account",
            ))
        }
    }
}
