//! No acknowledged write is lost to a crash. Writers keep up a mixed load on the demo server
//! (sign-ins and refreshes, lists and their titles, bookmarks, highlights, reading events, account
//! and organization changes, title edits, downloads) while it is killed with SIGKILL at random
//! moments and started again. Each writer keeps a ledger of what the server acknowledged and of
//! what it sent without hearing back; afterwards every acknowledged write is in the store, every
//! accepted job ran exactly once, the index agrees with the store, the store passes its own
//! integrity check, and no unfinished file is left behind.
//!
//! `LECTERN_CRASH_KILLS` sets the number of kills (10 by default; the benchmark runs 100).

use std::path::Path;
use std::process::{Child, Stdio};
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use lectern_store::on_both_stores;
use lectern_store::testing::{Backend, TestStore, fresh};
use rand::{Rng, SeedableRng};
use reqwest::{Method, StatusCode};
use serde_json::Value;
use sqlx::Row;

use super::{free_port, lectern, temp_dir};

on_both_stores!(acknowledged_writes_survive_random_kills);

pub(super) const APP: &str = "demo-reader-app";
const PASSWORD: &str = "demo-pass-1";
const READER: &str = "reader@demo.lectern";
const EDITED: &str = "demo-walden";
const EVENTS_IN: &str = "demo-moby";
const MARKED: &str = "demo-alice";
const DOWNLOADED: [&str; 4] = ["demo-pride", "demo-holmes", "demo-souls", "demo-quijote"];

/// What one writer was told was done, and what it sent since without an answer (any of which
/// may have been done before the kill).
#[derive(Default)]
struct Ledger {
    acknowledged: Vec<String>,
    unanswered: Vec<String>,
}

impl Ledger {
    fn answered(&mut self, what: String) {
        self.acknowledged.push(what);
        self.unanswered.clear();
    }

    /// The value a field written in turn may hold now: the last acknowledged, or one sent after it.
    fn may_hold(&self, value: &str) -> bool {
        self.acknowledged.last().is_some_and(|v| v == value)
            || self.unanswered.iter().any(|v| v == value)
    }
}

type Shared = Arc<Mutex<Ledger>>;

/// The server: `lectern demo` on the test's store, started again after each kill.
pub(super) struct Server {
    child: Option<Child>,
    pub(super) base: String,
    args: Vec<String>,
    /// Every start's log lines, for a failure to show.
    log: std::path::PathBuf,
}

impl Server {
    pub(super) fn new(t: &TestStore, data: &Path) -> Server {
        let port = free_port();
        let args = [
            "demo",
            "--database-url",
            &t.url,
            "--data-dir",
            data.to_str().unwrap(),
            "--listen",
            &format!("127.0.0.1:{port}"),
            // The writers are one reader's app: the shares must not be what refuses them.
            "--rate-limit-per-client",
            "100000000",
            "--rate-limit-per-user",
            "100000000",
        ]
        .map(str::to_owned)
        .to_vec();
        Server {
            child: None,
            base: format!("http://127.0.0.1:{port}"),
            args,
            log: data.with_extension("log"),
        }
    }

