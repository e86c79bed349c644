//! Fresh stores for tests: every test gets its own SQLite file or its own PostgreSQL database,
//! removed when the handle is dropped. PostgreSQL tests are skipped, loudly, when no server is
//! reachable, except in CI (`CI` set), where that is a failure.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use crate::Store;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The server PostgreSQL tests create their databases on (`TEST_POSTGRES_URL` overrides it).
pub fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL")
        .unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

pub async fn postgres_available() -> bool {
    static CHECKED: tokio::sync::OnceCell<bool> = tokio::sync::OnceCell::const_new();
    *CHECKED
        .get_or_init(|| async {
            let ok = match tokio::time::timeout(Duration::from_secs(5), Store::connect(&postgres_admin_url())).await {
                Ok(Ok(store)) => {
                    store.close().await;
                    true
                }
                _ => false,
            };
            if !ok {
                assert!(
                    std::env::var_os("CI").is_none(),
                    "CI is set but PostgreSQL is not reachable at {}",
                    postgres_admin_url()
                );
                eprintln!(
                    "\n!!! PostgreSQL is not reachable at {}: SKIPPING the PostgreSQL half of this test !!!\n",
                    postgres_admin_url()
                );
            }
            ok
        })
        .await
}

/// A store of a test's own, with the URL it was opened with.
pub struct TestStore {
    pub store: Store,
    pub url: String,
    dir: Option<std::path::PathBuf>,
    pg_database: Option<String>,
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

/// A new, migrated, empty store.
#[allow(clippy::expect_used)]
pub async fn fresh(backend: Backend) -> TestStore {
    let test = unmigrated(backend).await;
    test.store
        .migrate()
        .await
        .expect("migrating the test store");
    test
}

/// A new store holding what `prepare` writes into a migrated store, copied from a template that
/// is made once per machine for `key` (say, a hash of the fixture): a test starts from the copy
/// instead of migrating and loading (and hashing the fixture's passwords) again. The key is
/// joined with the migrations' checksums, so a new migration makes a new template.
#[allow(clippy::expect_used)]
pub async fn prepared<F, Fut>(backend: Backend, key: &str, prepare: F) -> TestStore
where
    F: FnOnce(Store) -> Fut,
    Fut: std::future::Future<Output = ()>,
{
    let key = template_key(key);
    match backend {
        Backend::Sqlite => {
            let template = std::env::temp_dir().join(format!("lectern-template-{key}.db"));
            if !template.exists() {
                let made = fresh(backend).await;
                prepare(made.store.clone()).await;
                sqlx::query("PRAGMA wal_checkpoint(TRUNCATE)")
                    .execute(made.store.setup_pool())
                    .await
                    .expect("checkpointing the template");
                made.store.close().await;
                let dir = made
                    .dir
                    .clone()
                    .expect("a SQLite test store has a directory");
                // Written aside and renamed, so that a test running alongside never copies half.
                let partial =
                    template.with_extension(format!("{}.partial", lectern_domain::ids::new_id()));
                std::fs::copy(dir.join("lectern.db"), &partial).expect("copying the template");
                std::fs::rename(&partial, &template).expect("keeping the template");
            }
            let dir = std::env::temp_dir()
                .join(format!("lectern-test-{}", lectern_domain::ids::new_id()));
            std::fs::create_dir_all(&dir).expect("creating a temporary directory");
            std::fs::copy(&template, dir.join("lectern.db")).expect("copying the template");
            let url = Store::sqlite_url_for_dir(&dir);
            let store = Store::connect(&url).await.expect("opening the test store");
            TestStore {
                store,
                url,
                dir: Some(dir),
                pg_database: None,
            }
        }
        Backend::Postgres => {
            let template = format!("lectern_tpl_{}", &key[..24]);
            let admin = Store::connect(&postgres_admin_url())
                .await
                .expect("connecting to PostgreSQL");
            let mut conn = admin
                .setup_pool()
                .acquire()
                .await
                .expect("an admin connection");
            // One test process makes the template while the others wait for it.
            sqlx::query("SELECT pg_advisory_lock(hashtext($1))")
                .bind(&template)
                .execute(&mut *conn)
                .await
                .expect("locking the template");
            let exists: i64 =
                sqlx::query_scalar("SELECT COUNT(*) FROM pg_database WHERE datname = $1")
                    .bind(&template)
                    .fetch_one(&mut *conn)
                    .await
                    .expect("looking for the template");
            if exists == 0 {
                let mut made = fresh(backend).await;
                prepare(made.store.clone()).await;
                made.store.close().await;
                let name = made
                    .pg_database
                    .take()
                    .expect("a PostgreSQL test store has a database");
                sqlx::query(sqlx::AssertSqlSafe(format!(
                    "ALTER DATABASE {name} RENAME TO {template}"
                )))
                .execute(&mut *conn)
                .await
                .expect("keeping the template");
            }
            // Copies are made one at a time too: PostgreSQL refuses to copy a template that
            // another copy is reading.
            let name = test_database_name();
            sqlx::query(sqlx::AssertSqlSafe(format!(
                "CREATE DATABASE {name} TEMPLATE {template}"
            )))
            .execute(&mut *conn)
            .await
            .expect("copying the template");
            sqlx::query("SELECT pg_advisory_unlock(hashtext($1))")
                .bind(&template)
                .execute(&mut *conn)
                .await
                .expect("unlocking the template");
            drop(conn);
            admin.close().await;
            let url = database_url(&name);
            let store = Store::connect(&url).await.expect("opening the test store");
            TestStore {
                store,
                url,
                dir: None,
                pg_database: Some(name),
            }
        }
    }
}

fn template_key(key: &str) -> String {
    use std::hash::{Hash, Hasher};
    // Two hashes of 64 bits: enough to tell templates apart, and no dependency for it.
    let mut parts = Vec::new();
    for seed in [0u64, 1] {
        let mut h = std::collections::hash_map::DefaultHasher::new();
        seed.hash(&mut h);
        key.hash(&mut h);
        for m in crate::db::MIGRATOR.iter() {
            m.version.hash(&mut h);
            m.checksum.hash(&mut h);
        }
        parts.push(format!("{:016x}", h.finish()));
    }
    parts.concat()
}

fn test_database_name() -> String {
    format!(
        "lectern_t_{}_{}_{}",
        std::process::id(),
        COUNTER.fetch_add(1, Ordering::Relaxed),
        lectern_domain::ids::new_id()
    )
}

#[allow(clippy::expect_used)]
fn database_url(name: &str) -> String {
    let mut url = url::Url::parse(&postgres_admin_url()).expect("a PostgreSQL URL");
    url.set_path(&format!("/{name}"));
    url.to_string()
}

/// A new store with no tables yet.
#[allow(clippy::expect_used)]
pub async fn unmigrated(backend: Backend) -> TestStore {
    let (url, dir, pg_database) = match backend {
        Backend::Sqlite => {
            let dir = std::env::temp_dir()
                .join(format!("lectern-test-{}", lectern_domain::ids::new_id()));
            std::fs::create_dir_all(&dir).expect("creating a temporary directory");
            (Store::sqlite_url_for_dir(&dir), Some(dir), None)
        }
        Backend::Postgres => {
            let name = test_database_name();
            let admin = Store::connect(&postgres_admin_url())
                .await
                .expect("connecting to PostgreSQL");
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                .execute(admin.setup_pool())
                .await
                .expect("creating a test database");
            admin.close().await;
            (database_url(&name), None, Some(name))
        }
    };
    let store = Store::connect(&url).await.expect("opening the test store");
    TestStore {
        store,
        url,
        dir,
        pg_database,
    }
}

impl Drop for TestStore {
    fn drop(&mut self) {
        if let Some(dir) = self.dir.take() {
            let _ = std::fs::remove_dir_all(dir);
        }
        if let Some(db) = self.pg_database.take() {
            // Drop may run inside a runtime that must not block, so a thread of its own does it.
            let _ = std::thread::spawn(move || {
                let Ok(rt) = tokio::runtime::Builder::new_current_thread()
                    .enable_all()
                    .build()
                else {
                    return;
                };
                rt.block_on(finish_database(&db));
            })
            .join();
        }
    }
}

/// What a finished test's database says of itself: it is removed with the others so marked.
const FINISHED: &str = "lectern: the store of a finished test";

/// How many finished tests' databases are left before one test removes them all.
const REMOVED_TOGETHER: usize = 32;

/// Marks a test's database finished, and removes the finished ones once there are
/// `REMOVED_TOGETHER` of them. PostgreSQL makes a checkpoint for every database dropped, which
/// writes out what every other running test has changed: one drop at the end of each test made
/// PostgreSQL's share of the suite several times what the tests themselves cost it. Dropped
/// together, the first checkpoint writes, the rest find little to write, and a database's own
/// pages are discarded unwritten. A developer's run leaves fewer than `REMOVED_TOGETHER`, which
/// the next run removes.
async fn finish_database(db: &str) {
    let Ok(admin) = Store::connect(&postgres_admin_url()).await else {
        return;
    };
    let pool = admin.setup_pool();
    let marked = sqlx::query(sqlx::AssertSqlSafe(format!(
        "COMMENT ON DATABASE {db} IS '{FINISHED}'"
    )))
    .execute(pool)
    .await;
    if marked.is_err() {
        let _ = drop_database(pool, db).await;
    } else if let Ok(mut conn) = pool.acquire().await {
        // One test removes them at a time; the others go on.
        let cleaning: bool = sqlx::query_scalar("SELECT pg_try_advisory_lock(hashtext($1))")
            .bind(FINISHED)
            .fetch_one(&mut *conn)
            .await
            .unwrap_or(false);
        if cleaning {
            let finished: Vec<String> = sqlx::query_scalar(
                "SELECT datname::text FROM pg_database \
                 WHERE shobj_description(oid, 'pg_database') = $1 ORDER BY datname",
            )
            .bind(FINISHED)
            .fetch_all(&mut *conn)
            .await
            .unwrap_or_default();
            if finished.len() >= REMOVED_TOGETHER {
                for name in &finished {
                    let _ = drop_database(&mut *conn, name).await;
                }
            }
            let _ = sqlx::query("SELECT pg_advisory_unlock(hashtext($1))")
                .bind(FINISHED)
                .execute(&mut *conn)
                .await;
        }
    }
    admin.close().await;
}

async fn drop_database<'c, E>(executor: E, db: &str) -> Result<(), sqlx::Error>
where
    E: sqlx::Executor<'c, Database = sqlx::Any>,
{
    let sql = format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)");
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .execute(executor)
        .await
        .map(|_| ())
}

/// Runs each story (an `async fn(Backend)`) on SQLite and on PostgreSQL, as two tests.
#[macro_export]
macro_rules! on_both_stores {
    ($($story:ident),* $(,)?) => {
        $(
            mod $story {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$story($crate::testing::Backend::Sqlite).await;
                }

                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    if $crate::testing::postgres_available().await {
                        super::$story($crate::testing::Backend::Postgres).await;
                    }
                }
            }
        )*
    };
}
