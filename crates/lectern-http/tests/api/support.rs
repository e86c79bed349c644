//! The test harness: each test gets the real application on a port the system picks, over a
//! store of its own (a fresh SQLite file, or a fresh PostgreSQL database), loaded with
//! `world.json`.

use std::sync::atomic::{AtomicU32, Ordering};
use std::time::Duration;

use lectern_http::{AppState, HttpSettings, app};
use lectern_store::Store;
use lectern_store::fixture::{self, FixtureFile};
use reqwest::{RequestBuilder, Response, StatusCode};
use serde_json::Value;

pub const WORLD: &str = include_str!("world.json");
pub const TRUSTED: &str = "trusted-app-key";
pub const PUBLIC: &str = "public-app-key";
pub const CONFIDENTIAL: &str = "confidential-app-key";
pub const CONFIDENTIAL_SECRET: &str = "confidential-secret-0001";
pub const DISABLED: &str = "disabled-app-key";
pub const OTHER_SITE: &str = "other-site-key";
pub const TRUSTED_REDIRECT: &str = "http://127.0.0.1:9/callback";

/// Every signed-in role of the world, with its credentials.
pub const USERS: [(&str, &str, &str); 8] = [
    ("individualMember", "member@example.org", "member-pass-1"),
    ("organizationMember", "student@example.org", "student-pass-1"),
    ("organizationSponsor", "sponsor@example.org", "sponsor-pass-1"),
    ("collectionAssistant", "collection@example.org", "collection-pass-1"),
    ("membershipAssistant", "membership@example.org", "membership-pass-1"),
    ("administrator", "admin@example.org", "admin-pass-1"),
    ("volunteer", "volunteer@example.org", "volunteer-pass-1"),
    ("trustedVolunteer", "trusted-volunteer@example.org", "trusted-pass-1"),
];

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Backend {
    Sqlite,
    Postgres,
}

/// The server PostgreSQL tests create their databases on.
fn postgres_admin_url() -> String {
    std::env::var("TEST_POSTGRES_URL").unwrap_or_else(|_| "postgres://postgres@127.0.0.1:5432/postgres".to_owned())
}

/// Whether PostgreSQL tests can run. Without a server they are skipped, loudly, except in CI
/// (`CI` set), where a missing server is a failure.
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
                assert!(std::env::var_os("CI").is_none(), "CI is set but PostgreSQL is not reachable at {}", postgres_admin_url());
                eprintln!("\n!!! PostgreSQL is not reachable at {}: SKIPPING the PostgreSQL half of the suite !!!\n", postgres_admin_url());
            }
            ok
        })
        .await
}

pub struct TestApp {
    pub base: String,
    pub http: reqwest::Client,
    pub store: Store,
    _dir: Option<tempdir::TempDir>,
    pg_database: Option<String>,
    server: tokio::task::JoinHandle<()>,
}

pub mod tempdir {
    /// A directory removed when dropped.
    pub struct TempDir(pub std::path::PathBuf);
    impl TempDir {
        pub fn new() -> Self {
            let dir = std::env::temp_dir().join(format!("lectern-test-{}", lectern_domain::ids::new_id()));
            std::fs::create_dir_all(&dir).unwrap_or_else(|e| panic!("creating {}: {e}", dir.display()));
            TempDir(dir)
        }
    }
    impl Drop for TempDir {
        fn drop(&mut self) {
            let _ = std::fs::remove_dir_all(&self.0);
        }
    }
}

pub fn default_settings() -> HttpSettings {
    HttpSettings {
        public_url: url::Url::parse("http://placeholder/").expect("url"),
        oauth_public_url: url::Url::parse("http://placeholder/").expect("url"),
        access_token_ttl: Duration::from_secs(3600),
        refresh_token_ttl: Duration::from_secs(86_400),
        rate_limit_per_client: 100_000,
        rate_limit_per_user: 100_000,
    }
}

impl TestApp {
    pub async fn start(backend: Backend) -> TestApp {
        Self::start_with(backend, |_| {}).await
    }

    /// Starts the application with settings adjusted by `adjust` (public URLs are filled in).
    pub async fn start_with(backend: Backend, adjust: impl FnOnce(&mut HttpSettings)) -> TestApp {
        let (store, dir, pg_database) = fresh_store(backend).await;
        fixture::load(&store, FixtureFile::parse(WORLD).expect("world.json parses")).await.expect("world.json loads");

        let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        let mut settings = default_settings();
        adjust(&mut settings);
        settings.public_url = url::Url::parse(&base).expect("url");
        settings.oauth_public_url = settings.public_url.clone();
        let router = app(AppState::new(store.clone(), settings), None);
        let server = tokio::spawn(async move {
            axum::serve(listener, router).await.expect("server");
        });
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .cookie_store(true)
            .build()
            .expect("client");
        TestApp { base, http, store, _dir: dir, pg_database, server }
    }

