//! Document 1's conventions, as every `/v2` endpoint gets them.

use std::time::Duration;

use reqwest::StatusCode;
use reqwest::header::{ACCEPT, ALLOW, CACHE_CONTROL, CONTENT_TYPE, WWW_AUTHENTICATE};

use crate::support::*;
use lectern_store::on_both_stores;

on_both_stores!(
    api_key_is_required_known_and_enabled,
    answers_with_a_persons_data_are_not_kept_by_caches,
    tokens_that_do_not_identify_a_user_get_401,
    expired_tokens_get_401_naming_the_token,
    tokens_work_only_with_the_client_they_were_issued_to,
    deprecated_access_token_parameter_is_accepted,
    api_key_may_come_in_a_form_body,
    unknown_routes_and_methods_answer_json,
    accept_must_admit_json,
    bodies_must_be_form_multipart_or_json,
    limits_per_client_key_give_429_with_retry_after,
    limits_per_user_give_429,
    limits_are_shared_between_nodes_through_redis,
    every_response_carries_a_request_id,
    unknown_parameters_are_ignored,
    store_failures_answer_without_internals,
    health_and_readiness_answer_without_a_key,
    text_answers_are_compressed_when_asked,
);

/// JSON, feeds and pages come gzip- or Brotli-compressed to a client that asks; files do not,
/// being compressed already.
async fn text_answers_are_compressed_when_asked(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let asked = [
        (format!("/v2/titles?api_key={TRUSTED}"), "application/json"),
        ("/opds/main/new".to_owned(), "application/atom+xml"),
        ("/main/".to_owned(), "text/html"),
    ];
    for (path, media) in asked {
        let plain = app.get(&path).send().await.unwrap();
        assert_eq!(plain.headers().get("content-encoding"), None, "{path}");
        let plain = plain.bytes().await.unwrap();
        for (encoding, magic) in [("gzip", &[0x1f_u8, 0x8b][..]), ("br", &[][..])] {
            let resp = app
                .get(&path)
                .header("accept-encoding", encoding)
                .send()
                .await
                .unwrap();
            assert_eq!(resp.status(), StatusCode::OK, "{path}");
            assert!(
                resp.headers()[CONTENT_TYPE]
                    .to_str()
                    .unwrap()
                    .starts_with(media)
            );
            assert_eq!(resp.headers()["content-encoding"], encoding, "{path}");
            let body = resp.bytes().await.unwrap();
            assert!(
                body.starts_with(magic) && body.len() < plain.len(),
                "{path} {encoding}"
            );
        }
    }
    // A title's file is a zip already: sent as it is.
    let token = app.minted_token(TRUSTED, "member@example.org").await;
    let path = format!("/v2/titles/t-pride/EPUB3?api_key={TRUSTED}");
    let file = crate::downloads::poll(&app, &path, Some(&token)).await;
    let resp = app
        .http
        .get(&file)
        .header("accept-encoding", "gzip, br")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert_eq!(resp.headers().get("content-encoding"), None);
}

async fn health_and_readiness_answer_without_a_key(backend: Backend) {
    let app = TestApp::start(backend).await;
    for path in ["/health", "/ready"] {
        let (status, body) = json(app.get(path).send().await.unwrap()).await;
        assert_eq!(
            (status, body["status"].as_str()),
            (StatusCode::OK, Some("UP"))
        );
    }
    app.store.close().await;
    let (status, _) = json(app.get("/health").send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK, "the process still serves");
    let resp = app.get("/ready").send().await.unwrap();
    assert_eq!(resp.headers()["retry-after"], "5");
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(
        error_message(&body, "SERVICE_UNAVAILABLE"),
        "This node cannot reach its store"
    );
}

async fn api_key_is_required_known_and_enabled(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_for("member@example.org", "member-pass-1").await;

    // A guest must say which application calls; a signed-in request may leave the key out and
    // is served for the application its token was issued to.
    let (status, body) = json(app.get("/v2/titles").send().await.unwrap()).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("'api_key'"));
    let (status, body) = json(
        app.get("/v2/myAccount")
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["userName"], "member@example.org");
    let (status, _) = json(
        app.get("/v2/myAccount")
            .bearer_auth("not-a-token-we-issued")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // An unknown key says nothing against the token: clients that read `invalid_token` in
    // WWW-Authenticate throw a good token away.
    let resp = app
        .get("/v2/myAccount?api_key=no-such-key")
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    let challenge = resp.headers()[WWW_AUTHENTICATE]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(!challenge.contains("invalid_token"), "{challenge}");
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(error_message(&body, "UNAUTHORIZED").contains("api_key"));

    let (status, body) = app.my_account(DISABLED, &token).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(error_message(&body, "FORBIDDEN").contains("disabled"));
}

