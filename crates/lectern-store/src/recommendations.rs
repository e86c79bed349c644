//! What recommendations are made from: each reader's titles (read, downloaded or put on their
//! own lists), the readers who share them, and how many readers each title has. Reads and
//! downloads are kept once per reader and title in `title_readers`, written with the event or
//! the download, so that none of this scans the events.

use std::collections::HashMap;

use sqlx::{Any, Executor};

use crate::Connection;
use crate::StoreError;
use crate::sql::placeholders;

/// Readers of one title weighed when looking for readers like this one: its most recent, so
/// that a title with a hundred thousand readers costs no more than one with five hundred.
const READERS_PER_TITLE: u32 = 500;

/// Notes that the reader read or downloaded the title at `at` (seconds); the earliest time is
/// kept. Called in the transaction that records the event or the download.
pub async fn note_reader(
    conn: &mut Connection,
    service_id: &str,
    user_account_id: &str,
    at: i64,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO title_readers (service_id, user_account_id, since) VALUES ($1, $2, $3)
         ON CONFLICT (service_id, user_account_id) DO UPDATE SET since = excluded.since
         WHERE excluded.since < title_readers.since",
    )
    .bind(service_id)
    .bind(user_account_id)
    .bind(at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// The reader's titles: read or downloaded (those first read most recently first), then those
/// only on a list of their own.
pub async fn history<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Vec<String>, StoreError> {
    Ok(sqlx::query_scalar(
        "SELECT service_id FROM (
           SELECT service_id, since FROM title_readers WHERE user_account_id = $1
           UNION ALL
           SELECT t.service_id, -1 FROM reading_list_titles t
             JOIN reading_lists l ON l.reading_list_id = t.reading_list_id
             WHERE l.owner_id = $1
         ) h
         GROUP BY service_id ORDER BY MAX(since) DESC, service_id",
    )
    .bind(user_account_id)
    .fetch_all(e)
    .await?)
}

/// Up to `limit` other readers who share titles with this reader, most shared first, with how
/// many they share; among each title's readers only the most recent few hundred are weighed.
pub async fn neighbours<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    titles: &[String],
    limit: u32,
) -> Result<Vec<(String, u32)>, StoreError> {
    if titles.is_empty() {
        return Ok(Vec::new());
    }
    let readers_of = (0..titles.len())
        .map(|i| {
            format!(
                "SELECT * FROM (SELECT user_account_id FROM title_readers
                   WHERE service_id = ${} AND user_account_id <> $1
                   ORDER BY since DESC LIMIT {READERS_PER_TITLE}) t{i}",
                i + 2
            )
        })
        .collect::<Vec<_>>()
        .join(" UNION ALL ");
    let sql = format!(
        "SELECT user_account_id, COUNT(*) AS shared FROM ({readers_of}) r
         GROUP BY user_account_id ORDER BY shared DESC, user_account_id LIMIT {limit}"
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
        "SELECT user_account_id, service_id FROM title_readers WHERE user_account_id IN ({})
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
        "SELECT service_id, COUNT(*) AS readers FROM title_readers
         GROUP BY service_id ORDER BY readers DESC, service_id LIMIT {limit}"
    );
    Ok(sqlx::query_as::<_, (String, i64)>(sqlx::AssertSqlSafe(sql))
        .fetch_all(e)
        .await?
        .into_iter()
        .map(|(t, n)| (t, u64::try_from(n).unwrap_or(0)))
        .collect())
}
