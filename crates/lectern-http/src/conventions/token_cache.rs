//! Bearer tokens and their accounts, remembered for at most a second. Every signed-in request
//! presents a token, and reading it and its account from the store was most of what a signed-in
//! read cost (`docs/benchmarks.md`, "Foundation").
//!
//! What another node does (a revocation, a sign-out, a locked account, a changed name) reaches
//! this one within `TTL`, the bound `docs/operations.md` documents. What this node does, it sees
//! at once: each write request it finishes starts a new generation, and an entry remembered in
//! an older one is not used. The generation is read before the store is, so a lookup that raced
//! a write is never remembered as current.

use std::sync::Arc;
use std::time::Duration;

use lectern_domain::account::Account;
use lectern_store::oauth::AccessToken;

use super::ttl_cache::TtlCache;

pub const TTL: Duration = Duration::from_secs(1);
/// Entries are small, and a second's worth of signed-in readers is far fewer.
const MAX_ENTRIES: usize = 100_000;

/// A token as found in the store, with its account.
pub type Found = (Arc<AccessToken>, Arc<Account>);

/// Keyed by the token's hash; only tokens found are remembered, so that a token minted on
/// another node works at once.
pub struct TokenCache(TtlCache<Found>);

impl Default for TokenCache {
    fn default() -> Self {
        TokenCache(TtlCache::new(TTL, MAX_ENTRIES))
    }
}

impl TokenCache {
    pub fn recall(&self, hash: &str) -> Option<Found> {
        self.0.recall(hash)
    }

    /// The generation to pass to [`TokenCache::remember`]: read it before the store.
    pub fn generation(&self) -> u64 {
        self.0.generation()
    }

    pub fn remember(&self, hash: &str, generation: u64, found: Found) {
        self.0.remember(hash, generation, found);
    }

    /// A write finished on this node: nothing remembered before it is used again.
    pub fn forget_all(&self) {
        self.0.forget_all();
    }
}

/// Starts a new generation once a request that may have written has been answered: its write
/// is committed by then, so a lookup after it reads the store again.
pub async fn forget_after_writes(
    axum::extract::State(state): axum::extract::State<crate::state::AppState>,
    req: axum::extract::Request,
    next: axum::middleware::Next,
) -> axum::response::Response {
    let may_write = !req.method().is_safe();
    let response = next.run(req).await;
    if may_write {
        state.tokens.forget_all();
    }
    response
}