async fn tokens_that_do_not_identify_a_user_get_401(backend: Backend) {
    let app = TestApp::start(backend).await;

    let (status, body) = app.my_account(TRUSTED, "not-a-token-we-issued").await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(error_message(&body, "UNAUTHORIZED").contains("not valid"));

    let resp = app
        .get(&format!("/v2/myAccount?api_key={TRUSTED}"))
        .header("Authorization", "Basic abc")
        .send()
        .await
        .unwrap();
    assert!(resp.headers().contains_key(WWW_AUTHENTICATE));
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(error_message(&body, "UNAUTHORIZED").contains("Bearer"));

    // A guest may call /v2, but not a resource that is about the signed-in user.
    let (status, body) = json(
        app.get(&format!("/v2/myAccount?api_key={TRUSTED}"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    error_message(&body, "UNAUTHORIZED");

    // A token of an account locked since it was issued stops working.
    let token = app.token_for("member@example.org", "member-pass-1").await;
    lectern_store::accounts::set_locked(
        &mut app.store.writer().await.expect("a writer"),
        "u-member",
        true,
    )
    .await
    .unwrap();
    let (status, body) = app.my_account(TRUSTED, &token).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(error_message(&body, "FORBIDDEN").contains("locked"));
}

async fn expired_tokens_get_401_naming_the_token(backend: Backend) {
    let app = TestApp::start_with(backend, |s| s.access_token_ttl = Duration::from_secs(2)).await;
    let tokens = app.sign_in("member@example.org", "member-pass-1").await;
    assert_eq!(tokens["expires_in"], 2);
    let token = tokens["access_token"].as_str().unwrap();
    assert_eq!(app.my_account(TRUSTED, token).await.0, StatusCode::OK);

    tokio::time::sleep(Duration::from_millis(3100)).await;
    let resp = app
        .get(&format!("/v2/myAccount?api_key={TRUSTED}"))
        .bearer_auth(token)
        .send()
        .await
        .unwrap();
    let challenge = resp
        .headers()
        .get(WWW_AUTHENTICATE)
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(challenge.contains("invalid_token"), "{challenge}");
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert_eq!(body["error"], "unauthorized");
    assert_eq!(
        body["error_description"],
        format!("Access token expired: {token}")
    );
    assert!(error_message(&body, "UNAUTHORIZED").contains(token));
}

async fn tokens_work_only_with_the_client_they_were_issued_to(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_for("member@example.org", "member-pass-1").await;
    let (status, body) = app.my_account(OTHER_SITE, &token).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(error_message(&body, "UNAUTHORIZED").contains("another application"));
}

async fn deprecated_access_token_parameter_is_accepted(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_for("member@example.org", "member-pass-1").await;
    let (status, body) = json(
        app.get(&format!(
            "/v2/myAccount?api_key={TRUSTED}&access_token={token}"
        ))
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["userName"], "member@example.org");

    let (status, body) = json(
        app.get(&format!(
            "/v2/myAccount?api_key={TRUSTED}&access_token=other"
        ))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("'access_token'"));
}

async fn api_key_may_come_in_a_form_body(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_for("member@example.org", "member-pass-1").await;
    // No POST route exists under /v2 yet; what the caller layer says about the body's api_key
    // shows that it was read: an unknown one is refused as unknown (not as missing), and a
    // known one passes the layer and meets the method check.
    let (status, body) = json(
        app.post("/v2/myAccount")
            .bearer_auth(&token)
            .form(&[("api_key", "no-such-key")])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    assert!(error_message(&body, "UNAUTHORIZED").contains("not known"));
    let resp = app
        .post("/v2/me")
        .bearer_auth(&token)
        .form(&[("api_key", TRUSTED)])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED);
}

async fn unknown_routes_and_methods_answer_json(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (status, body) = json(
        app.get(&format!("/v2/noSuchThing?api_key={TRUSTED}"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    assert!(error_message(&body, "NOT_FOUND").contains("/v2/noSuchThing"));

    let resp = app
        .http
        .delete(app.url(&format!("/v2/myAccount?api_key={TRUSTED}")))
        .send()
        .await
        .unwrap();
    let allow = resp
        .headers()
        .get(ALLOW)
        .expect("Allow header")
        .to_str()
        .unwrap()
        .to_owned();
    assert!(allow.contains("GET"), "{allow}");
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::METHOD_NOT_ALLOWED);
    let message = error_message(&body, "METHOD_NOT_ALLOWED");
    assert!(
        message.contains("DELETE") && message.contains("GET"),
        "{message}"
    );
}

async fn accept_must_admit_json(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_for("member@example.org", "member-pass-1").await;
    let path = format!("/v2/myAccount?api_key={TRUSTED}");
    let (status, body) = json(
        app.get(&path)
            .bearer_auth(&token)
            .header(ACCEPT, "text/html")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_ACCEPTABLE);
    assert!(error_message(&body, "NOT_ACCEPTABLE").contains("application/json"));
    for accept in ["application/json", "*/*", "text/html, application/*;q=0.5"] {
        let resp = app
            .get(&path)
            .bearer_auth(&token)
            .header(ACCEPT, accept)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK, "Accept: {accept}");
    }
}

async fn bodies_must_be_form_multipart_or_json(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (status, body) = json(
        app.post(&format!("/v2/myAccount?api_key={TRUSTED}"))
            .header(CONTENT_TYPE, "text/plain")
            .body("hello")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(error_message(&body, "UNSUPPORTED_MEDIA_TYPE").contains("x-www-form-urlencoded"));
}

async fn limits_per_client_key_give_429_with_retry_after(backend: Backend) {
    let app = TestApp::start_with(backend, |s| s.rate_limit_per_client = 3).await;
    let token = app.token_for("member@example.org", "member-pass-1").await;
    for _ in 0..3 {
        assert_eq!(app.my_account(TRUSTED, &token).await.0, StatusCode::OK);
    }
    let resp = app
        .get(&format!("/v2/myAccount?api_key={TRUSTED}"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    retry_after(&resp);
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(error_message(&body, "TOO_MANY_REQUESTS").contains("api_key"));
    // Another client key has its own count, and here a share of its own, set by the operator.
    lectern_store::clients::set_rate_limit(
        &mut app.store.writer().await.expect("a writer"),
        OTHER_SITE,
        Some(5),
    )
    .await
    .unwrap();
    let other = app
        .password_grant(OTHER_SITE, "elsewhere@example.org", "elsewhere-pass-1")
        .await;
    let other_token = json(other).await.1["access_token"]
        .as_str()
        .unwrap()
        .to_owned();
    for _ in 0..5 {
        assert_eq!(
            app.my_account(OTHER_SITE, &other_token).await.0,
            StatusCode::OK
        );
    }
    assert_eq!(
        app.my_account(OTHER_SITE, &other_token).await.0,
        StatusCode::TOO_MANY_REQUESTS
    );
}

async fn limits_per_user_give_429(backend: Backend) {
    let app = TestApp::start_with(backend, |s| s.rate_limit_per_user = 2).await;
    let token = app.token_for("member@example.org", "member-pass-1").await;
    for _ in 0..2 {
        assert_eq!(app.my_account(TRUSTED, &token).await.0, StatusCode::OK);
    }
    let (status, body) = app.my_account(TRUSTED, &token).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(error_message(&body, "TOO_MANY_REQUESTS").contains("user"));
    // Another user of the same client is not held back.
    let other = app.token_for("admin@example.org", "admin-pass-1").await;
    assert_eq!(app.my_account(TRUSTED, &other).await.0, StatusCode::OK);
}

async fn limits_are_shared_between_nodes_through_redis(backend: Backend) {
    if !redis_available().await {
        return;
    }
    // Shared limits count per minute: stay clear of a minute's end so that all six requests
    // fall in one window.
    let second_of_minute = lectern_domain::Timestamp::now().unix() % 60;
    if second_of_minute > 50 {
        tokio::time::sleep(Duration::from_secs(61 - second_of_minute as u64)).await;
    }
    let prefix = format!("lectern-test-{}", lectern_domain::ids::new_id());
    let first =
        TestApp::start_sharing_limits(backend, |s| s.rate_limit_per_client = 4, &prefix).await;
    let second = first.second_node().await;
    let token = first.token_for("member@example.org", "member-pass-1").await;
    for node in [&first, &second, &first, &second] {
        assert_eq!(node.my_account(TRUSTED, &token).await.0, StatusCode::OK);
    }
    // Four requests were spread over two nodes; the fifth, on either, is over the shared share.
    for node in [&first, &second] {
        let resp = node
            .get(&format!("/v2/myAccount?api_key={TRUSTED}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        retry_after(&resp);
        assert_eq!(resp.status(), StatusCode::TOO_MANY_REQUESTS);
    }
}

async fn every_response_carries_a_request_id(backend: Backend) {
    let app = TestApp::start(backend).await;
    let resp = app.get("/v2/nowhere").send().await.unwrap();
    assert!(
        resp.headers()
            .get("x-request-id")
            .is_some_and(|v| !v.is_empty())
    );
    let resp = app
        .get("/v2/nowhere")
        .header("x-request-id", "trace-me-42")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.headers().get("x-request-id").unwrap(), "trace-me-42");
}

async fn unknown_parameters_are_ignored(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_for("member@example.org", "member-pass-1").await;
    let (status, body) = json(
        app.get(&format!(
            "/v2/myAccount?api_key={TRUSTED}&colour=blue&colour=red&page=2"
        ))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}

async fn store_failures_answer_without_internals(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_for("member@example.org", "member-pass-1").await;
    app.store.close().await;

    // A closed store is unavailable, not broken: 503 with Retry-After, and nothing of the cause.
    let resp = app
        .get(&format!("/v2/myAccount?api_key={TRUSTED}"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.headers()["retry-after"], "1");
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    let message = error_message(&body, "SERVICE_UNAVAILABLE");
    assert_eq!(message, "The service is busy; retry shortly");
    assert_eq!(
        body.as_object().unwrap().len(),
        3,
        "nothing but key, messages and links: {body}"
    );

    let (status, body) = json(
        app.password_grant(TRUSTED, "member@example.org", "member-pass-1")
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::SERVICE_UNAVAILABLE);
    assert_eq!(body["error"], "temporarily_unavailable");
    assert!(
        !body["error_description"]
            .as_str()
            .unwrap()
            .to_lowercase()
            .contains("pool")
    );

    let page = app
        .get(&format!("/oauth/authorize?response_type=code&client_id={TRUSTED}&redirect_uri=http%3A%2F%2F127.0.0.1%3A9%2Fcallback"))
        .send()
        .await
        .unwrap();
    assert_eq!(page.status(), StatusCode::INTERNAL_SERVER_ERROR);
    let html = page.text().await.unwrap();
    assert!(
        html.contains("<h1>Something went wrong</h1>") && !html.to_lowercase().contains("pool"),
        "{html}"
    );
}

async fn answers_with_a_persons_data_are_not_kept_by_caches(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of("member@example.org").await;
    for path in [
        "/v2/myAccount",
        "/v2/myLists",
        "/v2/myAccount/history",
        "/v2/titles?keyword=road",
        "/v2/titles/t-road",
        // An error to a signed-in reader says something about them too.
        "/v2/myHighlights",
    ] {
        let resp = app
            .get(&format!(
                "{path}{}api_key={TRUSTED}",
                if path.contains('?') { "&" } else { "?" }
            ))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap();
        assert_eq!(
            resp.headers()
                .get(CACHE_CONTROL)
                .map(|v| v.to_str().unwrap()),
            Some("no-store"),
            "{path}"
        );
    }
    // A write's answer too, signed in or not (an account just created).
    let resp = app
        .post(&format!("/v2/myAccount?api_key={TRUSTED}"))
        .form(&[("firstName", "X")])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.headers()[CACHE_CONTROL], "no-store");
    // A guest's read of the catalog holds nobody's data, and a cover says how it may be kept.
    let resp = app
        .get(&format!("/v2/titles?api_key={PUBLIC}"))
        .send()
        .await
        .unwrap();
    assert!(resp.headers().get(CACHE_CONTROL).is_none());
    let resp = app
        .get(&format!("/v2/titles/t-road/coverimage?api_key={TRUSTED}"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    assert_ne!(resp.headers().get(CACHE_CONTROL).unwrap(), "no-store");
}
