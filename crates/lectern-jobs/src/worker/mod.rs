//! The worker: applies collection assistants' edits, claims queued downloads from the store and
//! makes each reader's package from the artifact's file, then makes MP3 resources at the speeds
//! readers asked for; beside that, each in a lane of its own, packages audio (which may first be
//! read aloud, for minutes) and converts uploaded documents.
//! Every node runs one (or `lectern worker` runs it alone); the store's claims keep two workers
//! off the same job.

mod documents;
mod edits;
mod made;
mod packages;
mod speeds;

use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use lectern_store::Store;
use lectern_store::downloads::PackageKind;
use lectern_store::queue::{self, Lease};
use tokio::sync::watch;

use crate::convert::Cancel;
use crate::files::FileStore;

pub use documents::document_epub_key;
pub use packages::package_key;
pub use speeds::speed_variant_key;

/// How often an idle worker looks for work.
const IDLE: Duration = Duration::from_millis(250);
/// A job whose claim was last renewed this long ago was left by a worker that stopped.
const LEASE_SECONDS: i64 = 10;
/// How often a worker renews the claim of the job it is on: three renewals fit in a lease, so
/// one slow write to the store does not lose the job.
const RENEW_EVERY: Duration = Duration::from_secs(3);

/// How often a worker sweeps the file store for what killed writes left.
const SWEEP_EVERY: Duration = Duration::from_secs(3600);
/// A staged file untouched this long belongs to no write under way.
const UNFINISHED_AFTER: Duration = Duration::from_secs(60);

/// The claims made now must have been renewed since this time to stay with their worker.
fn lease_start(now: lectern_domain::Timestamp) -> lectern_domain::Timestamp {
    now.plus_seconds(-LEASE_SECONDS)
}

/// The lease of the job a worker is on, so that a worker stopped in the middle of a job can give
/// it back. Cleared when a job ends, however it ends.
#[derive(Clone, Default)]
struct InHand(Arc<Mutex<Option<Lease>>>);

impl InHand {
    fn put(&self, lease: Lease) {
        *self.0.lock().unwrap_or_else(PoisonError::into_inner) = Some(lease);
    }

    fn take(&self) -> Option<Lease> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner).take()
    }
}

/// Renews a claim until dropped, when the job is finished or abandoned.
struct Held(tokio::task::JoinHandle<()>);

impl Held {
    fn renewing(store: &Store, lease: Lease, in_hand: &InHand) -> Held {
        Self::renewing_until_lost(store, lease, in_hand, Cancel::default())
    }

    /// Renews the claim, and cancels `lost` when it cannot be renewed because the job is gone
    /// (its row deleted, as a document its owner deleted) or another worker has it now.
    fn renewing_until_lost(store: &Store, lease: Lease, in_hand: &InHand, lost: Cancel) -> Held {
        in_hand.put(lease.clone());
        let store = store.clone();
        Held(tokio::spawn(async move {
            loop {
                tokio::time::sleep(RENEW_EVERY).await;
                match queue::renew(&store, &lease, lectern_domain::Timestamp::now()).await {
                    Ok(true) => {}
                    Ok(false) => {
                        lost.cancel();
                        return;
                    }
                    Err(e) => tracing::warn!(error = %e, "a job's claim could not be renewed"),
                }
            }
        }))
    }
}

impl Drop for Held {
    fn drop(&mut self) {
        self.0.abort();
    }
}

/// A node's worker, running until stopped: three lanes, so that neither a long document
/// conversion nor a narration keeps another reader's package waiting.
pub struct Worker {
    lanes: Vec<Lane>,
    stop: watch::Sender<bool>,
    store: Store,
}

/// One loop of jobs, with the lease of the job it is on.
struct Lane {
    task: tokio::task::JoinHandle<()>,
    in_hand: InHand,
}

/// What a lane works on.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Jobs {
    /// Collection edits, packages for downloads but audio, speed changes: what readers wait
    /// for.
    Readers,
    /// Packages of audio formats: a title's made audio is synthesized first, minutes for a
    /// novel, so they have a lane of their own.
    Audio,
    /// Uploaded documents: minutes of OCR at worst, so in a lane of their own.
    Documents,
}

