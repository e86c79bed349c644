use std::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use sqlx::any::{AnyConnectOptions, AnyPoolOptions};
use sqlx::{AnyPool, Connection, Executor};

use crate::checkpoints::Checkpoints;
use crate::group_commit::GroupCommit;
use crate::inline_reads::InlineReads;
use crate::reading_activity::ReadingEvents;
use crate::reads::Reads;
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

/// The store: pools over whichever engine the URL names, one to read and one to write.
#[derive(Clone)]
pub struct Store {
    reads: Reads,
    /// Lent only as a `Transaction` or a `Writer`, in the node's turn to write. On PostgreSQL
    /// it is the read pool: its writers go on together, and its connections are the server's
    /// to share among the nodes.
    writes: AnyPool,
    backend: Backend,
    /// For the bulk loader's own connection (`bulk`).
    url: Arc<str>,
    write_turns: WriteTurns,
    pub(crate) reading_events: Arc<GroupCommit<ReadingEvents>>,
    /// SQLite's log checkpoints, for as long as a clone of the store lives.
    _checkpoints: Option<Arc<Checkpoints>>,
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

/// Readers are cheap in WAL mode, and one waiting for a slow disk should not hold up the others.
const SQLITE_READERS: u32 = 32;

/// SQLite has one writer at a time, and the node's writers take turns before they take a
/// connection (`write_turns`). One connection, so that its page cache stays true: a commit on
/// another connection makes SQLite drop every page a connection holds, and with two taking turns
/// each transaction read its pages again (the refresh grant: 1,790 tokens/s with two, 2,289 with
/// one, `docs/benchmarks.md`, "One write connection").
const SQLITE_WRITERS: u32 = 1;

/// 16 KiB pages suit title records: fewer page splits and a smaller file (measured when records
/// were 2 kB of plain JSON: 17% faster catalog generation, 16% smaller; packed, they are 700
/// bytes). It applies only to a new file, so it must come before WAL mode initialises one.
/// WAL lets readers go on while the one writer writes.
/// The writer never checkpoints the log itself (`checkpoints`).
const SQLITE_SETUP: &str = "PRAGMA page_size = 16384; PRAGMA journal_mode = WAL; \
     PRAGMA synchronous = NORMAL; PRAGMA foreign_keys = ON; PRAGMA busy_timeout = 10000; \
     PRAGMA wal_autocheckpoint = 0;";

/// The read pool's connections refuse to write: a write must take its turn (`reads`).
const SQLITE_READ_ONLY: &str = "PRAGMA query_only = 1; PRAGMA foreign_keys = ON; \
     PRAGMA busy_timeout = 10000;";

fn sqlite_pool(connections: u32, setup: &'static str) -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(connections)
        // A ping checks nothing a local file could lose, and cost every query a round trip to
        // the connection's thread (a twentieth of a rare term's search).
        .test_before_acquire(false)
        .acquire_timeout(Duration::from_secs(10))
        .after_connect(move |conn, _| {
            Box::pin(async move {
                conn.execute(setup).await?;
                Ok(())
            })
        })
}

fn postgres_pool() -> AnyPoolOptions {
    AnyPoolOptions::new()
        .max_connections(16)
        // sqlx pings each connection as it goes back to the pool, so an idle one worked when it
        // was last used; pinging again before each use cost every query a third round trip.
        // Only a connection idle long enough for the server to have gone away meanwhile (a
        // restart, a proxy's idle timeout) is pinged first; one that fails is dropped and
        // another taken.
        .test_before_acquire(false)
        .acquire_timeout(Duration::from_secs(10))
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

/// The calling thread's reads of a SQLite file (`inline_reads`); none for a database in memory,
/// which each connection would see as a database of its own.
fn inline_reads_of(url: &str) -> Result<Option<Arc<InlineReads>>, StoreError> {
    let options = sqlx::sqlite::SqliteConnectOptions::from_str(url)?;
    let path = options.get_filename();
    let in_memory = path.as_os_str().is_empty()
        || path.as_os_str() == ":memory:"
        || url.contains("mode=memory");
    Ok((!in_memory).then(|| Arc::new(InlineReads::new(path.to_path_buf()))))
}

pub(crate) static MIGRATOR: sqlx::migrate::Migrator = sqlx::migrate!("./migrations");

impl Store {
    /// On SQLite, reads answered on the calling thread and reads handed on to the read pool
    /// (`inline_reads`); none on PostgreSQL.
    pub fn inline_read_counts(&self) -> Option<(u64, u64)> {
        self.reads.inline.as_ref().map(|i| i.counts())
    }

    /// Sets the store's counters in the metrics recorder, just before they are rendered:
    /// `lectern_store_sqlite_reads_total`, by `path` (`inline` or `pool`).
    pub fn publish_metrics(&self) {
        if let Some((inline, pool)) = self.inline_read_counts() {
            metrics::counter!("lectern_store_sqlite_reads_total", "path" => "inline")
                .absolute(inline);
            metrics::counter!("lectern_store_sqlite_reads_total", "path" => "pool").absolute(pool);
        }
    }
}

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
        let mut checkpoints = None;
        let (reads, writes) = match backend {
            Backend::Sqlite => {
                // The writing pool first: its first connection makes the file and sets it up.
                let writes = sqlite_pool(SQLITE_WRITERS, SQLITE_SETUP)
                    .connect_with(options.clone())
                    .await?;
                if inline_reads_of(url)?.is_some() {
                    checkpoints = Some(Arc::new(Checkpoints::start(&options).await?));
                }
                let reads = sqlite_pool(SQLITE_READERS, SQLITE_READ_ONLY)
                    .connect_with(options)
                    .await?;
                (reads, writes)
            }
            Backend::Postgres => {
                let pool = postgres_pool().connect_with(options).await?;
                (pool.clone(), pool)
            }
        };
        let inline = match backend {
            Backend::Sqlite => inline_reads_of(url)?,
            Backend::Postgres => None,
        };
        Ok(Store {
            reads: Reads {
                pool: reads,
                inline,
            },
            writes,
            backend,
            url: Arc::from(url),
            write_turns: match backend {
                Backend::Sqlite => WriteTurns::one_at_a_time(),
                Backend::Postgres => WriteTurns::default(),
            },
            reading_events: Arc::new(GroupCommit::new(ReadingEvents)),
            _checkpoints: checkpoints,
        })
    }

