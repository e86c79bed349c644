//! The collection on the staff's pages, through HTTP: the catalog in every status, filtered,
//! sorted and paged; a title's author corrected, the edit accepted, applied by the worker and
//! found by search; a bad edit named beside its field and queued for nothing; a title withdrawn
//! and restored; each refused to whoever is not a collection assistant.

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};

use super::{Browser, link, location};
use crate::collection::edits_applied;
use crate::support::*;

on_both_stores!(
    a_curator_browses_the_catalog_to_the_end,
    a_curator_corrects_a_title_and_sees_the_edit_applied,
    collection_pages_are_refused_to_whoever_may_not,
);

async fn curator(app: &TestApp) -> Browser<'_> {
    let b = Browser::new(app);
    b.sign_in("collection@example.org", "collection-pass-1")
        .await;
    b
}

fn count(page: &str) -> usize {
    page.split("<p role=\"status\">")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

async fn a_curator_browses_the_catalog_to_the_end(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = curator(&app).await;
    let home = b.page("/main/staff", StatusCode::OK).await;
    assert!(home.contains(">The catalog</a>"), "{home}");
    assert!(!home.contains("Find an account"));
    let first = b.page("/main/staff/titles?limit=3", StatusCode::OK).await;
    let total = count(&first);
    assert!(total > 3, "{first}");
    let mut seen = Vec::new();
    let mut path = "/main/staff/titles?limit=3&sortOrder=updatedDate&direction=desc".to_owned();
    loop {
        let page = b.page(&path, StatusCode::OK).await;
        seen.extend(
            page.split("href=\"/main/staff/titles/")
                .skip(1)
                .map(|s| s[..s.find('"').unwrap()].to_owned()),
        );
        match link(&page, "Next page") {
            Some(next) => path = next,
            None => break,
        }
    }
    assert_eq!(seen.len(), total, "every title, to the end");
    let unique: std::collections::BTreeSet<&String> = seen.iter().collect();
    assert_eq!(unique.len(), seen.len(), "none twice");
    let withdrawn = b
        .page("/main/staff/titles?titleStatus=withdrawn", StatusCode::OK)
        .await;
    assert!(count(&withdrawn) < total, "{withdrawn}");
    assert!(
        withdrawn.contains("value=\"withdrawn\" selected"),
        "the filter is kept"
    );
    b.page(
        "/main/staff/titles?sortOrder=pages",
        StatusCode::BAD_REQUEST,
    )
    .await;
    b.page("/main/staff/titles?isbn=12", StatusCode::BAD_REQUEST)
        .await;
}

async fn a_curator_corrects_a_title_and_sees_the_edit_applied(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = curator(&app).await;
    let here = "/main/staff/titles/t-pride";
    let page = b.page(here, StatusCode::OK).await;
    assert!(
        page.contains("<h1 translate=\"no\">Pride and Prejudice</h1>"),
        "{page}"
    );
    assert!(page.contains(">Jane Austen</textarea>"), "{page}");

    let bad = b
        .submit(
            here,
            here,
            &[
                ("title", "Pride and Prejudice"),
                ("copyrightDate", "eighteen"),
            ],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let text = bad.text().await.unwrap();
    assert!(text.contains("id=\"copyrightDate-error\""), "{text}");
    assert!(text.contains("value=\"eighteen\""), "what was typed stays");
    assert_eq!(
        lectern_store::catalog_edits::unapplied(app.store.reads())
            .await
            .unwrap(),
        0,
        "nothing queued"
    );

    let form: Vec<(&str, &str)> = vec![
        ("title", "Pride and Prejudice"),
        ("authors", "Jane Austen\r\nCassandra Austen"),
        ("languages", "eng"),
        ("copyrightDate", "1813"),
        ("allowRecommend", "true"),
        ("comments", "The second author, from the title page"),
    ];
    let accepted = b.submit(here, here, &form).await;
    assert_eq!(accepted.status(), StatusCode::SEE_OTHER);
    assert!(location(&accepted).ends_with("?done=accepted"));
    let shown = b.page(&location(&accepted), StatusCode::OK).await;
    assert!(shown.contains("Your change is accepted."), "{shown}");
    edits_applied(&app).await;
    let page = b.page(here, StatusCode::OK).await;
    assert!(page.contains("Applied: authors."), "{page}");
    assert!(page.contains("The second author, from the title page"));
    let (status, found) = call_reader(
        &app,
        Method::GET,
        "/v2/titles?author=Cassandra%20Austen",
        None,
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert!(found.to_string().contains("t-pride"), "searchable: {found}");

    let withdraw = b
        .submit(
            here,
            &format!("{here}/status"),
            &[("titleStatus", "withdrawn")],
        )
        .await;
    assert_eq!(withdraw.status(), StatusCode::SEE_OTHER);
    edits_applied(&app).await;
    let page = b.page(here, StatusCode::OK).await;
    assert!(page.contains("The title is withdrawn"), "{page}");
    let (status, _) = call_reader(&app, Method::GET, "/v2/titles/t-pride", None, &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "readers no longer find it");
    b.submit(here, &format!("{here}/status"), &[("titleStatus", "live")])
        .await;
    edits_applied(&app).await;
    let (status, _) = call_reader(&app, Method::GET, "/v2/titles/t-pride", None, &[]).await;
    assert_eq!(status, StatusCode::OK, "restored");

    // An edit the worker could not apply says why in the page's language, though the reason
    // was kept when it was applied: a title removed before it (applied by another node).
    app.pause_worker();
    let token = app.token_of("collection@example.org").await;
    for form in [[("titleStatus", "removed")], [("title", "Too late")]] {
        let (status, body) =
            call_reader(&app, Method::PUT, "/v2/titles/t-pride", Some(&token), &form).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    }
    edits_applied(&app.second_node().await).await;
    let spanish = Browser::speaking(&app, "es");
    spanish
        .sign_in("collection@example.org", "collection-pass-1")
        .await;
    let page = spanish.page(here, StatusCode::OK).await;
    let said = "El título se retiró de la colección; solo una edición de titleStatus lo devuelve.";
    assert!(page.contains(&format!(">{said}<")), "{page}");
}

async fn collection_pages_are_refused_to_whoever_may_not(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let pages = ["/main/staff/titles", "/main/staff/titles/t-pride"];
    let guest = Browser::new(&app);
    for path in pages {
        assert_eq!(
            guest.get(path).await.status(),
            StatusCode::SEE_OTHER,
            "{path}"
        );
    }
    for (user, password) in [
        ("membership@example.org", "membership-pass-1"),
        ("member@example.org", "member-pass-1"),
    ] {
        let b = Browser::new(&app);
        b.sign_in(user, password).await;
        for path in pages {
            b.page(path, StatusCode::FORBIDDEN).await;
        }
        let posted = b
            .submit(
                "/main/",
                "/main/staff/titles/t-pride/status",
                &[("titleStatus", "withdrawn")],
            )
            .await;
        assert_eq!(posted.status(), StatusCode::FORBIDDEN, "{user}");
    }
    assert_eq!(
        lectern_store::catalog_edits::unapplied(app.store.reads())
            .await
            .unwrap(),
        0
    );
    curator(&app)
        .await
        .page("/main/staff/titles/t-far", StatusCode::NOT_FOUND)
        .await;
}
