//! KOReader's progress sync: readers' sync keys, the files delivered to them by KOReader's name
//! for a file, and KOReader's last report per reader and document.

use lectern_domain::Timestamp;
use sqlx::{Any, Executor, Row};

use crate::{Connection, StoreError};

/// Sets the reader's sync key (its hash), replacing any before it.
pub async fn set_key(
    conn: &mut Connection,
    user_account_id: &str,
    key_hash: &str,
    now: Timestamp,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO sync_keys (user_account_id, key_hash, created_at) VALUES ($1, $2, $3)
         ON CONFLICT (user_account_id) DO UPDATE SET key_hash = excluded.key_hash,
           created_at = excluded.created_at",
    )
    .bind(user_account_id)
    .bind(key_hash)
    .bind(now.unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Removes the reader's sync key; false when they had none.
pub async fn delete_key(conn: &mut Connection, user_account_id: &str) -> Result<bool, StoreError> {
    let done = sqlx::query("DELETE FROM sync_keys WHERE user_account_id = $1")
        .bind(user_account_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

/// The kept hash of the reader's sync key, if they have one.
pub async fn key_hash<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Option<String>, StoreError> {
    let row = sqlx::query("SELECT key_hash FROM sync_keys WHERE user_account_id = $1")
        .bind(user_account_id)
        .fetch_optional(e)
        .await?;
    Ok(row.map(|r| r.try_get("key_hash")).transpose()?)
}

/// A file Lectern delivered to a reader, as KOReader names it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Delivered {
    pub service_id: String,
    pub format: String,
    /// Where the file is kept, while it is (positions in it are read from it).
    pub object_key: Option<String>,
}

/// The file delivered to the reader that KOReader names `document`.
pub async fn delivered<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    document: &str,
) -> Result<Option<Delivered>, StoreError> {
    let row = sqlx::query(
        "SELECT subject, format, object_key FROM downloads
         WHERE partial_md5 = $1 AND user_account_id = $2 AND subject_kind = 'title'
         ORDER BY created_at DESC LIMIT 1",
    )
    .bind(document)
    .bind(user_account_id)
    .fetch_optional(e)
    .await?;
    row.map(|r| {
        Ok(Delivered {
            service_id: r.try_get("subject")?,
            format: r.try_get("format")?,
            object_key: r.try_get("object_key")?,
        })
    })
    .transpose()
}

/// KOReader's report of where a reader is in a document.
#[derive(Debug, Clone, PartialEq)]
pub struct Progress {
    pub document: String,
    /// The title and format of the file, when Lectern delivered it to this reader.
    pub service_id: Option<String>,
    pub format: Option<String>,
    /// KOReader's position: an XPointer in a reflowable book, a page number in a fixed one.
    pub progress: String,
    /// 0 to 1.
    pub percentage: f64,
    pub device: String,
    pub device_id: String,
    pub updated_at: Timestamp,
}

pub async fn save(
    conn: &mut Connection,
    user_account_id: &str,
    p: &Progress,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO kosync_progress (user_account_id, document, service_id, format, progress,
                                      percentage, device, device_id, updated_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (user_account_id, document) DO UPDATE SET progress = excluded.progress,
           percentage = excluded.percentage, device = excluded.device,
           device_id = excluded.device_id, updated_at = excluded.updated_at",
    )
    .bind(user_account_id)
    .bind(&p.document)
    .bind(&p.service_id)
    .bind(&p.format)
    .bind(&p.progress)
    .bind(p.percentage)
    .bind(&p.device)
    .bind(&p.device_id)
    .bind(p.updated_at.unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn progress<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    document: &str,
) -> Result<Option<Progress>, StoreError> {
    let row = sqlx::query(
        "SELECT document, service_id, format, progress, percentage, device, device_id, updated_at
         FROM kosync_progress WHERE user_account_id = $1 AND document = $2",
    )
    .bind(user_account_id)
    .bind(document)
    .fetch_optional(e)
    .await?;
    row.map(|r| {
        Ok(Progress {
            document: r.try_get("document")?,
            service_id: r.try_get("service_id")?,
            format: r.try_get("format")?,
            progress: r.try_get("progress")?,
            percentage: r.try_get("percentage")?,
            device: r.try_get("device")?,
            device_id: r.try_get("device_id")?,
            updated_at: Timestamp::from_unix(r.try_get("updated_at")?),
        })
    })
    .transpose()
}
