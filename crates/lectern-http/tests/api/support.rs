//! The test harness: each test gets the real application on a port the system picks, over a
//! store of its own (see `lectern_store::testing`), loaded with `world.json`.

use std::time::{Duration, Instant};

use lectern_http::conventions::rate_limit::RateLimits;
use lectern_http::{AppState, HttpSettings, app};
use lectern_store::Store;
use lectern_store::fixture::{self, FixtureFile};
use lectern_store::testing::{self, TestStore};
use reqwest::{RequestBuilder, Response, StatusCode};
use serde_json::Value;

pub const WORLD: &str = include_str!("world.json");
/// Titles, categories, BISAC codes, popular lists and periodicals over the world's sites.
pub const CATALOG: &str = include_str!("catalog.json");
pub const TRUSTED: &str = "trusted-app-key";
pub const PUBLIC: &str = "public-app-key";
pub const CONFIDENTIAL: &str = "confidential-app-key";
pub const CONFIDENTIAL_SECRET: &str = "confidential-secret-0001";
pub const DISABLED: &str = "disabled-app-key";
pub const OTHER_SITE: &str = "other-site-key";
/// The membership assistant of the main site.
pub const MEMBERSHIP: &str = "membership@example.org";
pub const TRUSTED_REDIRECT: &str = "http://127.0.0.1:9/callback";

/// Every signed-in role of the world, with its credentials.
pub const USERS: [(&str, &str, &str); 8] = [
    ("individualMember", "member@example.org", "member-pass-1"),
    (
        "organizationMember",
        "student@example.org",
        "student-pass-1",
    ),
    (
        "organizationSponsor",
        "sponsor@example.org",
        "sponsor-pass-1",
    ),
    (
        "collectionAssistant",
        "collection@example.org",
        "collection-pass-1",
    ),
    (
        "membershipAssistant",
        "membership@example.org",
        "membership-pass-1",
    ),
    ("administrator", "admin@example.org", "admin-pass-1"),
    ("volunteer", "volunteer@example.org", "volunteer-pass-1"),
    (
        "trustedVolunteer",
        "trusted-volunteer@example.org",
        "trusted-pass-1",
    ),
];

pub use lectern_store::testing::Backend;

pub struct TestApp {
    pub base: String,
    pub http: reqwest::Client,
    pub store: Store,
    settings: HttpSettings,
    redis_prefix: Option<String>,
    titles: std::sync::Arc<lectern_http::title_index::Titles>,
    follower: tokio::task::JoinHandle<()>,
    worker: lectern_jobs::worker::Worker,
    pub files: lectern_jobs::FileStore,
    /// The first node's file directory, removed when it is dropped.
    files_dir: Option<std::path::PathBuf>,
    /// Owned by the first node of a store only: dropping it removes the store.
    _test_store: Option<TestStore>,
    server: tokio::task::JoinHandle<()>,
}

/// The Redis that shared rate limits are tested on (`TEST_REDIS_URL` overrides it).
pub fn redis_url() -> String {
    std::env::var("TEST_REDIS_URL").unwrap_or_else(|_| "redis://127.0.0.1:6379".to_owned())
}

/// Whether Redis tests can run; without a server they are skipped loudly, except in CI.
pub async fn redis_available() -> bool {
    let reachable = async {
        let client = redis::Client::open(redis_url()).ok()?;
        let mut conn = client.get_multiplexed_async_connection().await.ok()?;
        redis::cmd("PING")
            .query_async::<String>(&mut conn)
            .await
            .ok()
    };
    let ok = tokio::time::timeout(Duration::from_secs(5), reachable)
        .await
        .ok()
        .flatten()
        .is_some();
    if !ok {
        assert!(
            std::env::var_os("CI").is_none(),
            "CI is set but Redis is not reachable at {}",
            redis_url()
        );
        eprintln!(
            "\n!!! Redis is not reachable at {}: SKIPPING the shared rate-limit test !!!\n",
            redis_url()
        );
    }
    ok
}

