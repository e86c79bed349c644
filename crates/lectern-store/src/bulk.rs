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

use sqlx::Row;

use crate::{Backend, StoreError, Transaction};

/// A bulk load in progress, in one transaction.
pub struct BulkLoad {
    /// Statements that make again what the load dropped, in order; empty when nothing was.
    restore: Vec<String>,
}

impl BulkLoad {
    /// Prepares `tx` to write `titles` titles.
    pub async fn begin(
        tx: &mut Transaction,
        backend: Backend,
        titles: u64,
    ) -> Result<BulkLoad, StoreError> {
        let mut load = BulkLoad {
            restore: Vec::new(),
        };
        match backend {
            // SQLite's page cache (2 MB by default) cannot hold a long transaction's pages, and
            // spills them to the log before the commit, writing most pages twice. The
            // connection keeps the setting until it closes; the bulk loader's pool lives only as
            // long as its command.
            Backend::Sqlite => {
                sqlx::query("PRAGMA cache_size = -262144")
                    .execute(&mut **tx)
                    .await?;
            }
            Backend::Postgres if titles > 0 && titles >= rows_held(tx, titles).await? => {
                load.drop_checks(tx).await?;
            }
            Backend::Postgres => {}
        }
        Ok(load)
    }

    /// Whether the load must end in the transaction it began in: it holds the titles table
    /// without its checks until `finish`.
    pub fn spans_one_transaction(&self) -> bool {
        !self.restore.is_empty()
    }

    /// Makes again what `begin` dropped, checking every row loaded; the caller then commits.
    pub async fn finish(self, tx: &mut Transaction) -> Result<(), StoreError> {
        if !self.restore.is_empty() {
            // Sorting the index entries in memory, not in runs on disk.
            sqlx::query("SET LOCAL maintenance_work_mem = '256MB'")
                .execute(&mut **tx)
                .await?;
        }
        for statement in self.restore {
            sqlx::query(sqlx::AssertSqlSafe(statement))
                .execute(&mut **tx)
                .await?;
        }
        Ok(())
    }

    async fn drop_checks(&mut self, tx: &mut Transaction) -> Result<(), StoreError> {
        // Indexes that back a constraint (the primary key, which ON CONFLICT needs) stay.
        let indexes = sqlx::query(
            "SELECT quote_ident(c.relname) AS name, pg_get_indexdef(i.indexrelid) AS definition \
             FROM pg_index i JOIN pg_class c ON c.oid = i.indexrelid \
             WHERE i.indrelid = 'titles'::regclass \
               AND NOT EXISTS (SELECT 1 FROM pg_constraint k WHERE k.conindid = i.indexrelid) \
             ORDER BY c.relname",
        )
        .fetch_all(&mut **tx)
        .await?;
        let foreign_keys = sqlx::query(
            "SELECT quote_ident(conname) AS name, pg_get_constraintdef(oid) AS definition \
             FROM pg_constraint WHERE conrelid = 'titles'::regclass AND contype = 'f' \
             ORDER BY conname",
        )
        .fetch_all(&mut **tx)
        .await?;
        for row in &indexes {
            let name: String = row.try_get("name")?;
            sqlx::query(sqlx::AssertSqlSafe(format!("DROP INDEX {name}")))
                .execute(&mut **tx)
                .await?;
            self.restore.push(row.try_get("definition")?);
        }
        for row in &foreign_keys {
            let name: String = row.try_get("name")?;
            let definition: String = row.try_get("definition")?;
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "ALTER TABLE titles DROP CONSTRAINT {name}"
            )))
            .execute(&mut **tx)
            .await?;
            self.restore.push(format!(
                "ALTER TABLE titles ADD CONSTRAINT {name} {definition}"
            ));
        }
        Ok(())
    }
}

/// About how many titles the table holds: the planner's estimate or, where the table has never
/// been analysed, a count that stops once past `at_most`.
async fn rows_held(tx: &mut Transaction, at_most: u64) -> Result<u64, StoreError> {
    let estimate: i64 =
        sqlx::query_scalar("SELECT reltuples::bigint FROM pg_class WHERE oid = 'titles'::regclass")
            .fetch_one(&mut **tx)
            .await?;
    let held = if estimate >= 0 {
        estimate
    } else {
        sqlx::query_scalar("SELECT count(*) FROM (SELECT 1 FROM titles LIMIT $1) AS held")
            .bind(i64::try_from(at_most).unwrap_or(i64::MAX - 1) + 1)
            .fetch_one(&mut **tx)
            .await?
    };
    Ok(u64::try_from(held).unwrap_or(0))
}
