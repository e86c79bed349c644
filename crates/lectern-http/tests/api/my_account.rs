//! `GET /v2/myAccount` and its deprecated spelling `/v2/myaccount`.

use reqwest::StatusCode;

use crate::support::*;
use lectern_store::on_both_stores;

on_both_stores!(
    every_role_reads_its_own_account,
    account_summary_has_the_documented_shape,
    organization_members_see_their_organizations_features,
    guests_may_not_read_an_account,
    deprecated_lowercase_path_answers_too,
    me_names_the_signed_in_user,
    the_summary_follows_writes_here_at_once_and_elsewhere_within_a_second,
);

async fn first_name(app: &TestApp, token: &str) -> serde_json::Value {
    let (status, body) = app.my_account(TRUSTED, token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["name"]["firstName"].clone()
}

async fn rename(app: &TestApp, token: &str, name: &str) {
    let (status, body) = call_as(
        app,
        TRUSTED,
        reqwest::Method::PUT,
        "/v2/myAccount",
        Some(token),
        &[("firstName", name)],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

/// A node keeps the summary it answered with the token it remembers (`token_cache`): a write
/// on that node is read back at once, one on another node within the token cache's second.
async fn the_summary_follows_writes_here_at_once_and_elsewhere_within_a_second(backend: Backend) {
    let app = TestApp::start(backend).await;
    let other = app.second_node().await;
    let member = app.token_of("member@example.org").await;
    let before = first_name(&app, &member).await;
    assert_eq!(first_name(&app, &member).await, before, "asked again");

    rename(&app, &member, "Norah").await;
    assert_eq!(
        first_name(&app, &member).await,
        "Norah",
        "written on this node"
    );

    rename(&other, &member, "Nell").await;
    let written = std::time::Instant::now();
    // The bound is the token cache's second; the margin is for a loaded test machine.
    while first_name(&app, &member).await != "Nell" {
        assert!(
            written.elapsed() < std::time::Duration::from_secs(3),
            "a change made on another node was still not shown after {:?}",
            written.elapsed()
        );
        tokio::time::sleep(std::time::Duration::from_millis(50)).await;
    }
}

async fn me_names_the_signed_in_user(backend: Backend) {
    let app = TestApp::start(backend).await;
    for (_, user, _) in USERS {
        let token = app.token_of(user).await;
        let (status, body) = json(
            app.get(&format!("/v2/me?api_key={TRUSTED}"))
                .bearer_auth(&token)
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{user}: {body}");
        assert_eq!(body["username"], user);
        assert!(body["userAccountId"].is_string());
        assert!(body["name"]["firstName"].is_string());
        assert!(body["name"]["lastName"].is_string());
        assert_eq!(body["links"][0]["rel"], "self");
        assert_eq!(body["links"][0]["href"], app.url("/v2/me"));
    }
    let (status, body) = json(
        app.get(&format!("/v2/me?api_key={TRUSTED}"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    error_message(&body, "UNAUTHORIZED");
}

async fn every_role_reads_its_own_account(backend: Backend) {
    let app = TestApp::start(backend).await;
    for (role, user, _) in USERS {
        let token = app.token_of(user).await;
        let (status, body) = app.my_account(TRUSTED, &token).await;
        assert_eq!(status, StatusCode::OK, "{role}: {body}");
        assert_eq!(body["userName"], user);
        assert_eq!(body["roles"], serde_json::json!([role]));
        assert_eq!(body["site"], "main");
    }
    // A user of another site signs in through its own site's client and sees its own site.
    let resp = app
        .password_grant(OTHER_SITE, "elsewhere@example.org", "elsewhere-pass-1")
        .await;
    let token = json(resp).await.1["access_token"]
        .as_str()
        .unwrap()
        .to_owned();
    let (status, body) = app.my_account(OTHER_SITE, &token).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["site"], "other");
}

async fn account_summary_has_the_documented_shape(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_of("member@example.org").await;
    let (status, body) = app.my_account(TRUSTED, &token).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["links"][0]["href"], app.url("/v2/myAccount"));
    let base = app.url("");
    insta::assert_json_snapshot!("my_account_member", body, {
        ".links[].href" => insta::dynamic_redaction(move |value, _| {
            value.as_str().unwrap_or_default().replace(&base, "[base]")
        })
    });
}

async fn organization_members_see_their_organizations_features(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_of("student@example.org").await;
    let (status, body) = app.my_account(TRUSTED, &token).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["organizationId"], "org-school");
    assert_eq!(body["hasServicePlus"], true);
    assert_eq!(body["hasReadingCompanion"], true);
    assert_eq!(body["subscriptionStatus"], "expired");
    assert_eq!(body["proofOfDisabilityStatus"], "submitted");
    assert!(body["userName"].is_string());
}

async fn guests_may_not_read_an_account(backend: Backend) {
    let app = TestApp::start(backend).await;
    let resp = app
        .get(&format!("/v2/myAccount?api_key={TRUSTED}"))
        .send()
        .await
        .unwrap();
    assert!(resp.headers().get("www-authenticate").is_some());
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(error_message(&body, "UNAUTHORIZED").contains("signed-in user"));
}

async fn deprecated_lowercase_path_answers_too(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_of("member@example.org").await;
    let (status, body) = json(
        app.get(&format!("/v2/myaccount?api_key={TRUSTED}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["userAccountId"], "u-member");
    // Every path under the account has its old spelling.
    let (status, body) = json(
        app.get(&format!("/v2/myaccount/preferences?api_key={TRUSTED}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["showRecommendations"], true);
    let (status, _) = json(
        app.get(&format!("/v2/myaccount?api_key={TRUSTED}"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}