pub fn default_settings() -> HttpSettings {
    HttpSettings {
        public_url: url::Url::parse("http://placeholder/").expect("url"),
        oauth_public_url: url::Url::parse("http://placeholder/").expect("url"),
        access_token_ttl: Duration::from_secs(3600),
        refresh_token_ttl: Duration::from_secs(86_400),
        rate_limit_per_client: 100_000,
        rate_limit_per_user: 100_000,
        sign_in_failures_per_minute: 1000,
        partner_drive: None,
        partner_identity: None,
        converters: std::sync::Arc::new(lectern_jobs::convert::Converters::probe()),
        title_records_kept: 10_000,
    }
}

impl TestApp {
    pub async fn start(backend: Backend) -> TestApp {
        Self::start_with(backend, |_| {}).await
    }

    /// Starts the application with settings adjusted by `adjust` (public URLs are filled in).
    pub async fn start_with(backend: Backend, adjust: impl FnOnce(&mut HttpSettings)) -> TestApp {
        Self::launch(backend, adjust, None).await
    }

    /// Starts the application with rate limits shared through Redis under `prefix`.
    pub async fn start_sharing_limits(
        backend: Backend,
        adjust: impl FnOnce(&mut HttpSettings),
        prefix: &str,
    ) -> TestApp {
        Self::launch(backend, adjust, Some(prefix.to_owned())).await
    }

    async fn launch(
        backend: Backend,
        adjust: impl FnOnce(&mut HttpSettings),
        redis_prefix: Option<String>,
    ) -> TestApp {
        // The world, its passwords hashed, is loaded once into a template each test copies.
        let test_store = testing::prepared(backend, WORLD, |store| async move {
            fixture::load(
                &store,
                FixtureFile::parse(WORLD).expect("world.json parses"),
            )
            .await
            .expect("world.json loads");
        })
        .await;
        let store = test_store.store.clone();
        let mut settings = default_settings();
        adjust(&mut settings);
        Self::serve(store, settings, redis_prefix, Some(test_store), None).await
    }

    /// Another node over the same store, as a load balancer would have behind it.
    pub async fn second_node(&self) -> TestApp {
        Self::serve(
            self.store.clone(),
            self.settings.clone(),
            self.redis_prefix.clone(),
            None,
            Some(self.files.clone()),
        )
        .await
    }

    async fn serve(
        store: Store,
        mut settings: HttpSettings,
        redis_prefix: Option<String>,
        test_store: Option<TestStore>,
        shared_files: Option<lectern_jobs::FileStore>,
    ) -> TestApp {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let base = format!("http://{}", listener.local_addr().expect("addr"));
        settings.public_url = url::Url::parse(&base).expect("url");
        settings.oauth_public_url = settings.public_url.clone();
        // The first node of a store keeps its files in a directory of its own, removed when
        // it is dropped; a second node shares the first one's.
        let (files, files_dir) = match shared_files {
            Some(files) => (files, None),
            None => {
                let dir = std::env::temp_dir().join(format!(
                    "lectern-test-files-{}",
                    lectern_domain::ids::new_id()
                ));
                let files = lectern_jobs::FileStore::local(&dir).expect("a file store");
                (files, Some(dir))
            }
        };
        let state = match &redis_prefix {
            None => AppState::new(store.clone(), settings.clone(), files),
            Some(prefix) => {
                let limits = RateLimits::shared(&redis_url(), prefix, settings.quotas())
                    .await
                    .expect("connecting to Redis");
                AppState::with_limits(store.clone(), settings.clone(), limits, files)
            }
        };
        state
            .titles
            .catch_up(&store)
            .await
            .expect("indexing the loaded titles");
        let titles = state.titles.clone();
        let follower = titles.follow(store.clone());
        let files = state.files.clone();
        let worker = lectern_jobs::worker::spawn(store.clone(), files.clone(), &base);
        let router = app(state, None);
        let server = tokio::spawn(async move {
            axum::serve(
                listener,
                axum::ServiceExt::<axum::extract::Request>::into_make_service_with_connect_info::<
                    std::net::SocketAddr,
                >(router),
            )
            .await
            .expect("server");
        });
        let http = reqwest::Client::builder()
            .redirect(reqwest::redirect::Policy::none())
            .cookie_store(true)
            .build()
            .expect("client");
        TestApp {
            base,
            http,
            store,
            settings,
            redis_prefix,
            titles,
            follower,
            worker,
            files,
            files_dir,
            _test_store: test_store,
            server,
        }
    }

