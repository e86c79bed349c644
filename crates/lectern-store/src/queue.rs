//! The job tables' one claim: the oldest queued row, or one whose worker has been silent since
//! `stale_before` (a node that stopped mid-job), marked as taken. Concurrent workers never claim
//! the same row: PostgreSQL skips locked rows, and SQLite has one writer.

use lectern_domain::Timestamp;

use crate::{Store, StoreError};

/// A job table: its name, the columns that identify a row, and the status of a row being worked on.
pub(crate) struct JobTable {
    pub table: &'static str,
    /// The identifying columns, comma-separated.
    pub key: &'static str,
    pub working: &'static str,
    /// What a claim returns.
    pub columns: &'static str,
}

pub(crate) async fn claim(
    store: &Store,
    jobs: &JobTable,
    now: Timestamp,
    stale_before: Timestamp,
) -> Result<Option<sqlx::any::AnyRow>, StoreError> {
    let JobTable {
        table,
        key,
        working,
        columns,
    } = jobs;
    let lock = crate::dialect::skip_locked(store.backend());
    // A row value, `(a, b) = (SELECT a, b ...)`, so that one statement serves any key.
    let sql = format!(
        "UPDATE {table} SET status = '{working}', claimed_at = $1, attempts = attempts + 1
         WHERE ({key}) = (
           SELECT {key} FROM {table}
           WHERE status = 'queued' OR (status = '{working}' AND claimed_at < $2)
           ORDER BY created_at, {key} LIMIT 1 {lock})
         RETURNING {columns}"
    );
    Ok(sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(now.unix())
        .bind(stale_before.unix())
        .fetch_optional(store.pool())
        .await?)
}
