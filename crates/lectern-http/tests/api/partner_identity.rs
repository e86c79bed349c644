//! Accounts an identity partner vouches for: `POST /v2/myAccount` with `partnerIdToken`, and
//! signing in later with the partner's token (the JWT bearer grant of RFC 7523). A small server
//! started here publishes the partner's keys, and tokens are signed with a key made for the tests.

use std::sync::Arc;
use std::time::{SystemTime, UNIX_EPOCH};

use jsonwebtoken::{Algorithm, EncodingKey, Header};
use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::*;

on_both_stores!(
    a_partner_vouches_for_a_new_account_which_signs_in_with_its_tokens,
    partner_tokens_that_are_not_good_are_refused_by_name,
    a_partner_token_is_used_once,
);

/// A P-256 key made for these tests only; the partner's server below publishes its public half.
const TEST_KEY: &str = "-----BEGIN PRIVATE KEY-----
MIGHAgEAMBMGByqGSM49AgEGCCqGSM49AwEHBG0wawIBAQQgGyAOD6TIBjgx7Sgn
GAs8zsmmaM1qUZwNYpHm+OB49gmhRANCAAS3aCUhvuKi/ebtpYmjOvLlDxr7J4pR
bO+3fiMNskkMiAzkQIqHwrCDqWh33frA2P5tcqc411rtmwIzzJaWZ6kX
-----END PRIVATE KEY-----
";
const ISSUER: &str = "https://id.partner.example";
const AUDIENCE: &str = "lectern-at-partner";
const GRANT: &str = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/// Serves the partner's key set.
async fn partner_keys() -> url::Url {
    use axum::{Json, Router, routing::get};
    let keys = json!({"keys": [{
        "kty": "EC", "crv": "P-256", "kid": "test-1", "alg": "ES256", "use": "sig",
        "x": "t2glIb7iov3m7aWJozry5Q8a-yeKUWzvt34jDbJJDIg",
        "y": "DORAiofCsIOpaHfd-sDY_m1ypzjXWu2bAjPMlpZnqRc",
    }]});
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0").await.unwrap();
    let addr = listener.local_addr().unwrap();
    tokio::spawn(async move {
        let app = Router::new().route("/keys", get(move || async move { Json(keys) }));
        axum::serve(listener, app).await.unwrap();
    });
    url::Url::parse(&format!("http://{addr}/keys")).unwrap()
}

async fn app_with_partner(backend: Backend) -> TestApp {
    let keys = partner_keys().await;
    TestApp::start_with(backend, |s| {
        s.partner_identity = Some(Arc::new(lectern_http::PartnerIdentity::new(
            ISSUER.into(),
            AUDIENCE.into(),
            keys,
        )));
    })
    .await
}

fn now() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .unwrap()
        .as_secs()
}

/// The partner's claims about Pia, valid for the hour.
fn pia() -> Value {
    json!({
        "iss": ISSUER, "aud": AUDIENCE, "sub": "partner-user-77",
        "iat": now(), "exp": now() + 3600,
        "email": "pia@example.org", "email_verified": true,
        "given_name": "Pia", "family_name": "Partner",
    })
}

fn signed(claims: &Value, kid: &str) -> String {
    let mut header = Header::new(Algorithm::ES256);
    header.kid = Some(kid.to_owned());
    let key = EncodingKey::from_ec_pem(TEST_KEY.as_bytes()).unwrap();
    jsonwebtoken::encode(&header, claims, &key).unwrap()
}

fn with(claims: &Value, changes: Value) -> Value {
    let mut c = claims.clone();
    for (k, v) in changes.as_object().unwrap() {
        c[k] = v.clone();
    }
    c
}

/// Asks for tokens with the partner's assertion, as the library's own application.
async fn partner_sign_in(app: &TestApp, assertion: &str) -> (StatusCode, Value) {
    let resp = app
        .post("/oauth/token")
        .basic_auth(CONFIDENTIAL, Some(CONFIDENTIAL_SECRET))
        .form(&[("grant_type", GRANT), ("assertion", assertion)])
        .send()
        .await
        .unwrap();
    json(resp).await
}

async fn create_with(app: &TestApp, form: &[(&str, &str)]) -> (StatusCode, Value) {
    call_console(app, Method::POST, "/v2/myAccount", None, form).await
}