    /// Runs the migrations not yet run: all of them but those whose name ends in the other
    /// engine's name (`..._postgres.sql`, `..._sqlite.sql`), for what one statement cannot say
    /// in both engines' SQL.
    pub async fn migrate(&self) -> Result<(), StoreError> {
        self.migrator().run(&self.writes).await?;
        Ok(())
    }

    /// Runs the migrations up to `version`: a store as an older release left it.
    #[cfg(feature = "testing")]
    pub async fn migrate_to(&self, version: i64) -> Result<(), StoreError> {
        self.migrator().run_to(version, &self.writes).await?;
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

    /// The writing pool outside the turns: for what is done before a store serves (making a
    /// test database, checkpointing a template), never while it does.
    #[cfg(feature = "testing")]
    pub(crate) fn setup_pool(&self) -> &AnyPool {
        &self.writes
    }

    /// The most reading events one commit has held (`group_commit`).
    #[cfg(feature = "testing")]
    pub fn largest_reading_event_group(&self) -> usize {
        self.reading_events.largest_group()
    }

    /// The read handle: for reads outside a transaction.
    pub fn reads(&self) -> &Reads {
        &self.reads
    }

    pub fn backend(&self) -> Backend {
        self.backend
    }

    /// Answers once the store does: a statement that reads nothing.
    pub async fn ping(&self) -> Result<(), StoreError> {
        sqlx::query("SELECT 1").execute(&self.reads).await?;
        Ok(())
    }

    /// A transaction, for writes: on SQLite it first waits for the node's turn to write
    /// (`write_turns`), so reads should not open one only to read.
    pub async fn begin(&self) -> Result<crate::Transaction, StoreError> {
        let turn = self.write_turns.wait().await?;
        Ok(crate::Transaction::new(self.writes.begin().await?, turn))
    }

    /// A connection for writes of one statement each, in the node's turn to write on SQLite:
    /// for the frequent ones (a bookmark, a token), which would otherwise wait for the lock
    /// holding a connection.
    pub async fn writer(&self) -> Result<Writer, StoreError> {
        let turn = self.write_turns.wait().await?;
        Ok(Writer::new(self.writes.acquire().await?, turn))
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
        if let Some(inline) = &self.reads.inline {
            inline.close();
        }
        self.reads.pool.close().await;
        self.writes.close().await;
    }
}

impl Store {
    /// The SQLite URL for a data directory: `sqlite://DIR/lectern.db?mode=rwc`.
    pub fn sqlite_url_for_dir(dir: &std::path::Path) -> String {
        format!("sqlite://{}?mode=rwc", dir.join("lectern.db").display())
    }
}
