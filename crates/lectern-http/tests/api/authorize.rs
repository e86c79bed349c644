//! The authorization code flow, driven through the login and consent pages as a browser would,
//! with the `oauth2` crate as an independent client.

use oauth2::basic::BasicClient;
use oauth2::{
    AuthUrl, AuthorizationCode, ClientId, CsrfToken, PkceCodeChallenge, RedirectUrl, RefreshToken,
    Scope, TokenResponse, TokenUrl,
};
use reqwest::header::{CONTENT_TYPE, LOCATION, SET_COOKIE};
use reqwest::{Response, StatusCode};
use url::Url;

use crate::sign_in_doors::{this_minute, until_the_next_minute};
use crate::support::*;
use lectern_store::on_both_stores;

on_both_stores!(
    an_independent_client_completes_the_flow_with_pkce,
    a_code_is_single_use_and_its_replay_revokes_the_tokens,
    a_code_is_bound_to_its_client_and_redirect_uri,
    the_pkce_verifier_is_checked,
    denying_returns_access_denied_with_the_state,
    unknown_clients_and_redirect_uris_stop_on_our_own_page,
    bad_authorization_requests_return_errors_to_the_client,
    login_errors_are_shown_on_the_page,
    the_login_page_slows_down_password_guessing,
    forms_without_the_flows_csrf_token_are_refused,
    the_session_ends_with_the_flow,
    pages_refuse_framing_and_caching,
    untrusted_clients_may_use_the_code_flow,
    the_pages_speak_the_browser_s_language,
);

pub(crate) fn authorize_path(client: &str, redirect: &str, extra: &str) -> String {
    let redirect = url::form_urlencoded::byte_serialize(redirect.as_bytes()).collect::<String>();
    format!(
        "/oauth/authorize?response_type=code&client_id={client}&redirect_uri={redirect}&scope=basic{extra}"
    )
}

/// The value of the hidden CSRF field of a page.
fn csrf_of(html: &str) -> String {
    let marker = "name=\"csrf\" value=\"";
    let start = html.find(marker).expect("csrf field") + marker.len();
    html[start..].split('"').next().unwrap().to_owned()
}

async fn open_login(app: &TestApp, path: &str) -> String {
    let resp = app.get(path).send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    assert!(
        resp.headers()
            .get(CONTENT_TYPE)
            .unwrap()
            .to_str()
            .unwrap()
            .starts_with("text/html")
    );
    csrf_of(&resp.text().await.unwrap())
}

async fn submit_login(app: &TestApp, csrf: &str, user: &str, password: &str) -> Response {
    app.post("/oauth/authorize")
        .form(&[("csrf", csrf), ("username", user), ("password", password)])
        .send()
        .await
        .unwrap()
}

/// Signs in on the login page and answers the consent page; returns where the browser is sent.
pub(crate) async fn sign_in_and_decide(
    app: &TestApp,
    path: &str,
    user: &str,
    password: &str,
    decision: &str,
) -> Url {
    let csrf = open_login(app, path).await;
    let resp = submit_login(app, &csrf, user, password).await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        resp.headers().get(LOCATION).unwrap(),
        &app.url("/oauth/consent")
    );
    let consent = app.get("/oauth/consent").send().await.unwrap();
    assert_eq!(consent.status(), StatusCode::OK);
    let html = consent.text().await.unwrap();
    assert!(html.contains("Allow") && html.contains("Deny"));
    let resp = app
        .post("/oauth/consent")
        .form(&[("csrf", csrf_of(&html).as_str()), ("decision", decision)])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    Url::parse(resp.headers().get(LOCATION).unwrap().to_str().unwrap()).unwrap()
}

pub(crate) fn query(url: &Url, name: &str) -> Option<String> {
    url.query_pairs()
        .find(|(k, _)| k == name)
        .map(|(_, v)| v.into_owned())
}

async fn exchange(
    app: &TestApp,
    client: &str,
    code: &str,
    redirect: &str,
    verifier: Option<&str>,
) -> (StatusCode, serde_json::Value) {
    let mut form = vec![
        ("grant_type", "authorization_code"),
        ("code", code),
        ("redirect_uri", redirect),
    ];
    if let Some(v) = verifier {
        form.push(("code_verifier", v));
    }
    json(
        app.post("/oauth/token")
            .basic_auth(client, Some(""))
            .form(&form)
            .send()
            .await
            .unwrap(),
    )
    .await
}

