//! The administrators' client keys on the staff's pages, through HTTP: a key made with its
//! secret shown once and working at the token endpoint, changed (disabled: refused), given a new
//! secret (the old one refused), the site's own keys left alone; refused to everyone else.

use lectern_store::on_both_stores;
use reqwest::StatusCode;

use super::{Browser, location};
use crate::support::*;

on_both_stores!(
    an_administrator_makes_changes_and_rotates_a_client_key,
    client_keys_are_the_administrators_alone,
);

const KEYS: &str = "/main/staff/admin/clients";

async fn admin(app: &TestApp) -> Browser<'_> {
    let b = Browser::new(app);
    b.sign_in("admin@example.org", "admin-pass-1").await;
    b
}

/// The secret a page shows once.
fn secret_shown(page: &str) -> Option<String> {
    let at = page.find("<code class=\"secret\">")? + "<code class=\"secret\">".len();
    Some(page[at..at + page[at..].find('<')?].to_owned())
}

/// A password grant with `key:secret`, as a confidential application signs a reader in.
async fn grant(app: &TestApp, key: &str, secret: &str) -> StatusCode {
    app.post("/oauth/token")
        .basic_auth(key, Some(secret))
        .form(&[
            ("grant_type", "password"),
            ("username", "member@example.org"),
            ("password", "member-pass-1"),
        ])
        .send()
        .await
        .unwrap()
        .status()
}

async fn an_administrator_makes_changes_and_rotates_a_client_key(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = admin(&app).await;
    let staff = b.page("/main/staff", StatusCode::OK).await;
    assert!(staff.contains(">Client keys</a>"), "{staff}");
    let list = b.page(KEYS, StatusCode::OK).await;
    assert!(list.contains(">trusted-app-key</a>"), "{list}");

    let bad = b
        .submit(
            KEYS,
            KEYS,
            &[
                ("name", ""),
                ("apiKey", "short"),
                ("site", "main"),
                ("redirectUris", "not a uri"),
            ],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let page = bad.text().await.unwrap();
    for field in ["apiKey", "redirectUris"] {
        assert!(
            page.contains(&format!("id=\"{field}-error\"")),
            "{field}: {page}"
        );
    }
    assert!(secret_shown(&page).is_none());
    let taken = b
        .submit(
            KEYS,
            KEYS,
            &[("name", "Again"), ("apiKey", TRUSTED), ("site", "main")],
        )
        .await;
    assert_eq!(taken.status(), StatusCode::BAD_REQUEST);
    assert!(
        taken
            .text()
            .await
            .unwrap()
            .contains("This key exists already")
    );

    let made = b
        .submit(
            KEYS,
            KEYS,
            &[
                ("name", "Desk app"),
                ("apiKey", "desk-app-key-1"),
                ("site", "main"),
                ("trusted", "true"),
                ("withSecret", "true"),
                ("rateLimit", "600"),
            ],
        )
        .await;
    assert_eq!(
        made.status(),
        StatusCode::OK,
        "the secret is shown on the answer, not after a redirect"
    );
    let page = made.text().await.unwrap();
    let secret = secret_shown(&page).expect("the secret, once");
    assert!(page.contains("The client key desk-app-key-1 was made."));
    assert_eq!(grant(&app, "desk-app-key-1", &secret).await, StatusCode::OK);
    let again = b.page(KEYS, StatusCode::OK).await;
    assert!(!again.contains(&secret), "shown only once");
    assert!(
        again.contains("Desk app (site main); trusted; with a secret; 600 requests a minute"),
        "{again}"
    );

    let key = format!("{KEYS}/desk-app-key-1");
    let rotated = b.submit(&key, &format!("{key}/secret"), &[]).await;
    assert_eq!(rotated.status(), StatusCode::OK);
    let new_secret = secret_shown(&rotated.text().await.unwrap()).expect("the new secret, once");
    assert_ne!(new_secret, secret);
    assert_eq!(
        grant(&app, "desk-app-key-1", &new_secret).await,
        StatusCode::OK
    );
    assert_eq!(
        grant(&app, "desk-app-key-1", &secret).await,
        StatusCode::UNAUTHORIZED,
        "the old secret"
    );

    let disabled = b
        .submit(
            &key,
            &key,
            &[
                ("name", "Desk app"),
                ("trusted", "true"),
                ("disabled", "true"),
            ],
        )
        .await;
    assert_eq!(disabled.status(), StatusCode::SEE_OTHER);
    assert!(location(&disabled).ends_with("?done=changed"));
    let c = lectern_store::clients::get(app.store.reads(), "desk-app-key-1")
        .await
        .unwrap()
        .unwrap();
    assert!(c.disabled && c.trusted && !c.privileged);
    assert_eq!(c.rate_limit_per_minute, None, "emptied: the server's share");
    let bad = b
        .submit(&key, &key, &[("name", " "), ("rateLimit", "0")])
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let page = bad.text().await.unwrap();
    assert!(
        page.contains("id=\"name-error\"") && page.contains("id=\"rateLimit-error\""),
        "{page}"
    );

    let own = b.page(&format!("{KEYS}/web-main"), StatusCode::OK).await;
    assert!(own.contains("changes with the site only"), "{own}");
    let refused = b
        .submit(
            &format!("{KEYS}/web-main"),
            &format!("{KEYS}/web-main"),
            &[("name", "Mine")],
        )
        .await;
    assert_eq!(refused.status(), StatusCode::CONFLICT);
    b.page(&format!("{KEYS}/no-such-key"), StatusCode::NOT_FOUND)
        .await;
}

async fn client_keys_are_the_administrators_alone(backend: Backend) {
    let app = TestApp::start(backend).await;
    assert_eq!(
        Browser::new(&app).get(KEYS).await.status(),
        StatusCode::SEE_OTHER
    );
    for (user, password) in [
        ("membership@example.org", "membership-pass-1"),
        ("collection@example.org", "collection-pass-1"),
    ] {
        let b = Browser::new(&app);
        b.sign_in(user, password).await;
        assert!(
            !b.page("/main/staff", StatusCode::OK)
                .await
                .contains("Client keys")
        );
        b.page(KEYS, StatusCode::FORBIDDEN).await;
        b.page(&format!("{KEYS}/{TRUSTED}"), StatusCode::FORBIDDEN)
            .await;
        let made = b
            .submit(
                "/main/staff",
                KEYS,
                &[
                    ("name", "Sly"),
                    ("apiKey", "sly-key-0001"),
                    ("site", "main"),
                ],
            )
            .await;
        assert_eq!(made.status(), StatusCode::FORBIDDEN, "{user}");
        let rotated = b
            .submit("/main/staff", &format!("{KEYS}/{CONFIDENTIAL}/secret"), &[])
            .await;
        assert_eq!(rotated.status(), StatusCode::FORBIDDEN, "{user}");
    }
    assert!(
        lectern_store::clients::get(app.store.reads(), "sly-key-0001")
            .await
            .unwrap()
            .is_none()
    );
    assert_eq!(
        grant(&app, CONFIDENTIAL, CONFIDENTIAL_SECRET).await,
        StatusCode::OK,
        "the secret as it was"
    );
}
