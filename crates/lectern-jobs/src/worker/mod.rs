//! The worker: applies collection assistants' edits, claims queued downloads from the store and makes each reader's package from the
//! artifact's file; when none is waiting, converts uploaded documents, then makes MP3 resources
//! at the speeds readers asked for.
//! Every node runs one (or `lectern worker` runs it alone); the store's claims keep two workers
//! off the same job.

mod documents;
mod edits;
mod packages;
mod speeds;

use std::time::Duration;

use lectern_store::Store;

use crate::files::FileStore;

pub use documents::document_epub_key;
pub use packages::package_key;
pub use speeds::speed_variant_key;

/// How often an idle worker looks for work.
const IDLE: Duration = Duration::from_millis(250);
/// A job claimed this long ago and not finished was left by a node that stopped.
const STALE_SECONDS: i64 = 300;

/// Works until the process ends.
pub fn spawn(store: Store, files: FileStore) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            match run_once(&store, &files).await {
                Ok(true) => continue,
                Ok(false) => tokio::time::sleep(IDLE).await,
                Err(e) => {
                    tracing::warn!(error = %e, "the worker could not reach the store");
                    tokio::time::sleep(IDLE * 4).await;
                }
            }
        }
    })
}

/// Does one job: a collection edit (quick, and searches wait for it), then a package, then a
/// document, then a speed change (a reader waits for a package most); false when there was nothing to do. Only store errors are returned.
pub async fn run_once(store: &Store, files: &FileStore) -> Result<bool, lectern_store::StoreError> {
    Ok(edits::apply_one(store).await?
        || packages::package_one(store, files).await?
        || documents::convert_one(store, files).await?
        || speeds::change_speed_of_one(store, files).await?)
}
