//! Checking a user name and password, shared by the password grant and the login page.

use lectern_domain::account::Account;
use lectern_domain::secret::{decoy_password_hash, verify_password};
use lectern_store::accounts;

use crate::state::AppState;

pub enum SignIn {
    Ok(Box<Account>),
    BadCredentials,
    Locked,
    /// Too many failed attempts for this user name or address; retry after this many seconds.
    TooManyAttempts(u64),
}

/// The address the request came from, which failed sign-ins are counted against (with the user
/// name). Behind a proxy every request shares the proxy's address, so the per-address share is
/// the proxy's too: see `docs/decisions.md`.
pub struct ClientAddress(pub String);

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        let peer = parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map_or_else(|| "unknown".to_owned(), |c| c.0.ip().to_string());
        Ok(ClientAddress(peer))
    }
}

/// Checks credentials. An unknown user name is checked against a decoy hash, so that it costs
/// the same time as a wrong password and the answer does not reveal which names exist.
pub async fn check(
    state: &AppState,
    user_name: &str,
    password: &str,
    from: &ClientAddress,
) -> Result<SignIn, lectern_store::StoreError> {
    if let Err(wait) = state.limits.check_sign_in(user_name, &from.0).await {
        return Ok(SignIn::TooManyAttempts(wait));
    }
    let found = accounts::credentials(state.store.reads(), user_name).await?;
    let (account, hash) = match found {
        Some((account, Some(hash))) => (Some(account), hash),
        _ => (None, decoy_password_hash().to_owned()),
    };
    let password = password.to_owned();
    let matches = tokio::task::spawn_blocking(move || verify_password(&password, &hash))
        .await
        .unwrap_or(false);
    Ok(match account {
        Some(a) if matches && a.locked => SignIn::Locked,
        Some(a) if matches => SignIn::Ok(Box::new(a)),
        _ => {
            state
                .limits
                .record_sign_in_failure(user_name, &from.0)
                .await;
            SignIn::BadCredentials
        }
    })
}