    pub(super) async fn start(&mut self, http: &reqwest::Client) {
        let args: Vec<&str> = self.args.iter().map(String::as_str).collect();
        let log = std::fs::OpenOptions::new()
            .create(true)
            .append(true)
            .open(&self.log)
            .unwrap();
        // The log names each answer of 500 ms or more (`observe.rs`): what a stall held up.
        let child = lectern(&args)
            .env("RUST_LOG", "warn,lectern::http=info")
            .stdout(Stdio::null())
            .stderr(log)
            .spawn()
            .unwrap();
        self.child = Some(child);
        let deadline = Instant::now() + Duration::from_secs(60);
        while Instant::now() < deadline {
            if let Ok(r) = http.get(format!("{}/ready", self.base)).send().await
                && r.status() == StatusCode::OK
            {
                return;
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let tail: Vec<&str> = log.lines().rev().take(20).collect();
        panic!(
            "the server did not become ready within 60 s; its log ends:\n{}",
            tail.join("\n")
        );
    }

    /// The answers of 500 ms or more in the server's log (`observe.rs`), counted by route, and
    /// the statements sqlx logged as slow: what a stall held up.
    pub(super) fn slow_answers(&self) -> String {
        let log = std::fs::read_to_string(&self.log).unwrap_or_default();
        let mut by_kind = std::collections::BTreeMap::<String, usize>::new();
        for line in log.lines() {
            let kind = if line.contains("lectern::http") {
                line.split_whitespace()
                    .find(|w| w.starts_with("route="))
                    .map(str::to_owned)
            } else if line.contains("slow statement") {
                // `summary="INSERT INTO reading_events (event_id, …"`: its first three words.
                line.split("summary=\"")
                    .nth(1)
                    .map(|s| s.split_whitespace().take(3).collect::<Vec<_>>().join(" "))
            } else {
                None
            };
            if let Some(kind) = kind {
                *by_kind.entry(kind).or_default() += 1;
            }
        }
        format!("{by_kind:?}")
    }

    pub(super) fn pid(&self) -> u32 {
        self.child.as_ref().map_or(0, Child::id)
    }

    fn kill(&mut self) {
        if let Some(mut child) = self.child.take() {
            let _ = child.kill();
            let _ = child.wait();
        }
    }
}

impl Drop for Server {
    fn drop(&mut self) {
        self.kill();
    }
}

/// A client of the server, for one writer.
#[derive(Clone)]
pub(super) struct Caller {
    pub(super) http: reqwest::Client,
    pub(super) base: String,
}

impl Caller {
    /// The answer, or `None` when there was none (the server was down or killed mid-request).
    pub(super) async fn call(
        &self,
        method: Method,
        path: &str,
        token: Option<&str>,
        form: &[(&str, &str)],
    ) -> Option<(StatusCode, Value)> {
        let sep = if path.contains('?') { '&' } else { '?' };
        let mut req = self
            .http
            .request(method, format!("{}{path}{sep}api_key={APP}", self.base));
        if let Some(t) = token {
            req = req.bearer_auth(t);
        }
        if !form.is_empty() {
            req = req.form(form);
        }
        let resp = req.send().await.ok()?;
        let status = resp.status();
        let body = resp.bytes().await.ok()?;
        Some((status, serde_json::from_slice(&body).unwrap_or(Value::Null)))
    }

    pub(super) async fn token(&self, user: &str) -> String {
        loop {
            if let Some((StatusCode::OK, body)) = self
                .grant(&[
                    ("grant_type", "password"),
                    ("username", user),
                    ("password", PASSWORD),
                ])
                .await
            {
                return body["access_token"].as_str().unwrap().to_owned();
            }
            tokio::time::sleep(Duration::from_millis(50)).await;
        }
    }

    pub(super) async fn grant(&self, form: &[(&str, &str)]) -> Option<(StatusCode, Value)> {
        let resp = self
            .http
            .post(format!("{}/oauth/token", self.base))
            .basic_auth(APP, Some(""))
            .form(form)
            .send()
            .await
            .ok()?;
        let status = resp.status();
        Some((status, resp.json().await.ok()?))
    }
}

/// One write: what it wrote, and whether it was acknowledged (`None`: no answer).
type Write = std::pin::Pin<Box<dyn std::future::Future<Output = (String, Option<bool>)> + Send>>;
/// A writer's writes, by number.
type Writes = Box<dyn FnMut(u32) -> Write + Send>;

/// One writer: sends its `n`th write until told to stop, recording what was acknowledged.
async fn write_in_turn(stop: Arc<AtomicBool>, ledger: Shared, mut write: Writes) {
    let mut n = 0;
    while !stop.load(Ordering::Relaxed) {
        n += 1;
        let (what, done) = write(n).await;
        match done {
            Some(true) => ledger.lock().unwrap().answered(what),
            Some(false) => panic!("a write was refused, not lost: {what}"),
            None => {
                ledger.lock().unwrap().unanswered.push(what);
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        }
    }
}

/// What the `n`th write of a one-request writer sends: the path, the form, and what the ledger
/// keeps of it.
type Request = (String, Vec<(&'static str, String)>, String);

/// A writer whose every write is one request, made by `make`.
fn one_request_a_write(
    c: Caller,
    token: String,
    method: Method,
    expected: &'static [StatusCode],
    make: fn(u32) -> Request,
) -> Writes {
    Box::new(move |n| {
        let (c, token, method) = (c.clone(), token.clone(), method.clone());
        Box::pin(async move {
            let (path, form, what) = make(n);
            let form: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
            let answer = c.call(method, &path, Some(&token), &form).await;
            (what, ok(answer, expected).0)
        })
    })
}

/// Letters for `n`, for fields that take names rather than numbers.
fn letters(mut n: u32) -> String {
    let mut s = String::new();
    loop {
        s.push(char::from(b'a' + (n % 26) as u8));
        n /= 26;
        if n == 0 {
            return s;
        }
    }
}

fn ok(answer: Option<(StatusCode, Value)>, expected: &[StatusCode]) -> (Option<bool>, Value) {
    match answer {
        None => (None, Value::Null),
        // A server going down may answer 503 while its store closes, and a reader's flood of
        // events is held back with 429: neither is an answer that the write was done.
        Some((StatusCode::SERVICE_UNAVAILABLE | StatusCode::TOO_MANY_REQUESTS, _)) => {
            (None, Value::Null)
        }
        Some((status, body)) => (Some(expected.contains(&status)), body),
    }
}

#[derive(Default, Clone)]
struct Ledgers {
    tokens: Shared,
    lists: Shared,
    bookmarks: Shared,
    highlights: Shared,
    events: Shared,
    names: Shared,
    cities: Shared,
    edits: Shared,
    downloads: Shared,
}

fn spawn_writers(
    caller: &Caller,
    tokens: [String; 3],
    ledgers: &Ledgers,
    stop: &Arc<AtomicBool>,
) -> Vec<tokio::task::JoinHandle<()>> {
    let [reader, teacher, collections] = tokens;
    let spawn = |ledger: &Shared, write: Writes| {
        tokio::spawn(write_in_turn(stop.clone(), ledger.clone(), write))
    };
    let mut writers = Vec::new();

    // Sign-ins, each followed by a refresh of its refresh token.
    let (c, pending) = (caller.clone(), Arc::new(Mutex::new(None::<String>)));
    writers.push(spawn(
        &ledgers.tokens,
        Box::new(move |_| {
            let (c, pending) = (c.clone(), pending.clone());
            Box::pin(async move {
                let refresh = pending.lock().unwrap().take();
                let answer = match &refresh {
                    Some(r) => {
                        c.grant(&[("grant_type", "refresh_token"), ("refresh_token", r)])
                            .await
                    }
                    None => {
                        c.grant(&[
                            ("grant_type", "password"),
                            ("username", READER),
                            ("password", PASSWORD),
                        ])
                        .await
                    }
                };
                let (done, body) = ok(answer, &[StatusCode::OK]);
                if done != Some(true) {
                    return (String::new(), done);
                }
                if refresh.is_none() {
                    *pending.lock().unwrap() = body["refresh_token"].as_str().map(str::to_owned);
                }
                (body["access_token"].as_str().unwrap().to_owned(), done)
            }) as Write
        }),
    ));

    // The closure gets its own clones; each write, its own again.
    let (c, token) = (caller.clone(), reader.clone());
    writers.push(spawn(
        &ledgers.lists,
        Box::new(move |n| {
            let (c, token) = (c.clone(), token.clone());
            Box::pin(async move {
                let name = format!("Kept list {n}");
                let made = c
                    .call(
                        Method::POST,
                        "/v2/myLists",
                        Some(&token),
                        &[("name", &name), ("access", "private")],
                    )
                    .await;
                let (done, body) = ok(made, &[StatusCode::OK]);
                if done != Some(true) {
                    return (name, done);
                }
                let list = body["readingListId"].as_str().unwrap().to_owned();
                let path = format!("/v2/lists/{list}/titles");
                let added = c
                    .call(
                        Method::POST,
                        &path,
                        Some(&token),
                        &[("serviceId", "demo-pride")],
                    )
                    .await;
                // The list was acknowledged, whatever happens to its title.
                match ok(added, &[StatusCode::OK]).0 {
                    Some(true) => (format!("{list} demo-pride"), Some(true)),
                    None => (format!("{list} -"), Some(true)),
                    Some(false) => (format!("{list}: its title refused"), Some(false)),
                }
            }) as Write
        }),
    ));

    let form = |token: &str, method: Method, expected, make| {
        one_request_a_write(caller.clone(), token.to_owned(), method, expected, make)
    };
    let post = Method::POST;
    writers.push(spawn(
        &ledgers.bookmarks,
        form(&reader, post.clone(), &[StatusCode::OK], |n| {
            let at = format!("epubcfi(/6/{n})");
            (
                "/v2/myBookmarks".into(),
                vec![("serviceId", MARKED.into()), ("location", at.clone())],
                at,
            )
        }),
    ));
    writers.push(spawn(
        &ledgers.highlights,
        form(&reader, post.clone(), &[StatusCode::CREATED], |n| {
            let at = format!("epubcfi(/6/4!/4/{n},/1:0,/1:5)");
            let form = vec![
                ("serviceId", MARKED.into()),
                ("location", at.clone()),
                ("text", "kept".into()),
                ("color", "yellow".into()),
            ];
            ("/v2/myHighlights".into(), form, at)
        }),
    ));
    let recorded = &[StatusCode::OK, StatusCode::CREATED, StatusCode::ACCEPTED];
    writers.push(spawn(
        &ledgers.events,
        form(&reader, post, recorded, |n| {
            let at = format!("epubcfi(/6/{n})");
            let form = vec![
                ("serviceId", EVENTS_IN.into()),
                ("format", "EPUB3".into()),
                ("location", at.clone()),
                ("metric", "1".into()),
                ("metricType", "page".into()),
            ];
            ("/v2/readingEvents".into(), form, at)
        }),
    ));
    writers.push(spawn(
        &ledgers.names,
        form(&reader, Method::PUT, &[StatusCode::OK], |n| {
            let name = format!("Ada{}", letters(n));
            (
                "/v2/myAccount".into(),
                vec![("firstName", name.clone())],
                name,
            )
        }),
    ));
    writers.push(spawn(
        &ledgers.cities,
        form(&teacher, Method::PUT, &[StatusCode::OK], |n| {
            let city = format!("Springfield {}", letters(n));
            (
                "/v2/myOrganization".into(),
                vec![("city", city.clone())],
                city,
            )
        }),
    ));
    writers.push(spawn(
        &ledgers.edits,
        form(&collections, Method::PUT, &[StatusCode::ACCEPTED], |n| {
            let comment = format!("edit {n}");
            let form = vec![
                ("title", format!("Walden Kept {}", letters(n))),
                ("comments", comment.clone()),
            ];
            (format!("/v2/titles/{EDITED}"), form, comment)
        }),
    ));
    let queued_or_ready = &[StatusCode::ACCEPTED, StatusCode::FOUND];
    writers.push(spawn(
        &ledgers.downloads,
        form(&reader, Method::GET, queued_or_ready, |n| {
            let title = DOWNLOADED[n as usize % DOWNLOADED.len()];
            (
                format!("/v2/titles/{title}/EPUB3"),
                vec![],
                title.to_owned(),
            )
        }),
    ));
    writers
}

async fn acknowledged_writes_survive_random_kills(backend: Backend) {
    let kills: u32 = std::env::var("LECTERN_CRASH_KILLS")
        .ok()
        .and_then(|k| k.parse().ok())
        .unwrap_or(10);
    let t = fresh(backend).await;
    let dir = temp_dir();
    let data = dir.join("data");
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .timeout(Duration::from_secs(5))
        .build()
        .unwrap();
    let mut server = Server::new(&t, &data);
    server.start(&http).await;
    let caller = Caller {
        http: http.clone(),
        base: server.base.clone(),
    };
    let tokens = [
        caller.token(READER).await,
        caller.token("teacher@demo.lectern").await,
        caller.token("collections@demo.lectern").await,
    ];
    let reader_token = tokens[0].clone();
    let ledgers = Ledgers::default();
    let stop = Arc::new(AtomicBool::new(false));
    let writers = spawn_writers(&caller, tokens, &ledgers, &stop);

    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(u64::from(kills));
    let started = Instant::now();
    for _ in 0..kills {
        tokio::time::sleep(Duration::from_millis(rng.random_range(100..1_200))).await;
        server.kill();
        server.start(&http).await;
    }
    tokio::time::sleep(Duration::from_millis(500)).await;
    stop.store(true, Ordering::Relaxed);
    for w in writers {
        w.await.unwrap();
    }
    let under_load = started.elapsed();

    // The jobs accepted before and between the kills all finish.
    let deadline = Instant::now() + Duration::from_secs(60);
    while waiting_jobs(&t).await > 0 {
        assert!(
            Instant::now() < deadline,
            "jobs were still waiting a minute after the load"
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let caller = Caller {
        http,
        base: server.base.clone(),
    };
    check_ledgers(&t, &caller, &reader_token, &ledgers).await;
    server.kill();
    check_integrity(&t, backend).await;
    let unfinished = unfinished_files(&data.join("files"));
    assert!(
        unfinished.is_empty(),
        "unfinished files left behind: {unfinished:?}"
    );
    let count = |l: &Shared| l.lock().unwrap().acknowledged.len();
    eprintln!(
        "{kills} kills in {under_load:?}: acknowledged {} sign-ins, {} lists, {} bookmarks, {} highlights, \
         {} events, {} account and {} organization changes, {} edits, {} downloads",
        count(&ledgers.tokens),
        count(&ledgers.lists),
        count(&ledgers.bookmarks),
        count(&ledgers.highlights),
        count(&ledgers.events),
        count(&ledgers.names),
        count(&ledgers.cities),
        count(&ledgers.edits),
        count(&ledgers.downloads),
    );
    let _ = std::fs::remove_dir_all(&dir);
}

async fn waiting_jobs(t: &TestStore) -> i64 {
    sqlx::query_scalar(
        "SELECT (SELECT COUNT(*) FROM catalog_edits WHERE status = 'queued')
              + (SELECT COUNT(*) FROM downloads WHERE status IN ('queued', 'packaging'))",
    )
    .fetch_one(t.store.reads())
    .await
    .unwrap()
}

async fn strings(t: &TestStore, sql: &str) -> Vec<String> {
    sqlx::query_scalar(sqlx::AssertSqlSafe(sql.to_owned()))
        .fetch_all(t.store.reads())
        .await
        .unwrap()
}

async fn check_ledgers(t: &TestStore, caller: &Caller, reader_token: &str, l: &Ledgers) {
    // Every access token the server gave is still good.
    let issued = l.tokens.lock().unwrap().acknowledged.clone();
    for token in &issued {
        let answer = caller
            .call(Method::GET, "/v2/myAccount", Some(token), &[])
            .await;
        assert_eq!(
            answer.map(|a| a.0),
            Some(StatusCode::OK),
            "an issued token was lost"
        );
    }
    let lists = strings(
        t,
        "SELECT reading_list_id || ' ' || service_id FROM reading_list_titles",
    )
    .await;
    let made = strings(t, "SELECT reading_list_id FROM reading_lists").await;
    for entry in &l.lists.lock().unwrap().acknowledged {
        let (list, title) = entry.split_once(' ').unwrap();
        assert!(made.iter().any(|m| m == list), "list {list} was lost");
        if title != "-" {
            assert!(lists.contains(entry), "the title of list {list} was lost");
        }
    }
    let marks = |table: &str| format!("SELECT location FROM {table} WHERE service_id = '{MARKED}'");
    for (ledger, table) in [(&l.bookmarks, "bookmarks"), (&l.highlights, "highlights")] {
        let kept = strings(t, &marks(table)).await;
        for at in &ledger.lock().unwrap().acknowledged {
            assert!(kept.contains(at), "{table}: {at} was lost");
        }
    }
    // The position is the latest event's: the last acknowledged, or one sent after it.
    let path = format!("/v2/myReadingPosition/{EVENTS_IN}/EPUB3");
    let (_, position) = caller
        .call(Method::GET, &path, Some(reader_token), &[])
        .await
        .unwrap();
    let at = position["location"].as_str().unwrap_or_default();
    assert!(
        l.events.lock().unwrap().may_hold(at),
        "the reading position {at} is not the latest event's"
    );
    let events = strings(
        t,
        &format!("SELECT location FROM reading_events WHERE service_id = '{EVENTS_IN}'"),
    )
    .await;
    for at in &l.events.lock().unwrap().acknowledged {
        assert!(events.contains(at), "event at {at} was lost");
    }
    let name = strings(
        t,
        "SELECT first_name FROM users WHERE user_name = 'reader@demo.lectern'",
    )
    .await;
    assert!(
        l.names.lock().unwrap().may_hold(&name[0]),
        "the account's name {} is not the last written",
        name[0]
    );
    let city = strings(
        t,
        "SELECT city FROM organizations WHERE organization_id = 'riverside-school'",
    )
    .await;
    assert!(
        l.cities.lock().unwrap().may_hold(&city[0]),
        "the organization's city {} is not the last written",
        city[0]
    );

    // Every accepted edit was applied, once, in order; the index has the last.
    let applied = sqlx::query(sqlx::AssertSqlSafe(format!(
        "SELECT comment, status FROM catalog_edits WHERE target_id = '{EDITED}' ORDER BY seq"
    )))
    .fetch_all(t.store.reads())
    .await
    .unwrap();
    let comments: Vec<String> = applied
        .iter()
        .map(|r| r.get::<String, _>("comment"))
        .collect();
    assert!(
        applied
            .iter()
            .all(|r| r.get::<String, _>("status") == "applied")
    );
    for comment in &l.edits.lock().unwrap().acknowledged {
        assert_eq!(
            comments.iter().filter(|c| *c == comment).count(),
            1,
            "{comment} applied once"
        );
    }
    let record = lectern_store::titles::get(t.store.reads(), EDITED)
        .await
        .unwrap()
        .unwrap();
    let last: u32 = comments
        .last()
        .unwrap()
        .trim_start_matches("edit ")
        .parse()
        .unwrap();
    assert_eq!(
        record.title,
        format!("Walden Kept {}", letters(last)),
        "the last edit's title"
    );
    // The index trails the store by its poll (`title_index::POLL`, 200 ms) and the time to
    // apply a change; on a busy machine that was more than the checks above took, once.
    let search = format!("/v2/titles?keyword={}", record.title.replace(' ', "+"));
    let deadline = Instant::now() + Duration::from_secs(5);
    loop {
        let (_, found) = caller.call(Method::GET, &search, None, &[]).await.unwrap();
        let ids: Vec<&str> = found["titles"]
            .as_array()
            .unwrap()
            .iter()
            .filter_map(|x| x["serviceId"].as_str())
            .collect();
        if ids.contains(&EDITED) {
            break;
        }
        assert!(
            Instant::now() < deadline,
            "the index does not have the title's last edit ({}) 5 s after it was applied: {found}",
            record.title
        );
        tokio::time::sleep(Duration::from_millis(100)).await;
    }

    // Every download asked for was made, once, and its file is whole.
    let asked = strings(t, "SELECT subject FROM downloads").await;
    for title in &l.downloads.lock().unwrap().acknowledged {
        assert!(asked.contains(title), "the download of {title} was lost");
    }
    let rows = strings(
        t,
        "SELECT status || ' ' || COALESCE(object_key, '') FROM downloads",
    )
    .await;
    assert!(
        rows.iter().all(|r| r.starts_with("ready downloads/")),
        "{rows:?}"
    );
}

async fn check_integrity(t: &TestStore, backend: Backend) {
    match backend {
        Backend::Sqlite => {
            let verdict = strings(t, "PRAGMA integrity_check").await;
            assert_eq!(verdict, ["ok"]);
        }
        Backend::Postgres => {
            sqlx::query("CREATE EXTENSION IF NOT EXISTS amcheck")
                .execute(&mut *t.store.writer().await.expect("a writer"))
                .await
                .unwrap();
            // Every B-tree index of the store's schema, checked against its table.
            let checked: i64 = sqlx::query_scalar(
                "SELECT COUNT(bt_index_check(c.oid, true)::text) FROM pg_index i
                 JOIN pg_class c ON c.oid = i.indexrelid
                 JOIN pg_am a ON a.oid = c.relam
                 JOIN pg_namespace n ON n.oid = c.relnamespace
                 WHERE a.amname = 'btree' AND n.nspname = current_schema()",
            )
            .fetch_one(t.store.reads())
            .await
            .unwrap();
            assert!(checked > 10, "{checked} indexes checked");
        }
    }
}

/// Files a write left unfinished (`NAME#DIGITS`) under `dir`.
fn unfinished_files(dir: &Path) -> Vec<String> {
    let mut found = Vec::new();
    let Ok(entries) = std::fs::read_dir(dir) else {
        return found;
    };
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            found.extend(unfinished_files(&path));
        } else if path
            .file_name()
            .and_then(|n| n.to_str())
            .and_then(|n| n.rsplit_once('#'))
            .is_some_and(|(_, d)| !d.is_empty() && d.bytes().all(|b| b.is_ascii_digit()))
        {
            found.push(path.display().to_string());
        }
    }
    found
}
