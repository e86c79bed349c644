//! Formats made from an EPUB master that a reader asked to stream before any download made them
//! (`lectern_store::made_formats`): made once, kept, and then listed to every reader.

use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_store::Store;
use lectern_store::downloads::PackageKind;
use lectern_store::made_formats::{self, Making};

use super::{Held, InHand, lease_start};
use crate::derive::{self, Recipe};
use crate::files::FileStore;
use crate::work_error::{WorkError, Worked};

/// Claims one making of the lane and makes it; one that cannot be made is failed with why.
pub(super) async fn make_one(
    (store, files): (&Store, &FileStore),
    in_hand: &InHand,
    kind: PackageKind,
) -> Result<bool, lectern_store::StoreError> {
    let now = Timestamp::now();
    let Some((m, lease)) = made_formats::claim(store, kind, now, lease_start(now)).await? else {
        return Ok(false);
    };
    let _held = Held::renewing(store, lease, in_hand);
    let started = std::time::Instant::now();
    match make(files, &m).await {
        Ok(()) => {
            made_formats::mark_ready(store, &m, Timestamp::now()).await?;
            tracing::info!(title = %m.service_id, format = %m.format, variant = %m.variant, seconds = started.elapsed().as_secs_f64(), "made for its resources");
        }
        // The store could not be reached: the making is tried again once its claim lapses.
        Err(WorkError::Store(e)) => return Err(e),
        Err(why) => {
            made_formats::mark_failed(store, &m, &why.to_string()).await?;
            tracing::warn!(title = %m.service_id, format = %m.format, error = %why, "could not be made for its resources");
        }
    }
    Ok(true)
}

async fn make(files: &FileStore, m: &Making) -> Worked<()> {
    let format: Format = m.format.parse().map_err(WorkError::missing)?;
    let recipe = Recipe::of_variant(format, &m.variant)?;
    derive::made_files(files, &m.service_id, recipe, &m.master_key)
        .await
        .map(|_| ())
}
