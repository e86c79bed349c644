//! Request locks (`request_locks`, migration 0010): a transaction takes the row of each key it
//! must be alone for, so that concurrent requests on one thing (a reader's downloads, an
//! organization's settings) read, check and write one after another on both engines.

use lectern_domain::Timestamp;

use crate::StoreError;

/// Makes this transaction the only one at a time for each of `keys` (a requester, a reader,
/// an organization):
/// concurrent requests of one reader check their allowance and queue their package one after
/// another, so none can slip past a check another is about to change. Keys are taken in sorted
/// order, so two transactions never wait for each other's.
pub async fn serialize(
    tx: &mut crate::Transaction,
    keys: &[&str],
    now: Timestamp,
) -> Result<(), StoreError> {
    let mut keys = keys.to_vec();
    keys.sort_unstable();
    keys.dedup();
    for key in keys {
        sqlx::query(
            "INSERT INTO request_locks (lock_key, touched_at) VALUES ($1, $2)
             ON CONFLICT (lock_key) DO UPDATE SET touched_at = excluded.touched_at",
        )
        .bind(key)
        .bind(now.unix())
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
