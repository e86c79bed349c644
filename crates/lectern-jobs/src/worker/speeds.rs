//! MP3 resources at the speeds readers asked for, made once per file version and speed.

use lectern_domain::Timestamp;
use lectern_store::Store;
use lectern_store::speed_variants::{self, SpeedVariant};

use super::{Held, InHand, lease_start};
use crate::files::FileStore;
use crate::speed::{self, SpeedError};

/// The file store key of a file at a speed: beside nothing else, named as the source is, so that
/// the reader's download keeps the track's name.
pub fn speed_variant_key(v: &SpeedVariant) -> String {
    format!(
        "speeds/{}/{}/{}",
        v.speed.hundredths(),
        v.source_version,
        v.source_key
    )
}

/// Claims one file at a speed and makes it. A file that is not readable MP3 is failed for good
/// (until it is replaced); a file store that fails is tried again.
pub(super) async fn change_speed_of_one(
    store: &Store,
    files: &FileStore,
    in_hand: &InHand,
) -> Result<bool, lectern_store::StoreError> {
    let now = Timestamp::now();
    let Some((v, lease)) = speed_variants::claim(store, now, lease_start(now)).await? else {
        return Ok(false);
    };
    let _held = Held::renewing(store, lease, in_hand);
    let started = std::time::Instant::now();
    let made = match files.get(&v.source_key).await {
        Err(e) => Err(Retry(e.to_string())),
        Ok(original) => {
            let speed = v.speed;
            match tokio::task::spawn_blocking(move || speed::change_speed(original, speed)).await {
                Ok(Ok(mp3)) => {
                    let key = speed_variant_key(&v);
                    match files.put(&key, mp3).await {
                        Ok(()) => Ok(key),
                        Err(e) => Err(Retry(e.to_string())),
                    }
                }
                Ok(Err(e @ SpeedError::Unreadable(_))) => Err(Fail(e.to_string())),
                Ok(Err(e)) => Err(Retry(e.to_string())),
                Err(e) => Err(Retry(format!("the encoder stopped: {e}"))),
            }
        }
    };
    let outcome = match made {
        Ok(key) => {
            speed_variants::mark_ready(store, &v, &key, Timestamp::now()).await?;
            tracing::info!(file = %v.source_key, speed = %v.speed, seconds = started.elapsed().as_secs_f64(), "speed variant ready");
            forget_superseded(store, files, &v).await?;
            "ready"
        }
        Err(Fail(why)) => {
            speed_variants::mark_failed(store, &v, &why).await?;
            tracing::warn!(file = %v.source_key, speed = %v.speed, error = %why, "speed variant failed");
            "failed"
        }
        Err(Retry(why)) => {
            speed_variants::retry_later(store, &v, &why).await?;
            tracing::warn!(file = %v.source_key, speed = %v.speed, error = %why, attempt = v.attempts, "speed variant will be tried again");
            "retry"
        }
    };
    metrics::counter!("lectern_speed_variants_total", "outcome" => outcome).increment(1);
    Ok(true)
}

/// Deletes what earlier versions of the variant's file left: once a replaced file has been made
/// at a speed, nobody will be sent the old one again. A file that cannot be deleted now is left
/// with its row, for the next variant made from this file to try again.
async fn forget_superseded(
    store: &Store,
    files: &FileStore,
    made: &SpeedVariant,
) -> Result<(), lectern_store::StoreError> {
    for old in speed_variants::superseded(store, &made.source_key, made.source_version).await? {
        if let Some(key) = &old.object_key
            && let Err(e) = files.delete(key).await
        {
            tracing::warn!(file = %key, error = %e, "a superseded speed variant could not be deleted");
            continue;
        }
        speed_variants::forget(store, &old).await?;
    }
    Ok(())
}

/// Why a speed variant was not made.
enum NotMade {
    /// It never can be, from this version of the file.
    Fail(String),
    /// It may be, on another try.
    Retry(String),
}
use NotMade::{Fail, Retry};
