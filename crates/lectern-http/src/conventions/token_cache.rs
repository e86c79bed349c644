//! Bearer tokens and their accounts, remembered for at most a second. Every signed-in request
//! presents a token, and reading it and its account from the store was most of what a signed-in
//! read cost (`docs/benchmarks.md`, "Foundation").
//!
//! What another node does (a revocation, a sign-out, a locked account, a changed name) reaches
//! this one within `TTL`, the bound `docs/operations.md` documents. What this node does, it sees
//! at once: each write request it finishes starts a new generation, and an entry remembered in
//! an older one is not used. The generation is read before the store is, so a lookup that raced
//! a write is never remembered as current (`stale_after_writes`).

use std::sync::{Arc, OnceLock};
use std::time::Duration;

use axum::body::Bytes;
use lectern_domain::account::Account;
use lectern_store::oauth::AccessToken;

use super::ttl_cache::TtlCache;

pub const TTL: Duration = Duration::from_secs(1);
/// Entries are small, and a second's worth of signed-in readers is far fewer.
const MAX_ENTRIES: usize = 100_000;

/// A token as found in the store, with its account and what is made from them alone.
#[derive(Debug)]
pub struct SignedIn {
    pub token: AccessToken,
    pub account: Arc<Account>,
    /// The `GET /v2/myAccount` answer to this token, made on its first ask. It is kept with
    /// this entry and forgotten with it, so it is never older than `account` (reading apps ask
    /// for it on every start and resume; `docs/decisions.md`, "The caller's own account").
    pub my_account: OnceLock<Bytes>,
}

/// Keyed by the token's hash; only tokens found are remembered, so that a token minted on
/// another node works at once.
pub type TokenCache = TtlCache<Arc<SignedIn>>;

impl Default for TokenCache {
    fn default() -> Self {
        TtlCache::new(TTL, MAX_ENTRIES)
    }
}
