//! `POST /oauth/token`: the password and refresh grants and client authentication. The
//! authorization code grant is driven through the pages in `authorize.rs`.

use reqwest::StatusCode;
use reqwest::header::{CACHE_CONTROL, WWW_AUTHENTICATE};
use serde_json::Value;

use crate::support::*;
use lectern_store::on_both_stores;

on_both_stores!(
    password_grant_issues_the_token_shape,
    password_grant_is_for_trusted_clients_only,
    wrong_credentials_are_invalid_grant_and_cost_the_same,
    locked_accounts_cannot_sign_in,
    a_locked_account_cannot_refresh_and_keeps_its_token,
    failed_sign_ins_are_limited_per_name_and_address,
    confidential_clients_must_present_their_secret,
    token_requests_are_checked,
    refresh_grant_rotates_and_keeps_the_old_access_token,
    a_replayed_refresh_token_revokes_its_grant,
    a_refresh_retried_soon_by_its_client_is_answered_again,
    retries_within_the_grace_never_fork_the_sign_in,
    a_revocation_ends_the_grace,
    refresh_tokens_belong_to_their_client,
);

/// Moves the time a refresh token was spent back by `seconds`, as if its retry came that late.
async fn spent_earlier(app: &TestApp, refresh_token: &str, seconds: i64) {
    let hash = lectern_domain::secret::token_hash(refresh_token);
    sqlx::query("UPDATE refresh_tokens SET used = used - $1 WHERE token_hash = $2")
        .bind(seconds)
        .bind(hash)
        .execute(&mut *app.store.writer().await.expect("a writer"))
        .await
        .unwrap();
}

fn token_error(body: &Value, error: &str) -> String {
    assert_eq!(body["error"], error, "unexpected token error: {body}");
    body["error_description"]
        .as_str()
        .expect("error_description")
        .to_owned()
}

