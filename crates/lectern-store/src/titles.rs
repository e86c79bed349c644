//! Titles: the system of record for the catalog, and its change feed. Each write takes change-
//! feed numbers from `catalog_counters` inside its own transaction; the row lock on the counter
//! makes concurrent writers commit in number order, so a follower that reads `seq > last` in
//! order sees every change exactly once.

use lectern_domain::Timestamp;
use lectern_domain::catalog::TitleRecord;
use sqlx::{Any, Executor, Row};

use crate::{StoreError, Transaction, flag};

/// Rows per INSERT: eleven parameters each stays well under both engines' parameter limits.
const BATCH: usize = 500;
const COLUMNS: usize = 11;

/// Reserves `n` change-feed numbers; returns the first.
async fn reserve_seq(tx: &mut Transaction, n: usize) -> Result<i64, StoreError> {
    let n = i64::try_from(n).unwrap_or(i64::MAX);
    let last: i64 = sqlx::query_scalar(
        "UPDATE catalog_counters SET value = value + $1 WHERE name = 'titles' RETURNING value",
    )
    .bind(n)
    .fetch_one(&mut **tx)
    .await?;
    Ok(last - n + 1)
}

/// Inserts or replaces titles by service id, in the caller's transaction. `dateAdded` defaults
/// to now and is kept from the stored title when replacing; `lastUpdated` defaults to now. Returns the last change-feed
/// number taken. Service ids must be unique within one call.
pub async fn upsert(tx: &mut Transaction, records: &[TitleRecord]) -> Result<i64, StoreError> {
    if records.is_empty() {
        return current_seq(&mut **tx).await;
    }
    let first = reserve_seq(tx, records.len()).await?;
    let now = Timestamp::now();
    for (chunk_no, chunk) in records.chunks(BATCH).enumerate() {
        let mut sql = String::from(
            "INSERT INTO titles (service_id, site_id, status, usage_restriction, adult_content, \
             nimac, countries, date_added, last_updated, seq, record) VALUES ",
        );
        for i in 0..chunk.len() {
            if i > 0 {
                sql.push_str(", ");
            }
            let base = i * COLUMNS;
            let params: Vec<String> = (1..=COLUMNS).map(|c| format!("${}", base + c)).collect();
            sql.push('(');
            sql.push_str(&params.join(", "));
            sql.push(')');
        }
        sql.push_str(
            " ON CONFLICT (service_id) DO UPDATE SET site_id = excluded.site_id, \
             status = excluded.status, usage_restriction = excluded.usage_restriction, \
             adult_content = excluded.adult_content, nimac = excluded.nimac, \
             countries = excluded.countries, last_updated = excluded.last_updated, \
             seq = excluded.seq, record = excluded.record",
        );
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for (i, r) in chunk.iter().enumerate() {
            let seq = first + i64::try_from(chunk_no * BATCH + i).unwrap_or(i64::MAX);
            query = query
                .bind(r.service_id.clone())
                .bind(r.site.clone())
                .bind(r.status.as_str())
                .bind(r.usage_restriction.as_str())
                .bind(flag(r.adult_content))
                .bind(flag(r.nimac))
                .bind(r.countries.join(","))
                .bind(r.date_added.unwrap_or(now).unix())
                .bind(r.last_updated.unwrap_or(now).unix())
                .bind(seq)
                .bind(document(r)?);
        }
        query.execute(&mut **tx).await?;
    }
    Ok(first + i64::try_from(records.len()).unwrap_or(i64::MAX) - 1)
}

/// The stored document: the record without the dates its columns keep, so that a replaced
/// title keeps the date it joined the collection without reading it back first.
fn document(r: &TitleRecord) -> Result<String, StoreError> {
    let mut value = serde_json::to_value(r)?;
    if let Some(o) = value.as_object_mut() {
        o.remove("dateAdded");
        o.remove("lastUpdated");
    }
    Ok(value.to_string())
}

const READ: &str = "SELECT seq, date_added, last_updated, record FROM titles";

fn read(row: &sqlx::any::AnyRow) -> Result<(i64, TitleRecord), StoreError> {
    let mut record: TitleRecord = serde_json::from_str(row.try_get("record")?)?;
    record.date_added = Some(Timestamp::from_unix(row.try_get("date_added")?));
    record.last_updated = Some(Timestamp::from_unix(row.try_get("last_updated")?));
    Ok((row.try_get("seq")?, record))
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    service_id: &str,
) -> Result<Option<TitleRecord>, StoreError> {
    let row = sqlx::query(sqlx::AssertSqlSafe(format!("{READ} WHERE service_id = $1")))
        .bind(service_id)
        .fetch_optional(e)
        .await?;
    row.map(|r| read(&r).map(|(_, t)| t)).transpose()
}

/// Several titles by id, in the order asked (ids not found are left out): a search page.
pub async fn get_many<'e>(
    e: impl Executor<'e, Database = Any>,
    service_ids: &[String],
) -> Result<Vec<TitleRecord>, StoreError> {
    if service_ids.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "{READ} WHERE service_id IN ({})",
        crate::catalog::placeholders(1, service_ids.len())
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for id in service_ids {
        query = query.bind(id);
    }
    let mut found: Vec<TitleRecord> = query
        .fetch_all(e)
        .await?
        .iter()
        .map(|r| read(r).map(|(_, t)| t))
        .collect::<Result<_, _>>()?;
    found.sort_by_key(|t| service_ids.iter().position(|id| *id == t.service_id));
    Ok(found)
}

/// The change feed: titles written after `seq`, oldest first, at most `limit`.
pub async fn changes_since<'e>(
    e: impl Executor<'e, Database = Any>,
    seq: i64,
    limit: u32,
) -> Result<Vec<(i64, TitleRecord)>, StoreError> {
    let rows = sqlx::query(sqlx::AssertSqlSafe(format!(
        "{READ} WHERE seq > $1 ORDER BY seq LIMIT $2"
    )))
    .bind(seq)
    .bind(i64::from(limit))
    .fetch_all(e)
    .await?;
    rows.iter().map(read).collect()
}

/// The latest change-feed number handed out.
pub async fn current_seq<'e>(e: impl Executor<'e, Database = Any>) -> Result<i64, StoreError> {
    Ok(
        sqlx::query_scalar("SELECT value FROM catalog_counters WHERE name = 'titles'")
            .fetch_one(e)
            .await?,
    )
}

pub async fn count<'e>(e: impl Executor<'e, Database = Any>) -> Result<i64, StoreError> {
    Ok(sqlx::query_scalar("SELECT COUNT(*) FROM titles")
        .fetch_one(e)
        .await?)
}
