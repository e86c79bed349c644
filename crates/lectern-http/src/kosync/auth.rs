//! Who is syncing: `x-auth-user` (a user name) and `x-auth-key` (the MD5 of the sync key the
//! reader typed), checked by the sign-in service every door shares (`crate::sign_in`).

use axum::extract::State;
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use lectern_domain::account::Account;
use serde_json::json;

use lectern_operations::{Actor, Failure, SignedIn};

use crate::sign_in::{self, ClientAddress, Secret, SignIn};
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

    fn unavailable() -> KosyncError {
        KosyncError(
            StatusCode::SERVICE_UNAVAILABLE,
            2000,
            "The library is busy; try again".into(),
        )
    }
}

impl From<lectern_store::StoreError> for KosyncError {
    fn from(e: lectern_store::StoreError) -> Self {
        tracing::error!(error = %e, "kosync could not reach the store");
        KosyncError::unavailable()
    }
}

/// An operation's failure as the reference server's errors say it: a parameter first, as
/// KOReader shows the message as it is.
impl From<Failure> for KosyncError {
    fn from(f: Failure) -> Self {
        match f {
            Failure::Invalid(problems) => KosyncError::invalid(
                problems
                    .iter()
                    .map(|p| format!("'{}' {}", p.param, p.why))
                    .collect::<Vec<_>>()
                    .join("; "),
            ),
            Failure::Missing { param } => KosyncError::invalid(format!("'{param}' is required")),
            Failure::SignInRequired | Failure::SignedOut(_) | Failure::Expired(_) => {
                KosyncError::unauthorized(
                    "Enter your user name and sync key in KOReader's progress sync",
                )
            }
            Failure::TooMany { why, .. } => {
                KosyncError(StatusCode::TOO_MANY_REQUESTS, 2001, why.english)
            }
            Failure::PaymentDue { why, .. } => KosyncError::invalid(why),
            Failure::Refused(why)
            | Failure::NotFound(why)
            | Failure::Unusable(why)
            | Failure::Conflict { why, .. } => KosyncError::invalid(why.english),
            refused @ (Failure::RefusedBy(_) | Failure::Clash(_)) => {
                KosyncError::invalid(refused.to_string())
            }
            Failure::Store(e) => e.into(),
            Failure::Broken(cause) => {
                tracing::error!(error = %cause, "kosync failed on our side");
                KosyncError(
                    StatusCode::INTERNAL_SERVER_ERROR,
                    2000,
                    "Something went wrong on our side; please retry later".into(),
                )
            }
        }
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

/// The reader the request's headers name, if their sync key matches, acting as KOReader does
/// in their library: through its site's catalog key (`docs/decisions.md`, "KOReader's sync
/// acts through the catalog's key").
pub async fn reader(
    state: &AppState,
    headers: &HeaderMap,
    from: &ClientAddress,
) -> Result<Actor, KosyncError> {
    let account = account(state, headers, from).await?;
    let client = lectern_operations::sign_in::catalog_key(state, &account.site_id)
        .await
        .map_err(|_| KosyncError::unavailable())?
        .ok_or_else(|| {
            KosyncError::unauthorized("This library's catalog is closed to reading apps")
        })?;
    Ok(Actor {
        session: Some(SignedIn::for_request(&client, account)),
        client,
        from: from.0.as_str().into(),
    })
}

/// The account the request's headers name, if its sync key matches.
async fn account(
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
    match sign_in::check(state, user, Secret::SyncKey(sent), from).await? {
        SignIn::Ok(account) => Ok(*account),
        SignIn::TooManyAttempts(_) => Err(KosyncError(
            StatusCode::TOO_MANY_REQUESTS,
            2001,
            "Too many failed sign-ins; try again later".into(),
        )),
        SignIn::Locked => Err(KosyncError::unauthorized(
            "This account is locked; contact your library",
        )),
        SignIn::BadCredentials => Err(KosyncError::unauthorized(
            "The user name or sync key is not right; create a sync key under your library account",
        )),
    }
}
