//! Collection assistants' edits, accepted now and applied later (migration 0015). Taking the
//! next edit, changing what it edits and marking it done happen in one transaction of the
//! worker's, so an edit interrupted anywhere is still queued afterwards and applied once.

use lectern_domain::Timestamp;
use lectern_domain::catalog::title_edit::KeptEdit;
use lectern_domain::invalid::{Why, Words};
use sqlx::{Any, Executor, Row};

use crate::{Store, StoreError, Transaction};

/// What an edit changes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum EditKind {
    /// A title's metadata (`PUT /v2/titles/{serviceId}`).
    Title,
    /// One artifact of a title; the detail is its format.
    Artifact,
    /// Withdrawing a periodical edition; the target is the series, the detail the edition.
    EditionWithdrawal,
    /// A new file for one format of a title; the detail is the format, the edit names the
    /// file store key.
    File,
}

impl EditKind {
    fn as_str(self) -> &'static str {
        match self {
            EditKind::Title => "title",
            EditKind::Artifact => "artifact",
            EditKind::EditionWithdrawal => "edition",
            EditKind::File => "file",
        }
    }

    fn parse(raw: &str) -> Result<Self, StoreError> {
        match raw {
            "title" => Ok(EditKind::Title),
            "artifact" => Ok(EditKind::Artifact),
            "edition" => Ok(EditKind::EditionWithdrawal),
            "file" => Ok(EditKind::File),
            other => Err(StoreError::Corrupt(format!("an edit of kind '{other}'"))),
        }
    }
}

/// An edit as accepted.
#[derive(Debug, Clone)]
pub struct NewEdit {
    pub site_id: String,
    pub kind: EditKind,
    pub target_id: String,
    pub detail: Option<String>,
    pub edit: KeptEdit,
    pub requested_by: String,
    pub requested_by_name: String,
    pub comment: Option<String>,
}

/// The action a queued edit shows in the history until it is applied.
pub const ACCEPTED: &str = "updateAccepted";

/// Queues an edit; returns its id. The order number comes from `catalog_counters`, whose row
/// lock orders concurrent acceptances.
pub async fn accept(store: &Store, edit: &NewEdit) -> Result<String, StoreError> {
    let mut tx = store.begin().await?;
    let seq: i64 = sqlx::query_scalar(
        "UPDATE catalog_counters SET value = value + 1 WHERE name = 'edits' RETURNING value",
    )
    .fetch_one(&mut *tx)
    .await?;
    let edit_id = lectern_domain::ids::new_id();
    sqlx::query(
        "INSERT INTO catalog_edits (edit_id, seq, site_id, kind, target_id, detail, form,
           requested_by, requested_by_name, comment, status, action, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, 'queued', $11, $12)",
    )
    .bind(&edit_id)
    .bind(seq)
    .bind(&edit.site_id)
    .bind(edit.kind.as_str())
    .bind(&edit.target_id)
    .bind(&edit.detail)
    .bind(serde_json::to_string(&edit.edit)?)
    .bind(&edit.requested_by)
    .bind(&edit.requested_by_name)
    .bind(&edit.comment)
    .bind(ACCEPTED)
    .bind(Timestamp::now().unix())
    .execute(&mut *tx)
    .await?;
    tx.commit().await?;
    Ok(edit_id)
}

/// An edit taken from the queue, inside the worker's transaction.
#[derive(Debug, Clone)]
pub struct Taken {
    pub edit_id: String,
    pub site_id: String,
    pub kind: EditKind,
    pub target_id: String,
    pub detail: Option<String>,
    pub edit: KeptEdit,
    pub requested_by_name: String,
    pub comment: Option<String>,
}

/// Takes the oldest queued edit whose target has no older one queued, in `tx`; the caller
/// applies it and calls `finish` before committing. The first statement writes, so that SQLite
/// gives this transaction the write lock at once; on PostgreSQL a row another worker holds is
/// skipped, and the edits queued behind it for the same target wait, since it still counts as
/// queued to everyone else until that worker commits.
pub async fn take_next(
    tx: &mut Transaction,
    backend: crate::Backend,
) -> Result<Option<Taken>, StoreError> {
    let lock = crate::dialect::skip_locked(backend);
    let sql = format!(
        "UPDATE catalog_edits SET status = 'applying'
         WHERE edit_id = (
           SELECT e.edit_id FROM catalog_edits e
           WHERE e.status = 'queued' AND NOT EXISTS (
             SELECT 1 FROM catalog_edits o
             WHERE o.target_id = e.target_id AND o.status = 'queued' AND o.seq < e.seq)
           ORDER BY e.seq LIMIT 1 {lock})
         RETURNING edit_id, site_id, kind, target_id, detail, form, requested_by_name, comment"
    );
    let Some(row) = sqlx::query(sqlx::AssertSqlSafe(sql))
        .fetch_optional(&mut **tx)
        .await?
    else {
        return Ok(None);
    };
    let form: String = row.try_get("form")?;
    Ok(Some(Taken {
        edit_id: row.try_get("edit_id")?,
        site_id: row.try_get("site_id")?,
        kind: EditKind::parse(row.try_get("kind")?)?,
        target_id: row.try_get("target_id")?,
        detail: row.try_get("detail")?,
        edit: serde_json::from_str(&form)?,
        requested_by_name: row.try_get("requested_by_name")?,
        comment: row.try_get("comment")?,
    }))
}

