//! SQLite's WAL copied back into the database file beside the writers, not by one of them.
//!
//! By default the commit that takes the WAL past 1,000 pages copies it back (a checkpoint) before
//! it returns, with the write turn still held: every writer behind it waited for the copy and two
//! fsyncs (2.9 ms each on the benchmark machine's disk), which was the 13 to 21 ms tail of the
//! reading events (`docs/benchmarks.md`, "Group commit"). Here the writing connections never
//! checkpoint, and a task does, on a connection of the writing pool and outside the turn: a
//! `PASSIVE` checkpoint blocks neither readers nor the writer, and copies what no reader still
//! needs.

use std::time::Duration;

use sqlx::AnyPool;

/// How often the WAL is copied back. A second of writes at the measured peak (5,000 events) is a
/// few thousand pages at most.
const EVERY: Duration = Duration::from_secs(1);

/// Checkpoints the WAL every `EVERY` until the pool is closed.
pub(crate) fn keep_checkpointing(writes: AnyPool) {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(EVERY);
        tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
        loop {
            tick.tick().await;
            if writes.is_closed() {
                return;
            }
            if let Err(e) = sqlx::query("PRAGMA wal_checkpoint(PASSIVE)")
                .execute(&writes)
                .await
            {
                tracing::warn!(error = %e, "the WAL could not be checkpointed");
            }
        }
    });
}