async fn password_grant_issues_the_token_shape(backend: Backend) {
    let app = TestApp::start(backend).await;
    let resp = app
        .password_grant(TRUSTED, "member@example.org", "member-pass-1")
        .await;
    assert_eq!(resp.headers().get(CACHE_CONTROL).unwrap(), "no-store");
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["token_type"], "bearer");
    assert_eq!(body["scope"], "basic");
    assert!(
        body["expires_in"].is_u64(),
        "expires_in must be a JSON number: {body}"
    );
    assert_eq!(body["expires_in"], 3600);
    let access = body["access_token"].as_str().unwrap();
    let refresh = body["refresh_token"].as_str().unwrap();
    assert!(access.len() >= 22 && refresh.len() >= 22 && access != refresh);
    // Tokens are stored only as hashes.
    let stored: Vec<(String,)> = sqlx::query_as("SELECT token_hash FROM access_tokens")
        .fetch_all(app.store.reads())
        .await
        .unwrap();
    assert!(stored.iter().all(|(h,)| h != access && h.len() == 64));
    // The user name is not case-sensitive; the user name with scope=basic works too.
    let resp = app
        .post("/oauth/token")
        .basic_auth(TRUSTED, Some(""))
        .form(&[
            ("grant_type", "password"),
            ("username", "MEMBER@example.org"),
            ("password", "member-pass-1"),
            ("scope", "basic"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
}

async fn password_grant_is_for_trusted_clients_only(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (status, body) = json(
        app.password_grant(PUBLIC, "member@example.org", "member-pass-1")
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(token_error(&body, "unauthorized_client").contains("password grant"));
}

async fn wrong_credentials_are_invalid_grant_and_cost_the_same(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (status, body) = json(
        app.password_grant(TRUSTED, "member@example.org", "wrong-pass-1")
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(token_error(&body, "invalid_grant"), "Bad credentials");
    let (status, body) = json(
        app.password_grant(TRUSTED, "nobody@example.org", "member-pass-1")
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(token_error(&body, "invalid_grant"), "Bad credentials");

    // An unknown name is checked against a decoy hash: its cost is that of a wrong password,
    // not of a table lookup. Measurements alternate so that machine noise hits both alike; the
    // bar is loose, but a shortcut that skips hashing is about 100 times faster and fails it.
    let (mut known, mut unknown) = (Vec::new(), Vec::new());
    for _ in 0..5 {
        for (user, times) in [
            ("member@example.org", &mut known),
            ("nobody@example.org", &mut unknown),
        ] {
            let started = std::time::Instant::now();
            let _ = app.password_grant(TRUSTED, user, "wrong-pass-1").await;
            times.push(started.elapsed().as_secs_f64() * 1e3);
        }
    }
    known.sort_by(f64::total_cmp);
    unknown.sort_by(f64::total_cmp);
    assert!(
        unknown[2] > known[2] / 4.0,
        "unknown user {:.1} ms vs wrong password {:.1} ms",
        unknown[2],
        known[2]
    );
}

async fn locked_accounts_cannot_sign_in(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (status, body) = json(
        app.password_grant(TRUSTED, "locked@example.org", "locked-pass-1")
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(token_error(&body, "invalid_grant").contains("locked"));
    // A wrong password on a locked account says nothing about the lock.
    let (_, body) = json(
        app.password_grant(TRUSTED, "locked@example.org", "wrong-pass-1")
            .await,
    )
    .await;
    assert_eq!(token_error(&body, "invalid_grant"), "Bad credentials");
}

/// The refresh reads the account's lock in the statement that spends the token: a lock refuses
/// the refresh and, the transaction rolled back, leaves the token unspent for after an unlock.
async fn a_locked_account_cannot_refresh_and_keeps_its_token(backend: Backend) {
    let app = TestApp::start(backend).await;
    let tokens = app.sign_in("member@example.org", "member-pass-1").await;
    let refresh = tokens["refresh_token"].as_str().unwrap();
    let lock = |locked: bool| {
        let store = app.store.clone();
        async move {
            lectern_store::accounts::set_locked(
                &mut store.writer().await.expect("a writer"),
                "u-member",
                locked,
            )
            .await
            .unwrap();
        }
    };
    lock(true).await;
    let (status, body) = app.refresh(TRUSTED, refresh).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        token_error(&body, "invalid_grant").contains("locked"),
        "{body}"
    );
    lock(false).await;
    let (status, body) = app.refresh(TRUSTED, refresh).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["refresh_token"].is_string());
}

async fn confidential_clients_must_present_their_secret(backend: Backend) {
    let app = TestApp::start(backend).await;
    let form = [
        ("grant_type", "password"),
        ("username", "membership@example.org"),
        ("password", "membership-pass-1"),
    ];
    let resp = app
        .post("/oauth/token")
        .basic_auth(CONFIDENTIAL, Some(CONFIDENTIAL_SECRET))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);

    for secret in [Some(""), Some("wrong-secret-0000000")] {
        let resp = app
            .post("/oauth/token")
            .basic_auth(CONFIDENTIAL, secret)
            .form(&form)
            .send()
            .await
            .unwrap();
        assert!(resp.headers().get(WWW_AUTHENTICATE).is_some());
        let (status, body) = json(resp).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED);
        token_error(&body, "invalid_client");
    }
    // Nor may a public client pretend to have a secret.
    let resp = app
        .post("/oauth/token")
        .basic_auth(TRUSTED, Some("made-up"))
        .form(&form)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::UNAUTHORIZED);
}

async fn token_requests_are_checked(backend: Backend) {
    let app = TestApp::start(backend).await;
    let send = |form: Vec<(&'static str, &'static str)>, client: Option<&'static str>| {
        let mut req = app.post("/oauth/token").form(&form);
        if let Some(c) = client {
            req = req.basic_auth(c, Some(""));
        }
        async move { json(req.send().await.unwrap()).await }
    };
    let (status, body) = send(vec![("grant_type", "password")], None).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    token_error(&body, "invalid_client");

    let (status, body) = send(vec![("grant_type", "password")], Some("no-such-client")).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    token_error(&body, "invalid_client");

    let (_, body) = send(vec![("grant_type", "password")], Some(DISABLED)).await;
    token_error(&body, "invalid_client");

    let (status, body) = send(vec![("username", "x")], Some(TRUSTED)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(token_error(&body, "invalid_request").contains("'grant_type'"));

    let (_, body) = send(vec![("grant_type", "implicit")], Some(TRUSTED)).await;
    token_error(&body, "unsupported_grant_type");

    let (_, body) = send(
        vec![
            ("grant_type", "password"),
            ("username", "member@example.org"),
        ],
        Some(TRUSTED),
    )
    .await;
    assert!(token_error(&body, "invalid_request").contains("'password'"));

    let (_, body) = send(
        vec![("grant_type", "password"), ("scope", "admin")],
        Some(TRUSTED),
    )
    .await;
    token_error(&body, "invalid_scope");

    let (_, body) = send(vec![("grant_type", "refresh_token")], Some(TRUSTED)).await;
    assert!(token_error(&body, "invalid_request").contains("'refresh_token'"));

    let (_, body) = send(
        vec![("grant_type", "authorization_code"), ("code", "x")],
        Some(TRUSTED),
    )
    .await;
    assert!(token_error(&body, "invalid_request").contains("'redirect_uri'"));

    let resp = app
        .post("/oauth/token")
        .basic_auth(TRUSTED, Some(""))
        .json(&serde_json::json!({"grant_type": "password"}))
        .send()
        .await
        .unwrap();
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(token_error(&body, "invalid_request").contains("x-www-form-urlencoded"));

    // RFC 6749 section 3.2: no parameter may be sent twice, even with one value.
    let (status, body) = send(
        vec![
            ("grant_type", "password"),
            ("grant_type", "password"),
            ("username", "member@example.org"),
            ("password", "member-pass-1"),
        ],
        Some(TRUSTED),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(token_error(&body, "invalid_request").contains("'grant_type' was sent more than once"));

    // Credentials in the URL are refused, not used: only api_key may come in the query.
    let resp = app
        .post(&format!(
            "/oauth/token?api_key={TRUSTED}&grant_type=password&username=member@example.org&password=member-pass-1"
        ))
        .basic_auth(TRUSTED, Some(""))
        .send()
        .await
        .unwrap();
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(token_error(&body, "invalid_request").contains("not in the URL"));

    // RFC 7636 section 4.1: a verifier is 43 to 128 unreserved characters, checked before the
    // code is looked at.
    for verifier in [
        "x",
        &"a".repeat(129)[..],
        "not allowed: spaces and colons in it, forty-three+",
    ] {
        let (status, body) = json(
            app.post("/oauth/token")
                .basic_auth(TRUSTED, Some(""))
                .form(&[
                    ("grant_type", "authorization_code"),
                    ("code", "whatever"),
                    ("redirect_uri", TRUSTED_REDIRECT),
                    ("code_verifier", verifier),
                ])
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{verifier}");
        assert!(token_error(&body, "invalid_request").contains("code_verifier"));
    }

    // The framework's own errors on the token server take the Token Error shape too.
    let resp = app.get("/oauth/token").send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::METHOD_NOT_ALLOWED);
    assert!(resp.headers().contains_key("allow"));
    let (_, body) = json(resp).await;
    assert!(token_error(&body, "invalid_request").contains("not supported"));
    let (status, body) = json(app.get("/oauth/nothing-here").send().await.unwrap()).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    token_error(&body, "invalid_request");

    // A client id in the body identifies a public client, as RFC 6749 allows.
    let resp = app
        .post("/oauth/token")
        .form(&[
            ("grant_type", "password"),
            ("client_id", TRUSTED),
            ("username", "member@example.org"),
            ("password", "member-pass-1"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
}

async fn refresh_grant_rotates_and_keeps_the_old_access_token(backend: Backend) {
    let app = TestApp::start(backend).await;
    let first = app.sign_in("member@example.org", "member-pass-1").await;
    let (status, second) = app
        .refresh(TRUSTED, first["refresh_token"].as_str().unwrap())
        .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_ne!(second["access_token"], first["access_token"]);
    assert_ne!(second["refresh_token"], first["refresh_token"]);
    assert_eq!(second["token_type"], "bearer");
    assert!(second["expires_in"].is_u64());
    for token in [&first["access_token"], &second["access_token"]] {
        let (status, body) = app.my_account(TRUSTED, token.as_str().unwrap()).await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (status, _) = app
        .refresh(TRUSTED, second["refresh_token"].as_str().unwrap())
        .await;
    assert_eq!(status, StatusCode::OK);

    let (status, body) = app.refresh(TRUSTED, "never-issued").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    token_error(&body, "invalid_grant");
}

async fn a_replayed_refresh_token_revokes_its_grant(backend: Backend) {
    let app = TestApp::start(backend).await;
    let first = app.sign_in("member@example.org", "member-pass-1").await;
    let old_refresh = first["refresh_token"].as_str().unwrap();
    let (_, second) = app.refresh(TRUSTED, old_refresh).await;
    // Past the grace for retries: a minute later.
    spent_earlier(&app, old_refresh, 60).await;

    let (status, body) = app.refresh(TRUSTED, old_refresh).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(token_error(&body, "invalid_grant").contains("already used"));
    // Everything of that sign-in is revoked: both access tokens and the newest refresh token.
    for token in [&first["access_token"], &second["access_token"]] {
        assert_eq!(
            app.my_account(TRUSTED, token.as_str().unwrap()).await.0,
            StatusCode::UNAUTHORIZED
        );
    }
    assert_eq!(
        app.refresh(TRUSTED, second["refresh_token"].as_str().unwrap())
            .await
            .0,
        StatusCode::BAD_REQUEST
    );
    // Another sign-in of the same user is untouched.
    let other = app.token_for("member@example.org", "member-pass-1").await;
    assert_eq!(app.my_account(TRUSTED, &other).await.0, StatusCode::OK);
}

async fn a_refresh_retried_soon_by_its_client_is_answered_again(backend: Backend) {
    let app = TestApp::start(backend).await;
    let first = app.sign_in("member@example.org", "member-pass-1").await;
    let old_refresh = first["refresh_token"].as_str().unwrap();
    let (_, lost) = app.refresh(TRUSTED, old_refresh).await;
    // The answer never reached the app, which tries again 20 seconds later, and is given the
    // same pair: never a second, independent one.
    spent_earlier(&app, old_refresh, 20).await;
    let (status, retried) = app.refresh(TRUSTED, old_refresh).await;
    assert_eq!(status, StatusCode::OK, "{retried}");
    assert_eq!(retried["refresh_token"], lost["refresh_token"]);
    assert_eq!(retried["access_token"], lost["access_token"]);
    assert!(
        retried["expires_in"]
            .as_u64()
            .is_some_and(|s| s > 3500 && s <= 3600)
    );
    for token in [&first["access_token"], &retried["access_token"]] {
        assert_eq!(
            app.my_account(TRUSTED, token.as_str().unwrap()).await.0,
            StatusCode::OK
        );
    }
    let (status, body) = app
        .refresh(TRUSTED, retried["refresh_token"].as_str().unwrap())
        .await;
    assert_eq!(status, StatusCode::OK, "{body}");

    // Within the grace, the same token from another client is a replay all the same.
    let (status, body) = app.refresh(OTHER_SITE, old_refresh).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(token_error(&body, "invalid_grant").contains("already used"));
    assert_eq!(
        app.my_account(TRUSTED, retried["access_token"].as_str().unwrap())
            .await
            .0,
        StatusCode::UNAUTHORIZED
    );
}

async fn retries_within_the_grace_never_fork_the_sign_in(backend: Backend) {
    let app = TestApp::start(backend).await;
    let first = app.sign_in("member@example.org", "member-pass-1").await;
    let old_refresh = first["refresh_token"].as_str().unwrap();
    let (_, lost) = app.refresh(TRUSTED, old_refresh).await;
    let mut access_tokens = std::collections::BTreeSet::new();
    let mut refresh_tokens = std::collections::BTreeSet::new();
    for _ in 0..11 {
        let (status, again) = app.refresh(TRUSTED, old_refresh).await;
        assert_eq!(status, StatusCode::OK, "{again}");
        access_tokens.insert(again["access_token"].as_str().unwrap().to_owned());
        refresh_tokens.insert(again["refresh_token"].as_str().unwrap().to_owned());
    }
    assert_eq!(access_tokens.len(), 1, "{access_tokens:?}");
    assert_eq!(refresh_tokens.len(), 1, "{refresh_tokens:?}");
    assert_eq!(
        access_tokens.first().unwrap(),
        lost["access_token"].as_str().unwrap()
    );
    let live: (i64,) = sqlx::query_as(
        "SELECT COUNT(*) FROM refresh_tokens t JOIN users u ON u.user_account_id = t.user_account_id
         WHERE u.user_name = 'member@example.org' AND t.used = 0 AND t.revoked = 0",
    )
    .fetch_one(app.store.reads())
    .await
    .unwrap();
    assert_eq!(live.0, 1, "one sign-in has one live refresh token");

    // The pair was refreshed since (RT0 -> RT1 -> RT2): RT1's answer reached someone, so RT0
    // again is no lost answer but a replay of an older token, which ends the whole sign-in
    // (RFC 9700, 4.14.2).
    let (_, current) = app
        .refresh(TRUSTED, lost["refresh_token"].as_str().unwrap())
        .await;
    let (status, again) = app.refresh(TRUSTED, old_refresh).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{again}");
    assert!(token_error(&again, "invalid_grant").contains("already used"));
    let current_access = current["access_token"].as_str().unwrap();
    assert_eq!(
        app.my_account(TRUSTED, current_access).await.0,
        StatusCode::UNAUTHORIZED
    );
    let current_refresh = current["refresh_token"].as_str().unwrap();
    assert_eq!(
        app.refresh(TRUSTED, current_refresh).await.0,
        StatusCode::BAD_REQUEST
    );
}

async fn a_revocation_ends_the_grace(backend: Backend) {
    for revoked in ["refresh_token", "access_token"] {
        let app = TestApp::start(backend).await;
        let first = app.sign_in("member@example.org", "member-pass-1").await;
        let old_refresh = first["refresh_token"].as_str().unwrap();
        let (_, rotated) = app.refresh(TRUSTED, old_refresh).await;
        // The reader signs out: the app revokes the pair it holds.
        let resp = app
            .post("/oauth/revocations")
            .basic_auth(TRUSTED, Some(""))
            .form(&[("token", rotated[revoked].as_str().unwrap())])
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::OK);
        let (status, body) = app.refresh(TRUSTED, old_refresh).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{revoked}: {body}");
        token_error(&body, "invalid_grant");
        // The sign-out is not undone: nothing of that sign-in works.
        assert_eq!(
            app.my_account(TRUSTED, rotated["access_token"].as_str().unwrap())
                .await
                .0,
            StatusCode::UNAUTHORIZED,
            "{revoked}"
        );
        assert_eq!(
            app.refresh(TRUSTED, rotated["refresh_token"].as_str().unwrap())
                .await
                .0,
            StatusCode::BAD_REQUEST,
            "{revoked}"
        );
    }
}

async fn refresh_tokens_belong_to_their_client(backend: Backend) {
    let app = TestApp::start(backend).await;
    let tokens = app.sign_in("member@example.org", "member-pass-1").await;
    let refresh_token = tokens["refresh_token"].as_str().unwrap();
    let (status, body) = app.refresh(OTHER_SITE, refresh_token).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(token_error(&body, "invalid_grant").contains("another client"));
    // The refused attempt did not spend it.
    assert_eq!(app.refresh(TRUSTED, refresh_token).await.0, StatusCode::OK);
}

async fn failed_sign_ins_are_limited_per_name_and_address(backend: Backend) {
    let app = TestApp::start_with(backend, |s| s.sign_in_failures_per_minute = 3).await;
    // Successes are not counted: a client that signs in per request is never held back.
    for _ in 0..5 {
        let (status, _) = json(
            app.password_grant(TRUSTED, "member@example.org", "member-pass-1")
                .await,
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    // Failures are counted per minute: a script that ran into the next minute is run again on
    // the next minute's new counts.
    let resp = loop {
        let minute = crate::sign_in_doors::this_minute();
        for password in ["wrong-pass-1", "wrong-pass-2", "wrong-pass-3"] {
            let (status, _) = json(
                app.password_grant(TRUSTED, "member@example.org", password)
                    .await,
            )
            .await;
            assert_eq!(status, StatusCode::BAD_REQUEST);
        }
        // The fourth attempt from this address within the minute is refused before the password
        // is even looked at, whatever its case, and even with the right password.
        let resp = app
            .password_grant(TRUSTED, "Member@Example.org", "member-pass-1")
            .await;
        if crate::sign_in_doors::this_minute() == minute {
            break resp;
        }
        crate::sign_in_doors::until_the_next_minute().await;
    };
    retry_after(&resp);
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    assert!(
        token_error(&body, "temporarily_unavailable").contains("Too many failed sign-in attempts")
    );
    // Other user names are not held back.
    let (status, _) = json(
        app.password_grant(TRUSTED, "admin@example.org", "admin-pass-1")
            .await,
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    // Nor is the reader, from another address: someone else's guesses do not lock them out.
    let elsewhere = reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, 2]))
        .build()
        .unwrap();
    let (status, body) = json(
        elsewhere
            .post(app.url(&format!("/oauth/token?api_key={TRUSTED}")))
            .basic_auth(TRUSTED, Some(""))
            .form(&[
                ("grant_type", "password"),
                ("username", "member@example.org"),
                ("password", "member-pass-1"),
            ])
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
}
