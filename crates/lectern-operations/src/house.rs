//! What every operation reaches: the store, the node's title index and records, the file store,
//! the client keys and sites remembered.
//! One per node, shared by every door (`lectern_http::AppState` holds it).

use std::sync::Arc;
use std::time::Duration;

use lectern_jobs::FileStore;
use lectern_store::Store;

use crate::client_cache::{ClientCache, SiteCache};
use crate::rate_limit::RateLimits;
use crate::title_index::Titles;
use crate::token_cache::TokenCache;

#[derive(Clone)]
pub struct House {
    pub store: Store,
    /// The title index and the title records this node keeps.
    pub titles: Arc<Titles>,
    /// Where title files and packages are kept.
    pub files: FileStore,
    /// Client keys and sites as this node remembers them for a few seconds; the operations
    /// that change one forget them here at once.
    pub clients: Arc<ClientCache>,
    pub sites: Arc<SiteCache>,
    /// Requests a minute per client key and per user, and the failed sign-ins that throttle
    /// every door that takes a credential: this node's, or shared by every node through Redis.
    pub limits: Arc<RateLimits>,
    /// Access tokens and their accounts, remembered for at most a second.
    pub tokens: Arc<TokenCache>,
    /// How long the tokens the token service issues last.
    pub lifetimes: Lifetimes,
    /// The books opened to read online lately, as this node read them.
    pub books: Arc<crate::book_cache::Books>,
    /// The library's own recordings listened to lately, as this node read them.
    pub recordings: Arc<crate::book_cache::Recordings>,
}

/// How long the tokens of a sign-in last, as the operator set them (`crate::tokens` issues
/// them).
#[derive(Debug, Clone, Copy)]
pub struct Lifetimes {
    pub access: Duration,
    pub refresh: Duration,
}
