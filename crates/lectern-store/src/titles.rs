//! Titles: the system of record for the catalog, and its change feed. Each write takes change-
//! feed numbers from `catalog_counters` inside its own transaction; the row lock on the counter
//! makes concurrent writers commit in number order, so a follower that reads `seq > last` in
//! order sees every change exactly once.

use std::borrow::Cow;
use std::collections::HashMap;

use lectern_domain::Timestamp;
use lectern_domain::catalog::{TitleRecord, TitleStatusCode};
use lectern_domain::title_access::TitleFacts;
use sqlx::{Any, Executor, Row};

use crate::{Backend, StoreError, Transaction, dialect, flag, packed};

/// Rows per INSERT, by engine (both measured with `lectern generate`). SQLite runs in-process,
/// so beyond a hundred rows a statement saves nothing more. Each PostgreSQL statement is a round
/// trip, so hundreds of rows a statement are fastest there (eleven parameters a row stay far
/// below its 65,535).
const SQLITE_ROWS: usize = 100;
const POSTGRES_ROWS: usize = 500;
pub(crate) const COLUMNS: usize = 11;

/// The columns a write fills, in the order `Columns` binds them.
macro_rules! written_columns {
    () => {
        "service_id, site_id, status, usage_restriction, adult_content, nimac, countries, \
         date_added, last_updated, seq, record"
    };
}
pub(crate) use written_columns;

const INSERT: &str = concat!("INSERT INTO titles (", written_columns!(), ") VALUES ");
pub(crate) const ON_CONFLICT: &str = " ON CONFLICT (service_id) DO UPDATE SET site_id = excluded.site_id, \
     status = excluded.status, usage_restriction = excluded.usage_restriction, \
     adult_content = excluded.adult_content, nimac = excluded.nimac, \
     countries = excluded.countries, last_updated = excluded.last_updated, \
     seq = excluded.seq, record = excluded.record";
/// Takes `$1` change-feed numbers and returns the last.
pub(crate) const RESERVE_SEQ: &str =
    "UPDATE catalog_counters SET value = value + $1 WHERE name = 'titles' RETURNING value";

/// Reserves `n` change-feed numbers; returns the first.
async fn reserve_seq(tx: &mut Transaction, n: usize) -> Result<i64, StoreError> {
    let n = i64::try_from(n).unwrap_or(i64::MAX);
    let last: i64 = sqlx::query_scalar(RESERVE_SEQ)
        .bind(n)
        .fetch_one(&mut **tx)
        .await?;
    Ok(last - n + 1)
}

/// The INSERT for `rows` rows: the same text for every full chunk, so the driver prepares it once.
fn insert_sql(rows: usize, backend: Backend) -> String {
    let mut sql = String::with_capacity(INSERT.len() + ON_CONFLICT.len() + rows * COLUMNS * 6);
    sql.push_str(INSERT);
    for i in 0..rows {
        sql.push_str(if i == 0 { "(" } else { ", (" });
        for c in 1..=COLUMNS {
            sql.push_str(&dialect::bulk_parameter(backend, i * COLUMNS + c));
            sql.push_str(if c == COLUMNS { ")" } else { ", " });
        }
    }
    sql.push_str(ON_CONFLICT);
    sql
}

/// Inserts or replaces titles by service id, in the caller's transaction. `dateAdded` defaults
/// to now and is kept from the stored title when replacing; `lastUpdated` defaults to now.
/// Returns the last change-feed number taken. Service ids must be unique within one call.
pub async fn upsert(tx: &mut Transaction, records: &[TitleRecord]) -> Result<i64, StoreError> {
    write(tx, records).await
}

/// A title as its row, made in advance: bulk writers make these on other threads, so that the
/// writing connection only sends, and the record is freed by the thread that made it.
pub struct Prepared {
    columns: Columns<'static>,
}

impl Prepared {
    pub fn new(record: TitleRecord) -> Result<Self, StoreError> {
        Ok(Prepared {
            columns: Columns::of(&record)?.into_owned(),
        })
    }

    pub(crate) fn columns(&self) -> &Columns<'static> {
        &self.columns
    }
}

/// `upsert` for prepared titles.
pub async fn upsert_prepared(tx: &mut Transaction, titles: &[Prepared]) -> Result<i64, StoreError> {
    write(tx, titles).await
}

