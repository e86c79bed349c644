//! Bearer tokens and their accounts, remembered for at most a second. Every signed-in request
//! presents a token, and reading it and its account from the store was most of what a signed-in
//! read cost (`docs/benchmarks.md`, "Foundation").
//!
//! What another node does (a revocation, a sign-out, a locked account, a changed name) reaches
//! this one within `TTL`, the bound `docs/operations.md` documents. What this node does, it sees
//! at once: each write request it finishes starts a new generation, and an entry remembered in
//! an older one is not used. The generation is read before the store is, so a lookup that raced
//! a write is never remembered as current (`lectern_http::conventions::stale_after_writes`).

use std::sync::Arc;
use std::time::Duration;

use crate::ttl_cache::TtlCache;

pub const TTL: Duration = Duration::from_secs(1);
/// Entries are small, and a second's worth of signed-in readers is far fewer.
const MAX_ENTRIES: usize = 100_000;

use crate::actor::SignedIn;

/// Keyed by the token's hash; only tokens found are remembered, so that a token minted on
/// another node works at once.
pub type TokenCache = TtlCache<Arc<SignedIn>>;

/// An empty cache, keeping entries for `TTL`.
pub fn new_token_cache() -> TokenCache {
    TtlCache::new(TTL, MAX_ENTRIES)
}
