//! Downloads: the packaging queue and the record of what each reader downloaded. A request
//! finds or creates its package; a worker claims queued packages one at a time.

use lectern_domain::Timestamp;
use sqlx::{Any, Executor, Row};

use lectern_domain::ids::new_id as ids_new;
use lectern_domain::string_enum;

use crate::Connection;
use crate::queue::{JobTable, Lease};
use crate::{Store, StoreError};

string_enum!(
    /// Where a package stands. `streamed`: the title was opened to read in the browser or a
    /// streaming app; nothing is packaged, and the opening counts against the allowance as a
    /// download does.
    DownloadStatus {
        Queued = "queued",
        Packaging = "packaging",
        Ready = "ready",
        Failed = "failed",
        Streamed = "streamed",
    }
);

string_enum!(
    /// What is downloaded: a title's artifact, or a periodical edition's.
    SubjectKind { Title = "title", Edition = "edition" }
);

/// A download as the store keeps it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Download {
    pub download_id: String,
    /// The reader it is packaged for; None for a guest.
    pub user_account_id: Option<String>,
    /// Who polls for it: an account id, or `guest:{client key}:{address}` for a guest.
    pub requester: String,
    pub subject_kind: SubjectKind,
    pub subject: String,
    pub format: String,
    pub status: DownloadStatus,
    pub object_key: Option<String>,
    pub error: Option<String>,
    pub created_at: Timestamp,
    pub ready_at: Option<Timestamp>,
}

const COLUMNS: &str = "download_id, user_account_id, requester, subject_kind, subject, format, \
                       status, object_key, error, created_at, ready_at";

fn read(r: &sqlx::any::AnyRow) -> Result<Download, StoreError> {
    let corrupt = |what: &str| StoreError::Corrupt(format!("download: {what}"));
    Ok(Download {
        download_id: r.try_get("download_id")?,
        user_account_id: r.try_get("user_account_id")?,
        requester: r.try_get("requester")?,
        subject_kind: r
            .try_get::<String, _>("subject_kind")?
            .parse()
            .map_err(|_| corrupt("subject kind"))?,
        subject: r.try_get("subject")?,
        format: r.try_get("format")?,
        status: r
            .try_get::<String, _>("status")?
            .parse()
            .map_err(|_| corrupt("status"))?,
        object_key: r.try_get("object_key")?,
        error: r.try_get("error")?,
        created_at: Timestamp::from_unix(r.try_get("created_at")?),
        ready_at: r
            .try_get::<Option<i64>, _>("ready_at")?
            .map(Timestamp::from_unix),
    })
}

/// The requester's latest package of this subject and format for this reader (None: a guest),
/// made since `since`, that has not failed: a repeated request polls it instead of packaging
/// again.
#[allow(clippy::too_many_arguments)]
pub async fn current<'e>(
    e: impl Executor<'e, Database = Any>,
    requester: &str,
    reader: Option<&str>,
    kind: SubjectKind,
    subject: &str,
    format: &str,
    since: Timestamp,
) -> Result<Option<Download>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM downloads WHERE requester = $1 AND subject_kind = $2
         AND subject = $3 AND format = $4 AND created_at >= $5
         AND status NOT IN ('failed', 'streamed') AND COALESCE(user_account_id, '') = $6
         ORDER BY created_at DESC, download_id DESC LIMIT 1"
    );
    let row = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(requester)
        .bind(kind.as_str())
        .bind(subject)
        .bind(format)
        .bind(since.unix())
        .bind(reader.unwrap_or(""))
        .fetch_optional(e)
        .await?;
    row.as_ref().map(read).transpose()
}

/// Whether the reader opened this title to stream it since `since`.
pub async fn streamed_since<'e>(
    e: impl Executor<'e, Database = Any>,
    reader: &str,
    subject: &str,
    since: Timestamp,
) -> Result<bool, StoreError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM downloads WHERE user_account_id = $1 AND created_at >= $3
         AND subject_kind = 'title' AND subject = $2 AND status = 'streamed'",
    )
    .bind(reader)
    .bind(subject)
    .bind(since.unix())
    .fetch_one(e)
    .await?;
    Ok(n > 0)
}

/// Records that the reader opened a title to stream it, in the format it is streamed from, as
/// `requester` asked.
pub async fn record_streamed(
    conn: &mut Connection,
    reader: &str,
    requester: &str,
    subject: &str,
    format: &str,
    now: Timestamp,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO downloads (download_id, user_account_id, requester, subject_kind, subject,
         format, status, created_at, ready_at) VALUES ($1, $2, $3, 'title', $4, $5, 'streamed', $6, $6)",
    )
    .bind(ids_new())
    .bind(reader)
    .bind(requester)
    .bind(subject)
    .bind(format)
    .bind(now.unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Packages of a lane this requester is waiting for.
pub async fn in_progress<'e>(
    e: impl Executor<'e, Database = Any>,
    requester: &str,
    kind: PackageKind,
) -> Result<u32, StoreError> {
    let sql = format!(
        "SELECT COUNT(*) FROM downloads
         WHERE requester = $1 AND status IN ('queued', 'packaging') AND {}",
        kind.only()
    );
    let n: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(requester)
        .fetch_one(e)
        .await?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// Packages every requester whose name starts with `prefix` is waiting for (all the guests of
/// one client key).
pub async fn in_progress_of_all<'e>(
    e: impl Executor<'e, Database = Any>,
    prefix: &str,
) -> Result<u32, StoreError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM downloads
         WHERE status IN ('queued', 'packaging') AND substr(requester, 1, CAST($2 AS INTEGER)) = $1",
    )
    .bind(prefix)
    .bind(i64::try_from(prefix.chars().count()).unwrap_or(i64::MAX))
    .fetch_one(e)
    .await?;
    Ok(u32::try_from(n).unwrap_or(u32::MAX))
}