async fn an_independent_client_completes_the_flow_with_pkce(backend: Backend) {
    let app = TestApp::start(backend).await;
    let client = BasicClient::new(ClientId::new(TRUSTED.to_owned()))
        .set_auth_uri(AuthUrl::new(app.url("/oauth/authorize")).unwrap())
        .set_token_uri(TokenUrl::new(app.url("/oauth/token")).unwrap())
        .set_redirect_uri(RedirectUrl::new(TRUSTED_REDIRECT.to_owned()).unwrap());
    let (challenge, verifier) = PkceCodeChallenge::new_random_sha256();
    let (auth_url, state) = client
        .authorize_url(CsrfToken::new_random)
        .add_scope(Scope::new("basic".to_owned()))
        .set_pkce_challenge(challenge)
        .url();
    let path = &auth_url.as_str()[app.base.len()..];

    let back = sign_in_and_decide(&app, path, "member@example.org", "member-pass-1", "allow").await;
    assert!(back.as_str().starts_with(TRUSTED_REDIRECT));
    assert_eq!(
        query(&back, "state").as_deref(),
        Some(state.secret().as_str())
    );
    let code = query(&back, "code").expect("code");

    let http = oauth2::reqwest::Client::builder()
        .redirect(oauth2::reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let tokens = client
        .exchange_code(AuthorizationCode::new(code))
        .set_pkce_verifier(verifier)
        .request_async(&http)
        .await
        .unwrap();
    assert_eq!(tokens.expires_in().map(|d| d.as_secs()), Some(3600));
    let (status, body) = app
        .my_account(TRUSTED, tokens.access_token().secret())
        .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["userName"], "member@example.org");

    let refresh = tokens
        .refresh_token()
        .expect("refresh token")
        .secret()
        .clone();
    let renewed = client
        .exchange_refresh_token(&RefreshToken::new(refresh))
        .request_async(&http)
        .await
        .unwrap();
    assert_eq!(
        app.my_account(TRUSTED, renewed.access_token().secret())
            .await
            .0,
        StatusCode::OK
    );
}

