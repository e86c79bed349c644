//! Every `self` link in an answer answers a GET, with the caller's own key and token: an app
//! that follows one (to refresh what it shows) never meets a 405.

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::support::*;

on_both_stores!(every_self_link_answers_get, a_guest_s_links_work_as_given);

/// The `self` links anywhere in a body.
fn self_links(body: &Value, found: &mut Vec<String>) {
    match body {
        Value::Object(o) => {
            if o.get("rel").and_then(Value::as_str) == Some("self")
                && let Some(href) = o.get("href").and_then(Value::as_str)
            {
                found.push(href.to_owned());
            }
            o.values().for_each(|v| self_links(v, found));
        }
        Value::Array(items) => items.iter().for_each(|v| self_links(v, found)),
        _ => {}
    }
}

/// GETs every `self` link of `body` as the caller that received it.
async fn follow_each(app: &TestApp, api_key: &str, token: &str, body: &Value) -> usize {
    let mut links = vec![];
    self_links(body, &mut links);
    for href in &links {
        let sep = if href.contains('?') { '&' } else { '?' };
        let resp = app
            .http
            .get(format!("{href}{sep}api_key={api_key}"))
            .bearer_auth(token)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "GET {href} (from {body})");
    }
    links.len()
}

async fn every_self_link_answers_get(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let member = app.minted_token(CONFIDENTIAL, "member@example.org").await;
    let membership = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    let mut followed = 0;
    let as_member = [
        (
            Method::POST,
            "/v2/myAccount/agreement?printName=Mary%20Member",
        ),
        (Method::GET, "/v2/myAccount/agreement"),
        (Method::GET, "/v2/myAccount"),
        (
            Method::PUT,
            "/v2/myLists/rl-awards/subscription?enabled=true",
        ),
        (Method::GET, "/v2/myLists"),
    ];
    for (method, path) in as_member {
        let (status, body) = call_as(&app, CONFIDENTIAL, method, path, Some(&member), &[]).await;
        assert!(status.is_success(), "{path}: {body}");
        followed += follow_each(&app, CONFIDENTIAL, &member, &body).await;
    }
    let as_assistant = [
        "/v2/accounts/u-member/subscriptions",
        "/v2/accounts/u-member/agreements",
    ];
    for path in as_assistant {
        let (status, body) = call_as(
            &app,
            CONFIDENTIAL,
            Method::GET,
            path,
            Some(&membership),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        followed += follow_each(&app, CONFIDENTIAL, &membership, &body).await;
    }
    assert!(followed >= 7, "only {followed} self links were found");
}

/// Every link into the API anywhere in a body.
fn api_links(body: &Value, api: &str, found: &mut Vec<String>) {
    match body {
        Value::String(s) if s.starts_with(api) => found.push(s.clone()),
        Value::Object(o) => o.values().for_each(|v| api_links(v, api, found)),
        Value::Array(items) => items.iter().for_each(|v| api_links(v, api, found)),
        _ => {}
    }
}

/// A guest (a client key and no token) follows each link of a walk's answers exactly as given:
/// none is refused for want of an `api_key` (Clusive's thumbnails broke on that).
async fn a_guest_s_links_work_as_given(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let api = app.url("/v2/");
    let mut followed = 0;
    for start in [
        format!("/v2/titles?api_key={TRUSTED}&limit=3"),
        format!("/v2/titles/t-pride?api_key={TRUSTED}"),
        format!("/v2/categories?api_key={TRUSTED}&limit=3"),
        format!("/v2/popularLists?api_key={TRUSTED}"),
    ] {
        let (status, body) = json(app.get(&start).send().await.unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{start}: {body}");
        let mut links = vec![];
        api_links(&body, &api, &mut links);
        assert!(!links.is_empty(), "{start}: {body}");
        for href in links {
            assert!(href.contains(&format!("api_key={TRUSTED}")), "{href}");
            if href.contains('{') {
                // A template (a download's `{format}`) is filled in before it is followed.
                continue;
            }
            let resp = app.http.get(&href).send().await.unwrap();
            let status = resp.status();
            assert_ne!(status, StatusCode::BAD_REQUEST, "{href} (from {start})");
            assert_ne!(status, StatusCode::UNAUTHORIZED, "{href} (from {start})");
            followed += 1;
        }
    }
    assert!(followed >= 10, "only {followed} links");
}
