//! What recommendations are made from: each reader's titles (read, downloaded or put on their
//! own lists), the readers who share them, and how many readers each title has.

use std::collections::HashMap;

use sqlx::{Any, Executor};

use crate::StoreError;
use crate::catalog::placeholders;

/// Every (reader, title) pair of reading: events and downloads of titles.
const READS: &str = "SELECT user_account_id, service_id FROM reading_events \
     UNION SELECT user_account_id, subject AS service_id FROM downloads \
     WHERE subject_kind = 'title' AND user_account_id IS NOT NULL";

/// The reader's titles: read, downloaded, or on a list of their own.
pub async fn history<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Vec<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "SELECT service_id FROM reading_events WHERE user_account_id = $1
         UNION SELECT subject FROM downloads
           WHERE user_account_id = $1 AND subject_kind = 'title'
         UNION SELECT t.service_id FROM reading_list_titles t
           JOIN reading_lists l ON l.reading_list_id = t.reading_list_id
           WHERE l.owner_id = $1",
    )
    .bind(user_account_id)
    .fetch_all(e)
    .await?)
}

/// Up to `limit` other readers who share titles with this reader, most shared first, with how
/// many they share.
pub async fn neighbours<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    titles: &[String],
    limit: u32,
) -> Result<Vec<(String, u32)>, StoreError> {
    if titles.is_empty() {
        return Ok(Vec::new());
    }
    let sql = format!(
        "SELECT user_account_id, COUNT(*) AS shared FROM ({READS}) r
         WHERE service_id IN ({}) AND user_account_id <> $1
         GROUP BY user_account_id ORDER BY shared DESC, user_account_id LIMIT {limit}",
        placeholders(2, titles.len())
    );
    let mut query =
        sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql)).bind(user_account_id);
    for t in titles {
        query = query.bind(t);
    }
    Ok(query
        .fetch_all(e)
        .await?
        .into_iter()
        .map(|(u, n)| (u, u32::try_from(n).unwrap_or(u32::MAX)))
        .collect())
}

/// The titles of each of these readers.
pub async fn titles_of<'e>(
    e: impl Executor<'e, Database = Any>,
    readers: &[String],
) -> Result<HashMap<String, Vec<String>>, StoreError> {
    if readers.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = format!(
        "SELECT user_account_id, service_id FROM ({READS}) r WHERE user_account_id IN ({})
         ORDER BY user_account_id, service_id",
        placeholders(1, readers.len())
    );
    let mut query = sqlx::query_as::<_, (String, String)>(sqlx::AssertSqlSafe(sql));
    for r in readers {
        query = query.bind(r);
    }
    let mut by_reader: HashMap<String, Vec<String>> = HashMap::new();
    for (reader, title) in query.fetch_all(e).await? {
        by_reader.entry(reader).or_default().push(title);
    }
    Ok(by_reader)
}

/// The `limit` titles with the most readers, most first (ties by service id).
pub async fn popular<'e>(
    e: impl Executor<'e, Database = Any>,
    limit: u32,
) -> Result<Vec<(String, u64)>, StoreError> {
    let sql = format!(
        "SELECT service_id, COUNT(*) AS readers FROM ({READS}) r
         GROUP BY service_id ORDER BY readers DESC, service_id LIMIT {limit}"
    );
    Ok(sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql))
        .fetch_all(e)
        .await?
        .into_iter()
        .map(|(t, n)| (t, u64::try_from(n).unwrap_or(0)))
        .collect())
}
