//! Every door that takes a password or a sync key walked through the same script: the token
//! endpoint, its login page, the web pages' sign-in, the OPDS token endpoint, HTTP Basic on the
//! OPDS catalog, and KOReader's sync. Each door's answer is read the way its clients read it and
//! sorted into the same outcomes, so that the doors can only differ in their wire.

use lectern_store::on_both_stores;
use reqwest::StatusCode;

use crate::kosync::md5_hex;
use crate::support::*;

on_both_stores!(every_credential_door_throttles_locks_and_forgets_the_same_way);

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Outcome {
    SignedIn,
    Wrong,
    Throttled,
    Locked,
}

#[derive(Debug, Clone, Copy)]
enum Door {
    TokenEndpoint,
    LoginPage,
    WebSignIn,
    OpdsToken,
    OpdsBasic,
    Kosync,
}

const DOORS: [Door; 6] = [
    Door::TokenEndpoint,
    Door::LoginPage,
    Door::WebSignIn,
    Door::OpdsToken,
    Door::OpdsBasic,
    Door::Kosync,
];

/// A client whose requests come from `127.0.0.{last_octet}` (the throttle counts per address),
/// with a new cookie jar (each attempt is a first visit: a browser that signed in would be sent
/// past the form) and no redirects followed.
fn client_from(last_octet: u8) -> reqwest::Client {
    reqwest::Client::builder()
        .local_address(std::net::IpAddr::from([127, 0, 0, last_octet]))
        .redirect(reqwest::redirect::Policy::none())
        .cookie_store(true)
        .build()
        .unwrap()
}

fn form_token(html: &str) -> String {
    let marker = "name=\"csrf\" value=\"";
    let start = html.find(marker).expect("the form's token") + marker.len();
    html[start..].split('"').next().unwrap().to_owned()
}

/// A sign-in page's answer: a redirect is a sign-in, and the page names any refusal.
async fn read_page(resp: reqwest::Response) -> Outcome {
    if resp.status().is_redirection() {
        return Outcome::SignedIn;
    }
    let html = resp.text().await.unwrap();
    if html.contains("too many attempts") {
        Outcome::Throttled
    } else if html.contains("This account is locked") {
        Outcome::Locked
    } else {
        assert!(html.contains("is not right"), "{html}");
        Outcome::Wrong
    }
}

/// A token endpoint's answer, as RFC 6749 (section 5.2) clients read it.
async fn read_token_answer(resp: reqwest::Response) -> Outcome {
    let (status, body) = json(resp).await;
    match status {
        StatusCode::OK => Outcome::SignedIn,
        StatusCode::TOO_MANY_REQUESTS => Outcome::Throttled,
        _ => {
            assert_eq!(body["error"], "invalid_grant", "{body}");
            let why = body["error_description"].as_str().unwrap();
            if why.contains("locked") {
                Outcome::Locked
            } else {
                Outcome::Wrong
            }
        }
    }
}

impl Door {
    /// Tries `secret` (a password, or for KOReader's sync the sync key the reader typed) from
    /// the address ending in `from`.
    async fn try_secret(self, app: &TestApp, from: u8, user: &str, secret: &str) -> Outcome {
        let http = &client_from(from);
        let credentials = [
            ("grant_type", "password"),
            ("username", user),
            ("password", secret),
        ];
        match self {
            Door::TokenEndpoint => {
                let resp = http
                    .post(app.url(&format!("/oauth/token?api_key={TRUSTED}")))
                    .basic_auth(TRUSTED, Some(""))
                    .form(&credentials)
                    .send()
                    .await
                    .unwrap();
                read_token_answer(resp).await
            }
            Door::OpdsToken => {
                let resp = http
                    .post(app.url("/opds/main/token"))
                    .form(&credentials)
                    .send()
                    .await
                    .unwrap();
                read_token_answer(resp).await
            }
            Door::LoginPage => {
                let path = crate::authorize::authorize_path(TRUSTED, TRUSTED_REDIRECT, "");
                let html = http.get(app.url(&path)).send().await.unwrap();
                let csrf = form_token(&html.text().await.unwrap());
                let resp = http
                    .post(app.url("/oauth/authorize"))
                    .form(&[
                        ("csrf", csrf.as_str()),
                        ("username", user),
                        ("password", secret),
                    ])
                    .send()
                    .await
                    .unwrap();
                read_page(resp).await
            }
            Door::WebSignIn => {
                let html = http.get(app.url("/main/sign-in")).send().await.unwrap();
                let csrf = form_token(&html.text().await.unwrap());
                let resp = http
                    .post(app.url("/main/sign-in"))
                    .form(&[
                        ("csrf", csrf.as_str()),
                        ("username", user),
                        ("password", secret),
                    ])
                    .send()
                    .await
                    .unwrap();
                read_page(resp).await
            }
            Door::OpdsBasic => {
                let resp = http
                    .get(app.url("/opds/main/shelf"))
                    .basic_auth(user, Some(secret))
                    .send()
                    .await
                    .unwrap();
                match resp.status() {
                    StatusCode::OK => Outcome::SignedIn,
                    StatusCode::UNAUTHORIZED => Outcome::Wrong,
                    StatusCode::TOO_MANY_REQUESTS => Outcome::Throttled,
                    StatusCode::FORBIDDEN => Outcome::Locked,
                    other => panic!("Basic answered {other}"),
                }
            }
            Door::Kosync => {
                let resp = http
                    .get(app.url("/kosync/users/auth"))
                    .header("accept", "application/vnd.koreader.v1+json")
                    .header("x-auth-user", user)
                    .header("x-auth-key", md5_hex(secret))
                    .send()
                    .await
                    .unwrap();
                let (status, body) = json(resp).await;
                let message = body["message"].as_str().unwrap_or_default();
                match status {
                    StatusCode::OK => Outcome::SignedIn,
                    StatusCode::TOO_MANY_REQUESTS => Outcome::Throttled,
                    StatusCode::UNAUTHORIZED if message.contains("locked") => Outcome::Locked,
                    StatusCode::UNAUTHORIZED => Outcome::Wrong,
                    other => panic!("kosync answered {other}: {body}"),
                }
            }
        }
    }
}

