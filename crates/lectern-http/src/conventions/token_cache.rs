//! Bearer tokens and their accounts, remembered for at most a second. Every signed-in request
//! presents a token, and reading it and its account from the store was most of what a signed-in
//! read cost (`docs/benchmarks.md`, "Foundation").
//!
//! What another node does (a revocation, a sign-out, a locked account, a changed name) reaches
//! this one within `TTL`, the bound `docs/operations.md` documents. What this node does, it sees
//! at once: each write request it finishes starts a new generation, and an entry remembered in
//! an older one is not used. The generation is read before the store is, so a lookup that raced
//! a write is never remembered as current.

use std::collections::HashMap;
use std::sync::RwLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use lectern_domain::account::Account;
use lectern_store::oauth::AccessToken;

pub const TTL: Duration = Duration::from_secs(1);
/// Past this many entries the cache starts again empty rather than grow: entries are small, and
/// a second's worth of signed-in readers is far fewer.
const MAX_ENTRIES: usize = 100_000;

#[derive(Default)]
pub struct TokenCache {
    generation: AtomicU64,
    entries: RwLock<HashMap<String, Entry>>,
}

struct Entry {
    remembered: Instant,
    generation: u64,
    token: AccessToken,
    account: Account,
}

impl TokenCache {
    /// The token and account stored under `hash`, if remembered in this generation within `TTL`.
    pub fn recall(&self, hash: &str) -> Option<(AccessToken, Account)> {
        let generation = self.generation();
        let entries = self.entries.read().ok()?;
        let entry = entries.get(hash)?;
        (entry.generation == generation && entry.remembered.elapsed() < TTL)
            .then(|| (entry.token.clone(), entry.account.clone()))
    }

    /// The generation to pass to [`TokenCache::remember`]: read it before the store.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    pub fn remember(&self, hash: &str, generation: u64, token: &AccessToken, account: &Account) {
        let Ok(mut entries) = self.entries.write() else {
            return;
        };
        if entries.len() >= MAX_ENTRIES {
            entries.clear();
        }
        entries.insert(
            hash.to_owned(),
            Entry {
                remembered: Instant::now(),
                generation,
                token: token.clone(),
                account: account.clone(),
            },
        );
    }

    /// A write finished on this node: nothing remembered before it is used again.
    pub fn forget_all(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
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