    pub fn url(&self, path: &str) -> String {
        format!("{}{path}", self.base)
    }

    pub fn get(&self, path: &str) -> RequestBuilder {
        self.http.get(self.url(path))
    }

    pub fn post(&self, path: &str) -> RequestBuilder {
        self.http.post(self.url(path))
    }

    /// A password-grant token request from a client with a blank secret, as existing clients send it.
    pub async fn password_grant(&self, api_key: &str, user: &str, password: &str) -> Response {
        self.post(&format!("/oauth/token?api_key={api_key}"))
            .basic_auth(api_key, Some(""))
            .form(&[("grant_type", "password"), ("username", user), ("password", password)])
            .send()
            .await
            .expect("token request")
    }

    /// Signs a user in through the trusted client and returns the token response.
    pub async fn sign_in(&self, user: &str, password: &str) -> Value {
        let resp = self.password_grant(TRUSTED, user, password).await;
        let (status, body) = json(resp).await;
        assert_eq!(status, StatusCode::OK, "sign-in of {user} failed: {body}");
        body
    }

    /// An access token for a user, through the trusted client.
    pub async fn token_for(&self, user: &str, password: &str) -> String {
        self.sign_in(user, password).await["access_token"].as_str().expect("access_token").to_owned()
    }

    pub async fn my_account(&self, api_key: &str, token: &str) -> (StatusCode, Value) {
        json(self.get(&format!("/v2/myAccount?api_key={api_key}")).bearer_auth(token).send().await.expect("request")).await
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.abort();
        if let Some(db) = self.pg_database.take() {
            // Dropping runs outside any runtime we may block, so a short-lived one does it.
            let _ = std::thread::spawn(move || {
                let rt = tokio::runtime::Builder::new_current_thread().enable_all().build().expect("runtime");
                rt.block_on(async {
                    if let Ok(admin) = Store::connect(&postgres_admin_url()).await {
                        let sql = format!("DROP DATABASE IF EXISTS {db} WITH (FORCE)");
                        let _ = sqlx::query(sqlx::AssertSqlSafe(sql)).execute(admin.pool()).await;
                        admin.close().await;
                    }
                });
            })
            .join();
        }
    }
}

static COUNTER: AtomicU32 = AtomicU32::new(0);

async fn fresh_store(backend: Backend) -> (Store, Option<tempdir::TempDir>, Option<String>) {
    match backend {
        Backend::Sqlite => {
            let dir = tempdir::TempDir::new();
            let store = Store::connect(&Store::sqlite_url_for_dir(&dir.0)).await.expect("sqlite store");
            store.migrate().await.expect("migrate sqlite");
            (store, Some(dir), None)
        }
        Backend::Postgres => {
            let name = format!(
                "lectern_t_{}_{}_{}",
                std::process::id(),
                COUNTER.fetch_add(1, Ordering::Relaxed),
                lectern_domain::ids::new_id()
            );
            let admin = Store::connect(&postgres_admin_url()).await.expect("postgres admin connection");
            sqlx::query(sqlx::AssertSqlSafe(format!("CREATE DATABASE {name}")))
                .execute(admin.pool())
                .await
                .expect("create test database");
            admin.close().await;
            let mut url = url::Url::parse(&postgres_admin_url()).expect("postgres url");
            url.set_path(&format!("/{name}"));
            let store = Store::connect(url.as_str()).await.expect("postgres store");
            store.migrate().await.expect("migrate postgres");
            (store, None, Some(name))
        }
    }
}

/// Status and JSON body of a response.
pub async fn json(resp: Response) -> (StatusCode, Value) {
    let status = resp.status();
    let text = resp.text().await.expect("body");
    let body = serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
    (status, body)
}

/// Asserts the error envelope of document 1 and returns its first message.
pub fn error_message(body: &Value, key: &str) -> String {
    assert_eq!(body["key"], key, "unexpected error body: {body}");
    assert!(body["links"].is_array(), "links missing: {body}");
    body["messages"][0].as_str().unwrap_or_else(|| panic!("no message: {body}")).to_owned()
}

/// Runs each story on SQLite and on PostgreSQL, as two tests.
#[macro_export]
macro_rules! on_both_stores {
    ($($story:ident),* $(,)?) => {
        $(
            mod $story {
                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn sqlite() {
                    super::$story($crate::support::Backend::Sqlite).await;
                }

                #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
                async fn postgres() {
                    if $crate::support::postgres_available().await {
                        super::$story($crate::support::Backend::Postgres).await;
                    }
                }
            }
        )*
    };
}