async fn a_code_is_single_use_and_its_replay_revokes_the_tokens(backend: Backend) {
    let app = TestApp::start(backend).await;
    let back = sign_in_and_decide(
        &app,
        &authorize_path(TRUSTED, TRUSTED_REDIRECT, ""),
        "member@example.org",
        "member-pass-1",
        "allow",
    )
    .await;
    let code = query(&back, "code").unwrap();
    let (status, tokens) = exchange(&app, TRUSTED, &code, TRUSTED_REDIRECT, None).await;
    assert_eq!(status, StatusCode::OK, "{tokens}");
    let access = tokens["access_token"].as_str().unwrap();
    assert_eq!(app.my_account(TRUSTED, access).await.0, StatusCode::OK);

    let (status, body) = exchange(&app, TRUSTED, &code, TRUSTED_REDIRECT, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "invalid_grant");
    assert!(
        body["error_description"]
            .as_str()
            .unwrap()
            .contains("already used")
    );
    assert_eq!(
        app.my_account(TRUSTED, access).await.0,
        StatusCode::UNAUTHORIZED
    );
    let (status, _) = app
        .refresh(TRUSTED, tokens["refresh_token"].as_str().unwrap())
        .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn a_code_is_bound_to_its_client_and_redirect_uri(backend: Backend) {
    let app = TestApp::start(backend).await;
    let back = sign_in_and_decide(
        &app,
        &authorize_path(TRUSTED, TRUSTED_REDIRECT, ""),
        "member@example.org",
        "member-pass-1",
        "allow",
    )
    .await;
    let code = query(&back, "code").unwrap();

    let (status, body) = exchange(&app, PUBLIC, &code, TRUSTED_REDIRECT, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error_description"]
            .as_str()
            .unwrap()
            .contains("another client")
    );
    let (status, body) = exchange(&app, TRUSTED, &code, "org.example.reader:/cb", None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error_description"]
            .as_str()
            .unwrap()
            .contains("redirect_uri")
    );
    // The refused exchanges did not spend the code.
    assert_eq!(
        exchange(&app, TRUSTED, &code, TRUSTED_REDIRECT, None)
            .await
            .0,
        StatusCode::OK
    );
    let (status, body) = exchange(&app, TRUSTED, "made-up-code", TRUSTED_REDIRECT, None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(body["error"], "invalid_grant");
}

async fn the_pkce_verifier_is_checked(backend: Backend) {
    let app = TestApp::start(backend).await;
    // RFC 7636 appendix B.
    let verifier = "dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk";
    let pkce =
        "&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM&code_challenge_method=S256";
    let path = authorize_path(TRUSTED, TRUSTED_REDIRECT, pkce);
    let code = query(
        &sign_in_and_decide(&app, &path, "member@example.org", "member-pass-1", "allow").await,
        "code",
    )
    .unwrap();
    for wrong in [None, Some("not-the-verifier-not-the-verifier-00000000")] {
        let (status, body) = exchange(&app, TRUSTED, &code, TRUSTED_REDIRECT, wrong).await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(
            body["error_description"]
                .as_str()
                .unwrap()
                .contains("code_verifier")
        );
    }
    assert_eq!(
        exchange(&app, TRUSTED, &code, TRUSTED_REDIRECT, Some(verifier))
            .await
            .0,
        StatusCode::OK
    );

    // A verifier for a code that had no challenge is a downgrade attempt.
    let path = authorize_path(TRUSTED, TRUSTED_REDIRECT, "");
    let code = query(
        &sign_in_and_decide(&app, &path, "member@example.org", "member-pass-1", "allow").await,
        "code",
    )
    .unwrap();
    let (status, body) = exchange(&app, TRUSTED, &code, TRUSTED_REDIRECT, Some(verifier)).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["error_description"]
            .as_str()
            .unwrap()
            .contains("no code_challenge")
    );
}

async fn denying_returns_access_denied_with_the_state(backend: Backend) {
    let app = TestApp::start(backend).await;
    let path = authorize_path(TRUSTED, TRUSTED_REDIRECT, "&state=keep%20me");
    let back = sign_in_and_decide(&app, &path, "member@example.org", "member-pass-1", "deny").await;
    assert_eq!(query(&back, "error").as_deref(), Some("access_denied"));
    assert!(query(&back, "error_description").is_some_and(|d| !d.is_empty()));
    assert_eq!(query(&back, "state").as_deref(), Some("keep me"));
    assert!(query(&back, "code").is_none());
}

async fn unknown_clients_and_redirect_uris_stop_on_our_own_page(backend: Backend) {
    let app = TestApp::start(backend).await;
    for path in [
        authorize_path(TRUSTED, "https://attacker.example/cb", ""),
        authorize_path(TRUSTED, &format!("{TRUSTED_REDIRECT}/extra"), ""),
        authorize_path("no-such-client", TRUSTED_REDIRECT, ""),
        authorize_path(DISABLED, "http://127.0.0.1:9/retired", ""),
        "/oauth/authorize?response_type=code&client_id=trusted-app-key".to_owned(),
    ] {
        let resp = app.get(&path).send().await.unwrap();
        assert_eq!(resp.status(), StatusCode::BAD_REQUEST, "{path}");
        assert!(
            resp.headers().get(LOCATION).is_none(),
            "{path} must not redirect"
        );
        assert!(
            resp.headers()
                .get(CONTENT_TYPE)
                .unwrap()
                .to_str()
                .unwrap()
                .starts_with("text/html")
        );
        let html = resp.text().await.unwrap();
        assert!(
            html.contains("<h1>We could not start signing in</h1>"),
            "{html}"
        );
    }
    // Before the app is known, the page speaks the browser's language.
    let path = "/oauth/authorize?response_type=code&client_id=no-such-app";
    for (asked, words) in [
        (
            "es-MX,es;q=0.9",
            "<h1>No pudimos empezar a iniciar la sesión</h1>",
        ),
        (
            "ar",
            "<p role=\"alert\">التطبيق غير مسجّل لدى هذه المكتبة.</p>",
        ),
    ] {
        let resp = app
            .get(path)
            .header("accept-language", asked)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
        let html = resp.text().await.unwrap();
        assert!(html.contains(words), "{asked}: {html}");
    }
}

async fn bad_authorization_requests_return_errors_to_the_client(backend: Backend) {
    let app = TestApp::start(backend).await;
    let redirect =
        url::form_urlencoded::byte_serialize(TRUSTED_REDIRECT.as_bytes()).collect::<String>();
    for (query_string, error) in [
        (
            format!("response_type=token&client_id={TRUSTED}&redirect_uri={redirect}&state=s1"),
            "unsupported_response_type",
        ),
        (
            format!(
                "response_type=code&client_id={TRUSTED}&redirect_uri={redirect}&scope=admin&state=s1"
            ),
            "invalid_scope",
        ),
        (
            format!(
                "response_type=code&client_id={TRUSTED}&redirect_uri={redirect}&code_challenge=abc&code_challenge_method=plain&state=s1"
            ),
            "invalid_request",
        ),
        (
            format!(
                "response_type=code&response_type=token&client_id={TRUSTED}&redirect_uri={redirect}&state=s1"
            ),
            "invalid_request",
        ),
        // RFC 7636 section 4.2: an S256 challenge is 43 base64url characters.
        (
            format!(
                "response_type=code&client_id={TRUSTED}&redirect_uri={redirect}&code_challenge=abc&code_challenge_method=S256&state=s1"
            ),
            "invalid_request",
        ),
        (
            format!(
                "response_type=code&client_id={TRUSTED}&redirect_uri={redirect}&code_challenge=E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw%2BcM&code_challenge_method=S256&state=s1"
            ),
            "invalid_request",
        ),
    ] {
        let resp = app
            .get(&format!("/oauth/authorize?{query_string}"))
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::SEE_OTHER, "{query_string}");
        let back = Url::parse(resp.headers().get(LOCATION).unwrap().to_str().unwrap()).unwrap();
        assert!(back.as_str().starts_with(TRUSTED_REDIRECT));
        assert_eq!(
            query(&back, "error").as_deref(),
            Some(error),
            "{query_string}"
        );
        assert_eq!(query(&back, "state").as_deref(), Some("s1"));
    }
}

