//! What every operation reaches: the store, the node's title index and records, the file store.
//! One per node, shared by every door (`lectern_http::AppState` holds it).

use std::sync::Arc;

use lectern_jobs::FileStore;
use lectern_store::Store;

use crate::title_index::Titles;

#[derive(Clone)]
pub struct House {
    pub store: Store,
    /// The title index and the title records this node keeps.
    pub titles: Arc<Titles>,
    /// Where title files and packages are kept.
    pub files: FileStore,
}
