//! Client keys, remembered for a few seconds. Every `/v2` request and every token request
//! names its client, and keys change rarely, so reading each one from the store every time would
//! double the store's work on the hottest path. A change made by an operator (a key disabled, a
//! redirect URI added) reaches every node within `TTL`.

use std::sync::Arc;
use std::time::Duration;

use lectern_domain::client::Client;
use lectern_store::{Store, StoreError, clients};

use super::ttl_cache::TtlCache;

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
        if let Some(client) = self.0.recall(api_key) {
            return Ok(client);
        }
        let generation = self.0.generation();
        let client = clients::get(store.reads(), api_key).await?.map(Arc::new);
        self.0.remember(api_key, generation, client.clone());
        Ok(client)
    }
}
