//! Client keys, remembered for a few seconds. Every `/v2` request and every token request
//! names its client, and keys change rarely, so reading each one from the store every time would
//! double the store's work on the hottest path. A change made by an operator (a key disabled, a
//! redirect URI added) reaches every node within `TTL`.

use std::collections::HashMap;
use std::sync::RwLock;
use std::time::{Duration, Instant};

use lectern_domain::client::Client;
use lectern_store::{Store, StoreError, clients};

const TTL: Duration = Duration::from_secs(10);
/// Unknown keys are remembered too (so a flood of made-up keys does not reach the store); past
/// this many entries the cache starts again empty rather than grow.
const MAX_ENTRIES: usize = 10_000;

#[derive(Default)]
pub struct ClientCache {
    entries: RwLock<HashMap<String, (Instant, Option<Client>)>>,
}

impl ClientCache {
    pub async fn get(&self, store: &Store, api_key: &str) -> Result<Option<Client>, StoreError> {
        if let Ok(entries) = self.entries.read()
            && let Some((at, client)) = entries.get(api_key)
            && at.elapsed() < TTL
        {
            return Ok(client.clone());
        }
        let client = clients::get(store.pool(), api_key).await?;
        if let Ok(mut entries) = self.entries.write() {
            if entries.len() >= MAX_ENTRIES {
                entries.clear();
            }
            entries.insert(api_key.to_owned(), (Instant::now(), client.clone()));
        }
        Ok(client)
    }
}