/// What a title's row holds but its change-feed number, the dates defaulting to the time of
/// writing.
pub(crate) struct Columns<'a> {
    pub service_id: Cow<'a, str>,
    pub site: Cow<'a, str>,
    pub status: &'static str,
    pub usage_restriction: &'static str,
    pub adult_content: i64,
    pub nimac: i64,
    pub countries: Cow<'a, str>,
    pub date_added: Option<Timestamp>,
    pub last_updated: Option<Timestamp>,
    /// The record, packed (`packed`).
    pub document: Cow<'a, [u8]>,
}

impl<'a> Columns<'a> {
    fn of(r: &'a TitleRecord) -> Result<Self, StoreError> {
        Ok(Columns {
            service_id: Cow::Borrowed(r.service_id.as_str()),
            site: Cow::Borrowed(r.site.as_str()),
            status: r.status.as_str(),
            usage_restriction: r.usage_restriction.as_str(),
            adult_content: flag(r.adult_content),
            nimac: flag(r.nimac),
            countries: Cow::Owned(r.countries.join(",")),
            date_added: r.date_added,
            last_updated: r.last_updated,
            document: Cow::Owned(document(r)?),
        })
    }

    fn into_owned(self) -> Columns<'static> {
        Columns {
            service_id: Cow::Owned(self.service_id.into_owned()),
            site: Cow::Owned(self.site.into_owned()),
            countries: Cow::Owned(self.countries.into_owned()),
            document: Cow::Owned(self.document.into_owned()),
            ..self
        }
    }

    fn borrowed(&self) -> Columns<'_> {
        Columns {
            service_id: Cow::Borrowed(&self.service_id),
            site: Cow::Borrowed(&self.site),
            countries: Cow::Borrowed(&self.countries),
            document: Cow::Borrowed(&self.document),
            ..*self
        }
    }
}

/// A row to write: a record, or one prepared.
trait Writable: Sync {
    fn columns(&self) -> Result<Columns<'_>, StoreError>;
}

impl Writable for TitleRecord {
    fn columns(&self) -> Result<Columns<'_>, StoreError> {
        Columns::of(self)
    }
}

impl Writable for Prepared {
    fn columns(&self) -> Result<Columns<'_>, StoreError> {
        Ok(self.columns.borrowed())
    }
}

async fn write<R: Writable>(tx: &mut Transaction, rows: &[R]) -> Result<i64, StoreError> {
    if rows.is_empty() {
        return current_seq(&mut **tx).await;
    }
    let first = reserve_seq(tx, rows.len()).await?;
    let backend = match tx.backend_name() {
        "SQLite" => Backend::Sqlite,
        _ => Backend::Postgres,
    };
    let per_statement = match backend {
        Backend::Sqlite => SQLITE_ROWS,
        Backend::Postgres => POSTGRES_ROWS,
    };
    let full_rows = per_statement.min(rows.len());
    let mut batch = Batch {
        full_sql: insert_sql(full_rows, backend),
        full_rows,
        backend,
        now: Timestamp::now(),
        seq: first,
    };
    let mut chunks = rows.chunks(per_statement);
    let mut next = chunks.next().map(|c| batch.statement(c)).transpose()?;
    while let Some(statement) = next.take() {
        // The engine runs one statement while this thread binds the next one: polled first,
        // the execution hands its statement over before the binding starts.
        let (done, built) = tokio::join!(
            biased;
            statement.execute(&mut **tx),
            async { chunks.next().map(|c| batch.statement(c)).transpose() },
        );
        done?;
        next = built?;
    }
    Ok(batch.seq - 1)
}

/// What the statements of one `upsert` share.
struct Batch {
    /// The INSERT for a full chunk, of `full_rows` rows.
    full_sql: String,
    full_rows: usize,
    backend: Backend,
    now: Timestamp,
    /// The change-feed number of the next row.
    seq: i64,
}

type Statement<'q> = sqlx::query::Query<'q, Any, sqlx::any::AnyArguments>;

impl Batch {
    fn statement<'q, R: Writable>(&mut self, chunk: &'q [R]) -> Result<Statement<'q>, StoreError> {
        let sql = if chunk.len() == self.full_rows {
            self.full_sql.clone()
        } else {
            insert_sql(chunk.len(), self.backend)
        };
        let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
        for row in chunk {
            let c = row.columns()?;
            query = query
                .bind(c.service_id.into_owned())
                .bind(c.site.into_owned())
                .bind(c.status)
                .bind(c.usage_restriction)
                .bind(c.adult_content)
                .bind(c.nimac)
                .bind(c.countries.into_owned())
                .bind(c.date_added.unwrap_or(self.now).unix())
                .bind(c.last_updated.unwrap_or(self.now).unix())
                .bind(self.seq)
                .bind(c.document.into_owned());
            self.seq += 1;
        }
        Ok(query)
    }
}