    /// Loads `catalog.json` with its files (EPUBs built for the purpose, small stand-ins for
    /// the rest) and waits until the index has it.
    pub async fn with_catalog(self) -> TestApp {
        let dir =
            std::env::temp_dir().join(format!("lectern-catalog-{}", lectern_domain::ids::new_id()));
        write_catalog_files(&dir);
        let file = FixtureFile::parse(CATALOG).expect("catalog.json parses");
        let plan = fixture::check(&self.store, file, &dir)
            .await
            .expect("catalog.json checks");
        for (source, key) in plan.files() {
            self.files
                .put_file(key, source)
                .await
                .expect("copying a catalog file");
        }
        fixture::write(&self.store, plan)
            .await
            .expect("catalog.json loads");
        let _ = std::fs::remove_dir_all(&dir);
        self.index_caught_up().await;
        self
    }

    /// Stops this node's packaging worker: downloads stay queued.
    pub fn pause_worker(&self) {
        self.worker.abort();
    }

    /// Waits until this node's index has every title change the store holds: the index
    /// follows the store on its own, within a poll interval.
    pub async fn index_caught_up(&self) {
        let target = lectern_store::titles::current_seq(self.store.reads())
            .await
            .expect("feed position");
        let mut wait = Patience::new("the title index to catch up with the store");
        while self.titles.index.last_applied_seq().unwrap_or(0) < target {
            wait.a_little().await;
        }
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

    /// A GET as `token`, asking for answers in `accept_language`: its status and JSON body.
    pub async fn get_in(
        &self,
        path: &str,
        token: &str,
        accept_language: &str,
    ) -> (StatusCode, Value) {
        let resp = self
            .get(path)
            .bearer_auth(token)
            .header("accept-language", accept_language)
            .send()
            .await
            .expect("request");
        json(resp).await
    }

    /// A password-grant token request from a client with a blank secret, as existing clients send it.
    pub async fn password_grant(&self, api_key: &str, user: &str, password: &str) -> Response {
        self.post(&format!("/oauth/token?api_key={api_key}"))
            .basic_auth(api_key, Some(""))
            .form(&[
                ("grant_type", "password"),
                ("username", user),
                ("password", password),
            ])
            .send()
            .await
            .expect("token request")
    }

    /// An access token for a user through a confidential client, authenticated with its secret.
    pub async fn token_via(
        &self,
        api_key: &str,
        secret: &str,
        user: &str,
        password: &str,
    ) -> String {
        let resp = self
            .post("/oauth/token")
            .basic_auth(api_key, Some(secret))
            .form(&[
                ("grant_type", "password"),
                ("username", user),
                ("password", password),
            ])
            .send()
            .await
            .expect("token request");
        let (status, body) = json(resp).await;
        assert_eq!(
            status,
            StatusCode::OK,
            "sign-in of {user} through {api_key} failed: {body}"
        );
        body["access_token"]
            .as_str()
            .expect("access_token")
            .to_owned()
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
        self.sign_in(user, password).await["access_token"]
            .as_str()
            .expect("access_token")
            .to_owned()
    }

    /// An access token for a user, minted straight into the store through `api_key`: for tests
    /// of the resource API, which need a signed-in caller but not the OAuth round trip (whose
    /// password hashing would dominate the suite's time). The OAuth tests keep the real flows.
    pub async fn minted_token(&self, api_key: &str, user_name: &str) -> String {
        let (account, _) = lectern_store::accounts::credentials(self.store.reads(), user_name)
            .await
            .expect("reading the account")
            .unwrap_or_else(|| panic!("no account '{user_name}'"));
        self.minted_token_of_id(api_key, &account.user_account_id)
            .await
    }

    /// A minted token (see `minted_token`) for an account by its id: for accounts without a
    /// user name, such as the pupils an organization signs in.
    pub async fn minted_token_of_id(&self, api_key: &str, user_account_id: &str) -> String {
        let token = lectern_domain::secret::new_token();
        let hash = lectern_domain::secret::token_hash(&token);
        let row = lectern_store::oauth::NewToken {
            hash: &hash,
            grant_id: &lectern_domain::ids::new_id(),
            user_account_id,
            api_key,
            expires_at: lectern_domain::Timestamp::now().plus_seconds(3600),
        };
        lectern_store::oauth::insert_access_token(
            &mut self.store.writer().await.expect("a writer"),
            &row,
        )
        .await
        .expect("minting a token");
        token
    }

    /// A minted token through the trusted client (see `minted_token`).
    pub async fn token_of(&self, user_name: &str) -> String {
        self.minted_token(TRUSTED, user_name).await
    }

    /// A refresh-grant request from a public client.
    pub async fn refresh(&self, api_key: &str, refresh_token: &str) -> (StatusCode, Value) {
        let resp = self
            .post("/oauth/token")
            .basic_auth(api_key, Some(""))
            .form(&[
                ("grant_type", "refresh_token"),
                ("refresh_token", refresh_token),
            ])
            .send()
            .await
            .expect("token request");
        json(resp).await
    }

    pub async fn my_account(&self, api_key: &str, token: &str) -> (StatusCode, Value) {
        json(
            self.get(&format!("/v2/myAccount?api_key={api_key}"))
                .bearer_auth(token)
                .send()
                .await
                .expect("request"),
        )
        .await
    }
}

impl Drop for TestApp {
    fn drop(&mut self) {
        self.server.abort();
        self.follower.abort();
        self.worker.abort();
        if let Some(dir) = self.files_dir.take() {
            let _ = std::fs::remove_dir_all(dir);
        }
    }
}

/// The files `catalog.json` names, under `dir`.
fn write_catalog_files(dir: &std::path::Path) {
    use lectern_jobs::epub::{Chapter, EpubSource, build};
    std::fs::create_dir_all(dir.join("files/road-audio/sections")).expect("catalog dir");
    // La Casa is in Spanish, as its record says.
    let english = ("eng", "The first chapter.");
    for (name, title, (language, text)) in [
        ("road", "The Long Road", english),
        ("pride", "Pride and Prejudice", english),
        ("stripes", "Stars and Stripes", english),
        ("algebra", "Algebra One", english),
        ("casa", "La Casa", ("spa", "El primer capítulo de la casa.")),
        ("weekly-w2", "The Weekly Reader: Week 2", english),
    ] {
        let epub = build(&EpubSource {
            print_edition: None,
            identifier: format!("https://books.example.org/{name}"),
            isbn: None,
            title: title.to_owned(),
            subtitle: None,
            authors: vec!["Test Author".to_owned()],
            language: language.to_owned(),
            publisher: None,
            date: None,
            synopsis: None,
            subjects: vec![],
            chapters: vec![Chapter {
                title: "One".to_owned(),
                text: text.to_owned(),
            }],
            accessibility_summary: Some("Navigable by headings.".to_owned()),
            modified: "2026-01-01T00:00:00Z".to_owned(),
        });
        std::fs::write(dir.join(format!("files/{name}.epub")), epub).expect("epub");
    }
    let pdf = lectern_jobs::package::plain_pdf("Open Roads", "The road opens.");
    std::fs::write(dir.join("files/open.pdf"), pdf).expect("pdf");
    std::fs::write(dir.join("files/pride.brf"), b",PRIDE AND ,PREJUDICE\r\n").expect("brf");
    // The audio book is a fileset: its tracks and, in a folder of its own, its navigation.
    std::fs::write(dir.join("files/road-audio/track01.mp3"), b"ID3 a stand-in").expect("mp3");
    std::fs::write(
        dir.join("files/road-audio/sections/ncc 1.html"),
        b"<html>sections</html>",
    )
    .expect("ncc");
}

/// A request of any method through `api_key`, with a bearer token when given and a form when
/// not empty: status and JSON body.
pub async fn call_as(
    app: &TestApp,
    api_key: &str,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    form: &[(&str, &str)],
) -> (StatusCode, Value) {
    let sep = if path.contains('?') { '&' } else { '?' };
    let mut req = app
        .http
        .request(method, app.url(&format!("{path}{sep}api_key={api_key}")));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    if !form.is_empty() {
        req = req.form(form);
    }
    json(req.send().await.expect("request")).await
}

/// A request through the membership console's key (a client key with membership privileges).
pub async fn call_console(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    form: &[(&str, &str)],
) -> (StatusCode, Value) {
    call_as(app, CONFIDENTIAL, method, path, token, form).await
}

/// A request through the trusted reading app's key (no membership privileges).
pub async fn call_reader(
    app: &TestApp,
    method: reqwest::Method,
    path: &str,
    token: Option<&str>,
    form: &[(&str, &str)],
) -> (StatusCode, Value) {
    call_as(app, TRUSTED, method, path, token, form).await
}

/// Status and JSON body of a response.
pub async fn json(resp: Response) -> (StatusCode, Value) {
    let status = resp.status();
    let text = resp.text().await.expect("body");
    let body =
        serde_json::from_str(&text).unwrap_or_else(|_| panic!("not JSON ({status}): {text}"));
    (status, body)
}

/// The `Retry-After` of a 429, checked to be a whole number of seconds within a minute.
pub fn retry_after(resp: &Response) -> u64 {
    let value = resp
        .headers()
        .get("retry-after")
        .expect("Retry-After header");
    let seconds: u64 = value
        .to_str()
        .expect("text")
        .parse()
        .expect("whole seconds");
    assert!((1..=60).contains(&seconds), "Retry-After {seconds}");
    seconds
}

/// Asserts the error envelope of document 1 and returns its first message.
pub fn error_message(body: &Value, key: &str) -> String {
    assert_eq!(body["key"], key, "unexpected error body: {body}");
    assert!(body["links"].is_array(), "links missing: {body}");
    body["messages"][0]
        .as_str()
        .unwrap_or_else(|| panic!("no message: {body}"))
        .to_owned()
}

/// The error codes of `t-road`'s `titleAccessAlerts` for a reader (a catalog app).
pub async fn errors_on_road(app: &TestApp, reader: &str) -> Vec<String> {
    let (status, body) = call_as(
        app,
        TRUSTED,
        reqwest::Method::GET,
        "/v2/titles/t-road",
        Some(reader),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["titleAccessAlerts"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|a| a["level"] == "error")
        .map(|a| a["code"].as_str().unwrap().to_owned())
        .collect()
}

/// The status of a reader's download of `t-road` as EPUB3.
pub async fn download_status(app: &TestApp, reader: &str) -> StatusCode {
    let resp = app
        .get(&format!("/v2/titles/t-road/EPUB3?api_key={TRUSTED}"))
        .bearer_auth(reader)
        .send()
        .await
        .unwrap();
    resp.status()
}

/// A member of Hill School in good standing (made by the assistant), and a token for them.
pub async fn good_pupil(app: &TestApp) -> (String, String) {
    let assistant = app
        .minted_token(CONFIDENTIAL, "membership@example.org")
        .await;
    let (status, body) = call_as(
        app,
        CONFIDENTIAL,
        reqwest::Method::POST,
        "/v2/organizations/org-school/members",
        Some(&assistant),
        &[
            ("firstName", "Gus"),
            ("lastName", "Good"),
            ("dateOfBirth", "2012-01-01"),
            ("grade", "07"),
            ("username", "gus@hill.example"),
            ("disabilityType", "visual"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["userAccountId"].as_str().unwrap().to_owned();
    (id, app.token_of("gus@hill.example").await)
}

/// The form of a second sponsor of Hill School, Sam Second, SENCo.
pub const SECOND_SPONSOR: [(&str, &str); 5] = [
    ("firstName", "Sam"),
    ("lastName", "Second"),
    ("phoneNumber", "555-0100"),
    ("emailAddress", "sam@hill.example"),
    ("title", "SENCo"),
];

/// Hill School's sponsor adds Sam Second as a sponsor: the new sponsor summary.
pub async fn add_second_sponsor(app: &TestApp) -> Value {
    let sponsor = app.minted_token(CONFIDENTIAL, "sponsor@example.org").await;
    let (status, body) = call_console(
        app,
        reqwest::Method::POST,
        "/v2/myOrganization/sponsors",
        Some(&sponsor),
        &SECOND_SPONSOR,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    body
}

/// A partner drive: its token endpoint, where `good` is the one code it issued, `drive-r1` its
/// refresh token, and only the library's secret is accepted; and its files, `files` by id, given
/// to the bearer of either access token.
pub async fn fake_drive(files: &[(&str, Vec<u8>)]) -> (url::Url, url::Url) {
    use axum::extract::Path;
    use axum::http::HeaderMap;
    use axum::{
        Form, Json, Router,
        http::StatusCode as Code,
        routing::{get, post},
    };
    async fn token(
        Form(f): Form<std::collections::HashMap<String, String>>,
    ) -> (Code, Json<Value>) {
        let field = |k: &str| f.get(k).map(String::as_str);
        if field("client_id") != Some("lectern") || field("client_secret") != Some("drive-secret") {
            return (
                Code::UNAUTHORIZED,
                Json(serde_json::json!({"error": "invalid_client"})),
            );
        }
        match (field("grant_type"), field("code"), field("refresh_token")) {
            (Some("authorization_code"), Some("good"), _)
                if field("redirect_uri") == Some("app:/drive") =>
            {
                (
                    Code::OK,
                    Json(
                        serde_json::json!({"access_token": "drive-a1", "token_type": "Bearer", "expires_in": 1, "refresh_token": "drive-r1"}),
                    ),
                )
            }
            (Some("refresh_token"), _, Some("drive-r1")) => (
                Code::OK,
                Json(
                    serde_json::json!({"access_token": "drive-a2", "token_type": "Bearer", "expires_in": 3600}),
                ),
            ),
            _ => (
                Code::BAD_REQUEST,
                Json(serde_json::json!({"error": "invalid_grant"})),
            ),
        }
    }
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    let files: std::collections::HashMap<String, Vec<u8>> = files
        .iter()
        .map(|(id, bytes)| ((*id).to_owned(), bytes.clone()))
        .collect();
    let file = move |Path(id): Path<String>, headers: HeaderMap| {
        let files = files.clone();
        async move {
            let bearer = headers
                .get("authorization")
                .and_then(|v| v.to_str().ok())
                .unwrap_or_default();
            if !["Bearer drive-a1", "Bearer drive-a2"].contains(&bearer) {
                return (Code::UNAUTHORIZED, Vec::new());
            }
            match files.get(&id) {
                Some(bytes) => (Code::OK, bytes.clone()),
                None => (Code::NOT_FOUND, Vec::new()),
            }
        }
    };
    tokio::spawn(async move {
        let drive = Router::new()
            .route("/token", post(token))
            .route("/files/{id}", get(file));
        axum::serve(listener, drive).await.unwrap();
    });
    let at = |path: &str| url::Url::parse(&format!("http://{addr}{path}")).unwrap();
    (at("/token"), at("/files/"))
}

/// The application with a partner drive that holds `files`.
pub async fn app_with_drive(backend: Backend, files: &[(&str, Vec<u8>)]) -> TestApp {
    let (token_url, files_url) = fake_drive(files).await;
    TestApp::start_with(backend, |s| {
        s.partner_drive = Some(lectern_http::PartnerDrive::new(
            token_url,
            files_url,
            "lectern".into(),
            "drive-secret".into(),
        ));
    })
    .await
}

/// Waiting for background work (the worker, the index) in a loop: a short sleep each turn and
/// a panic naming what never happened once the deadline passes. The deadline is long, since
/// the whole suite shares two cores with the browser checks; a passing test waits only as
/// long as the work takes.
pub struct Patience {
    what: &'static str,
    started: Instant,
}

impl Patience {
    pub const DEADLINE: Duration = Duration::from_secs(60);

    pub fn new(what: &'static str) -> Self {
        Patience {
            what,
            started: Instant::now(),
        }
    }

    pub async fn a_little(&mut self) {
        assert!(
            self.started.elapsed() < Self::DEADLINE,
            "waited {:?} for {}",
            Self::DEADLINE,
            self.what
        );
        tokio::time::sleep(Duration::from_millis(50)).await;
    }
}
