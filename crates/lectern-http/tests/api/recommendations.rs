//! `GET /v2/myRecommendations`: titles read by readers who share the caller's, lifted by the
//! caller's authors and categories, then popular titles; never what they read, never what they
//! may not see.

use reqwest::StatusCode;
use serde_json::Value;

use crate::support::*;
use lectern_store::on_both_stores;

on_both_stores!(
    recommendations_follow_readers_like_you_then_popular_titles,
    the_recommendation_profile_keeps_out_and_brings_in,
);

async fn read(app: &TestApp, token: &str, service_id: &str) {
    let (status, body) = json(
        app.post(&format!("/v2/readingEvents?api_key={TRUSTED}"))
            .bearer_auth(token)
            .form(&[
                ("serviceId", service_id),
                ("format", "EPUB3"),
                ("location", "epubcfi(/6/2)"),
                ("metric", "1"),
                ("metricType", "chapter"),
            ])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn recommended(app: &TestApp, token: Option<&str>, query: &str) -> (StatusCode, Value) {
    let mut req = app.get(&format!("/v2/myRecommendations?api_key={TRUSTED}{query}"));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    json(req.send().await.unwrap()).await
}

fn ids(body: &Value) -> Vec<String> {
    body["recommendedTitles"]
        .as_array()
        .unwrap_or_else(|| panic!("no recommendedTitles: {body}"))
        .iter()
        .map(|t| t["serviceId"].as_str().unwrap().to_owned())
        .collect()
}

async fn recommendations_follow_readers_like_you_then_popular_titles(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    let grown = app.token_of("grown@example.org").await;
    let admin = app.token_of("admin@example.org").await;
    read(&app, &member, "t-road").await;
    read(&app, &member, "t-pride").await;
    read(&app, &grown, "t-road").await;
    read(&app, &grown, "t-stripes").await;
    read(&app, &admin, "t-pride").await;
    read(&app, &admin, "t-algebra").await;
    read(&app, &admin, "t-unfinished").await;

    let (status, body) = recommended(&app, Some(&member), "&limit=100").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let offered = ids(&body);
    // Both neighbours share one title; Stars and Stripes is by Ada Byron, whom the reader read.
    assert_eq!(offered[..2], ["t-stripes", "t-algebra"], "{offered:?}");
    for never in ["t-road", "t-pride", "t-unfinished", "t-gone", "t-far"] {
        assert!(
            !offered.contains(&never.to_owned()),
            "{never} offered: {offered:?}"
        );
    }
    assert_eq!(body["totalResults"], offered.len());
    assert_eq!(body["recommendedTitles"][0]["title"], "Stars and Stripes");
    // The same state gives the same answer, page by page.
    let mut paged = Vec::new();
    let mut start = String::new();
    loop {
        let (status, body) = recommended(&app, Some(&member), &format!("&limit=2{start}")).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        paged.extend(ids(&body));
        match body["next"].as_str() {
            Some(n) => start = format!("&start={n}"),
            None => break,
        }
    }
    assert_eq!(paged, offered);
    // A reader with no history gets the most-read titles first.
    let fresh = app.token_of("volunteer@example.org").await;
    let (_, body) = recommended(&app, Some(&fresh), "&limit=2").await;
    assert_eq!(ids(&body), ["t-pride", "t-road"]);
    // Guests have no recommendations.
    let (status, body) = recommended(&app, None, "").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    error_message(&body, "UNAUTHORIZED");
    let (status, body) = recommended(&app, Some(&member), "&limit=1000x").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("'limit'"));
}

async fn set_profile(app: &TestApp, token: &str, form: &[(&str, &str)]) {
    let (status, body) = call_reader(
        app,
        reqwest::Method::PUT,
        "/v2/myAccount/recommendationProfile",
        Some(token),
        form,
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn the_recommendation_profile_keeps_out_and_brings_in(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.token_of("member@example.org").await;
    let grown = app.token_of("grown@example.org").await;
    let admin = app.token_of("admin@example.org").await;
    for (who, title) in [
        (&member, "t-road"),
        (&member, "t-pride"),
        (&grown, "t-road"),
        (&grown, "t-stripes"),
        (&admin, "t-pride"),
        (&admin, "t-algebra"),
    ] {
        read(&app, who, title).await;
    }
    let (_, body) = recommended(&app, Some(&member), "&limit=100").await;
    assert_eq!(ids(&body)[..2], ["t-stripes", "t-algebra"]);
    // An excluded author and a reading age keep titles out, however well they score.
    set_profile(&app, &member, &[("excludedAuthors", "ada byron")]).await;
    let (_, body) = recommended(&app, Some(&member), "&limit=100").await;
    assert_eq!(ids(&body), ["t-algebra"], "Ada Byron's titles are out");
    set_profile(&app, &member, &[("readingAge", "9")]).await;
    let (_, body) = recommended(&app, Some(&member), "&limit=100").await;
    assert_eq!(ids(&body), Vec::<String>::new(), "Algebra is for 12 to 14");

    // A reader with no history: the profile's authors and categories come in beside the
    // most-read titles, and above them when they are as strong.
    let fresh = app.token_of("volunteer@example.org").await;
    let (_, body) = recommended(&app, Some(&fresh), "&limit=100").await;
    let before = ids(&body);
    assert_eq!(before[..2], ["t-pride", "t-road"]);
    set_profile(
        &app,
        &fresh,
        &[
            ("includedAuthors", "Rosa Luna"),
            ("includedCategories", "Travel"),
        ],
    )
    .await;
    let (_, body) = recommended(&app, Some(&fresh), "&limit=100").await;
    let after = ids(&body);
    assert_eq!(after[0], "t-casa", "{after:?}");
    assert!(after.contains(&"t-open".to_owned()), "{after:?}");
    let casa = after.iter().position(|t| t == "t-casa").unwrap();
    let road = after.iter().position(|t| t == "t-road").unwrap();
    assert!(casa < road, "{after:?}");
    // Excluding a category takes its titles out again; the same state, the same answer.
    set_profile(
        &app,
        &fresh,
        &[("excludedCategories", "Travel"), ("includedCategories", "")],
    )
    .await;
    let (_, body) = recommended(&app, Some(&fresh), "&limit=100").await;
    let last = ids(&body);
    assert!(!last.contains(&"t-open".to_owned()), "{last:?}");
    let (_, again) = recommended(&app, Some(&fresh), "&limit=100").await;
    assert_eq!(ids(&again), last);
}
