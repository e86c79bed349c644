//! The job tables' one claim: the first queued row in the table's order (the oldest, unless it
//! says otherwise), or one whose worker has been silent since `stale_before` (a node that
//! stopped mid-job), marked as taken. Concurrent workers never claim
//! the same row: PostgreSQL skips locked rows, and SQLite has one writer.
//!
//! A claim is a lease: it carries an id, and the worker renews `claimed_at` under that id while
//! it works, so that silence means the worker is gone and the wait before another takes the job
//! up is a few seconds, whatever the job's length.

use lectern_domain::Timestamp;
use lectern_domain::ids::new_id;

use crate::{Store, StoreError};

/// A job table: its name, the columns that identify a row, and the status of a row being worked on.
pub(crate) struct JobTable {
    pub table: &'static str,
    /// The identifying columns, comma-separated.
    pub key: &'static str,
    pub working: &'static str,
    /// What a claim returns.
    pub columns: &'static str,
    /// Which of the table's jobs this claim takes: a condition on its rows (`1 = 1` for all).
    pub only: &'static str,
    /// The order jobs are taken in, before the key: `created_at` (first come, first served)
    /// unless a table says otherwise.
    pub order: &'static str,
    /// More columns the claim sets (`, started_at = COALESCE(started_at, $1)`), or none.
    pub also_set: &'static str,
}

/// The oldest first.
pub(crate) const OLDEST_FIRST: &str = "created_at";

/// One claim of one job, renewed with `renew`.
#[derive(Debug, Clone)]
pub struct Lease {
    table: &'static str,
    working: &'static str,
    id: String,
}

/// Keeps the claim alive: false once the job was finished or another worker took it over.
pub async fn renew(store: &Store, lease: &Lease, now: Timestamp) -> Result<bool, StoreError> {
    let Lease { table, working, id } = lease;
    let sql =
        format!("UPDATE {table} SET claimed_at = $1 WHERE lease = $2 AND status = '{working}'");
    let renewed = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(now.unix())
        .bind(id)
        .execute(&mut *store.writer().await?)
        .await?
        .rows_affected();
    Ok(renewed > 0)
}

/// Gives a claimed job back to the queue, as if never claimed (a worker stopping in the middle
/// of it); false if it was no longer this claim's.
pub async fn release(store: &Store, lease: &Lease) -> Result<bool, StoreError> {
    let Lease { table, working, id } = lease;
    let sql = format!(
        "UPDATE {table} SET status = 'queued', claimed_at = NULL, lease = NULL,
                            attempts = attempts - 1
         WHERE lease = $1 AND status = '{working}'"
    );
    let released = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .execute(&mut *store.writer().await?)
        .await?
        .rows_affected();
    Ok(released > 0)
}

pub(crate) async fn claim(
    store: &Store,
    jobs: &JobTable,
    now: Timestamp,
    stale_before: Timestamp,
) -> Result<Option<(sqlx::any::AnyRow, Lease)>, StoreError> {
    let JobTable {
        table,
        key,
        working,
        columns,
        only,
        order,
        also_set,
    } = jobs;
    let lock = crate::dialect::skip_locked(store.backend());
    // A row value, `(a, b) = (SELECT a, b ...)`, so that one statement serves any key.
    let sql = format!(
        "UPDATE {table} SET status = '{working}', claimed_at = $1, lease = $3,
                            attempts = attempts + 1{also_set}
         WHERE ({key}) = (
           SELECT {key} FROM {table}
           WHERE (status = 'queued' OR (status = '{working}' AND claimed_at < $2)) AND ({only})
           ORDER BY {order}, {key} LIMIT 1 {lock})
         RETURNING {columns}"
    );
    let lease = Lease {
        table,
        working,
        id: new_id(),
    };
    let row = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(now.unix())
        .bind(stale_before.unix())
        .bind(&lease.id)
        .fetch_optional(&mut *store.writer().await?)
        .await?;
    Ok(row.map(|row| (row, lease)))
}
