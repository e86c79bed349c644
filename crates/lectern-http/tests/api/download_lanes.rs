//! Who waits for whom: each guest of a client key has a share of its own (and all of them one
//! together), a reader's narrations never refuse their EPUB, readers take turns in the audio
//! lane, and a 202's `Retry-After` estimates the wait from the queue ahead.

use lectern_store::on_both_stores;
use reqwest::StatusCode;

use crate::downloads::call;
use crate::support::*;

on_both_stores!(
    guests_have_shares_of_their_own_and_together,
    narrations_wait_their_turn_and_never_refuse_an_epub,
);

/// A guest at `127.0.0.{last_octet}` asking the trusted app's key for a title's format.
async fn as_guest(app: &TestApp, last_octet: u8, format: &str) -> StatusCode {
    let guest = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, last_octet]))
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let url = app.url(&format!("/v2/titles/t-pride/{format}?api_key={TRUSTED}"));
    guest.get(url).send().await.unwrap().status()
}

async fn guests_have_shares_of_their_own_and_together(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    app.pause_worker();
    // One guest waits for three packages: a fourth is theirs to wait for ...
    for format in ["EPUB3", "BRF", "DOCX"] {
        assert_eq!(as_guest(&app, 1, format).await, StatusCode::ACCEPTED);
    }
    assert_eq!(
        as_guest(&app, 1, "DAISY").await,
        StatusCode::TOO_MANY_REQUESTS
    );
    // ... not another guest's, who gets theirs.
    assert_eq!(as_guest(&app, 2, "EPUB3").await, StatusCode::ACCEPTED);
    // All the guests of one key together wait for at most twelve.
    for (guest, formats) in [
        (2, &["BRF", "DOCX"][..]),
        (3, &["EPUB3", "BRF", "DOCX"][..]),
        (4, &["EPUB3", "BRF", "DOCX"][..]),
    ] {
        for format in formats {
            let status = as_guest(&app, guest, format).await;
            assert_eq!(status, StatusCode::ACCEPTED, "guest {guest}, {format}");
        }
    }
    let resp = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 5]))
        .build()
        .unwrap()
        .get(app.url(&format!("/v2/titles/t-pride/EPUB3?api_key={TRUSTED}")))
        .send()
        .await
        .unwrap();
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(
        body.to_string().contains("guests of this application"),
        "{body}"
    );
}

/// The 202's `Retry-After`, in seconds.
async fn retry_after_of(app: &TestApp, path: &str, token: &str) -> u64 {
    let (status, headers, body) = call(app, path, Some(token)).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{path}: {body}");
    headers["retry-after"].to_str().unwrap().parse().unwrap()
}

async fn narrations_wait_their_turn_and_never_refuse_an_epub(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    app.pause_worker();
    let member = app.token_of("member@example.org").await;
    let other = app.token_of("grown@example.org").await;
    let path = |title: &str, format: &str| format!("/v2/titles/{title}/{format}?api_key={TRUSTED}");
    let narrations = [
        path("t-road", "DAISY_AUDIO"),
        path("t-pride", "DAISY_AUDIO"),
        path("t-pride", "DAISY_2_AUDIO"),
    ];
    for asked in &narrations {
        retry_after_of(&app, asked, &member).await;
    }
    // Asked again, each is told its place: one narration's time after another.
    let mine = every_wait(&app, &narrations, &member).await;
    assert!(mine.windows(2).all(|w| w[0] < w[1]), "{mine:?}");
    // A fourth narration is one too many; an EPUB is not a narration.
    let (status, _, body) = call(&app, &path("t-road", "DAISY_2_AUDIO"), Some(&member)).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS, "{body}");
    assert!(body.to_string().contains("narrations"), "{body}");
    let epub = retry_after_of(&app, &path("t-road", "EPUB3"), &member).await;
    assert!(
        epub < mine[0],
        "an EPUB waits for no narration: {epub} {mine:?}"
    );
    // Another reader's narration, asked for last, comes second: after the member's first, not
    // after all three, which now wait longer.
    let theirs = retry_after_of(&app, &path("t-road", "DAISY_AUDIO"), &other).await;
    let after = every_wait(&app, &narrations, &member).await;
    // (Asked for in the same second as the member's first, it may come before it.)
    let before_theirs = after.iter().filter(|w| **w < theirs).count();
    assert!(before_theirs <= 1, "{theirs} {after:?}");
    assert!(after[2] > mine[2], "{after:?} {mine:?}");
}

/// The waits `paths` are told, shortest first.
async fn every_wait(app: &TestApp, paths: &[String], token: &str) -> Vec<u64> {
    let mut waits = vec![];
    for asked in paths {
        waits.push(retry_after_of(app, asked, token).await);
    }
    waits.sort_unstable();
    waits
}
