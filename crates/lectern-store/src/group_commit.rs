//! Group commit: writes of one kind that arrive together share one transaction.
//!
//! A reading event is small, frequent and independent of the others, and on SQLite its cost was
//! not its two statements but the transaction around them: the turn, `BEGIN`, `COMMIT`, and the
//! same 16 KiB pages (the events' last leaf, its indexes, the positions') written to the WAL
//! again for every event. Here the writes that arrive while one transaction is under way wait
//! for it, and the next transaction writes them all, in as few statements as the kind allows
//! (`Batch::write`). Each writer is answered after the commit that holds its write, so an
//! answered write is as durable as any other commit; none is answered before.
//!
//! A batch that fails is written again one write per transaction, so that one bad write (a
//! title deleted meanwhile) fails alone with its own error.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use futures_util::future::BoxFuture;
use tokio::sync::{mpsc, oneshot};

use crate::{Store, StoreError, Transaction};

/// The most writes one transaction holds: bounds a transaction's time in the write turn, and
/// the statements' parameters (9 a reading event) within SQLite's 32,766.
const MOST_IN_ONE: usize = 256;

/// Writes waiting for their transaction; a writer past them waits to join the queue.
const QUEUED_AT_MOST: usize = 4096;

/// The committing task stops when no write has come for this long, and starts again with the
/// next: an idle store keeps no task, and a store dropped (each test's) leaves none behind.
const IDLE: Duration = Duration::from_secs(2);

/// A kind of write that can be written many at a time.
pub(crate) trait Batch: Send + Sync + 'static {
    type Item: Send + Sync + 'static;

    /// Writes the items in the transaction: all of them, or an error.
    fn write<'a>(
        &'a self,
        tx: &'a mut Transaction,
        items: &'a [Self::Item],
    ) -> BoxFuture<'a, Result<(), StoreError>>;
}

type Waiting<I> = (I, oneshot::Sender<Result<(), StoreError>>);

/// The queue of one kind of write, and the task that commits it.
pub(crate) struct GroupCommit<B: Batch> {
    batch: Arc<B>,
    queue: Mutex<Option<mpsc::Sender<Waiting<B::Item>>>>,
    /// The most writes one commit has held, for the tests to see that writes do share one.
    largest: Arc<AtomicUsize>,
}

impl<B: Batch> GroupCommit<B> {
    pub(crate) fn new(batch: B) -> Self {
        GroupCommit {
            batch: Arc::new(batch),
            queue: Mutex::new(None),
            largest: Arc::default(),
        }
    }

    #[cfg(feature = "testing")]
    pub(crate) fn largest_group(&self) -> usize {
        self.largest.load(Ordering::Relaxed)
    }

    /// Writes the item with those that arrive with it; answers once it is committed.
    pub(crate) async fn write(&self, store: &Store, item: B::Item) -> Result<(), StoreError> {
        let (answer, answered) = oneshot::channel();
        let mut waiting = (item, answer);
        loop {
            let queue = self.queue_or_start(store);
            match queue.send(waiting).await {
                Ok(()) => break,
                // The task stopped for idleness as this write came: start another.
                Err(mpsc::error::SendError(back)) => waiting = back,
            }
        }
        answered
            .await
            .unwrap_or_else(|_| Err(StoreError::Corrupt("the group commit task ended".into())))
    }

    fn queue_or_start(&self, store: &Store) -> mpsc::Sender<Waiting<B::Item>> {
        let mut queue = self.queue.lock().unwrap_or_else(|e| e.into_inner());
        if let Some(q) = queue.as_ref().filter(|q| !q.is_closed()) {
            return q.clone();
        }
        let (sender, receiver) = mpsc::channel(QUEUED_AT_MOST);
        tokio::spawn(commit_until_idle(
            store.clone(),
            self.batch.clone(),
            self.largest.clone(),
            receiver,
        ));
        *queue = Some(sender.clone());
        sender
    }
}

async fn commit_until_idle<B: Batch>(
    store: Store,
    batch: Arc<B>,
    largest: Arc<AtomicUsize>,
    mut queue: mpsc::Receiver<Waiting<B::Item>>,
) {
    let mut group = Vec::with_capacity(MOST_IN_ONE);
    loop {
        match tokio::time::timeout(IDLE, queue.recv_many(&mut group, MOST_IN_ONE)).await {
            Ok(0) => return,
            Ok(n) => {
                largest.fetch_max(n, Ordering::Relaxed);
                commit(&store, &*batch, std::mem::take(&mut group)).await;
            }
            Err(_) => {
                // No write for a while: take no more, and write those that came meanwhile.
                queue.close();
                while queue.recv_many(&mut group, MOST_IN_ONE).await > 0 {
                    commit(&store, &*batch, std::mem::take(&mut group)).await;
                }
                return;
            }
        }
    }
}

/// Commits the group and answers each writer; if the group fails, each write alone.
async fn commit<B: Batch>(store: &Store, batch: &B, group: Vec<Waiting<B::Item>>) {
    let (items, answers): (Vec<_>, Vec<_>) = group.into_iter().unzip();
    metrics::histogram!("lectern_group_commit_writes").record(items.len() as f64);
    if items.len() > 1 && in_one_transaction(store, batch, &items).await.is_ok() {
        for answer in answers {
            let _ = answer.send(Ok(()));
        }
        return;
    }
    for (item, answer) in items.into_iter().zip(answers) {
        let alone = in_one_transaction(store, batch, std::slice::from_ref(&item)).await;
        let _ = answer.send(alone);
    }
}

async fn in_one_transaction<B: Batch>(
    store: &Store,
    batch: &B,
    items: &[B::Item],
) -> Result<(), StoreError> {
    let mut tx = store.begin().await?;
    batch.write(&mut tx, items).await?;
    tx.commit().await
}
