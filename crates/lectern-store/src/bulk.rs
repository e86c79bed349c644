//! Loading a great many titles at once (`lectern generate`).
//!
//! On PostgreSQL a row's foreign-key check and its entries in the secondary indexes cost nearly
//! as much as the row itself: at 1,000,000 titles the same INSERTs ran 1.7 times faster
//! without them, and making them again afterwards, in one pass each, took a sixth of what
//! that saved. A load that at least doubles the table therefore drops them at its start and
//! makes them again at its end, from the definitions the database holds, so that whatever later
//! migrations make them, they come back the same. It all happens in one transaction, which
//! holds the table exclusively: no one ever sees it without them, and meanwhile other readers of
//! titles wait.
//!
//! PostgreSQL takes the rows by `COPY ... (FORMAT binary)`, which costs its backend about a
//! third less than the multi-row INSERTs of `titles::upsert`, and the client next to nothing.
//! sqlx's `Any` driver has no COPY, so this is the one place the store uses a native
//! PostgreSQL connection, of its own. COPY cannot replace a row: where the table may hold some
//! of the ids already, each batch is copied into a temporary table and moved with the same
//! `INSERT ... ON CONFLICT` as `titles::upsert`.

use std::ops::RangeInclusive;

use lectern_domain::Timestamp;
use sqlx::postgres::Postgres;
use sqlx::{PgPool, Row};

use crate::titles::{self, Prepared, written_columns};
use crate::{Backend, Store, StoreError, Transaction};

/// Titles a transaction, unless the load needs one for all: large enough that commits cost
/// little, small enough that SQLite's write-ahead log stays small and a failure loses little.
const COMMIT_EVERY: usize = 20_000;

/// A bulk load in progress.
pub struct TitleLoad {
    engine: Engine,
    /// Titles written since the last commit.
    uncommitted: usize,
    commit_every: usize,
}

enum Engine {
    Sqlite {
        store: Store,
        /// Always `Some` but between a commit and the next transaction.
        tx: Option<Transaction>,
    },
    Postgres(PgLoad),
}

const ALWAYS_BEGUN: &str = "a load's transaction is begun again as soon as it commits";

impl TitleLoad {
    /// Begins a load of `titles` titles, whose service ids all sort within `ids` (a wrong range
    /// costs speed, never rows: a copied id that is already there fails the load).
    pub async fn begin(
        store: &Store,
        titles: u64,
        ids: RangeInclusive<&str>,
    ) -> Result<TitleLoad, StoreError> {
        let engine = match store.backend() {
            Backend::Sqlite => {
                let mut tx = store.begin().await?;
                // SQLite's page cache (2 MB by default) cannot hold a long transaction's pages,
                // and spills them to the log before the commit, writing most pages twice. The
                // connection keeps the setting until it closes; the bulk loader's pool lives
                // only as long as its command.
                sqlx::query("PRAGMA cache_size = -262144")
                    .execute(&mut *tx)
                    .await?;
                Engine::Sqlite {
                    store: store.clone(),
                    tx: Some(tx),
                }
            }
            Backend::Postgres => Engine::Postgres(PgLoad::begin(store, titles, ids).await?),
        };
        Ok(TitleLoad {
            engine,
            uncommitted: 0,
            commit_every: COMMIT_EVERY,
        })
    }

    /// Commits every `titles` titles rather than every 20,000 (where the load may commit).
    pub fn committing_every(mut self, titles: usize) -> Self {
        self.commit_every = titles.max(1);
        self
    }

    /// Whether the load dropped the titles table's checks, and so holds the table in one
    /// transaction until `finish`.
    pub fn checks_dropped(&self) -> bool {
        matches!(&self.engine, Engine::Postgres(load) if !load.restore.is_empty())
    }

    /// Writes titles, replacing those whose ids are taken; ids must be unique within a call.
    /// Nothing is committed before `commit_if_due` or `finish`.
    pub async fn write(&mut self, titles: &[Prepared]) -> Result<(), StoreError> {
        match &mut self.engine {
            Engine::Sqlite { tx, .. } => {
                titles::upsert_prepared(tx.as_mut().expect(ALWAYS_BEGUN), titles).await?;
            }
            Engine::Postgres(load) => load.write(titles).await?,
        }
        self.uncommitted += titles.len();
        Ok(())
    }

    /// Commits what is written once it is enough for a transaction, unless the load must end
    /// in the one it began in.
    pub async fn commit_if_due(&mut self) -> Result<(), StoreError> {
        if self.uncommitted >= self.commit_every && !self.checks_dropped() {
            match &mut self.engine {
                Engine::Sqlite { store, tx } => {
                    // The open transaction holds the node's write turn (`write_turns`), so
                    // the next can only begin once it has committed.
                    if let Some(done) = tx.take() {
                        done.commit().await?;
                    }
                    *tx = Some(store.begin().await?);
                }
                Engine::Postgres(load) => load.commit_and_go_on().await?,
            }
            self.uncommitted = 0;
        }
        Ok(())
    }

