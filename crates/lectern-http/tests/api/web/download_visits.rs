//! What may start a package and spend a reader's allowance: the title page's form (a POST with
//! the page's token), the API's GET, an app following an acquisition link. Never a page's GET,
//! which a link on another site can make a signed-in browser send (the session cookie is
//! `SameSite=Lax`), and never a HEAD, which KOReader sends to learn a file's name.

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};

use super::{Browser, hidden, location};
use crate::support::*;

on_both_stores!(a_page_visit_or_a_head_never_starts_a_download);

/// How many downloads the reader's history holds.
async fn downloads_in_history(app: &TestApp, token: &str) -> usize {
    let (status, body) =
        call_reader(app, Method::GET, "/v2/myAccount/history", Some(token), &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["downloads"].as_array().unwrap().len()
}

async fn a_page_visit_or_a_head_never_starts_a_download(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    app.pause_worker();
    let token = app.minted_token(TRUSTED, "member@example.org").await;
    let b = Browser::new(&app);
    b.sign_in("member@example.org", "member-pass-1").await;
    let package_page = "/main/titles/t-road/download/EPUB3";

    // A visit, as a link on another site sends it: the page offers to ask, and nothing is made.
    let visit = b.page(package_page, StatusCode::OK).await;
    assert!(
        visit.contains("You have not asked for a EPUB 3 copy yet"),
        "{visit}"
    );
    assert!(visit.contains("<form method=\"post\" action=\"/main/titles/t-road/download\">"));
    assert!(!visit.contains("Check again"), "nothing is being prepared");
    let polled = b
        .http
        .get(app.url(package_page))
        .header("accept", "application/json")
        .send()
        .await
        .unwrap();
    let (_, polled) = json(polled).await;
    assert_eq!(polled["status"], "notRequested");
    // HEADs of the API's and the catalog's download links, as apps send them, look only.
    let api_head = app
        .http
        .head(app.url(&format!("/v2/titles/t-road/EPUB3?api_key={TRUSTED}")))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(api_head.status(), StatusCode::NOT_FOUND);
    let opds_head = app
        .http
        .head(app.url("/opds/main/titles/t-road/EPUB3"))
        .basic_auth("member@example.org", Some("member-pass-1"))
        .send()
        .await
        .unwrap();
    assert_eq!(opds_head.status(), StatusCode::NOT_FOUND);
    assert_eq!(downloads_in_history(&app, &token).await, 0);

    // The page's own form asks, once; looking again shows that package and counts nothing.
    let csrf = hidden(&visit, "csrf").unwrap();
    let asked = b
        .post(
            "/main/titles/t-road/download",
            &[("csrf", &csrf), ("format", "EPUB3")],
        )
        .await;
    assert_eq!(asked.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&asked), package_page);
    let preparing = b.page(package_page, StatusCode::OK).await;
    assert!(preparing.contains("is being prepared"), "{preparing}");
    let opds_head = app
        .http
        .head(app.url("/opds/main/titles/t-road/EPUB3"))
        .basic_auth("member@example.org", Some("member-pass-1"))
        .send()
        .await
        .unwrap();
    assert_eq!(
        opds_head.status(),
        StatusCode::ACCEPTED,
        "the package exists"
    );
    assert_eq!(downloads_in_history(&app, &token).await, 1);
}
