//! SQLite's writers take turns in this node, in the order they came, before they ask SQLite for
//! its one write lock.
//!
//! SQLite lets a writer that finds the lock taken sleep and try again (`busy_timeout`), and its
//! sleeps grow to 100 ms: under a mixed load at 70 to 80% of capacity a writer could miss the lock
//! a dozen times in a row while newer ones took it between its tries, and it kept its pooled
//! connection all the while. A second of that held every connection, and every request that
//! reads (title records, searches, lists) queued behind the writers (`docs/benchmarks.md`,
//! "Mixed load"). Here a writer waits for its turn with no connection, and the turn passes on the
//! moment the previous writer ends. PostgreSQL locks rows, so its writers go on together.

use std::ops::{Deref, DerefMut};
use std::sync::Arc;
use std::time::Duration;

use sqlx::AnyConnection;
use sqlx::pool::PoolConnection;
use tokio::sync::{Mutex, OwnedMutexGuard};

use crate::StoreError;

/// As long as SQLite's own `busy_timeout`: a writer that waits longer is told the store is busy.
const LONGEST_WAIT: Duration = Duration::from_secs(10);

/// The node's queue of writers: one on SQLite, none on PostgreSQL.
#[derive(Clone, Default)]
pub(crate) struct WriteTurns(Option<Arc<Mutex<()>>>);

/// A writer's turn; the next writer's comes when it is dropped.
pub(crate) type Turn = Option<OwnedMutexGuard<()>>;

impl WriteTurns {
    pub(crate) fn one_at_a_time() -> Self {
        WriteTurns(Some(Arc::new(Mutex::new(()))))
    }

    /// Waits for this writer's turn (tokio's mutex serves waiters first come, first served).
    pub(crate) async fn wait(&self) -> Result<Turn, StoreError> {
        let Some(queue) = &self.0 else {
            return Ok(None);
        };
        match tokio::time::timeout(LONGEST_WAIT, queue.clone().lock_owned()).await {
            Ok(turn) => Ok(Some(turn)),
            Err(_) => Err(sqlx::Error::PoolTimedOut.into()),
        }
    }
}

/// A transaction on whichever engine the store runs. On SQLite it holds the node's turn to write,
/// and ends (rolled back unless committed) before the turn passes on.
pub struct Transaction {
    // Declared before the turn: fields drop in order, so the transaction ends first.
    inner: sqlx::Transaction<'static, sqlx::Any>,
    _turn: Turn,
}

impl Transaction {
    pub(crate) fn new(inner: sqlx::Transaction<'static, sqlx::Any>, turn: Turn) -> Self {
        Transaction { inner, _turn: turn }
    }

    /// Commits; its error is the store's, sorted like any other (a busy store, a constraint
    /// checked at commit).
    pub async fn commit(self) -> Result<(), crate::StoreError> {
        Ok(self.inner.commit().await?)
    }

    pub async fn rollback(self) -> Result<(), crate::StoreError> {
        Ok(self.inner.rollback().await?)
    }
}

impl Deref for Transaction {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        &self.inner
    }
}

impl DerefMut for Transaction {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.inner
    }
}

/// A connection for a write of one statement, outside a transaction, in the node's turn.
pub struct Writer {
    conn: PoolConnection<sqlx::Any>,
    _turn: Turn,
}

impl Writer {
    pub(crate) fn new(conn: PoolConnection<sqlx::Any>, turn: Turn) -> Self {
        Writer { conn, _turn: turn }
    }
}

impl Deref for Writer {
    type Target = AnyConnection;
    fn deref(&self) -> &AnyConnection {
        &self.conn
    }
}

impl DerefMut for Writer {
    fn deref_mut(&mut self) -> &mut AnyConnection {
        &mut self.conn
    }
}
