//! Client keys and sites, remembered for a few seconds. Every `/v2` request and every token request
//! names its client, and keys change rarely, so reading each one from the store every time would
//! double the store's work on the hottest path. A change made by an operator (a key disabled, a
//! redirect URI added) reaches every node within `TTL`.

use std::sync::Arc;
use std::time::Duration;

use lectern_domain::client::Client;
use lectern_domain::site::Site;
use lectern_store::{Store, StoreError, clients, sites};

use crate::ttl_cache::TtlCache;

const TTL: Duration = Duration::from_secs(10);
/// Unknown keys are remembered too (so a flood of made-up keys does not reach the store).
const MAX_ENTRIES: usize = 10_000;

pub struct ClientCache(TtlCache<Option<Arc<Client>>>);

impl Default for ClientCache {
    fn default() -> Self {
        ClientCache(TtlCache::new(TTL, MAX_ENTRIES))
    }
}

impl ClientCache {
    pub async fn get(
        &self,
        store: &Store,
        api_key: &str,
    ) -> Result<Option<Arc<Client>>, StoreError> {
        let load = async { Ok(clients::get(store.reads(), api_key).await?.map(Arc::new)) };
        self.0.recall_or(api_key, load).await
    }

    /// A key changed on this node (the administrators' pages) is read again here at once;
    /// other nodes read it within `TTL`.
    pub fn forget_all(&self) {
        self.0.forget_all();
    }
}

/// Sites, remembered as client keys are: every page of the catalog and the web pages names its
/// site, for its name, and sites change as rarely as keys.
pub struct SiteCache(TtlCache<Option<Arc<Site>>>);

impl Default for SiteCache {
    fn default() -> Self {
        SiteCache(TtlCache::new(TTL, MAX_ENTRIES))
    }
}

impl SiteCache {
    pub async fn get(&self, store: &Store, site_id: &str) -> Result<Option<Arc<Site>>, StoreError> {
        let load = async { Ok(sites::get(store.reads(), site_id).await?.map(Arc::new)) };
        self.0.recall_or(site_id, load).await
    }

    /// A site made or changed on this node (the administrators' pages) is read again here at
    /// once; other nodes read it within `TTL`.
    pub fn forget_all(&self) {
        self.0.forget_all();
    }
}
