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
            let name = format!(
                "lectern_t_{}_{}_{}",
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed),
                lectern_domain::ids::new_id()
            );
            let admin = Store::connect(&postgres_admin_url())
                .await
                .expect("connecting to PostgreSQL");
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                .execute(admin.pool())
                .await
                .expect("creating a test database");
            admin.close().await;
            let mut url = url::Url::parse(&postgres_admin_url()).expect("a PostgreSQL URL");
            url.set_path(&format!("/{name}"));
            (url.to_string(), None, Some(name))
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
                rt.block_on(async {
                    if let Ok(admin) = Store::connect(&postgres_admin_url()).await {
                        let sql = format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)");
                        let _ = sqlx::query(sqlx::AssertSqlSafe(sql))
                            .execute(admin.pool())
                            .await;
                        admin.close().await;
                    }
                });
            })
            .join();
        }
    }
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
