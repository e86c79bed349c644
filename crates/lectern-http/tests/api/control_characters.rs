//! A NUL (or another control character) is refused at every door with a 400 naming what carried
//! it, before anything reaches the store: PostgreSQL's text cannot hold a NUL (it answered 500,
//! and KOReader's sync a "busy" 503 that it retries for ever), and SQLite kept it.

use lectern_store::on_both_stores;
use reqwest::StatusCode;
use reqwest::multipart::Form;
use serde_json::json;

use crate::kosync::md5_hex;
use crate::support::*;

on_both_stores!(a_nul_is_refused_by_name_at_every_door);

/// A JSON error envelope that names `what`.
fn names(body: &serde_json::Value, what: &str) -> bool {
    body.to_string().contains(&format!("'{what}'"))
}

async fn a_nul_is_refused_by_name_at_every_door(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.minted_token(TRUSTED, "member@example.org").await;
    let v2 = |path: &str| app.url(&format!("{path}?api_key={TRUSTED}"));

    // The query, a path's segment, and the client key.
    let asked = [
        (
            app.url(&format!("/v2/titles?api_key={TRUSTED}&keyword=a%00b")),
            "keyword",
        ),
        (
            app.url(&format!("/v2/titles/t-road%00?api_key={TRUSTED}")),
            "path",
        ),
        (app.url("/v2/titles?api_key=trusted%00"), "api_key"),
        (app.url("/main/titles/t-road%00"), "path"),
    ];
    for (url, what) in asked {
        let (status, body) = json(app.http.get(&url).send().await.unwrap()).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{url}: {body}");
        assert!(names(&body, what), "{url}: {body}");
    }

    // A form, a JSON body and a multipart body.
    let form = app
        .http
        .put(v2("/v2/myAccount"))
        .bearer_auth(&token)
        .form(&[("firstName", "Mem\0ber")]);
    let (status, body) = json(form.send().await.unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(names(&body, "firstName"), "{body}");
    let bookmark = json!({ "serviceId": "t-road", "location": "epubcfi(/6/4\u{0})" });
    let sent = app
        .http
        .post(v2("/v2/myBookmarks"))
        .bearer_auth(&token)
        .json(&bookmark);
    let (status, body) = json(sent.send().await.unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(names(&body, "location"), "{body}");
    let document = Form::new().text("name", "Notes\u{0}").part(
        "file",
        reqwest::multipart::Part::bytes(b"%PDF-1.4".to_vec()).file_name("n.pdf"),
    );
    let sent = app
        .http
        .post(v2("/v2/myDocuments"))
        .bearer_auth(&token)
        .multipart(document);
    let (status, body) = json(sent.send().await.unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(names(&body, "name"), "{body}");

    // A user name at the token endpoint, and in Basic credentials on the catalog.
    let (status, body) = json(
        app.password_grant(TRUSTED, "member@example.org\0", "member-pass-1")
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"], "invalid_request", "{body}");
    assert!(names(&body, "username"), "{body}");
    let basic = app
        .get("/opds/main/shelf")
        .basic_auth("member@example.org\u{0}", Some("member-pass-1"));
    let (status, body) = json(basic.send().await.unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(names(&body, "username"), "{body}");

    // KOReader's progress: a 400 in the sync server's own shape, never a "busy" to retry.
    let (status, body) = call_as(
        &app,
        "opds-main",
        reqwest::Method::POST,
        "/v2/myAccount/syncKey",
        Some(&app.minted_token("opds-main", "member@example.org").await),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let key = body["syncKey"].as_str().unwrap();
    let report = json!({
        "document": "0123456789abcdef0123456789abcdef", "progress": "/body/DocFragment[3]/body/p[1]",
        "percentage": 0.1, "device": "Kobo\u{0}", "device_id": "K1",
    });
    let sync = app
        .http
        .put(app.url("/kosync/syncs/progress"))
        .header("x-auth-user", "member@example.org")
        .header("x-auth-key", md5_hex(key))
        .json(&report);
    let (status, body) = json(sync.send().await.unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["code"], 2003, "{body}");
    assert!(names(&body, "device"), "{body}");

    // Nothing of it was kept.
    let (_, me) = call_reader(
        &app,
        reqwest::Method::GET,
        "/v2/myAccount",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(me["name"]["firstName"], "Mary", "{me}");
}