/// Queues a package.
pub async fn enqueue(
    conn: &mut Connection,
    user_account_id: Option<&str>,
    requester: &str,
    kind: SubjectKind,
    subject: &str,
    format: &str,
    now: Timestamp,
) -> Result<Download, StoreError> {
    let sql = format!(
        "INSERT INTO downloads (download_id, user_account_id, requester, subject_kind, subject,
         format, status, created_at) VALUES ($1, $2, $3, $4, $5, $6, 'queued', $7)
         RETURNING {COLUMNS}"
    );
    let row = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(ids_new())
        .bind(user_account_id)
        .bind(requester)
        .bind(kind.as_str())
        .bind(subject)
        .bind(format)
        .bind(now.unix())
        .fetch_one(&mut *conn)
        .await?;
    read(&row)
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    download_id: &str,
) -> Result<Option<Download>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM downloads WHERE download_id = $1");
    let row = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(download_id)
        .fetch_optional(e)
        .await?;
    row.as_ref().map(read).transpose()
}

/// Claims the oldest queued package, or one whose worker has been silent since `stale_before`
/// (a node that stopped mid-package). Concurrent workers never claim the same package.
/// Which packages a worker's lane takes: audio, which may first be read aloud by a
/// synthesizer for minutes, or the rest, so that a reader waiting for a book in braille is not
/// kept waiting behind a novel being narrated.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PackageKind {
    Audio,
    Other,
}

const AUDIO: &str = "format IN ('DAISY_AUDIO', 'DAISY_2_AUDIO')";
const NOT_AUDIO: &str = "format NOT IN ('DAISY_AUDIO', 'DAISY_2_AUDIO')";

impl PackageKind {
    /// The lane a format's packages are made in.
    pub fn of(format: &str) -> PackageKind {
        if matches!(format, "DAISY_AUDIO" | "DAISY_2_AUDIO") {
            PackageKind::Audio
        } else {
            PackageKind::Other
        }
    }

    /// The condition on a job table's `format` column that selects the lane's jobs.
    pub(crate) fn only(self) -> &'static str {
        match self {
            PackageKind::Audio => AUDIO,
            PackageKind::Other => NOT_AUDIO,
        }
    }

    /// Round robin between requesters: a package is ranked by how many of its requester's own
    /// packages of the lane, still to make or being made, came before it, then by age. Each
    /// requester's first package comes before anyone's second, so a reader who queued three
    /// narrations waits for their own, not everyone else for them (`fair_order` is the same
    /// order, for the wait a 202 estimates).
    fn fair_order(self) -> &'static str {
        match self {
            PackageKind::Audio => {
                "(SELECT COUNT(*) FROM downloads ahead WHERE ahead.requester = downloads.requester
                   AND ahead.status IN ('queued', 'packaging')
                   AND ahead.format IN ('DAISY_AUDIO', 'DAISY_2_AUDIO')
                   AND (ahead.created_at, ahead.download_id)
                       < (downloads.created_at, downloads.download_id)), created_at"
            }
            PackageKind::Other => {
                "(SELECT COUNT(*) FROM downloads ahead WHERE ahead.requester = downloads.requester
                   AND ahead.status IN ('queued', 'packaging')
                   AND ahead.format NOT IN ('DAISY_AUDIO', 'DAISY_2_AUDIO')
                   AND (ahead.created_at, ahead.download_id)
                       < (downloads.created_at, downloads.download_id)), created_at"
            }
        }
    }
}

/// A package still to make or being made, as the fair order ranks it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Waiting {
    pub download_id: String,
    pub requester: String,
    pub created_at: i64,
    pub started: bool,
}

/// The packages of `waiting` (of one lane) in the order the lane's claim takes them: by how
/// many of the same requester's came before each, then by age and id.
pub fn fair_order(mut waiting: Vec<Waiting>) -> Vec<Waiting> {
    waiting.sort_by(|a, b| (a.created_at, &a.download_id).cmp(&(b.created_at, &b.download_id)));
    let mut seen: std::collections::HashMap<String, usize> = std::collections::HashMap::new();
    let mut ranked: Vec<(usize, Waiting)> = waiting
        .into_iter()
        .map(|w| {
            let rank = seen.entry(w.requester.clone()).or_default();
            let r = *rank;
            *rank += 1;
            (r, w)
        })
        .collect();
    // Stable: within a rank, by age and id as sorted above.
    ranked.sort_by_key(|(rank, _)| *rank);
    ranked.into_iter().map(|(_, w)| w).collect()
}

