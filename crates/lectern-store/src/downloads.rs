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
    /// Where a package stands.
    DownloadStatus {
        Queued = "queued",
        Packaging = "packaging",
        Ready = "ready",
        Failed = "failed",
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
    /// Who polls for it: an account id, or a guest's client key.
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
         AND subject = $3 AND format = $4 AND created_at >= $5 AND status <> 'failed'
         AND COALESCE(user_account_id, '') = $6
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

/// Packages this requester is waiting for.
pub async fn in_progress<'e>(
    e: impl Executor<'e, Database = Any>,
    requester: &str,
) -> Result<u32, StoreError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM downloads WHERE requester = $1 AND status IN ('queued', 'packaging')",
    )
    .bind(requester)
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
        only: match kind {
            PackageKind::Audio => AUDIO,
            PackageKind::Other => NOT_AUDIO,
        },
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