async fn login_errors_are_shown_on_the_page(backend: Backend) {
    let app = TestApp::start(backend).await;
    let csrf = open_login(&app, &authorize_path(TRUSTED, TRUSTED_REDIRECT, "")).await;

    let resp = submit_login(&app, &csrf, "", "").await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let html = resp.text().await.unwrap();
    assert!(html.contains("<title>Error: Sign in"), "{html}");
    assert!(html.contains("role=\"alert\""));
    assert!(
        html.contains("id=\"username-error\"")
            && html.contains("aria-describedby=\"username-error\"")
    );
    assert!(
        html.contains("id=\"password-error\"")
            && html.contains("aria-describedby=\"password-error\"")
    );

    let resp = submit_login(&app, &csrf, "member@example.org", "wrong-pass-1").await;
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
    let html = resp.text().await.unwrap();
    assert!(html.contains("The user name or password is not right"));
    assert!(
        html.contains("value=\"member@example.org\""),
        "the user name is kept"
    );
    assert!(html.contains("aria-invalid=\"true\""));

    let resp = submit_login(&app, &csrf, "locked@example.org", "locked-pass-1").await;
    assert!(
        resp.text()
            .await
            .unwrap()
            .contains("This account is locked")
    );

    // Markup in what the user typed comes back escaped.
    let resp = submit_login(&app, &csrf, "<script>x</script>", "wrong-pass-1").await;
    let html = resp.text().await.unwrap();
    assert!(!html.contains("<script>x"), "user input must be escaped");

    let resp = submit_login(&app, &csrf, "member@example.org", "member-pass-1").await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
}

