//! `POST /oauth/revocations` (RFC 7009): one token per call.

use reqwest::StatusCode;

use crate::support::*;
use lectern_store::on_both_stores;

on_both_stores!(
    revoking_an_access_token_ends_it_alone,
    revoking_a_refresh_token_ends_it_alone,
    revocation_requests_are_checked,
);

async fn revoke(app: &TestApp, client: &str, token: &str) -> (StatusCode, serde_json::Value) {
    json(
        app.post("/oauth/revocations")
            .basic_auth(client, Some(""))
            .form(&[("token", token)])
            .send()
            .await
            .unwrap(),
    )
    .await
}

async fn revoking_an_access_token_ends_it_alone(backend: Backend) {
    let app = TestApp::start(backend).await;
    let tokens = app.sign_in("member@example.org", "member-pass-1").await;
    let access = tokens["access_token"].as_str().unwrap();
    let (status, body) = revoke(&app, TRUSTED, access).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["key"], "SUCCESS");
    assert!(body["messages"][0].as_str().is_some_and(|m| !m.is_empty()));
    let (status, body) = app.my_account(TRUSTED, access).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(error_message(&body, "UNAUTHORIZED").contains("revoked"));
    // The refresh token of the same sign-in still works: one token per call.
    let (status, _) = app
        .refresh(TRUSTED, tokens["refresh_token"].as_str().unwrap())
        .await;
    assert_eq!(status, StatusCode::OK);
}

async fn revoking_a_refresh_token_ends_it_alone(backend: Backend) {
    let app = TestApp::start(backend).await;
    let tokens = app.sign_in("member@example.org", "member-pass-1").await;
    let refresh = tokens["refresh_token"].as_str().unwrap();
    assert_eq!(revoke(&app, TRUSTED, refresh).await.0, StatusCode::OK);
    let (status, body) = app.refresh(TRUSTED, refresh).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "invalid_grant");
    assert_eq!(
        app.my_account(TRUSTED, tokens["access_token"].as_str().unwrap())
            .await
            .0,
        StatusCode::OK
    );
}

async fn revocation_requests_are_checked(backend: Backend) {
    let app = TestApp::start(backend).await;
    // An unknown token is already as revoked as it can be (RFC 7009 section 2.2).
    let (status, body) = revoke(&app, TRUSTED, "never-issued").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["key"], "SUCCESS");

    let (status, body) = json(
        app.post("/oauth/revocations")
            .basic_auth(TRUSTED, Some(""))
            .form(&[("grant_type", "password")])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "invalid_request");

    let (status, body) = json(
        app.post("/oauth/revocations")
            .form(&[("token", "x")])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error"], "invalid_client");

    // A client may not revoke another client's tokens.
    let token = app.token_for("member@example.org", "member-pass-1").await;
    let (status, body) = revoke(&app, OTHER_SITE, &token).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "unauthorized_client");
    assert_eq!(app.my_account(TRUSTED, &token).await.0, StatusCode::OK);
}
