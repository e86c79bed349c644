//! The wait a 202 estimates in its `Retry-After`: the packages the lane's fair order takes
//! before this one (`lectern_store::downloads::fair_order`, the order its claim follows) and
//! this one, each as long as the lane's last packages took to make (half that for one being
//! made).
//! Several nodes make packages side by side, so on a cluster it overstates: an app asks again
//! sooner than it needs, never later.

use lectern_store::downloads::{self, Download, PackageKind, Waiting, fair_order};

use crate::failure::Outcome;
use crate::house::House;

/// Before a lane has made anything, what its packages are taken to need: a narration is minutes
/// of speech synthesis, the rest a few seconds.
fn first_guess(lane: PackageKind) -> f64 {
    match lane {
        PackageKind::Audio => 120.0,
        PackageKind::Other => 5.0,
    }
}

/// An hour: an app that was told to come back later than that would seem to have been dropped.
const LONGEST: f64 = 3600.0;

/// Seconds until `download` is likely to be ready.
pub async fn wait(house: &House, download: &Download) -> Outcome<u64> {
    let lane = PackageKind::of(&download.format);
    let reads = house.store.reads();
    let each = downloads::seconds_to_make(reads, lane)
        .await?
        .unwrap_or_else(|| first_guess(lane))
        .max(1.0);
    // A package being made is about half done, on average; one still queued has it all to go.
    let left = |w: &Waiting| if w.started { each / 2.0 } else { each };
    let order = fair_order(downloads::waiting(reads, lane).await?);
    let seconds: f64 = match order
        .iter()
        .position(|w| w.download_id == download.download_id)
    {
        Some(at) => order[..=at].iter().map(left).sum(),
        // Finished between the two looks: ask again at once.
        None => 1.0,
    };
    Ok(seconds.clamp(1.0, LONGEST).ceil() as u64)
}

/// Seconds until a format a reader asked to stream is likely made: the lane makes every
/// package waiting first (a reader is waiting for each), then the makings queued before and
/// with it, each as long as the lane's packages take.
pub async fn wait_for_making(house: &House, lane: PackageKind) -> Outcome<u64> {
    let reads = house.store.reads();
    let each = downloads::seconds_to_make(reads, lane)
        .await?
        .unwrap_or_else(|| first_guess(lane))
        .max(1.0);
    let packages = downloads::waiting(reads, lane).await?.len() as f64;
    let makings = lectern_store::made_formats::waiting(&house.store, lane).await? as f64;
    Ok(((packages + makings.max(1.0)) * each)
        .clamp(1.0, LONGEST)
        .ceil() as u64)
}