async fn a_partner_vouches_for_a_new_account_which_signs_in_with_its_tokens(backend: Backend) {
    let app = app_with_partner(backend).await;
    let token = signed(&pia(), "test-1");
    // Not yet an account: the partner's token signs no one in.
    let (status, body) = partner_sign_in(&app, &token).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "invalid_grant");

    // No password, no address, no names: the partner's verified claims give them.
    let form = [
        ("partnerIdToken", token.as_str()),
        ("country", "US"),
        ("dateOfBirth", "1991-04-05"),
    ];
    let (status, body) = create_with(&app, &form).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["userName"], "pia@example.org");
    assert_eq!(body["name"]["firstName"], "Pia");
    assert_eq!(body["name"]["lastName"], "Partner");
    // The identity has its account now; the same partner identity makes no second one.
    let (status, body) = create_with(&app, &form).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // Not even under the new address the partner knows Pia by now, and nothing is left of the
    // refused account.
    let moved = signed(
        &with(&pia(), json!({"email": "pia.new@example.org"})),
        "test-1",
    );
    let (status, body) = create_with(
        &app,
        &[
            ("partnerIdToken", moved.as_str()),
            ("country", "US"),
            ("dateOfBirth", "1991-04-05"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(error_message(&body, "CONFLICT").contains("partner identity"));
    let assistant = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    let (status, _) = call_console(
        &app,
        Method::GET,
        "/v2/userNames/pia.new@example.org",
        Some(&assistant),
        &[],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "the refused account was rolled back"
    );

    // A fresh token of the partner signs Pia in; the tokens are Pia's.
    let later = signed(&with(&pia(), json!({"iat": now() + 5})), "test-1");
    let (status, tokens) = partner_sign_in(&app, &later).await;
    assert_eq!(status, StatusCode::OK, "{tokens}");
    let access = tokens["access_token"].as_str().unwrap();
    let (status, me) = app.my_account(CONFIDENTIAL, access).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(me["userName"], "pia@example.org");
    // No password was set: the password grant cannot guess one.
    let resp = app
        .password_grant(TRUSTED, "pia@example.org", "anything-1")
        .await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);

    // Only the library's own applications take the partner's tokens.
    let resp = app
        .post(&format!("/oauth/token?api_key={TRUSTED}"))
        .basic_auth(TRUSTED, Some(""))
        .form(&[("grant_type", GRANT), ("assertion", later.as_str())])
        .send()
        .await
        .unwrap();
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "unauthorized_client");
    let (status, body) = call_reader(
        &app,
        Method::POST,
        "/v2/myAccount",
        None,
        &[("partnerIdToken", later.as_str())],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");

    // A member who signs in with a password may be vouched for with names of their own choosing.
    let other = with(
        &pia(),
        json!({"sub": "partner-user-78", "email": "quinn@example.org", "given_name": "Q"}),
    );
    let other = signed(&other, "test-1");
    let (status, body) = create_with(
        &app,
        &[
            ("partnerIdToken", other.as_str()),
            ("emailAddress", "Quinn@Example.org"),
            ("firstName", "Quinn"),
            ("country", "US"),
            ("dateOfBirth", "1988-01-01"),
            ("password", "quinn-pass-2"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["name"]["firstName"], "Quinn");
    let resp = app
        .password_grant(TRUSTED, "quinn@example.org", "quinn-pass-2")
        .await;
    assert_eq!(resp.status(), StatusCode::OK);
}

async fn partner_tokens_that_are_not_good_are_refused_by_name(backend: Backend) {
    // Without an identity partner set up, the parameter is refused by name.
    let plain = TestApp::start(backend).await;
    let token = signed(&pia(), "test-1");
    let (status, body) = create_with(&plain, &[("partnerIdToken", token.as_str())]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("partnerIdToken"));
    let (status, body) = partner_sign_in(&plain, &token).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "unsupported_grant_type");
    drop(plain);

    let app = app_with_partner(backend).await;
    let bad = [
        ("not a token", "not a JWT".to_owned()),
        (
            "expired",
            signed(&with(&pia(), json!({"exp": now() - 600})), "test-1"),
        ),
        (
            "another issuer",
            signed(
                &with(&pia(), json!({"iss": "https://evil.example"})),
                "test-1",
            ),
        ),
        (
            "another audience",
            signed(&with(&pia(), json!({"aud": "someone-else"})), "test-1"),
        ),
        (
            "unverified address",
            signed(&with(&pia(), json!({"email_verified": false})), "test-1"),
        ),
        (
            "verification as a string, which OpenID Connect's boolean is not",
            signed(&with(&pia(), json!({"email_verified": "true"})), "test-1"),
        ),
        ("unknown key", signed(&pia(), "test-2")),
        (
            "not yet valid",
            signed(&with(&pia(), json!({"nbf": now() + 600})), "test-1"),
        ),
        (
            "issued in the future",
            signed(&with(&pia(), json!({"iat": now() + 600})), "test-1"),
        ),
        (
            "valid for two days",
            signed(&with(&pia(), json!({"exp": now() + 48 * 3600})), "test-1"),
        ),
        ("tampered", {
            let t = signed(&pia(), "test-1");
            let mut parts: Vec<String> = t.split('.').map(str::to_owned).collect();
            let forged = with(&pia(), json!({"email": "admin@example.org"}));
            parts[1] = base64_url(&forged);
            parts.join(".")
        }),
    ];
    for (why, token) in &bad {
        let (status, body) = create_with(
            &app,
            &[
                ("partnerIdToken", token),
                ("country", "US"),
                ("dateOfBirth", "1990-01-01"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{why}: {body}");
        assert!(
            error_message(&body, "BAD_REQUEST").contains("partnerIdToken"),
            "{why}: {body}"
        );
        let (status, body) = partner_sign_in(&app, token).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{why}: {body}");
        assert_eq!(body["error"], "invalid_grant", "{why}");
    }
    // The API says why in the caller's language; the JWT library's own words stay its own.
    let spanish = app
        .http
        .post(app.url(&format!("/v2/myAccount?api_key={CONFIDENTIAL}")))
        .header("accept-language", "es")
        .form(&[
            ("partnerIdToken", "not a JWT"),
            ("country", "US"),
            ("dateOfBirth", "1990-01-01"),
        ])
        .send()
        .await
        .unwrap();
    let (status, body) = json(spanish).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["messages"][0]
            .as_str()
            .unwrap()
            .contains("'partnerIdToken': no es un JWT firmado ("),
        "{body}"
    );
    // An address other than the one the partner verified is refused, naming the field.
    let (status, body) = create_with(
        &app,
        &[
            ("partnerIdToken", token.as_str()),
            ("emailAddress", "someone@example.org"),
            ("country", "US"),
            ("dateOfBirth", "1990-01-01"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("emailAddress"));
    // Nothing was written by any refusal.
    let (status, _) = create_with(
        &app,
        &[
            ("partnerIdToken", token.as_str()),
            ("country", "US"),
            ("dateOfBirth", "1990-01-01"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    // A partner address that is another account's user name is the usual conflict.
    let taken = signed(
        &with(
            &pia(),
            json!({"sub": "partner-user-79", "email": "member@example.org"}),
        ),
        "test-1",
    );
    let (status, _) = create_with(
        &app,
        &[
            ("partnerIdToken", taken.as_str()),
            ("country", "US"),
            ("dateOfBirth", "1990-01-01"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
}

async fn a_partner_token_is_used_once(backend: Backend) {
    let app = app_with_partner(backend).await;
    let created = signed(&with(&pia(), json!({"jti": "pia-1"})), "test-1");
    let form = |t: &str| {
        [
            ("partnerIdToken", t.to_owned()),
            ("country", "US".to_owned()),
            ("dateOfBirth", "1991-04-05".to_owned()),
        ]
    };
    let (status, body) = create_with_owned(&app, &form(&created)).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    // The token that created the account signs no one in afterwards, and neither does another
    // token of the partner's with the same jti.
    let (status, body) = partner_sign_in(&app, &created).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(
        body["error_description"]
            .as_str()
            .unwrap()
            .contains("used before")
    );
    let same_jti = signed(
        &with(&pia(), json!({"jti": "pia-1", "iat": now() - 5})),
        "test-1",
    );
    assert_eq!(
        partner_sign_in(&app, &same_jti).await.0,
        StatusCode::BAD_REQUEST
    );
    // A token without a jti is used once all the same.
    let fresh = signed(&with(&pia(), json!({"iat": now() - 1})), "test-1");
    let (status, body) = partner_sign_in(&app, &fresh).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, body) = partner_sign_in(&app, &fresh).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(body["error"], "invalid_grant");
    // A fresh jti signs in.
    let next = signed(&with(&pia(), json!({"jti": "pia-2"})), "test-1");
    assert_eq!(partner_sign_in(&app, &next).await.0, StatusCode::OK);
}

async fn create_with_owned(app: &TestApp, form: &[(&str, String)]) -> (StatusCode, Value) {
    let borrowed: Vec<(&str, &str)> = form.iter().map(|(k, v)| (*k, v.as_str())).collect();
    create_with(app, &borrowed).await
}

fn base64_url(v: &Value) -> String {
    use base64::Engine;
    base64::engine::general_purpose::URL_SAFE_NO_PAD.encode(v.to_string())
}
