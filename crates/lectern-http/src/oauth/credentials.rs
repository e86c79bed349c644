//! Checking a user name and password, shared by the password grant and the login page.

use lectern_domain::account::Account;
use lectern_domain::secret::{decoy_password_hash, verify_password};
use lectern_store::accounts;

use crate::state::AppState;

pub enum SignIn {
    Ok(Box<Account>),
    BadCredentials,
    Locked,
    /// Too many attempts for this user name; retry after this many seconds.
    TooManyAttempts(u64),
}

/// Checks credentials. An unknown user name is checked against a decoy hash, so that it costs
/// the same time as a wrong password and the answer does not reveal which names exist.
pub async fn check(
    state: &AppState,
    user_name: &str,
    password: &str,
) -> Result<SignIn, lectern_store::StoreError> {
    if let Err(wait) = state.limits.check_sign_in(user_name).await {
        return Ok(SignIn::TooManyAttempts(wait));
    }
    let found = accounts::credentials(state.store.pool(), user_name).await?;
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
        _ => SignIn::BadCredentials,
    })
}