/// The minute the sign-in throttle counts failures in.
pub(crate) fn this_minute() -> u64 {
    let since_epoch = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    since_epoch.as_secs() / 60
}

/// Waits for the throttle's next minute, whose counts start from nothing: a script that ran
/// across two minutes left failures in the second, and runs again after it.
pub(crate) async fn until_the_next_minute() {
    let now = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .unwrap();
    let into_minute = now.as_millis() % 60_000;
    let left = u64::try_from(60_000 - into_minute).unwrap() + 50;
    tokio::time::sleep(std::time::Duration::from_millis(left)).await;
}

/// The reader's secret at this door: the password, or for KOReader a sync key made for them.
async fn secret_of(app: &TestApp, door: Door, user_account_id: &str, password: &str) -> String {
    let Door::Kosync = door else {
        return password.to_owned();
    };
    let key = format!("{user_account_id}-sync-key");
    let hash = lectern_domain::kosync::sync_key_hash(&key);
    let mut writer = app.store.writer().await.unwrap();
    lectern_store::kosync::set_key(
        &mut writer,
        user_account_id,
        &hash,
        lectern_domain::Timestamp::now(),
    )
    .await
    .unwrap();
    key
}

async fn every_credential_door_throttles_locks_and_forgets_the_same_way(backend: Backend) {
    for door in DOORS {
        let app = TestApp::start_with(backend, |s| s.sign_in_failures_per_minute = 3).await;
        let (reader, guesser) = (1, 2);
        let user = "member@example.org";
        let secret = secret_of(&app, door, "u-member", "member-pass-1").await;

        // The reader's app signs in (and, where a door remembers a check, it now has one).
        assert_eq!(
            door.try_secret(&app, reader, user, &secret).await,
            Outcome::SignedIn,
            "{door:?}"
        );
        assert_eq!(
            door.try_secret(&app, reader, user, &secret).await,
            Outcome::SignedIn,
            "{door:?}"
        );
        // Someone else guesses from another address until the throttle holds them back, and
        // then even the right secret is refused to them: a remembered check never lets a
        // guess through while the throttle holds.
        let guessed = loop {
            let minute = this_minute();
            let mut outcomes = vec![];
            for guess in 1..=3 {
                let wrong = format!("wrong-guess-{guess}");
                outcomes.push(door.try_secret(&app, guesser, user, &wrong).await);
            }
            outcomes.push(door.try_secret(&app, guesser, user, &secret).await);
            // Failures are counted per minute: a script that ran into the next one proves
            // nothing, and is run again in the minute after, on new counts.
            if this_minute() == minute {
                break outcomes;
            }
            until_the_next_minute().await;
        };
        use Outcome::*;
        assert_eq!(guessed, [Wrong, Wrong, Wrong, Throttled], "{door:?}");
        // The reader, from their own address, is not locked out by someone else's guesses.
        assert_eq!(
            door.try_secret(&app, reader, user, &secret).await,
            Outcome::SignedIn,
            "{door:?}"
        );

        // A locked account is refused with the right secret, and only then.
        let locked = secret_of(&app, door, "u-locked", "locked-pass-1").await;
        let locked_attempt = door.try_secret(&app, reader, "locked@example.org", &locked);
        assert_eq!(locked_attempt.await, Outcome::Locked, "{door:?}");
        let wrong = door.try_secret(&app, reader, "locked@example.org", "not-it");
        assert_eq!(wrong.await, Outcome::Wrong, "{door:?}");

        // A new password ends every credential of the old one, remembered checks and the sync
        // key among them.
        let token = app.minted_token(TRUSTED, user).await;
        let (status, body) = call_reader(
            &app,
            reqwest::Method::PUT,
            "/v2/myAccount",
            Some(&token),
            &[
                ("password", "a-new-pass-2026"),
                ("currentPassword", "member-pass-1"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(
            door.try_secret(&app, reader, user, &secret).await,
            Outcome::Wrong,
            "{door:?}"
        );
    }
}