/// How applying an edit ended.
#[derive(Debug, Clone)]
pub struct Outcome {
    pub applied: bool,
    /// What the history calls it (`metadataUpdated`, `withdrawn`, ...).
    pub action: String,
    /// The parameters that changed something.
    pub changes: Vec<String>,
    /// Why it was not applied.
    pub reason: Option<Why>,
}

/// Marks a taken edit done, in the transaction that applied it.
pub async fn finish(
    tx: &mut Transaction,
    edit_id: &str,
    outcome: &Outcome,
) -> Result<(), StoreError> {
    let reason_words = match outcome.reason.as_ref().and_then(|why| why.words.as_ref()) {
        Some(words) => Some(serde_json::to_string(words)?),
        None => None,
    };
    sqlx::query(
        "UPDATE catalog_edits SET status = $1, action = $2, changes = $3, reason = $4,
           reason_words = $5, applied_at = $6
         WHERE edit_id = $7 AND status = 'applying'",
    )
    .bind(if outcome.applied {
        "applied"
    } else {
        "notApplied"
    })
    .bind(&outcome.action)
    .bind(outcome.changes.join(","))
    .bind(outcome.reason.as_ref().map(|why| why.english.as_str()))
    .bind(reason_words)
    .bind(Timestamp::now().unix())
    .bind(edit_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// One entry of a title's history.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct HistoryEntry {
    /// When it was applied, or accepted if it is still queued.
    pub date: Timestamp,
    pub person_name: String,
    pub action: String,
    pub comment: Option<String>,
    /// The artifact's format, for artifact edits.
    pub format: Option<String>,
    /// queued, applied or notApplied.
    pub status: String,
    pub changes: Vec<String>,
    /// Why it was not applied: the English, and the message it is where it was kept as one.
    pub reason: Option<Why>,
}

/// A title's edits, newest first (a title's edits are tens, not thousands, so all are read).
pub async fn history<'e>(
    e: impl Executor<'e, Database = Any>,
    service_id: &str,
) -> Result<Vec<HistoryEntry>, StoreError> {
    let rows = sqlx::query(
        "SELECT kind, detail, requested_by_name, comment, status, action, changes, reason,
           reason_words, created_at, applied_at
         FROM catalog_edits WHERE target_id = $1 AND kind IN ('title', 'artifact', 'file')
         ORDER BY seq DESC",
    )
    .bind(service_id)
    .fetch_all(e)
    .await?;
    rows.iter()
        .map(|r| {
            let applied: Option<i64> = r.try_get("applied_at")?;
            let kind = EditKind::parse(r.try_get("kind")?)?;
            let changes: Option<String> = r.try_get("changes")?;
            Ok(HistoryEntry {
                date: Timestamp::from_unix(applied.unwrap_or(r.try_get("created_at")?)),
                person_name: r.try_get("requested_by_name")?,
                action: r.try_get("action")?,
                comment: r.try_get("comment")?,
                format: if matches!(kind, EditKind::Artifact | EditKind::File) {
                    r.try_get("detail")?
                } else {
                    None
                },
                status: r.try_get("status")?,
                changes: changes
                    .unwrap_or_default()
                    .split(',')
                    .filter(|c| !c.is_empty())
                    .map(str::to_owned)
                    .collect(),
                reason: kept_reason(r.try_get("reason")?, r.try_get("reason_words")?)?,
            })
        })
        .collect()
}

/// A reason as it was kept: the English, with its message where one was kept beside it.
fn kept_reason(english: Option<String>, words: Option<String>) -> Result<Option<Why>, StoreError> {
    let Some(english) = english else {
        return Ok(None);
    };
    let words: Option<Words> = match words {
        Some(json) => Some(serde_json::from_str(&json)?),
        None => None,
    };
    Ok(Some(Why { english, words }))
}

/// How many edits are not applied yet: waiting, or taken by a worker and being applied (counting
/// only the waiting ones told "none" while a worker's write was not yet committed).
pub async fn unapplied<'e>(e: impl Executor<'e, Database = Any>) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar(
        "SELECT COUNT(*) FROM catalog_edits WHERE status IN ('queued', 'applying')",
    )
    .fetch_one(e)
    .await?)
}

/// The title of a site that holds a product identifier, if any.
pub async fn product_identifier_owner<'e>(
    e: impl Executor<'e, Database = Any>,
    site_id: &str,
    product_identifier: &str,
) -> Result<Option<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "SELECT service_id FROM title_product_identifiers
         WHERE site_id = $1 AND product_identifier = $2",
    )
    .bind(site_id)
    .bind(product_identifier)
    .fetch_optional(e)
    .await?)
}

/// Gives a title its product identifier (or none), in the transaction that changes the title.
pub async fn set_product_identifier(
    tx: &mut Transaction,
    site_id: &str,
    service_id: &str,
    product_identifier: Option<&str>,
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM title_product_identifiers WHERE service_id = $1")
        .bind(service_id)
        .execute(&mut **tx)
        .await?;
    if let Some(pid) = product_identifier {
        sqlx::query(
            "INSERT INTO title_product_identifiers (site_id, product_identifier, service_id)
             VALUES ($1, $2, $3)",
        )
        .bind(site_id)
        .bind(pid)
        .bind(service_id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}
