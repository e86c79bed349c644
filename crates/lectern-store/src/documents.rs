//! A reader's documents and their conversion queue: a row is queued when the file is uploaded,
//! claimed by a worker, and made ready with its EPUB (or failed with the reason).

use lectern_domain::Timestamp;
use lectern_domain::documents::DocumentType;
use sqlx::{Any, Executor, Row};

use crate::Connection;
use crate::queue::{JobTable, Lease, OLDEST_FIRST};
use crate::{Store, StoreError};

lectern_domain::string_enum!(
    /// Where a conversion stands.
    DocumentStatus {
        Queued = "queued",
        Converting = "converting",
        Ready = "ready",
        Failed = "failed",
    }
);

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Document {
    pub document_id: String,
    pub owner_id: String,
    pub name: String,
    pub mime_type: DocumentType,
    pub source_key: String,
    pub status: DocumentStatus,
    pub epub_key: Option<String>,
    pub error: Option<String>,
    pub created_at: Timestamp,
}

const COLUMNS: &str =
    "document_id, owner_id, name, mime_type, source_key, status, epub_key, error, created_at";

fn read(r: &sqlx::any::AnyRow) -> Result<Document, StoreError> {
    let mime: String = r.try_get("mime_type")?;
    let status: String = r.try_get("status")?;
    Ok(Document {
        document_id: r.try_get("document_id")?,
        owner_id: r.try_get("owner_id")?,
        name: r.try_get("name")?,
        mime_type: mime.parse().map_err(StoreError::Corrupt)?,
        source_key: r.try_get("source_key")?,
        status: status.parse().map_err(StoreError::Corrupt)?,
        epub_key: r.try_get("epub_key")?,
        error: r.try_get("error")?,
        created_at: Timestamp::from_unix(r.try_get("created_at")?),
    })
}

/// Queues a document whose file is already in the file store under `source_key`.
pub async fn insert(conn: &mut Connection, d: &Document) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO documents (document_id, owner_id, name, mime_type, source_key, status,
                                created_at)
         VALUES ($1, $2, $3, $4, $5, 'queued', $6)",
    )
    .bind(&d.document_id)
    .bind(&d.owner_id)
    .bind(&d.name)
    .bind(d.mime_type.as_str())
    .bind(&d.source_key)
    .bind(d.created_at.unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    document_id: &str,
) -> Result<Option<Document>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM documents WHERE document_id = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(document_id)
        .fetch_optional(e)
        .await?
        .as_ref()
        .map(read)
        .transpose()
}

const OWNED_KEY: &[&str] = &["created_at", "document_id"];

/// A page of the owner's documents by `(createdAt, documentId)` in `direction`, up to
/// `limit + 1` after the key.
pub async fn owned_page<'e>(
    e: impl Executor<'e, Database = Any>,
    owner_id: &str,
    after: Option<&(i64, String)>,
    direction: lectern_domain::paging::Direction,
    limit: u32,
) -> Result<Vec<Document>, StoreError> {
    let keyset = crate::keyset::Keyset {
        columns: OWNED_KEY,
        direction,
    };
    let sql = format!(
        "SELECT {COLUMNS} FROM documents WHERE owner_id = $1{}{}",
        keyset.after(after.is_some(), 2),
        keyset.order(limit)
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(owner_id);
    if let Some((at, id)) = after {
        query = query.bind(*at).bind(id.as_str());
    }
    query.fetch_all(e).await?.iter().map(read).collect()
}

pub async fn owned_count<'e>(
    e: impl Executor<'e, Database = Any>,
    owner_id: &str,
) -> Result<u64, StoreError> {
    let (n,): (i64,) = sqlx::query_as("SELECT COUNT(*) FROM documents WHERE owner_id = $1")
        .bind(owner_id)
        .fetch_one(e)
        .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// Deletes the owner's document; the deleted row (for its files), if there was one.
pub async fn delete(
    conn: &mut Connection,
    document_id: &str,
    owner_id: &str,
) -> Result<Option<Document>, StoreError> {
    let sql = format!(
        "DELETE FROM documents WHERE document_id = $1 AND owner_id = $2 RETURNING {COLUMNS}"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(document_id)
        .bind(owner_id)
        .fetch_optional(&mut *conn)
        .await?
        .as_ref()
        .map(read)
        .transpose()
}

pub async fn claim(
    store: &Store,
    now: Timestamp,
    stale_before: Timestamp,
) -> Result<Option<(Document, Lease)>, StoreError> {
    let jobs = JobTable {
        table: "documents",
        key: "document_id",
        working: "converting",
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

/// Marks a conversion done, unless the document was deleted meanwhile (false then).
pub async fn mark_ready(
    conn: &mut Connection,
    document_id: &str,
    epub_key: &str,
    now: Timestamp,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE documents SET status = 'ready', epub_key = $1, ready_at = $2, error = NULL
         WHERE document_id = $3",
    )
    .bind(epub_key)
    .bind(now.unix())
    .bind(document_id)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn mark_failed(
    conn: &mut Connection,
    document_id: &str,
    error: &str,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE documents SET status = 'failed', error = $1 WHERE document_id = $2")
        .bind(error)
        .bind(document_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}