async fn forms_without_the_flows_csrf_token_are_refused(backend: Backend) {
    let app = TestApp::start(backend).await;
    let csrf = open_login(&app, &authorize_path(TRUSTED, TRUSTED_REDIRECT, "")).await;
    let resp = submit_login(&app, "forged", "member@example.org", "member-pass-1").await;
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    assert!(
        resp.text()
            .await
            .unwrap()
            .contains("did not come from this sign-in page")
    );

    assert_eq!(
        submit_login(&app, &csrf, "member@example.org", "member-pass-1")
            .await
            .status(),
        StatusCode::SEE_OTHER
    );
    let resp = app
        .post("/oauth/consent")
        .form(&[("csrf", "forged"), ("decision", "allow")])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    assert!(resp.headers().get(LOCATION).is_none());
    // The check runs whatever the form holds: an empty body is no way around it.
    for body in ["", "decision=allow"] {
        let resp = app
            .post("/oauth/consent")
            .header("content-type", "application/x-www-form-urlencoded")
            .body(body)
            .send()
            .await
            .unwrap();
        assert_eq!(resp.status(), StatusCode::FORBIDDEN, "{body:?}");
        assert!(resp.headers().get(LOCATION).is_none());
    }

    // A browser without the flow's cookie cannot ride on it either.
    let stranger = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let resp = stranger
        .post(app.url("/oauth/consent"))
        .form(&[("csrf", csrf.as_str()), ("decision", "allow")])
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::FORBIDDEN);
    assert!(resp.text().await.unwrap().contains("expired"));
}

async fn the_session_ends_with_the_flow(backend: Backend) {
    let app = TestApp::start(backend).await;
    let csrf = open_login(&app, &authorize_path(TRUSTED, TRUSTED_REDIRECT, "")).await;
    submit_login(&app, &csrf, "member@example.org", "member-pass-1").await;
    let consent = app
        .get("/oauth/consent")
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    let resp = app
        .post("/oauth/consent")
        .form(&[("csrf", csrf_of(&consent).as_str()), ("decision", "allow")])
        .send()
        .await
        .unwrap();
    let cleared = resp
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .any(|c| c.to_str().unwrap().contains("Max-Age=0"));
    assert!(cleared, "the flow cookie is cleared");
    // The flow is gone: neither the consent page nor a second decision answers.
    assert_eq!(
        app.get("/oauth/consent").send().await.unwrap().status(),
        StatusCode::FORBIDDEN
    );
    // Starting again asks for the password again: the previous user is not remembered.
    let html = app
        .get(&authorize_path(TRUSTED, TRUSTED_REDIRECT, ""))
        .send()
        .await
        .unwrap()
        .text()
        .await
        .unwrap();
    assert!(html.contains("autocomplete=\"current-password\""));
    let leftover: Vec<(String,)> = sqlx::query_as(
        "SELECT flow_hash FROM authorization_flows WHERE user_account_id IS NOT NULL",
    )
    .fetch_all(app.store.reads())
    .await
    .unwrap();
    assert!(leftover.is_empty());
}

async fn pages_refuse_framing_and_caching(backend: Backend) {
    let app = TestApp::start(backend).await;
    for path in [
        authorize_path(TRUSTED, TRUSTED_REDIRECT, ""),
        authorize_path("no-such-client", TRUSTED_REDIRECT, ""),
    ] {
        let resp = app.get(&path).send().await.unwrap();
        let h = resp.headers();
        assert_eq!(h.get("x-frame-options").unwrap(), "DENY");
        let policy = h.get("content-security-policy").unwrap().to_str().unwrap();
        assert!(policy.contains("frame-ancestors 'none'"), "{policy}");
        assert!(policy.ends_with("form-action 'self'"), "{policy}");
        assert_eq!(h.get("cache-control").unwrap(), "no-store");
    }
    // The stylesheet is not sniffed into anything else.
    let resp = app.get("/oauth/assets/lectern.css").send().await.unwrap();
    assert_eq!(
        resp.headers().get("x-content-type-options").unwrap(),
        "nosniff"
    );
    // The consent form's answer is a redirect to the client, which its policy allows, and
    // nothing else beside this origin.
    let csrf = open_login(&app, &authorize_path(TRUSTED, TRUSTED_REDIRECT, "")).await;
    let resp = submit_login(&app, &csrf, "member@example.org", "member-pass-1").await;
    assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    let consent = app.get("/oauth/consent").send().await.unwrap();
    let policy = consent.headers()["content-security-policy"]
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        policy.ends_with("form-action 'self' http://127.0.0.1:9"),
        "{policy}"
    );
    let resp = app
        .get(&authorize_path(TRUSTED, TRUSTED_REDIRECT, ""))
        .send()
        .await
        .unwrap();
    let cookie = resp
        .headers()
        .get(SET_COOKIE)
        .unwrap()
        .to_str()
        .unwrap()
        .to_owned();
    assert!(
        cookie.contains("HttpOnly")
            && cookie.contains("SameSite=Lax")
            && cookie.contains("Path=/oauth"),
        "{cookie}"
    );
}

