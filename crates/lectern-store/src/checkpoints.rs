//! SQLite's WAL checkpoints, off the writer's path. By default the connection whose commit
//! takes the log past 1,000 pages copies the log into the database file and waits for the disk
//! to take it; with one write connection that is every writer of the node waiting, and under
//! steady reads (which keep a checkpoint from finishing) every commit past the mark tries
//! again. The writer's connection therefore never checkpoints (`wal_autocheckpoint = 0`), and
//! a connection of its own does, every `EVERY`, in PASSIVE mode: it copies what no reader still
//! needs, taking no lock a writer or reader waits for.

use std::time::Duration;

use sqlx::any::AnyConnectOptions;
use sqlx::{AnyConnection, ConnectOptions, Executor};
use tokio::task::JoinHandle;
use tokio::time::MissedTickBehavior;

use crate::StoreError;

/// Often enough that the log stays a few megabytes under a heavy write load.
const EVERY: Duration = Duration::from_secs(1);

/// The checkpointing task; it ends with the last clone of its store.
#[derive(Debug)]
pub(crate) struct Checkpoints(JoinHandle<()>);

impl Drop for Checkpoints {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Checkpoints {
    pub(crate) async fn start(options: &AnyConnectOptions) -> Result<Checkpoints, StoreError> {
        let mut conn: AnyConnection = options.connect().await?;
        // A checkpoint that finds another under way skips its turn rather than wait.
        conn.execute("PRAGMA busy_timeout = 0").await?;
        Ok(Checkpoints(tokio::spawn(async move {
            let mut every = tokio::time::interval(EVERY);
            every.set_missed_tick_behavior(MissedTickBehavior::Delay);
            loop {
                every.tick().await;
                checkpoint(&mut conn).await;
            }
        })))
    }
}

async fn checkpoint(conn: &mut AnyConnection) {
    let done: Result<(i64, i64, i64), _> = sqlx::query_as("PRAGMA wal_checkpoint(PASSIVE)")
        .fetch_one(&mut *conn)
        .await;
    match done {
        Ok((_, logged, copied)) => {
            metrics::gauge!("lectern_store_sqlite_wal_pages").set(logged as f64);
            metrics::gauge!("lectern_store_sqlite_wal_pages_behind").set((logged - copied) as f64);
        }
        Err(e) => tracing::warn!(error = %e, "a WAL checkpoint failed; the next one tries again"),
    }
}