impl Worker {
    /// Stops at once, as a killed process would: a job in hand keeps its claim until it lapses.
    pub fn abort(&self) {
        for lane in &self.lanes {
            lane.task.abort();
        }
    }

    /// Stops at once: no job is claimed after this, and one in the middle of being done goes
    /// back to the queue, for another node's worker or this one's after a restart.
    pub async fn stop(self) {
        let _ = self.stop.send(true);
        for lane in self.lanes {
            let _ = lane.task.await;
            if let Some(lease) = lane.in_hand.take() {
                match queue::release(&self.store, &lease).await {
                    Ok(_) => tracing::info!("the job in hand went back to the queue"),
                    Err(e) => {
                        tracing::warn!(error = %e, "the job in hand could not be given back; its claim lapses instead")
                    }
                }
            }
        }
    }
}

/// Works until stopped.
pub fn spawn(store: Store, files: FileStore, public_url: &str) -> Worker {
    let (stop, stopping) = watch::channel(false);
    let vocabulary: Arc<str> = vocabulary_of(public_url).into();
    let lanes = [Jobs::Readers, Jobs::Audio, Jobs::Documents]
        .into_iter()
        .map(|jobs| lane(jobs, (&store, &files, &vocabulary), stopping.clone()))
        .collect();
    Worker { lanes, stop, store }
}

/// The IRI of Lectern's metadata vocabulary (the recipient mark's) under the server's address.
pub fn vocabulary_of(public_url: &str) -> String {
    format!("{}/vocab#", public_url.trim_end_matches('/'))
}

fn lane(
    jobs: Jobs,
    (store, files, vocabulary): (&Store, &FileStore, &Arc<str>),
    mut stopping: watch::Receiver<bool>,
) -> Lane {
    let in_hand = InHand::default();
    let task = tokio::spawn({
        let (store, files, in_hand) = (store.clone(), files.clone(), in_hand.clone());
        let vocabulary = vocabulary.clone();
        async move {
            let mut sweep = tokio::time::interval(SWEEP_EVERY);
            loop {
                if jobs == Jobs::Readers
                    && futures_util::FutureExt::now_or_never(sweep.tick()).is_some()
                {
                    match files.sweep_unfinished("", UNFINISHED_AFTER).await {
                        Ok(n) => tracing::info!(removed = n, "unfinished file writes swept"),
                        Err(e) => tracing::warn!(error = %e, "unfinished file writes not swept"),
                    }
                }
                let pause = tokio::select! {
                    _ = stopping.changed() => return,
                    done = run_once(jobs, (&store, &files, &vocabulary), &in_hand) => {
                        in_hand.take();
                        match done {
                            Ok(true) => continue,
                            Ok(false) => IDLE,
                            Err(e) => {
                                tracing::warn!(error = %e, "the worker could not reach the store");
                                IDLE * 4
                            }
                        }
                    }
                };
                tokio::select! {
                    _ = stopping.changed() => return,
                    () = tokio::time::sleep(pause) => {}
                }
            }
        }
    });
    Lane { task, in_hand }
}

/// Does one job of the lane's: a collection edit (quick, and searches wait for it), then a
/// package (a reader waits for it), then a speed change; or an audio package; or a document. False when there was
/// nothing to do. Only store errors are returned.
async fn run_once(
    jobs: Jobs,
    (store, files, vocabulary): (&Store, &FileStore, &str),
    in_hand: &InHand,
) -> Result<bool, lectern_store::StoreError> {
    let packaging = (store, files, vocabulary);
    match jobs {
        Jobs::Readers => Ok(edits::apply_one(store, files).await?
            || packages::package_one(packaging, in_hand, PackageKind::Other).await?
            || speeds::change_speed_of_one(store, files, in_hand).await?
            || made::make_one((store, files), in_hand, PackageKind::Other).await?),
        Jobs::Audio => Ok(
            packages::package_one(packaging, in_hand, PackageKind::Audio).await?
                || made::make_one((store, files), in_hand, PackageKind::Audio).await?,
        ),
        Jobs::Documents => documents::convert_one(store, files, in_hand).await,
    }
}
