//! KOReader's progress sync (`/kosync`), with requests shaped as koreader's
//! `plugins/kosync.koplugin/api.json` and `KOSyncClient.lua` send them.

use lectern_store::on_both_stores;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::*;

on_both_stores!(
    koreader_syncs_progress_of_a_delivered_file_with_the_api_positions,
    koreader_requests_that_are_not_good_are_refused_by_name,
    koreader_reports_move_the_position_only_in_titles_the_reader_may_see,
);

/// What KOReader sends as `x-auth-key`: the MD5 of what the reader typed.
pub(crate) fn md5_hex(text: &str) -> String {
    let out = std::process::Command::new("md5sum")
        .arg("-")
        .stdin(std::process::Stdio::piped())
        .stdout(std::process::Stdio::piped())
        .spawn()
        .and_then(|mut child| {
            use std::io::Write;
            child.stdin.take().unwrap().write_all(text.as_bytes())?;
            child.wait_with_output()
        })
        .expect("md5sum");
    String::from_utf8(out.stdout).unwrap()[..32].to_owned()
}

/// KOReader as a reader sets it up: signed in to the sync server with a sync key.
pub(crate) struct Koreader<'a> {
    app: &'a TestApp,
    user: String,
    key: String,
}

impl<'a> Koreader<'a> {
    /// The reader's KOReader, with a sync key made for it through the API.
    pub(crate) async fn of(app: &'a TestApp, user: &str, token: &str) -> Koreader<'a> {
        Koreader {
            app,
            user: user.to_owned(),
            key: sync_key(app, token).await,
        }
    }

    /// Downloads a title's EPUB 3 from the catalog as KOReader does; the document's name to
    /// the sync server (its partial MD5).
    pub(crate) async fn delivered(&self, token: &str, service_id: &str) -> String {
        let file = reqwest::Client::new()
            .get(
                self.app
                    .url(&format!("/opds/main/titles/{service_id}/EPUB3")),
            )
            .bearer_auth(token)
            .send()
            .await
            .unwrap()
            .bytes()
            .await
            .unwrap();
        lectern_domain::kosync::partial_md5(&file)
    }

    fn request(&self, method: reqwest::Method, path: &str) -> reqwest::RequestBuilder {
        reqwest::Client::new()
            .request(method, self.app.url(path))
            .header("accept", "application/vnd.koreader.v1+json")
            .header("x-auth-user", &self.user)
            .header("x-auth-key", md5_hex(&self.key))
    }

    async fn push(&self, body: Value) -> (StatusCode, Value) {
        json(
            self.request(reqwest::Method::PUT, "/kosync/syncs/progress")
                .json(&body)
                .send()
                .await
                .unwrap(),
        )
        .await
    }

    pub(crate) async fn pull(&self, document: &str) -> (StatusCode, Value) {
        json(
            self.request(
                reqwest::Method::GET,
                &format!("/kosync/syncs/progress/{document}"),
            )
            .send()
            .await
            .unwrap(),
        )
        .await
    }
}

/// The reader's position in a title's EPUB 3, as the API gives it to their apps.
pub(crate) async fn reading_position(app: &TestApp, token: &str, service_id: &str) -> Value {
    let (status, position) = json(
        app.get(&format!(
            "/v2/myReadingPosition/{service_id}/EPUB3?api_key=opds-main"
        ))
        .bearer_auth(token)
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{position}");
    position
}

async fn sync_key(app: &TestApp, token: &str) -> String {
    let (status, body) = json(
        app.post("/v2/myAccount/syncKey?api_key=opds-main")
            .bearer_auth(token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["syncKey"].as_str().unwrap().to_owned()
}

async fn koreader_syncs_progress_of_a_delivered_file_with_the_api_positions(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.minted_token("opds-main", "member@example.org").await;
    // The reader downloads a book into KOReader from the catalog; KOReader names the file by
    // its partial MD5.
    let koreader = Koreader::of(&app, "member@example.org", &token).await;
    let document = koreader.delivered(&token, "t-pride").await;
    let (status, body) = json(
        koreader
            .request(reqwest::Method::GET, "/kosync/users/auth")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        (status, body),
        (StatusCode::OK, json!({ "authorized": "OK" }))
    );
    // KOReader's place: the delivered EPUB's second spine document (the title page is the
    // first), in its chapter section, the paragraph after the heading.
    let xpointer = "/body/DocFragment[2]/body/section/p/text().4";
    let (status, body) = koreader
        .push(json!({
            "document": document, "progress": xpointer, "percentage": 0.25,
            "device": "Kobo Libra", "device_id": "K1",
        }))
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["document"], document.as_str());
    assert!(body["timestamp"].as_i64().is_some(), "{body}");
    // The API shows it as its other apps name a place: a CFI of the same element.
    let position = || reading_position(&app, &token, "t-pride");
    let recorded = position().await;
    assert_eq!(recorded["location"], "epubcfi(/6/4!/4/2/4)", "{recorded}");
    assert_eq!(
        recorded["locationDescription"],
        "25.0% in KOReader on Kobo Libra"
    );
    // KOReader gets its own report back as it sent it.
    let (_, pulled) = koreader.pull(&document).await;
    assert_eq!(pulled["progress"], xpointer, "{pulled}");
    assert_eq!(pulled["percentage"], 0.25, "{pulled}");
    assert_eq!(pulled["device_id"], "K1", "{pulled}");
    // Another app records a CFI, at the chapter's start: KOReader pulls it as an xPointer, with
    // the share of the book before it, which KOReader compares with its own before it moves.
    let moved_on = |location: &'static str| {
        let (app, token) = (&app, &token);
        async move {
            next_second().await;
            let (status, body) = call_as(
                app,
                "opds-main",
                reqwest::Method::POST,
                "/v2/readingEvents",
                Some(token),
                &[
                    ("serviceId", "t-pride"),
                    ("format", "EPUB3"),
                    ("location", location),
                    ("metric", "5"),
                    ("metricType", "chapter"),
                ],
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    };
    moved_on("epubcfi(/6/4[chapter-1]!/4/2/2/1:0)").await;
    let (_, pulled) = koreader.pull(&document).await;
    assert_eq!(
        pulled["progress"], "/body/DocFragment[2]/body/section/h1",
        "{pulled}"
    );
    assert_eq!(pulled["device"], "Lectern", "{pulled}");
    let chapter_start = pulled["percentage"].as_f64().unwrap();
    assert!(0.0 < chapter_start && chapter_start < 1.0, "{pulled}");
    assert_ne!(chapter_start, 0.25, "KOReader would say it is synchronized");
    // The paragraph inside it: further on, and the same element KOReader named.
    moved_on("epubcfi(/6/4!/4/2/4/1:4)").await;
    let (_, pulled) = koreader.pull(&document).await;
    assert_eq!(
        pulled["progress"], "/body/DocFragment[2]/body/section/p",
        "{pulled}"
    );
    assert!(
        pulled["percentage"].as_f64().unwrap() > chapter_start,
        "{pulled}"
    );
    // A place that is not a CFI of the book passes as it was written.
    moved_on("/body/DocFragment[5]/body/p[1]").await;
    let (_, pulled) = koreader.pull(&document).await;
    assert_eq!(
        pulled["progress"], "/body/DocFragment[5]/body/p[1]",
        "{pulled}"
    );
    // A book Lectern did not deliver syncs as with any kosync server, and stays out of the API.
    let (status, _) = koreader
        .push(json!({
            "document": "0123456789abcdef0123456789abcdef", "progress": "12",
            "percentage": 0.5, "device": "Kobo Libra", "device_id": "K1",
        }))
        .await;
    assert_eq!(status, StatusCode::OK);
    let (_, pulled) = koreader.pull("0123456789abcdef0123456789abcdef").await;
    assert_eq!(pulled["progress"], "12", "{pulled}");
    let (status, pulled) = koreader.pull("ffffffffffffffffffffffffffffffff").await;
    assert_eq!((status, pulled), (StatusCode::OK, json!({})));
    // A new key replaces the old one; a removed key syncs nothing.
    let newer = sync_key(&app, &token).await;
    let (status, _) = koreader.pull(&document).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let koreader = Koreader {
        key: newer,
        ..koreader
    };
    assert_eq!(koreader.pull(&document).await.0, StatusCode::OK);
    let (status, body) = json(
        reqwest::Client::new()
            .delete(app.url("/v2/myAccount/syncKey?api_key=opds-main"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(koreader.pull(&document).await.0, StatusCode::UNAUTHORIZED);
}

/// A report is the reading-event operation's: of a title withdrawn since it was delivered,
/// KOReader's own progress is kept, and the reader's position in the title is not moved.
async fn koreader_reports_move_the_position_only_in_titles_the_reader_may_see(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.minted_token("opds-main", "member@example.org").await;
    let key = sync_key(&app, &token).await;
    let file = reqwest::Client::new()
        .get(app.url("/opds/main/titles/t-road/EPUB3"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(file.status(), StatusCode::OK);
    let document = lectern_domain::kosync::partial_md5(&file.bytes().await.unwrap());
    let koreader = Koreader {
        app: &app,
        user: "member@example.org".into(),
        key,
    };
    let report = |place: &str| {
        json!({
            "document": document, "progress": place, "percentage": 0.5,
            "device": "Kobo Libra", "device_id": "K1",
        })
    };
    let (status, body) = koreader.push(report("12")).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let member = lectern_store::accounts::by_identifier(app.store.reads(), "member@example.org")
        .await
        .unwrap()
        .unwrap();
    let position = || async {
        lectern_store::reading_activity::position(
            app.store.reads(),
            &member.user_account_id,
            "t-road",
            lectern_domain::catalog::Format::Epub3,
        )
        .await
        .unwrap()
        .map(|p| p.location)
    };
    assert_eq!(
        position().await.as_deref(),
        Some("12"),
        "the title is the reader's"
    );
    let staff = app.token_of("collection@example.org").await;
    let (status, body) = call_reader(
        &app,
        reqwest::Method::PUT,
        "/v2/titles/t-road",
        Some(&staff),
        &[("titleStatus", "withdrawn")],
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    crate::collection::edits_applied(&app).await;
    next_second().await;
    let (status, body) = koreader.push(report("13")).await;
    assert_eq!(
        status,
        StatusCode::OK,
        "KOReader's progress is kept: {body}"
    );
    let (_, pulled) = koreader.pull(&document).await;
    assert_eq!(pulled["progress"], "13", "{pulled}");
    assert_eq!(
        position().await.as_deref(),
        Some("12"),
        "a withdrawn title's position is not moved"
    );
}

async fn koreader_requests_that_are_not_good_are_refused_by_name(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.minted_token("opds-main", "member@example.org").await;
    let key = sync_key(&app, &token).await;
    let koreader = Koreader {
        app: &app,
        user: "member@example.org".into(),
        key,
    };
    // Registration is the library's, and KOReader shows why.
    let (status, body) = json(
        koreader
            .request(reqwest::Method::POST, "/kosync/users/create")
            .json(&json!({ "username": "new@example.org", "password": md5_hex("x") }))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED);
    assert!(
        body["message"].as_str().unwrap().contains("sync key"),
        "{body}"
    );
    for (report, named) in [
        (
            json!({ "document": "d", "progress": "p", "percentage": 1.5, "device": "k", "device_id": "1" }),
            "percentage",
        ),
        (
            json!({ "document": "", "progress": "p", "percentage": 0.5, "device": "k", "device_id": "1" }),
            "document",
        ),
        (
            json!({ "document": "d", "progress": " ", "percentage": 0.5, "device": "k", "device_id": "1" }),
            "progress",
        ),
        (
            json!({ "document": "d", "percentage": 0.5, "device": "k", "device_id": "1" }),
            "progress",
        ),
    ] {
        let (status, body) = koreader.push(report).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert_eq!(body["code"], 2003, "{body}");
        assert!(
            body["message"].as_str().unwrap().contains(named),
            "{named}: {body}"
        );
    }
    // No credentials, a wrong key, a password instead of the sync key: 401 in the reference
    // server's shape.
    let bare = reqwest::Client::new()
        .get(app.url("/kosync/users/auth"))
        .send()
        .await
        .unwrap();
    assert_eq!(bare.status(), StatusCode::UNAUTHORIZED);
    for wrong in ["not-the-key", "member-pass-1"] {
        let other = Koreader {
            app: &app,
            user: "member@example.org".into(),
            key: wrong.into(),
        };
        let (status, body) = other.pull("d").await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        assert_eq!(body["code"], 2001, "{body}");
    }
    // A guest may not make a sync key.
    let (status, _) = json(
        app.post("/v2/myAccount/syncKey?api_key=opds-main")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

/// Waits for the clock's next second: positions are dated in whole seconds, and the newer one
/// wins.
async fn next_second() {
    let now = lectern_domain::Timestamp::now();
    while lectern_domain::Timestamp::now() == now {
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
}