    /// Makes again what `begin` dropped, checking every row loaded, and commits.
    pub async fn finish(self) -> Result<(), StoreError> {
        match self.engine {
            Engine::Sqlite { tx, .. } => tx.expect(ALWAYS_BEGUN).commit().await?,
            Engine::Postgres(load) => load.finish().await?,
        }
        Ok(())
    }
}

/// A load into PostgreSQL, on a connection of its own.
struct PgLoad {
    /// One connection: the temporary table lives in its session.
    pool: PgPool,
    /// Always `Some` but between a commit and the next transaction.
    tx: Option<sqlx::Transaction<'static, Postgres>>,
    /// Statements that make again what the load dropped, in order; empty when nothing was.
    restore: Vec<String>,
    /// Whether the table held some id in the load's range: rows then pass through
    /// `title_load` to replace those there.
    replacing: bool,
}

/// The staging table of a load that replaces titles.
const STAGING: &str = "CREATE TEMPORARY TABLE IF NOT EXISTS title_load \
     (LIKE titles INCLUDING DEFAULTS) ON COMMIT DELETE ROWS";

impl PgLoad {
    async fn begin(
        store: &Store,
        titles: u64,
        ids: RangeInclusive<&str>,
    ) -> Result<PgLoad, StoreError> {
        let pool = store.postgres_pool_of_one().await?;
        let mut tx = pool.begin().await?;
        // Same-width generated ids sort the same way in any collation, and the primary key
        // answers this from its index.
        let replacing: bool = sqlx::query_scalar(
            "SELECT EXISTS (SELECT 1 FROM titles WHERE service_id BETWEEN $1 AND $2)",
        )
        .bind(*ids.start())
        .bind(*ids.end())
        .fetch_one(&mut *tx)
        .await?;
        if replacing {
            sqlx::query(STAGING).execute(&mut *tx).await?;
        }
        let restore = if titles > 0 && titles >= rows_held(&mut tx, titles).await? {
            drop_checks(&mut tx).await?
        } else {
            Vec::new()
        };
        Ok(PgLoad {
            pool,
            tx: Some(tx),
            restore,
            replacing,
        })
    }

    fn tx(&mut self) -> &mut sqlx::Transaction<'static, Postgres> {
        #[allow(clippy::expect_used)]
        self.tx.as_mut().expect(ALWAYS_BEGUN)
    }

    async fn write(&mut self, titles: &[Prepared]) -> Result<(), StoreError> {
        if titles.is_empty() {
            return Ok(());
        }
        let n = i64::try_from(titles.len()).unwrap_or(i64::MAX);
        let replacing = self.replacing;
        let tx = self.tx();
        let last: i64 = sqlx::query_scalar(titles::RESERVE_SEQ)
            .bind(n)
            .fetch_one(&mut **tx)
            .await?;
        let data = copy_data(titles, last - n + 1, Timestamp::now())?;
        let target = if replacing { "title_load" } else { "titles" };
        let mut copy = tx
            .copy_in_raw(&format!(
                "COPY {target} ({}) FROM STDIN (FORMAT binary)",
                written_columns!()
            ))
            .await?;
        copy.send(data).await?;
        copy.finish().await?;
        if replacing {
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "INSERT INTO titles ({columns}) SELECT {columns} FROM title_load{}",
                titles::ON_CONFLICT,
                columns = written_columns!()
            )))
            .execute(&mut **tx)
            .await?;
            sqlx::query("TRUNCATE title_load")
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    async fn commit_and_go_on(&mut self) -> Result<(), StoreError> {
        if let Some(tx) = self.tx.take() {
            tx.commit().await?;
        }
        // The staging table, if any, lives on: it is the session's, emptied at each commit.
        self.tx = Some(self.pool.begin().await?);
        Ok(())
    }

    async fn finish(mut self) -> Result<(), StoreError> {
        let restore = std::mem::take(&mut self.restore);
        let tx = self.tx();
        if !restore.is_empty() {
            // Sorting the index entries in memory, not in runs on disk.
            sqlx::query("SET LOCAL maintenance_work_mem = '256MB'")
                .execute(&mut **tx)
                .await?;
        }
        for statement in restore {
            sqlx::query(sqlx::AssertSqlSafe(statement))
                .execute(&mut **tx)
                .await?;
        }
        if let Some(tx) = self.tx.take() {
            tx.commit().await?;
        }
        self.pool.close().await;
        Ok(())
    }
}

