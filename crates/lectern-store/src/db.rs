use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Connection, Executor};

use crate::write_turns::{WriteTurns, Writer};

/// How long a PostgreSQL connection may sit idle before it is checked before use.
const PING_AFTER_IDLE: Duration = Duration::from_secs(10);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

#[derive(Debug, thiserror::Error)]
pub enum StoreError {
    #[error("database URL must start with sqlite:// or postgres://, got '{0}'")]
    UnsupportedUrl(String),
    #[error(transparent)]
    Database(#[from] sqlx::Error),
    #[error(transparent)]
    Migrate(#[from] sqlx::migrate::MigrateError),
    #[error("a stored record does not read back: {0}")]
    Record(#[from] serde_json::Error),
    #[error("stored data is inconsistent: {0}")]
    Corrupt(String),
}

/// The store: a pool over whichever engine the URL names.
#[derive(Clone)]
pub struct Store {
    pool: AnyPool,
    backend: Backend,
    /// For the bulk loader's own connection (`bulk`).
    url: Arc<str>,
    write_turns: WriteTurns,
}

/// Values over 2 kB are compressed as they are stored; lz4 does it several times faster than
/// PostgreSQL's default pglz (measured when title records were stored as plain JSON: 22% faster
/// catalog generation; they are packed now, see `packed`, and few reach 2 kB). Servers built
/// without lz4 keep pglz.
const LZ4_TOAST: &str = "SELECT set_config('default_toast_compression', 'lz4', false) \
     FROM pg_settings WHERE name = 'default_toast_compression' AND 'lz4' = ANY (enumvals)";

/// Dates are compared as `CAST(CURRENT_DATE AS TEXT)` (`accounts.rs`): in UTC and written
/// `YYYY-MM-DD`, as SQLite writes them.
const UTC_ISO_DATES: &str = "SET TIME ZONE 'UTC'; SET DateStyle = 'ISO, MDY'";

pub(crate) static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

impl Store {
    /// Connects; for SQLite the file is created if missing and put in WAL mode.
    pub async fn connect(url: &str) -> Result<Self, StoreError> {
        sqlx::any::install_default_drivers();
        let backend = if url.starts_with("sqlite:") {
            Backend::Sqlite
        } else if url.starts_with("postgres:") || url.starts_with("postgresql:") {
            Backend::Postgres
        } else {
            return Err(StoreError::UnsupportedUrl(url.to_owned()));
        };
        let options = AnyConnectOptions::from_str(url)?;
        let pool_options = match backend {
            // One writer at a time is all SQLite allows; WAL lets readers go on meanwhile. A
            // writer waiting for the lock keeps its connection while it sleeps (`busy_timeout`):
            // with 8 connections, under a mixed load at 80% of capacity, waiting writers held
            // them all and every read queued behind them for a second and more
            // (`docs/benchmarks.md`, "Mixed load"). Readers are cheap in WAL mode.
            Backend::Sqlite => AnyPoolOptions::new()
                .max_connections(32)
                // A ping checks nothing a local file could lose, and cost every query a
                // round trip to the connection's thread (a twentieth of a rare term's search).
                .test_before_acquire(false)
                .after_connect(|conn, _| {
                    Box::pin(async move {
                        // 16 KiB pages suit title records: fewer page splits and a
                        // smaller file (measured when records were 2 kB of plain JSON: 17%
                        // faster catalog generation, 16% smaller; packed, they are 700
                        // bytes). It applies only to a new file, so it must come before WAL
                        // mode initialises one.
                        conn.execute(
                            "PRAGMA page_size = 16384; PRAGMA journal_mode = WAL; \
                         PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; \
                         PRAGMA busy_timeout = 10000;",
                        )
                        .await?;
                        Ok(())
                    })
                }),
            Backend::Postgres => {
                AnyPoolOptions::new()
                    .max_connections(16)
                    // sqlx pings each connection as it goes back to the pool, so an idle one
                    // worked when it was last used; pinging again before each use cost every
                    // query a third round trip. Only a connection idle long enough for the
                    // server to have gone away meanwhile (a restart, a proxy's idle timeout)
                    // is pinged first; one that fails is dropped and another taken.
                    .test_before_acquire(false)
                    .before_acquire(|conn, meta| {
                        Box::pin(async move {
                            if meta.idle_for > PING_AFTER_IDLE {
                                conn.ping().await?;
                            }
                            Ok(true)
                        })
                    })
                    .after_connect(|conn, _| {
                        Box::pin(async move {
                            conn.execute(LZ4_TOAST).await?;
                            conn.execute(UTC_ISO_DATES).await?;
                            Ok(())
                        })
                    })
            }
        };
        let pool = pool_options
            .acquire_timeout(Duration::from_secs(10))
            .connect_with(options)
            .await?;
        let write_turns = match backend {
            Backend::Sqlite => WriteTurns::one_at_a_time(),
            Backend::Postgres => WriteTurns::default(),
        };
        Ok(Store {
            pool,
            backend,
            url: Arc::from(url),
            write_turns,
        })
    }

    /// Runs the migrations not yet run: all of them but those whose name ends in the other
    /// engine's name (`..._postgres.sql`, `..._sqlite.sql`), for what one statement cannot say
    /// in both engines' SQL.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        self.migrator().run(&self.pool).await?;
        Ok(())
    }

    /// Runs the migrations up to `version`: a store as an older release left it.
    #[cfg(feature = "testing")]
    pub async fn migrate_to(&self, version: i64) -> Result<(), StoreError> {
        self.migrator().run_to(version, &self.pool).await?;
        Ok(())
    }

    fn migrator(&self) -> sqlx::migrate::Migrator {
        let other = match self.backend {
            Backend::Sqlite => " postgres",
            Backend::Postgres => " sqlite",
        };
        sqlx::migrate::Migrator::with_migrations(
            MIGRATOR
                .iter()
                .filter(|m| !m.description.ends_with(other))
                .cloned()
                .collect(),
        )
    }

    pub fn pool(&self) -> &AnyPool {
        &self.pool
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Answers once the store does: a statement that reads nothing.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.pool).await?;
        Ok(())
    }

    /// A transaction, for writes: on SQLite it first waits for the node's turn to write
    /// (`write_turns`), so reads should not open one only to read.
    pub async fn begin(&self) -> Result<crate::Transaction, StoreError> {
        let turn = self.write_turns.wait().await?;
        Ok(crate::Transaction::new(self.pool.begin().await?, turn))
    }

    /// A connection for writes of one statement each, in the node's turn to write on SQLite:
    /// for the frequent ones (a bookmark, a token), which would otherwise wait for the lock
    /// holding a connection.
    pub async fn writer(&self) -> Result<Writer, StoreError> {
        let turn = self.write_turns.wait().await?;
        Ok(Writer::new(self.pool.acquire().await?, turn))
    }

    /// A pool of one native PostgreSQL connection, set up as the store's own are: for what
    /// the `Any` driver cannot do (`COPY`).
    pub(crate) async fn postgres_pool_of_one(&self) -> Result<sqlx::PgPool, StoreError> {
        Ok(sqlx::postgres::PgPoolOptions::new()
            .max_connections(1)
            .after_connect(|conn, _| {
                Box::pin(async move {
                    conn.execute(LZ4_TOAST).await?;
                    conn.execute(UTC_ISO_DATES).await?;
                    Ok(())
                })
            })
            .acquire_timeout(Duration::from_secs(10))
            .connect(&self.url)
            .await?)
    }

    pub async fn close(&self) {
        self.pool.close().await;
    }
}

impl Store {
    /// The SQLite URL for a data directory: `sqlite://DIR/lectern.db?mode=rwc`.
    pub fn sqlite_url_for_dir(dir: &std::path::Path) -> String {
        format!("sqlite://{}?mode=rwc", dir.join("lectern.db").display())
    }

    /// A connection from the pool, for statements that must share one.
    pub async fn acquire(&self) -> Result<sqlx::pool::PoolConnection<sqlx::Any>, StoreError> {
        Ok(self.pool.acquire().await?)
    }
}
