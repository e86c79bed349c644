//! The one sign-in service every door that takes a credential goes through, in the house so that
//! no door has one of its own: the token endpoint and its login page, the web pages' sign-in,
//! the OPDS token endpoint, HTTP Basic on the OPDS catalog, and KOReader's sync. Each takes the same steps in the same order: the throttle
//! (failures per name, per address and per pair), then the secret (a password, or a reader's
//! sync key), then the account's lock. A remembered check only makes a right password cheap: it
//! is consulted after the throttle, so that it can never let a guess through while the name or
//! the address is held back.

use lectern_domain::invalid::Why;
use std::sync::{Arc, OnceLock};
use std::time::Duration;

use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::client::{Client, FirstParty};
use lectern_domain::kosync::sync_key_hash_of_sent;
use lectern_domain::secret::{constant_time_eq, decoy_password_hash, token_hash, verify_password};
use lectern_store::{StoreError, accounts, kosync, oauth};
use sha2::{Digest, Sha256};

use crate::actor::SignedIn;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::ttl_cache::TtlCache;

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

/// Checks a credential. An unknown user name is checked against a decoy hash, so that it costs
/// the same time as a wrong password and the answer does not reveal which names exist.
/// `from` is the address the request came from, which failures are counted against with the
/// name (behind a proxy every request shares the proxy's: `docs/decisions.md`).
pub async fn check(
    house: &House,
    user_name: &str,
    secret: Secret<'_>,
    from: &str,
) -> Result<SignIn, StoreError> {
    if let Err(wait) = house.limits.check_sign_in(user_name, from).await {
        return Ok(SignIn::TooManyAttempts(wait));
    }
    let account = match secret {
        Secret::Password(password) => password_matches(house, user_name, password).await?,
        Secret::SyncKey(sent) => sync_key_matches(house, user_name, sent).await?,
    };
    Ok(match account {
        Some(a) if a.locked => SignIn::Locked,
        Some(a) => SignIn::Ok(Box::new(a)),
        None => {
            house.limits.record_sign_in_failure(user_name, from).await;
            SignIn::BadCredentials
        }
    })
}

/// The account, when the password is its own.
async fn password_matches(
    house: &House,
    user_name: &str,
    password: &str,
) -> Result<Option<Account>, StoreError> {
    let found = accounts::credentials(house.store.reads(), user_name).await?;
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
    house: &House,
    user_name: &str,
    sent: &str,
) -> Result<Option<Account>, StoreError> {
    let Some((account, _)) = accounts::credentials(house.store.reads(), user_name).await? else {
        return Ok(None);
    };
    let kept = kosync::key_hash(house.store.reads(), &account.user_account_id).await?;
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

/// The sign-in an access token stands for, presented to `client` (a bearer token, the pages'
/// session cookie): checked, and the account's per-user share charged once for the request.
pub async fn by_token(house: &House, client: &Client, token: &str) -> Outcome<Arc<SignedIn>> {
    let found = token_found(house, token).await?;
    session(house, found, client, token).await
}

/// The token's record and account, remembered or read; a token not known here is refused.
pub async fn token_found(house: &House, token: &str) -> Outcome<Arc<SignedIn>> {
    token_and_account(house, &token_hash(token))
        .await?
        .ok_or_else(|| {
            Failure::SignedOut("The access token is not valid; request a new one".into())
        })
}

/// A known token's sign-in, if it may be used now and by `client`, with the account's per-user
/// share charged.
pub async fn session(
    house: &House,
    found: Arc<SignedIn>,
    client: &Client,
    token: &str,
) -> Outcome<Arc<SignedIn>> {
    let (record, account) = (&found.token, &found.account);
    if record.revoked != 0 {
        return Err(Failure::SignedOut(
            "The access token has been revoked; request a new one".into(),
        ));
    }
    if record.expires_at <= Timestamp::now().unix() {
        return Err(Failure::Expired(format!("Access token expired: {token}")));
    }
    if record.api_key != client.api_key {
        return Err(Failure::SignedOut(
            "The access token was issued to another application".into(),
        ));
    }
    if account.locked {
        return Err(locked());
    }
    charged(house, &account.user_account_id).await?;
    Ok(found)
}

/// A sign-in by a password sent with the request itself (HTTP Basic) to `client`, through the
/// same steps as every door's (`check`), with the per-user share charged.
pub async fn by_password(
    house: &House,
    client: &Client,
    (user, password): (&str, &str),
    from: &str,
) -> Outcome<Arc<SignedIn>> {
    let account = match check(house, user, Secret::Password(password), from).await? {
        SignIn::Ok(a) => *a,
        SignIn::BadCredentials => {
            return Err(Failure::SignedOut(
                "The user name or password is not right".into(),
            ));
        }
        SignIn::Locked => {
            return Err(locked());
        }
        SignIn::TooManyAttempts(wait) => {
            return Err(Failure::TooMany {
                wait,
                why: Why::of("too-many-sign-ins", "Too many failed sign-ins; retry later"),
            });
        }
    };
    charged(house, &account.user_account_id).await?;
    Ok(SignedIn::for_request(client, account))
}

/// The account's share of requests, charged once for the request.
async fn charged(house: &House, user_account_id: &str) -> Outcome<()> {
    house
        .limits
        .check_user(user_account_id)
        .await
        .map_err(|wait| Failure::TooMany {
            wait,
            why: Why::of(
                "too-many-for-user",
                "Too many requests for this user; retry later",
            ),
        })
}

/// The token stored under `hash` and its account: remembered, or read and remembered. Only
/// tokens found are remembered, so that a token minted on another node works at once.
async fn token_and_account(house: &House, hash: &str) -> Outcome<Option<Arc<SignedIn>>> {
    if let Some(found) = house.tokens.recall(hash) {
        return Ok(Some(found));
    }
    let generation = house.tokens.generation();
    let found = oauth::access_token_with_account(house.store.reads(), hash)
        .await?
        .map(|(token, account)| {
            Arc::new(SignedIn {
                token,
                account: Arc::new(account),
            })
        });
    if let Some(found) = &found {
        house.tokens.remember(hash, generation, found.clone());
    }
    Ok(found)
}

/// The key a reading app acts through at `site_id` (OPDS, and KOReader's sync, which reaches
/// the library as the catalog does): the site's catalog key, if it has one and it is not
/// disabled (`docs/decisions.md`, "KOReader's sync acts through the catalog's key").
pub async fn catalog_key(house: &House, site_id: &str) -> Result<Option<Arc<Client>>, StoreError> {
    let key = house
        .clients
        .get(&house.store, &lectern_store::sites::opds_key(site_id))
        .await?;
    Ok(key.filter(|c| {
        c.first_party == Some(FirstParty::OpdsCatalog) && c.site_id == site_id && !c.disabled
    }))
}

/// A locked account's refusal, whichever credential it was tried with.
fn locked() -> Failure {
    Failure::refused(Why::of(
        "refused-account-locked",
        "This account is locked; contact your library",
    ))
}
