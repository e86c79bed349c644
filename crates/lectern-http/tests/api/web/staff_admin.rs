//! The administrators' pages through HTTP. Client keys: a key made with its secret shown once
//! and working at the token endpoint, changed (disabled: refused), given a new secret (the old
//! one refused), the site's own keys left alone. Sites: one made (its web pages answer at
//! once), renamed, made global; bad identifiers and names refused. Popular lists: one made, its
//! titles added, moved and taken off as readers' apps then see them. Categories and BISAC codes:
//! added and described, codes found and paged. All refused to everyone else.

use lectern_store::on_both_stores;
use reqwest::StatusCode;

use super::{Browser, link, location};
use crate::support::*;

on_both_stores!(
    an_administrator_makes_changes_and_rotates_a_client_key,
    client_keys_are_the_administrators_alone,
    an_administrator_makes_renames_and_shares_a_site,
    sites_are_the_administrators_alone,
    an_administrator_curates_a_popular_list,
    an_administrator_adds_and_describes_categories_and_bisac_codes,
);

const LISTS: &str = "/main/staff/admin/lists";

/// A popular list's titles as readers' apps get them.
async fn list_titles(app: &TestApp, id: &str) -> Vec<String> {
    let (status, body) = call_reader(
        app,
        reqwest::Method::GET,
        &format!("/v2/popularLists/{id}"),
        None,
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["popularTitles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["serviceId"].as_str().unwrap().to_owned())
        .collect()
}

const SITES: &str = "/main/staff/admin/sites";

const KEYS: &str = "/main/staff/admin/clients";

async fn admin(app: &TestApp) -> Browser<'_> {
    let b = Browser::new(app);
    b.sign_in("admin@example.org", "admin-pass-1").await;
    b
}

/// The secret a page shows once.
fn secret_shown(page: &str) -> Option<String> {
    let at = page.find("<code class=\"secret\" translate=\"no\">")?
        + "<code class=\"secret\" translate=\"no\">".len();
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
                ("redirectUris", "javascript:alert(1)"),
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
    assert!(page.contains(
        "The client key <code class=\"key\" translate=\"no\">desk-app-key-1</code> was made."
    ));
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

async fn an_administrator_makes_renames_and_shares_a_site(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = admin(&app).await;
    let staff = b.page("/main/staff", StatusCode::OK).await;
    assert!(staff.contains(">Sites</a>"), "{staff}");
    let list = b.page(SITES, StatusCode::OK).await;
    assert!(
        list.contains(">main</a>") && list.contains(">other</a>"),
        "{list}"
    );

    // Everything wrong at once, each beside its field, nothing written.
    let bad = b
        .submit(SITES, SITES, &[("id", "no spaces"), ("name", " ")])
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let page = bad.text().await.unwrap();
    assert!(page.contains("<title>Error: Sites"), "{page}");
    for field in ["id", "name"] {
        assert!(
            page.contains(&format!("id=\"{field}-error\"")),
            "{field}: {page}"
        );
    }
    assert!(page.contains("value=\"no spaces\""), "what was typed stays");
    let taken = b
        .submit(SITES, SITES, &[("id", "other"), ("name", "Again")])
        .await;
    assert_eq!(taken.status(), StatusCode::BAD_REQUEST);
    assert!(
        taken
            .text()
            .await
            .unwrap()
            .contains("has this identifier already")
    );
    let other = lectern_store::sites::get(app.store.reads(), "other")
        .await
        .unwrap()
        .unwrap();
    assert_ne!(other.name, "Again", "a site is not changed by making one");

    let made = b
        .submit(SITES, SITES, &[("id", "east"), ("name", "East Library")])
        .await;
    assert_eq!(made.status(), StatusCode::SEE_OTHER);
    assert!(location(&made).ends_with("?made=east"));
    let after = b.page(&location(&made), StatusCode::OK).await;
    assert!(
        after.contains("The site <code class=\"key\" translate=\"no\">east</code> was made"),
        "{after}"
    );
    let home = Browser::new(&app).page("/east/", StatusCode::OK).await;
    assert!(home.contains("East Library"), "its pages answer: {home}");
    assert!(
        lectern_store::clients::get(app.store.reads(), "web-east")
            .await
            .unwrap()
            .is_some(),
        "made with its web pages' own key"
    );

    let east = format!("{SITES}/east");
    let form = b.page(&east, StatusCode::OK).await;
    assert!(form.contains("value=\"East Library\""), "{form}");
    let blank = b.submit(&east, &east, &[("name", "")]).await;
    assert_eq!(blank.status(), StatusCode::BAD_REQUEST);
    assert!(blank.text().await.unwrap().contains("id=\"name-error\""));
    let renamed = b
        .submit(
            &east,
            &east,
            &[("name", "Eastside Library"), ("global", "true")],
        )
        .await;
    assert_eq!(renamed.status(), StatusCode::SEE_OTHER);
    assert!(location(&renamed).ends_with("?done=saved"));
    let site = lectern_store::sites::get(app.store.reads(), "east")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        (site.name.as_str(), site.global),
        ("Eastside Library", true)
    );
    let home = Browser::new(&app).page("/east/", StatusCode::OK).await;
    assert!(home.contains("Eastside Library"), "renamed at once: {home}");
    let unshared = b
        .submit(&east, &east, &[("name", "Eastside Library")])
        .await;
    assert_eq!(unshared.status(), StatusCode::SEE_OTHER);
    let site = lectern_store::sites::get(app.store.reads(), "east")
        .await
        .unwrap()
        .unwrap();
    assert!(!site.global, "an unticked box is not global");
    // The language its pages are shown in when neither reader nor browser names one of theirs.
    let bad = b
        .submit(
            &east,
            &east,
            &[("name", "Eastside Library"), ("language", "español")],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert!(bad.text().await.unwrap().contains("id=\"language-error\""));
    let spanish = b
        .submit(
            &east,
            &east,
            &[("name", "Eastside Library"), ("language", "spa")],
        )
        .await;
    assert_eq!(spanish.status(), StatusCode::SEE_OTHER);
    let form = b.page(&east, StatusCode::OK).await;
    assert!(
        form.contains(r#"<option value="spa" lang="es" selected>Español</option>"#),
        "{form}"
    );
    let home = Browser::new(&app).page("/east/", StatusCode::OK).await;
    assert!(home.contains(r#"<html lang="es" dir="ltr">"#), "{home}");
    assert!(home.contains(">Buscar</a>"), "{home}");
    b.page(&format!("{SITES}/no-such-site"), StatusCode::NOT_FOUND)
        .await;
}

async fn sites_are_the_administrators_alone(backend: Backend) {
    let app = TestApp::start(backend).await;
    let guest = Browser::new(&app).get(SITES).await;
    assert_eq!(guest.status(), StatusCode::SEE_OTHER);
    assert!(location(&guest).starts_with("/main/sign-in?next="));
    for (user, password) in [
        ("membership@example.org", "membership-pass-1"),
        ("collection@example.org", "collection-pass-1"),
        ("member@example.org", "member-pass-1"),
    ] {
        let b = Browser::new(&app);
        b.sign_in(user, password).await;
        b.page(SITES, StatusCode::FORBIDDEN).await;
        b.page(&format!("{SITES}/main"), StatusCode::FORBIDDEN)
            .await;
        let made = b
            .submit("/main/", SITES, &[("id", "sly"), ("name", "Sly")])
            .await;
        assert_eq!(made.status(), StatusCode::FORBIDDEN, "{user}");
        let renamed = b
            .submit("/main/", &format!("{SITES}/main"), &[("name", "Sly")])
            .await;
        assert_eq!(renamed.status(), StatusCode::FORBIDDEN, "{user}");
    }
    // A form without its token is refused before anything is read.
    let b = admin(&app).await;
    let forged = b
        .post(
            SITES,
            &[("csrf", "forged"), ("id", "forged"), ("name", "F")],
        )
        .await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    for id in ["sly", "forged"] {
        assert!(
            lectern_store::sites::get(app.store.reads(), id)
                .await
                .unwrap()
                .is_none(),
            "{id}"
        );
    }
    let main = lectern_store::sites::get(app.store.reads(), "main")
        .await
        .unwrap()
        .unwrap();
    assert_ne!(main.name, "Sly");
}

async fn an_administrator_curates_a_popular_list(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = admin(&app).await;
    let all = b.page(LISTS, StatusCode::OK).await;
    assert!(all.contains(">new-arrivals</a>"), "{all}");
    assert!(!all.contains("far-favourites"), "another site's list");
    b.page(&format!("{LISTS}/far-favourites"), StatusCode::NOT_FOUND)
        .await;

    let bad = b
        .submit(LISTS, LISTS, &[("id", ""), ("description", "")])
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert!(bad.text().await.unwrap().contains("id=\"id-error\""));
    let taken = b
        .submit(
            LISTS,
            LISTS,
            &[("id", "new-arrivals"), ("description", "Again")],
        )
        .await;
    assert_eq!(taken.status(), StatusCode::BAD_REQUEST);
    assert!(
        taken
            .text()
            .await
            .unwrap()
            .contains("has this identifier already")
    );
    let made = b
        .submit(
            LISTS,
            LISTS,
            &[("id", "staff-picks"), ("description", "Staff picks")],
        )
        .await;
    assert_eq!(made.status(), StatusCode::SEE_OTHER);
    assert!(location(&made).ends_with("?made=staff-picks"));

    let list = format!("{LISTS}/staff-picks");
    let titles = format!("{list}/titles");
    for id in ["t-road", "t-pride", "t-open"] {
        let added = b
            .submit(&list, &titles, &[("do", "add"), ("serviceId", id)])
            .await;
        assert_eq!(added.status(), StatusCode::SEE_OTHER, "{id}");
    }
    assert_eq!(
        list_titles(&app, "staff-picks").await,
        ["t-road", "t-pride", "t-open"]
    );
    for (form, field_error) in [
        (
            vec![("do", "add"), ("serviceId", "t-nowhere")],
            "There is no title with this identifier.",
        ),
        (
            vec![("do", "add"), ("serviceId", "t-road")],
            "This title is on the list already.",
        ),
        (vec![("do", "add"), ("serviceId", " ")], "Fill this in"),
    ] {
        let refused = b.submit(&list, &titles, &form).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{form:?}");
        let page = refused.text().await.unwrap();
        assert!(page.contains(field_error), "{form:?}: {page}");
        assert!(page.contains("id=\"serviceId-error\""));
    }
    let moved = b
        .submit(&list, &titles, &[("do", "up"), ("serviceId", "t-open")])
        .await;
    assert_eq!(moved.status(), StatusCode::SEE_OTHER);
    assert!(location(&moved).ends_with("?done=moved"));
    b.submit(&list, &titles, &[("do", "down"), ("serviceId", "t-road")])
        .await;
    assert_eq!(
        list_titles(&app, "staff-picks").await,
        ["t-open", "t-road", "t-pride"]
    );
    let first_up = b
        .submit(&list, &titles, &[("do", "up"), ("serviceId", "t-open")])
        .await;
    assert_eq!(
        first_up.status(),
        StatusCode::BAD_REQUEST,
        "the first cannot go up"
    );
    let off = b
        .submit(&list, &titles, &[("do", "off"), ("serviceId", "t-road")])
        .await;
    assert_eq!(off.status(), StatusCode::SEE_OTHER);
    let absent = b
        .submit(&list, &titles, &[("do", "off"), ("serviceId", "t-road")])
        .await;
    assert_eq!(absent.status(), StatusCode::NOT_FOUND);
    assert_eq!(
        list_titles(&app, "staff-picks").await,
        ["t-open", "t-pride"]
    );

    let described = b
        .submit(&list, &list, &[("description", "Chosen by the staff")])
        .await;
    assert_eq!(described.status(), StatusCode::SEE_OTHER);
    let page = b.page(&location(&described), StatusCode::OK).await;
    assert!(page.contains("The description was saved."), "{page}");
    assert!(page.contains("value=\"Chosen by the staff\""));
    assert!(
        page.find("Open Roads").unwrap() < page.find("Pride and Prejudice").unwrap(),
        "in list order: {page}"
    );

    // Everyone else is refused, and nothing is written.
    for (user, password) in [
        ("collection@example.org", "collection-pass-1"),
        ("membership@example.org", "membership-pass-1"),
    ] {
        let other = Browser::new(&app);
        other.sign_in(user, password).await;
        other.page(LISTS, StatusCode::FORBIDDEN).await;
        other.page(&list, StatusCode::FORBIDDEN).await;
        let sly = other
            .submit("/main/", &titles, &[("do", "add"), ("serviceId", "t-road")])
            .await;
        assert_eq!(sly.status(), StatusCode::FORBIDDEN, "{user}");
    }
    assert_eq!(
        list_titles(&app, "staff-picks").await,
        ["t-open", "t-pride"]
    );
}

async fn an_administrator_adds_and_describes_categories_and_bisac_codes(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = admin(&app).await;
    let categories = "/main/staff/admin/categories";
    let page = b.page(categories, StatusCode::OK).await;
    assert!(
        page.contains("<dt translate=\"no\">Fiction</dt><dd translate=\"no\">Fiction titles</dd>"),
        "{page}"
    );
    let blank = b.submit(categories, categories, &[("name", " ")]).await;
    assert_eq!(blank.status(), StatusCode::BAD_REQUEST);
    assert!(blank.text().await.unwrap().contains("id=\"name-error\""));
    for (name, description) in [("Plays", "Plays to read aloud"), ("Fiction", "Stories")] {
        let saved = b
            .submit(
                categories,
                categories,
                &[("name", name), ("description", description)],
            )
            .await;
        assert_eq!(saved.status(), StatusCode::SEE_OTHER, "{name}");
    }
    let (_, listed) = call_reader(&app, reqwest::Method::GET, "/v2/categories", None, &[]).await;
    let described = |name: &str| {
        listed["categories"]
            .as_array()
            .unwrap()
            .iter()
            .find(|c| c["name"] == name)
            .map(|c| c["description"].clone())
    };
    assert_eq!(
        described("Plays"),
        None,
        "the API lists categories with titles"
    );
    let page = b.page(categories, StatusCode::OK).await;
    assert!(
        page.contains(
            "<dt translate=\"no\">Plays</dt><dd translate=\"no\">Plays to read aloud</dd>"
        ),
        "{page}"
    );
    assert_eq!(
        described("Fiction"),
        Some("Stories".into()),
        "described again"
    );

    let bisac = "/main/staff/admin/bisac";
    let found = b
        .page(&format!("{bisac}?startsWith=fic&by=code"), StatusCode::OK)
        .await;
    assert!(
        found.contains("<dt translate=\"no\">FIC000000</dt>"),
        "{found}"
    );
    assert!(
        !found.contains("<dt translate=\"no\">TRV000000</dt>"),
        "{found}"
    );
    for (form, field) in [
        (vec![("code", "FICTION"), ("description", "Wrong")], "code"),
        (
            vec![("code", "POE000000"), ("description", " ")],
            "description",
        ),
    ] {
        let refused = b.submit(bisac, bisac, &form).await;
        assert_eq!(refused.status(), StatusCode::BAD_REQUEST, "{form:?}");
        let page = refused.text().await.unwrap();
        assert!(
            page.contains(&format!("id=\"{field}-error\"")),
            "{field}: {page}"
        );
    }
    let saved = b
        .submit(
            bisac,
            bisac,
            &[("code", "poe000000"), ("description", "POETRY / General")],
        )
        .await;
    assert_eq!(saved.status(), StatusCode::SEE_OTHER);
    let (_, poetry) = call_reader(
        &app,
        reqwest::Method::GET,
        "/v2/bisacCodes?codeStartsWith=POE",
        None,
        &[],
    )
    .await;
    assert_eq!(
        poetry["bisacCodes"][0]["description"], "POETRY / General",
        "{poetry}"
    );

    // Every code, two at a time, to the end, none twice.
    let mut seen = Vec::new();
    let mut next = Some(format!("{bisac}?limit=2"));
    while let Some(here) = next {
        let page = b.page(&here, StatusCode::OK).await;
        for part in page.split("<dt translate=\"no\">").skip(1) {
            seen.push(part[..part.find('<').unwrap()].to_owned());
        }
        next = link(&page, "Next page");
    }
    let mut sorted = seen.clone();
    sorted.sort();
    sorted.dedup();
    assert_eq!(seen, sorted, "in code order, none twice");
    assert_eq!(seen.len(), 8, "the world's seven and the new one: {seen:?}");

    let other = Browser::new(&app);
    other
        .sign_in("collection@example.org", "collection-pass-1")
        .await;
    other.page(categories, StatusCode::FORBIDDEN).await;
    other.page(bisac, StatusCode::FORBIDDEN).await;
    let sly = other.submit("/main/", categories, &[("name", "Sly")]).await;
    assert_eq!(sly.status(), StatusCode::FORBIDDEN);
    let (_, listed) = call_reader(&app, reqwest::Method::GET, "/v2/categories", None, &[]).await;
    assert!(!listed.to_string().contains("\"Sly\""));
}
