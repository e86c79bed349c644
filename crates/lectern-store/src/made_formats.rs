//! Formats made from an EPUB master that a reader asked to stream before any download made them:
//! the first request queues the making, a worker does it in the lane a package of the format
//! takes (after the packages readers wait for), and every reader then shares what was made.

use lectern_domain::Timestamp;
use lectern_domain::string_enum;
use sqlx::Row;

use crate::downloads::PackageKind;
use crate::queue::{JobTable, Lease, OLDEST_FIRST};
use crate::{Store, StoreError};

string_enum!(
    /// Where a making stands.
    MakingStatus {
        Queued = "queued",
        Making = "making",
        Ready = "ready",
        Failed = "failed",
    }
);

/// A format of a title to make, in a variant (the braille layout's key, or `default`).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Making {
    pub service_id: String,
    pub format: String,
    pub variant: String,
    /// The master file it is made from.
    pub master_key: String,
    pub status: MakingStatus,
    /// Why it could not be made (status failed).
    pub error: Option<String>,
    pub attempts: i64,
}

const COLUMNS: &str = "service_id, format, variant, master_key, status, error, attempts";
const KEY: &str = "service_id = $1 AND format = $2 AND variant = $3";

/// How many times a worker tries before the making is failed.
pub const MAX_ATTEMPTS: i64 = 3;

fn read(r: &sqlx::any::AnyRow) -> Result<Making, StoreError> {
    Ok(Making {
        service_id: r.try_get("service_id")?,
        format: r.try_get("format")?,
        variant: r.try_get("variant")?,
        master_key: r.try_get("master_key")?,
        status: r
            .try_get::<String, _>("status")?
            .parse()
            .map_err(|_| StoreError::Corrupt("made format: status".into()))?,
        error: r.try_get("error")?,
        attempts: r.try_get("attempts")?,
    })
}

/// The making of this format and variant from `master_key`, queued if nobody had asked for it,
/// or again if it was made from another master (the title's EPUB was replaced since) or its
/// made files are gone (the caller asks only when they are missing). A making that failed
/// stays failed for its master: trying again would fail again.
pub async fn request(
    store: &Store,
    (service_id, format, variant): (&str, &str, &str),
    master_key: &str,
    now: Timestamp,
) -> Result<Making, StoreError> {
    if let Some(found) = get(store, service_id, format, variant).await?
        && found.master_key == master_key
        && found.status != MakingStatus::Ready
    {
        return Ok(found);
    }
    sqlx::query(
        "INSERT INTO made_formats (service_id, format, variant, master_key, status, created_at)
         VALUES ($1, $2, $3, $4, 'queued', $5)
         ON CONFLICT (service_id, format, variant) DO UPDATE
           SET master_key = excluded.master_key, status = 'queued', error = NULL, attempts = 0,
               claimed_at = NULL, lease = NULL, created_at = excluded.created_at, ready_at = NULL
           WHERE made_formats.status = 'ready'
              OR made_formats.master_key <> excluded.master_key",
    )
    .bind(service_id)
    .bind(format)
    .bind(variant)
    .bind(master_key)
    .bind(now.unix())
    .execute(&mut *store.writer().await?)
    .await?;
    get(store, service_id, format, variant)
        .await?
        .ok_or_else(|| StoreError::Corrupt(format!("the making of {service_id} vanished")))
}

pub async fn get(
    store: &Store,
    service_id: &str,
    format: &str,
    variant: &str,
) -> Result<Option<Making>, StoreError> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT {COLUMNS} FROM made_formats WHERE {KEY}"
    )))
    .bind(service_id)
    .bind(format)
    .bind(variant)
    .fetch_optional(store.reads())
    .await?;
    row.as_ref().map(read).transpose()
}

/// How many makings of the lane are queued or being made: the work ahead of a new one.
pub async fn waiting(store: &Store, kind: PackageKind) -> Result<i64, StoreError> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT COUNT(*) AS n FROM made_formats
         WHERE status IN ('queued', 'making') AND {}",
        kind.only()
    )))
    .fetch_one(store.reads())
    .await?;
    Ok(row.try_get("n")?)
}

/// Claims the oldest queued making of the lane, or one whose worker went silent before
/// `stale_before`. Concurrent workers never claim the same one.
pub async fn claim(
    store: &Store,
    kind: PackageKind,
    now: Timestamp,
    stale_before: Timestamp,
) -> Result<Option<(Making, Lease)>, StoreError> {
    let jobs = JobTable {
        table: "made_formats",
        key: "service_id, format, variant",
        working: "making",
        columns: COLUMNS,
        only: kind.only(),
        order: OLDEST_FIRST,
        also_set: "",
    };
    let claimed = crate::queue::claim(store, &jobs, now, stale_before).await?;
    claimed
        .map(|(row, lease)| Ok((read(&row)?, lease)))
        .transpose()
}

pub async fn mark_ready(store: &Store, m: &Making, now: Timestamp) -> Result<(), StoreError> {
    set(store, m, MakingStatus::Ready, None, Some(now)).await
}

/// The format cannot be made from this master: the reader is told why.
pub async fn mark_failed(store: &Store, m: &Making, why: &str) -> Result<(), StoreError> {
    set(store, m, MakingStatus::Failed, Some(why), None).await
}

async fn set(
    store: &Store,
    m: &Making,
    status: MakingStatus,
    error: Option<&str>,
    ready_at: Option<Timestamp>,
) -> Result<(), StoreError> {
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "UPDATE made_formats SET status = $4, error = $5, ready_at = $6
         WHERE {KEY} AND master_key = $7"
    )))
    .bind(&m.service_id)
    .bind(&m.format)
    .bind(&m.variant)
    .bind(status.as_str())
    .bind(error)
    .bind(ready_at.map(|t| t.unix()))
    .bind(&m.master_key)
    .execute(&mut *store.writer().await?)
    .await?;
    Ok(())
}