async fn untrusted_clients_may_use_the_code_flow(backend: Backend) {
    let app = TestApp::start(backend).await;
    let redirect = "http://127.0.0.1:9/public";
    let back = sign_in_and_decide(
        &app,
        &authorize_path(PUBLIC, redirect, ""),
        "student@example.org",
        "student-pass-1",
        "allow",
    )
    .await;
    let (status, tokens) =
        exchange(&app, PUBLIC, &query(&back, "code").unwrap(), redirect, None).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        app.my_account(PUBLIC, tokens["access_token"].as_str().unwrap())
            .await
            .0,
        StatusCode::OK
    );
}

async fn the_login_page_slows_down_password_guessing(backend: Backend) {
    let app = TestApp::start_with(backend, |s| s.sign_in_failures_per_minute = 2).await;
    // Failures are counted per minute: a script that ran into the next minute proves nothing,
    // and is run again in the minute after, on new counts.
    let resp = loop {
        let minute = this_minute();
        let csrf = open_login(&app, &authorize_path(TRUSTED, TRUSTED_REDIRECT, "")).await;
        for _ in 0..2 {
            let html = submit_login(&app, &csrf, "member@example.org", "wrong-pass-1")
                .await
                .text()
                .await
                .unwrap();
            assert!(html.contains("The user name or password is not right"));
        }
        let resp = submit_login(&app, &csrf, "member@example.org", "member-pass-1").await;
        if this_minute() == minute {
            break resp;
        }
        until_the_next_minute().await;
    };
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST, "not signed in");
    let html = resp.text().await.unwrap();
    assert!(
        html.contains("too many attempts to sign in to this account"),
        "{html}"
    );
    assert!(html.contains("role=\"alert\""));
}

/// The login and consent pages are in the browser's language, their errors too; a client's
/// name is put into the page's sentences as it is.
async fn the_pages_speak_the_browser_s_language(backend: Backend) {
    let app = TestApp::start(backend).await;
    let path = authorize_path(TRUSTED, TRUSTED_REDIRECT, "");
    let resp = app
        .get(&path)
        .header("accept-language", "ar, en;q=0.5")
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::OK);
    let html = resp.text().await.unwrap();
    assert!(html.contains(r#"<html lang="ar" dir="rtl">"#), "{html}");
    assert!(html.contains("<h1>تسجيل الدخول</h1>"), "{html}");
    let empty = app
        .post("/oauth/authorize")
        .header("accept-language", "ar")
        .form(&[
            ("csrf", csrf_of(&html).as_str()),
            ("username", ""),
            ("password", ""),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    let html = empty.text().await.unwrap();
    assert!(html.contains("أدخل كلمة المرور"), "{html}");
    let signed_in = app
        .post("/oauth/authorize")
        .header("accept-language", "es")
        .form(&[
            ("csrf", csrf_of(&html).as_str()),
            ("username", "member@example.org"),
            ("password", "member-pass-1"),
        ])
        .send()
        .await
        .unwrap();
    assert_eq!(signed_in.status(), StatusCode::SEE_OTHER);
    let consent = app
        .get("/oauth/consent")
        .header("accept-language", "es")
        .send()
        .await
        .unwrap();
    assert_eq!(consent.status(), StatusCode::OK);
    let html = consent.text().await.unwrap();
    assert!(html.contains(r#"<html lang="es" dir="ltr">"#), "{html}");
    assert!(html.contains(">Permitir</button>"), "{html}");
    assert!(html.contains("Ha iniciado sesión como <strong>"), "{html}");
}