/// The packages of a lane still to make or being made.
pub async fn waiting<'e>(
    e: impl Executor<'e, Database = Any>,
    kind: PackageKind,
) -> Result<Vec<Waiting>, StoreError> {
    let sql = format!(
        "SELECT download_id, requester, created_at, status FROM downloads
         WHERE status IN ('queued', 'packaging') AND {}",
        kind.only()
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql)).fetch_all(e).await?;
    rows.iter()
        .map(|r| {
            Ok(Waiting {
                download_id: r.try_get("download_id")?,
                requester: r.try_get("requester")?,
                created_at: r.try_get("created_at")?,
                started: r.try_get::<String, _>("status")? == "packaging",
            })
        })
        .collect()
}

/// How long, in seconds, the last packages of a lane took to make once taken up (the mean of
/// up to the 20 asked for last); None before any was made. By `created_at`, which the queue's
/// index (`status, created_at`) orders: every poll of a 202 asks, and by `ready_at` it sorted
/// every package ever made.
pub async fn seconds_to_make<'e>(
    e: impl Executor<'e, Database = Any>,
    kind: PackageKind,
) -> Result<Option<f64>, StoreError> {
    let sql = format!(
        "SELECT AVG(CAST(ready_at - started_at AS DOUBLE PRECISION)) FROM (
           SELECT ready_at, started_at FROM downloads
           WHERE status = 'ready' AND started_at IS NOT NULL AND {}
           ORDER BY created_at DESC LIMIT 20) recent",
        kind.only()
    );
    let mean: Option<f64> = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .fetch_one(e)
        .await?;
    Ok(mean)
}

pub async fn claim(
    store: &Store,
    kind: PackageKind,
    now: Timestamp,
    stale_before: Timestamp,
) -> Result<Option<(Download, Lease)>, StoreError> {
    let jobs = JobTable {
        table: "downloads",
        key: "download_id",
        working: "packaging",
        columns: COLUMNS,
        only: kind.only(),
        order: kind.fair_order(),
        also_set: ", started_at = COALESCE(started_at, $1)",
    };
    let claimed = crate::queue::claim(store, &jobs, now, stale_before).await?;
    claimed
        .map(|(row, lease)| Ok((read(&row)?, lease)))
        .transpose()
}

/// The package is ready at `object_key`; `partial_md5` is KOReader's name for its file
/// (`lectern_domain::kosync::partial_md5`), by which KOReader's progress finds the title.
pub async fn mark_ready(
    conn: &mut Connection,
    download_id: &str,
    object_key: &str,
    partial_md5: &str,
    now: Timestamp,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE downloads SET status = 'ready', object_key = $1, ready_at = $2, error = NULL,
           partial_md5 = $4
         WHERE download_id = $3",
    )
    .bind(object_key)
    .bind(now.unix())
    .bind(download_id)
    .bind(partial_md5)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn mark_failed(
    conn: &mut Connection,
    download_id: &str,
    error: &str,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE downloads SET status = 'failed', error = $1 WHERE download_id = $2")
        .bind(error)
        .bind(download_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The shared secret named `name`, made from `fresh` by the first node that asks.
pub async fn server_secret(store: &Store, name: &str, fresh: &str) -> Result<String, StoreError> {
    sqlx::query(
        "INSERT INTO server_secrets (name, value) VALUES ($1, $2) ON CONFLICT (name) DO NOTHING",
    )
    .bind(name)
    .bind(fresh)
    .execute(&mut *store.writer().await?)
    .await?;
    Ok(
        sqlx::query_scalar("SELECT value FROM server_secrets WHERE name = $1")
            .bind(name)
            .fetch_one(store.reads())
            .await?,
    )
}

const HISTORY_KEY: &[&str] = &["created_at", "download_id"];

/// A page of what was downloaded for a reader, the newest first (failed packages aside): up to
/// `limit + 1` after the key `(createdAt, downloadId)` in `direction` (`Desc` lists the newest
/// first; `Asc` reads back from a key, for the page before it).
pub async fn history_page<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    after: Option<&(i64, String)>,
    direction: lectern_domain::paging::Direction,
    limit: u32,
) -> Result<Vec<Download>, StoreError> {
    let keyset = crate::keyset::Keyset {
        columns: HISTORY_KEY,
        direction,
    };
    let sql = format!(
        "SELECT {COLUMNS} FROM downloads WHERE user_account_id = $1 AND status <> 'failed'{}{}",
        keyset.after(after.is_some(), 2),
        keyset.order(limit)
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(user_account_id);
    if let Some((at, id)) = after {
        query = query.bind(*at).bind(id.as_str());
    }
    query.fetch_all(e).await?.iter().map(read).collect()
}

pub async fn history_count<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<u64, StoreError> {
    let (n,): (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM downloads WHERE user_account_id = $1 AND status <> 'failed'",
    )
    .bind(user_account_id)
    .fetch_one(e)
    .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}