/// The stored document: the record as serde writes it, which leaves out what is false, absent
/// or empty (see the `skip_serializing_if` of `TitleRecord`), halving a typical record, then
/// packed (`packed`). Its dates are overridden on reading by the columns, which keep the date a
/// title joined the collection when it is replaced.
fn document(r: &TitleRecord) -> Result<Vec<u8>, StoreError> {
    // Room for nearly every document at once: `serde_json::to_string` starts at 128 bytes and
    // grows five times on the way to 2 kB, a twentieth of the generator's time.
    let mut out = Vec::with_capacity(3 * 1024);
    serde_json::to_writer(&mut out, r)?;
    packed::pack(&out)
}

const READ: &str = "SELECT seq, date_added, last_updated, record FROM titles";

fn read(row: &sqlx::any::AnyRow) -> Result<(i64, TitleRecord), StoreError> {
    let stored: &[u8] = row.try_get("record")?;
    let mut record: TitleRecord = serde_json::from_slice(&packed::unpack(stored)?)?;
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

/// What the access rules need of a title, read from its columns alone (no record is unpacked):
/// for checks that need no more than whether the caller may see it. `global_sites`: the sites
/// whose titles every site includes.
pub async fn facts<'e>(
    e: impl Executor<'e, Database = Any>,
    service_id: &str,
    global_sites: &[String],
) -> Result<Option<TitleFacts>, StoreError> {
    let row = sqlx::query(
        "SELECT site_id, status, usage_restriction, adult_content, nimac, countries
         FROM titles WHERE service_id = $1",
    )
    .bind(service_id)
    .fetch_optional(e)
    .await?;
    let Some(r) = row else { return Ok(None) };
    let site_id: String = r.try_get("site_id")?;
    let status: String = r.try_get("status")?;
    let usage: String = r.try_get("usage_restriction")?;
    let countries: String = r.try_get("countries")?;
    Ok(Some(TitleFacts {
        in_global_collection: global_sites.contains(&site_id),
        site_id,
        status: status
            .parse::<TitleStatusCode>()
            .map_err(StoreError::Corrupt)?
            .lifecycle(),
        usage: usage.parse().map_err(StoreError::Corrupt)?,
        adult_content: r.try_get::<i64, _>("adult_content")? != 0,
        countries: countries
            .split(',')
            .filter(|c| !c.is_empty())
            .map(str::to_owned)
            .collect(),
        nimac_restricted: r.try_get::<i64, _>("nimac")? != 0,
    }))
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
        crate::sql::placeholders(1, service_ids.len())
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
    // By a map of positions: recommendations ask for a thousand records at once, and looking
    // each one's position up in the list was most of their time.
    let order: HashMap<&str, usize> = service_ids
        .iter()
        .enumerate()
        .map(|(i, id)| (id.as_str(), i))
        .collect();
    found.sort_by_cached_key(|t| order.get(t.service_id.as_str()).copied());
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

#[cfg(test)]
#[allow(clippy::unwrap_used)]
mod tests {
    use super::*;

    #[test]
    fn a_record_reads_back_from_its_document_unchanged() {
        let record: TitleRecord = serde_json::from_str(
            r#"{"serviceId":"t1","site":"s","status":"live","title":"A \"null\": []",
            "synopsis":"{\"a\":null}","contributors":[{"name":"Ann","type":"author"}],
            "usageRestriction":"copyright","allowRecommend":false,"categories":[],
            "artifacts":[{"format":"EPUB3","status":"withdrawn","accessibility":
            {"accessibilityFeatures":[{"accessibilityFeature":"MathML","description":null}]}},
            {"format":"DAISY_AUDIO","narrator":{"name":"V","type":"tts"},"duration":"PT1H"}]}"#,
        )
        .unwrap();
        let stored = document(&record).unwrap();
        let json = String::from_utf8(packed::unpack(&stored).unwrap().into_owned()).unwrap();
        assert!(
            !json.contains("subtitle") && !json.contains("categories") && !json.contains("nimac"),
            "{json}"
        );
        assert_eq!(serde_json::from_str::<TitleRecord>(&json).unwrap(), record);
    }
}
