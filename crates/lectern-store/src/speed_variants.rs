//! MP3 resources at another playback speed: the first request for a file at a speed queues it,
//! a worker makes it, and every later request for that version of the file is served the same.

use lectern_domain::Timestamp;
use lectern_domain::catalog::PlaybackSpeed;
use lectern_domain::string_enum;
use sqlx::Row;

use crate::queue::{JobTable, Lease, OLDEST_FIRST};
use crate::{Store, StoreError};

string_enum!(
    /// Where a variant stands.
    VariantStatus {
        Queued = "queued",
        Making = "making",
        Ready = "ready",
        Failed = "failed",
    }
);

/// A file at a speed, as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SpeedVariant {
    pub source_key: String,
    /// The source file's last-modified time, in milliseconds.
    pub source_version: i64,
    pub speed: PlaybackSpeed,
    pub status: VariantStatus,
    pub object_key: Option<String>,
    /// Why it could not be made (status failed).
    pub error: Option<String>,
    pub attempts: i64,
}

const COLUMNS: &str = "source_key, source_version, speed, status, object_key, error, attempts";
const KEY: &str = "source_key = $1 AND source_version = $2 AND speed = $3";

/// How many times a worker tries before the variant is failed.
pub const MAX_ATTEMPTS: i64 = 3;

fn read(r: &sqlx::any::AnyRow) -> Result<SpeedVariant, StoreError> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("speed variant: {what}"));
    let speed: i64 = r.try_get("speed")?;
    Ok(SpeedVariant {
        source_key: r.try_get("source_key")?,
        source_version: r.try_get("source_version")?,
        speed: u16::try_from(speed)
            .ok()
            .and_then(|s| PlaybackSpeed::from_hundredths(s).ok())
            .ok_or_else(|| corrupt("speed"))?,
        status: r
            .try_get::<String, _>("status")?
            .parse()
            .map_err(|_| corrupt("status"))?,
        object_key: r.try_get("object_key")?,
        error: r.try_get("error")?,
        attempts: r.try_get("attempts")?,
    })
}

/// The variant of this version of the file at this speed, queued if nobody had asked for it.
/// Most requests find it made: they read and write nothing (on SQLite, a write would queue
/// behind every other writer).
pub async fn request(
    store: &Store,
    source_key: &str,
    source_version: i64,
    speed: PlaybackSpeed,
    now: Timestamp,
) -> Result<SpeedVariant, StoreError> {
    if let Some(found) = get(store, source_key, source_version, speed).await? {
        return Ok(found);
    }
    sqlx::query(
        "INSERT INTO speed_variants (source_key, source_version, speed, status, created_at)
         VALUES ($1, $2, $3, 'queued', $4)
         ON CONFLICT (source_key, source_version, speed) DO NOTHING",
    )
    .bind(source_key)
    .bind(source_version)
    .bind(i64::from(speed.hundredths()))
    .bind(now.unix())
    .execute(&mut *store.writer().await?)
    .await?;
    // Another node may have queued it first: its row is the one.
    get(store, source_key, source_version, speed)
        .await?
        .ok_or_else(|| StoreError::Corrupt(format!("speed variant of {source_key} vanished")))
}

async fn get(
    store: &Store,
    source_key: &str,
    source_version: i64,
    speed: PlaybackSpeed,
) -> Result<Option<SpeedVariant>, StoreError> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM speed_variants WHERE {KEY}"
    )))
    .bind(source_key)
    .bind(source_version)
    .bind(i64::from(speed.hundredths()))
    .fetch_optional(store.reads())
    .await?;
    row.as_ref().map(read).transpose()
}

/// Claims the oldest queued variant, or one whose worker has been silent since `stale_before`
/// (a node that stopped while making it). Concurrent workers never claim the same one.
pub async fn claim(
    store: &Store,
    now: Timestamp,
    stale_before: Timestamp,
) -> Result<Option<(SpeedVariant, Lease)>, StoreError> {
    let jobs = JobTable {
        table: "speed_variants",
        key: "source_key, source_version, speed",
        working: "making",
        columns: COLUMNS,
        only: "1 = 1",
        order: OLDEST_FIRST,
        also_set: "",
    };
    let claimed = crate::queue::claim(store, &jobs, now, stale_before).await?;
    claimed
        .map(|(row, lease)| Ok((read(&row)?, lease)))
        .transpose()
}

pub async fn mark_ready(
    store: &Store,
    v: &SpeedVariant,
    object_key: &str,
    now: Timestamp,
) -> Result<(), StoreError> {
    set(store, v, "ready", Some(object_key), None, Some(now)).await
}

/// The variant cannot be made from this version of the file.
pub async fn mark_failed(store: &Store, v: &SpeedVariant, why: &str) -> Result<(), StoreError> {
    set(store, v, "failed", None, Some(why), None).await
}

/// Making it went wrong for a reason that may pass (the file store was unreachable). It stays
/// claimed, so that it is claimed again once stale, which spaces the tries out; after the last
/// try it is failed.
pub async fn retry_later(store: &Store, v: &SpeedVariant, why: &str) -> Result<(), StoreError> {
    if v.attempts >= MAX_ATTEMPTS {
        let why = format!("gave up after {} attempts: {why}", v.attempts);
        return mark_failed(store, v, &why).await;
    }
    set(store, v, "making", None, Some(why), None).await
}

/// The variants of earlier versions of `source_key`: what a replaced file leaves behind. One a
/// worker is making is left to it.
pub async fn superseded(
    store: &Store,
    source_key: &str,
    source_version: i64,
) -> Result<Vec<SpeedVariant>, StoreError> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM speed_variants WHERE source_key = $1 AND source_version < $2
         AND status <> 'making' ORDER BY source_version, speed"
    )))
    .bind(source_key)
    .bind(source_version)
    .fetch_all(store.reads())
    .await?;
    rows.iter().map(read).collect()
}

/// Deletes the variant's row (its file, if any, is the caller's to delete first).
pub async fn forget(store: &Store, v: &SpeedVariant) -> Result<(), StoreError> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "DELETE FROM speed_variants WHERE {KEY}"
    )))
    .bind(&v.source_key)
    .bind(v.source_version)
    .bind(i64::from(v.speed.hundredths()))
    .execute(&mut *store.writer().await?)
    .await?;
    Ok(())
}

async fn set(
    store: &Store,
    v: &SpeedVariant,
    status: &str,
    object_key: Option<&str>,
    error: Option<&str>,
    ready_at: Option<Timestamp>,
) -> Result<(), StoreError> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE speed_variants SET status = $4, object_key = $5, error = $6, ready_at = $7
         WHERE {KEY}"
    )))
    .bind(&v.source_key)
    .bind(v.source_version)
    .bind(i64::from(v.speed.hundredths()))
    .bind(status)
    .bind(object_key)
    .bind(error)
    .bind(ready_at.map(|t| t.unix()))
    .execute(&mut *store.writer().await?)
    .await?;
    Ok(())
}
