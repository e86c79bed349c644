//! What every operation reaches: the store, the node's title index and records, the file store,
//! the client keys and sites remembered.
//! One per node, shared by every door (`lectern_http::AppState` holds it).

use std::sync::Arc;

use lectern_jobs::FileStore;
use lectern_store::Store;

use crate::client_cache::{ClientCache, SiteCache};
use crate::title_index::Titles;

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
}