/// Titles in COPY's binary format, numbered in the change feed from `first_seq`.
fn copy_data(titles: &[Prepared], first_seq: i64, now: Timestamp) -> Result<Vec<u8>, StoreError> {
    // Eleven field lengths a row, a few short texts and five integers, besides the record.
    let size: usize = titles
        .iter()
        .map(|t| 160 + t.columns().document.len())
        .sum();
    let mut data = Vec::with_capacity(21 + size);
    data.extend_from_slice(b"PGCOPY\n\xff\r\n\0");
    data.extend_from_slice(&0i32.to_be_bytes()); // flags
    data.extend_from_slice(&0i32.to_be_bytes()); // header extension
    let fields = i16::try_from(titles::COLUMNS).unwrap_or(i16::MAX);
    for (seq, title) in (first_seq..).zip(titles) {
        let c = title.columns();
        data.extend_from_slice(&fields.to_be_bytes());
        text(&mut data, &c.service_id)?;
        text(&mut data, &c.site)?;
        text(&mut data, c.status)?;
        text(&mut data, c.usage_restriction)?;
        bigint(&mut data, c.adult_content);
        bigint(&mut data, c.nimac);
        text(&mut data, &c.countries)?;
        bigint(&mut data, c.date_added.unwrap_or(now).unix());
        bigint(&mut data, c.last_updated.unwrap_or(now).unix());
        bigint(&mut data, seq);
        bytes(&mut data, &c.document)?;
    }
    data.extend_from_slice(&(-1i16).to_be_bytes());
    Ok(data)
}

fn text(data: &mut Vec<u8>, value: &str) -> Result<(), StoreError> {
    bytes(data, value.as_bytes())
}

/// A `text` or `bytea` field: COPY's binary format sends both as their bytes.
fn bytes(data: &mut Vec<u8>, value: &[u8]) -> Result<(), StoreError> {
    let len = i32::try_from(value.len())
        .map_err(|_| StoreError::Corrupt(format!("a {} byte field is too long", value.len())))?;
    data.extend_from_slice(&len.to_be_bytes());
    data.extend_from_slice(value);
    Ok(())
}

fn bigint(data: &mut Vec<u8>, value: i64) {
    data.extend_from_slice(&8i32.to_be_bytes());
    data.extend_from_slice(&value.to_be_bytes());
}

/// Drops the titles table's secondary indexes and foreign keys; returns what makes them again.
async fn drop_checks(tx: &mut sqlx::PgConnection) -> Result<Vec<String>, StoreError> {
    // Indexes that back a constraint (the primary key, which ON CONFLICT needs) stay.
    let indexes = sqlx::query(
        "SELECT quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition \
         FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid \
         WHERE i.indrelid = 'titles'::regclass \
           AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid) \
         ORDER BY c.relname",
    )
    .fetch_all(&mut *tx)
    .await?;
    let foreign_keys = sqlx::query(
        "SELECT quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition \
         FROM pg_constraint WHERE conrelid = 'titles'::regclass AND contype = 'f' \
         ORDER BY conname",
    )
    .fetch_all(&mut *tx)
    .await?;
    let mut restore = Vec::new();
    for row in &indexes {
        let name: String = row.try_get("name")?;
        sqlx::query(sqlx::AssertSqlSafe(format!("DROP INDEX {name}")))
            .execute(&mut *tx)
            .await?;
        restore.push(row.try_get("definition")?);
    }
    for row in &foreign_keys {
        let name: String = row.try_get("name")?;
        let definition: String = row.try_get("definition")?;
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "ALTER TABLE titles DROP CONSTRAINT {name}"
        )))
        .execute(&mut *tx)
        .await?;
        restore.push(format!(
            "ALTER TABLE titles ADD CONSTRAINT {name} {definition}"
        ));
    }
    Ok(restore)
}

/// About how many titles the table holds: the planner's estimate or, where the table has never
/// been analysed, a count that stops once past `at_most`.
async fn rows_held(tx: &mut sqlx::PgConnection, at_most: u64) -> Result<u64, StoreError> {
    let estimate: i64 =
        sqlx::query_scalar("SELECT reltuples::bigint FROM pg_class WHERE oid = 'titles'::regclass")
            .fetch_one(&mut *tx)
            .await?;
    let held = if estimate >= 0 {
        estimate
    } else {
        sqlx::query_scalar("SELECT count(*) FROM (SELECT 1 FROM titles LIMIT $1) AS held")
            .bind(i64::try_from(at_most).unwrap_or(i64::MAX - 1) + 1)
            .fetch_one(&mut *tx)
            .await?
    };
    Ok(u64::try_from(held).unwrap_or(0))
}
