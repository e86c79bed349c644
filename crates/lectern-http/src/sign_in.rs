//! The one sign-in service every door that takes a credential goes through: the token endpoint
//! and its login page, the web pages' sign-in, the OPDS token endpoint, HTTP Basic on the OPDS
//! catalog, and KOReader's sync. Each takes the same steps in the same order: the throttle
//! (failures per name, per address and per pair), then the secret (a password, or a reader's
//! sync key), then the account's lock. A remembered check only makes a right password cheap: it
//! is consulted after the throttle, so that it can never let a guess through while the name or
//! the address is held back.

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use lectern_domain::account::Account;
use lectern_domain::kosync::sync_key_hash_of_sent;
use lectern_domain::secret::{constant_time_eq, decoy_password_hash, verify_password};
use lectern_store::{StoreError, accounts, kosync};
use sha2::{Digest, Sha256};

use crate::conventions::ttl_cache::TtlCache;
use crate::state::AppState;

pub enum SignIn {
    Ok(Box<Account>),
    BadCredentials,
    Locked,
    /// Too many failed attempts for this user name or address; retry after this many seconds.
    TooManyAttempts(u64),
}

/// What the caller proves who they are with.
#[derive(Clone, Copy)]
pub enum Secret<'a> {
    Password(&'a str),
    /// What KOReader sends as `x-auth-key`: the MD5 (hex) of the sync key the reader typed.
    SyncKey(&'a str),
}

/// The address the request came from, which failed sign-ins are counted against (with the user
/// name). Behind a proxy every request shares the proxy's address, so the per-address share is
/// the proxy's too: see `docs/decisions.md`.
pub struct ClientAddress(pub String);

impl ClientAddress {
    /// The address of the request these parts are of ("unknown" when served without it).
    pub fn of(parts: &axum::http::request::Parts) -> std::sync::Arc<str> {
        parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map_or_else(|| "unknown".into(), |c| c.0.ip().to_string().into())
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(ClientAddress(Self::of(parts).to_string()))
    }
}

/// Checks a credential. An unknown user name is checked against a decoy hash, so that it costs
/// the same time as a wrong password and the answer does not reveal which names exist.
pub async fn check(
    state: &AppState,
    user_name: &str,
    secret: Secret<'_>,
    from: &ClientAddress,
) -> Result<SignIn, StoreError> {
    if let Err(wait) = state.limits.check_sign_in(user_name, &from.0).await {
        return Ok(SignIn::TooManyAttempts(wait));
    }
    let account = match secret {
        Secret::Password(password) => password_matches(state, user_name, password).await?,
        Secret::SyncKey(sent) => sync_key_matches(state, user_name, sent).await?,
    };
    Ok(match account {
        Some(a) if a.locked => SignIn::Locked,
        Some(a) => SignIn::Ok(Box::new(a)),
        None => {
            state
                .limits
                .record_sign_in_failure(user_name, &from.0)
                .await;
            SignIn::BadCredentials
        }
    })
}

/// The account, when the password is its own.
async fn password_matches(
    state: &AppState,
    user_name: &str,
    password: &str,
) -> Result<Option<Account>, StoreError> {
    let found = accounts::credentials(state.store.reads(), user_name).await?;
    let (account, hash) = match found {
        Some((account, Some(hash))) => (Some(account), hash),
        _ => (None, decoy_password_hash().to_owned()),
    };
    let checks = remembered_checks();
    let key = checks.key_of(user_name, password);
    if account.is_some() && checks.cache.recall(&key).is_some_and(|seen| *seen == *hash) {
        return Ok(account);
    }
    let generation = checks.cache.generation();
    let (typed, kept) = (password.to_owned(), hash.clone());
    let matches = tokio::task::spawn_blocking(move || verify_password(&typed, &kept))
        .await
        .unwrap_or(false);
    if !matches {
        return Ok(None);
    }
    if account.is_some() {
        checks
            .cache
            .remember(&key, generation, Arc::from(hash.as_str()));
    }
    Ok(account)
}

/// The account, when the sync key KOReader sent is the one its reader made.
async fn sync_key_matches(
    state: &AppState,
    user_name: &str,
    sent: &str,
) -> Result<Option<Account>, StoreError> {
    let Some((account, _)) = accounts::credentials(state.store.reads(), user_name).await? else {
        return Ok(None);
    };
    let kept = kosync::key_hash(state.store.reads(), &account.user_account_id).await?;
    let matches = kept
        .is_some_and(|k| constant_time_eq(k.as_bytes(), sync_key_hash_of_sent(sent).as_bytes()));
    Ok(matches.then_some(account))
}

/// Passwords a node checked, for a few minutes: apps that sign in with HTTP Basic send the
/// password with every request, and checking an argon2 hash each time would cost tens of
/// milliseconds and 19 MiB a request. Keyed by a keyed hash of the name and password (the key
/// is this process's), holding the password hash they matched: a changed password is seen at
/// the next request, which reads the account anyway, and so is a lock.
struct RememberedChecks {
    cache: TtlCache<Arc<str>>,
    key: [u8; 32],
}

impl RememberedChecks {
    fn key_of(&self, user: &str, password: &str) -> String {
        let mut h = Sha256::new();
        h.update(self.key);
        h.update(user.trim().to_lowercase().as_bytes());
        h.update([0]);
        h.update(password.as_bytes());
        hex::encode(h.finalize())
    }
}

fn remembered_checks() -> &'static RememberedChecks {
    static CHECKS: OnceLock<RememberedChecks> = OnceLock::new();
    CHECKS.get_or_init(|| {
        let mut key = [0u8; 32];
        getrandom::fill(&mut key).expect("the system's random numbers");
        RememberedChecks {
            cache: TtlCache::new(Duration::from_secs(300), 10_000),
            key,
        }
    })
}
