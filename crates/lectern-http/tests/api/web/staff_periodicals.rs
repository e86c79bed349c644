//! Periodicals on the staff's pages, through HTTP: the site's series listed, found and paged; a
//! new series (its identifier taken refused on `seriesId`), its details changed; an edition
//! added with its file, changed and withdrawn, as readers' apps then see them; bad input named
//! beside its field with nothing written; all refused to whoever is not a collection assistant.

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};

use super::{Browser, link, location};
use crate::collection::edits_applied;
use crate::support::*;

on_both_stores!(
    a_curator_lists_finds_and_pages_the_periodicals,
    a_curator_adds_a_periodical_and_changes_it,
    a_curator_adds_changes_and_withdraws_an_edition,
    periodical_pages_are_refused_to_whoever_may_not,
);

const LIST: &str = "/main/staff/periodicals";

async fn curator(app: &TestApp) -> Browser<'_> {
    let b = Browser::new(app);
    b.sign_in("collection@example.org", "collection-pass-1")
        .await;
    b
}

/// The series or editions a page links to, by the path's last part.
fn linked(page: &str, under: &str) -> Vec<String> {
    page.split(&format!("href=\"{under}"))
        .skip(1)
        .map(|s| s[..s.find('"').unwrap()].to_owned())
        .filter(|s| !s.contains('/') && !s.contains('?'))
        .collect()
}

async fn reader_get(app: &TestApp, path: &str) -> (StatusCode, serde_json::Value) {
    call_reader(app, Method::GET, path, None, &[]).await
}

async fn a_curator_lists_finds_and_pages_the_periodicals(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = curator(&app).await;
    let home = b.page("/main/staff", StatusCode::OK).await;
    assert!(home.contains(">Periodicals</a>"), "{home}");
    let all = b.page(LIST, StatusCode::OK).await;
    let mut series = linked(&all, "/main/staff/periodicals/");
    series.sort();
    assert_eq!(series, ["science", "weekly"], "this site's only: {all}");
    let found = b.page(&format!("{LIST}?title=week"), StatusCode::OK).await;
    assert!(found.contains("1 periodical found."), "{found}");
    assert_eq!(linked(&found, "/main/staff/periodicals/"), ["weekly"]);

    let mut seen = Vec::new();
    let mut path = format!("{LIST}?limit=1");
    loop {
        let page = b.page(&path, StatusCode::OK).await;
        seen.extend(linked(&page, "/main/staff/periodicals/"));
        match link(&page, "Next page") {
            Some(next) => path = next,
            None => break,
        }
    }
    seen.sort();
    assert_eq!(seen, ["science", "weekly"], "paged to the end, none twice");

    let weekly = b
        .page("/main/staff/periodicals/weekly?limit=1", StatusCode::OK)
        .await;
    assert!(weekly.contains("2 editions, newest first."), "{weekly}");
    let newest = linked(&weekly, "/main/staff/periodicals/weekly/editions/");
    let older = b
        .page(
            &link(&weekly, "Older editions").expect("a next page"),
            StatusCode::OK,
        )
        .await;
    let oldest = linked(&older, "/main/staff/periodicals/weekly/editions/");
    assert_eq!([newest, oldest].concat(), ["w2", "w1"]);
    b.page(&format!("{LIST}?limit=0"), StatusCode::BAD_REQUEST)
        .await;
}

async fn a_curator_adds_a_periodical_and_changes_it(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = curator(&app).await;
    let bad = b
        .submit(
            LIST,
            LIST,
            &[
                ("seriesId", "the daily"),
                ("title", ""),
                ("issn", "1234"),
                ("languages", "english"),
            ],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let page = bad.text().await.unwrap();
    for field in ["seriesId", "title", "issn", "languages"] {
        assert!(
            page.contains(&format!("id=\"{field}-error\"")),
            "{field}: {page}"
        );
    }
    assert!(page.contains("value=\"the daily\""), "what was typed stays");

    let taken = b
        .submit(
            LIST,
            LIST,
            &[
                ("seriesId", "weekly"),
                ("title", "Another Weekly"),
                ("seriesType", "magazine"),
            ],
        )
        .await;
    assert_eq!(taken.status(), StatusCode::BAD_REQUEST);
    let page = taken.text().await.unwrap();
    assert!(
        page.contains("Another periodical has this identifier"),
        "{page}"
    );
    let (_, weekly) = reader_get(&app, "/v2/periodicals/weekly").await;
    assert_eq!(weekly["title"], "The Weekly Reader", "nothing replaced");

    let made = b
        .submit(
            LIST,
            LIST,
            &[
                ("seriesId", "daily"),
                ("title", "The Daily"),
                ("seriesType", "newspaper"),
                ("issn", "0028-0836"),
                ("languages", "eng\r\nfre"),
            ],
        )
        .await;
    assert_eq!(made.status(), StatusCode::SEE_OTHER);
    let here = "/main/staff/periodicals/daily";
    assert_eq!(location(&made), format!("{here}?done=added"));
    let page = b.page(&location(&made), StatusCode::OK).await;
    assert!(page.contains("The periodical is added."), "{page}");
    assert!(page.contains("No editions yet."), "{page}");
    let (status, daily) = reader_get(&app, "/v2/periodicals/daily").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(daily["issn"], "0028-0836");

    let cleared = b
        .submit(here, here, &[("title", ""), ("seriesType", "magazine")])
        .await;
    assert_eq!(cleared.status(), StatusCode::BAD_REQUEST);
    assert!(cleared.text().await.unwrap().contains("id=\"title-error\""));
    let changed = b
        .submit(
            here,
            here,
            &[
                ("title", "The Daily Post"),
                ("seriesType", "newspaper"),
                ("issn", "0028-0836"),
                ("languages", "eng"),
                ("countries", "US"),
            ],
        )
        .await;
    assert_eq!(changed.status(), StatusCode::SEE_OTHER);
    let (_, daily) = reader_get(&app, "/v2/periodicals/daily").await;
    assert_eq!(daily["title"], "The Daily Post");
    let page = b.page(here, StatusCode::OK).await;
    assert!(page.contains("value=\"The Daily Post\""), "{page}");
}

async fn a_curator_adds_changes_and_withdraws_an_edition(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = curator(&app).await;
    let series = "/main/staff/periodicals/science";
    let page = b.page(series, StatusCode::OK).await;
    let new = link(&page, "Add an edition").expect("the new edition's page");
    assert_eq!(new, format!("{series}/new-edition"));
    let pdf = || vec![("files", "science-2.pdf", b"%PDF-1.7 issue two".to_vec())];

    let bad = b
        .upload(
            &new,
            &new,
            &[
                ("editionId", ""),
                ("editionName", ""),
                ("publicationDate", "2026-13-40"),
                ("format", "PDF"),
            ],
            &[("files", "x.pdf", b"not a pdf".to_vec())],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let text = bad.text().await.unwrap();
    for field in ["editionId", "editionName", "publicationDate", "files"] {
        assert!(
            text.contains(&format!("id=\"{field}-error\"")),
            "{field}: {text}"
        );
    }
    let late = b
        .upload(
            &new,
            &new,
            &[
                ("editionId", "s2"),
                ("editionName", "Issue 2"),
                ("publicationDate", "2026-11-01"),
                ("expirationDate", "2026-10-01"),
                ("format", "PDF"),
            ],
            &pdf(),
        )
        .await;
    assert_eq!(late.status(), StatusCode::BAD_REQUEST);
    assert!(
        late.text()
            .await
            .unwrap()
            .contains("id=\"expirationDate-error\"")
    );
    let taken = b
        .upload(
            &new,
            &new,
            &[
                ("editionId", "w1"),
                ("editionName", "Issue 2"),
                ("publicationDate", "2026-11-01"),
                ("format", "PDF"),
            ],
            &pdf(),
        )
        .await;
    assert_eq!(taken.status(), StatusCode::BAD_REQUEST);
    assert!(
        taken
            .text()
            .await
            .unwrap()
            .contains("Another edition has this identifier")
    );
    assert!(
        app.files
            .list("periodicals/science")
            .await
            .unwrap()
            .iter()
            .all(|(k, ..)| !k.contains("/w1/")),
        "no file kept for a refused edition"
    );

    let added = b
        .upload(
            &new,
            &new,
            &[
                ("editionId", "s2"),
                ("editionName", "Issue 2"),
                ("publicationDate", "2026-11-01"),
                ("format", "PDF"),
            ],
            &pdf(),
        )
        .await;
    assert_eq!(added.status(), StatusCode::SEE_OTHER);
    let here = format!("{series}/editions/s2");
    assert_eq!(location(&added), format!("{here}?done=added"));
    let (_, listed) = reader_get(&app, "/v2/periodicals/science/editions").await;
    let s2 = listed["periodicalEditions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|e| e["editionId"] == "s2")
        .expect("readers see the new edition")
        .clone();
    assert_eq!(s2["formats"][0]["formatId"], "PDF", "{s2}");

    let changed = b
        .submit(
            &here,
            &here,
            &[
                ("editionName", "Issue 2 (November)"),
                ("publicationDate", "2026-11-02"),
                ("expirationDate", ""),
            ],
        )
        .await;
    assert_eq!(changed.status(), StatusCode::SEE_OTHER);
    let (_, s2) = reader_get(&app, "/v2/periodicals/science/editions/s2").await;
    assert_eq!(s2["editionName"], "Issue 2 (November)");
    let wrong = b
        .submit(
            &here,
            &here,
            &[("editionName", ""), ("publicationDate", "2026-11-02")],
        )
        .await;
    assert_eq!(wrong.status(), StatusCode::BAD_REQUEST);

    let withdrawn = b.submit(&here, &format!("{here}/withdraw"), &[]).await;
    assert_eq!(withdrawn.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&withdrawn), format!("{series}?done=withdrawn"));
    edits_applied(&app).await;
    let (status, _) = reader_get(&app, "/v2/periodicals/science/editions/s2").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "withdrawn");
    b.page(&here, StatusCode::NOT_FOUND).await;
}

async fn periodical_pages_are_refused_to_whoever_may_not(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let pages = [
        LIST,
        "/main/staff/periodicals/weekly",
        "/main/staff/periodicals/weekly/new-edition",
        "/main/staff/periodicals/weekly/editions/w1",
    ];
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
        for action in ["/main/staff/periodicals/weekly/editions/w1/withdraw", LIST] {
            let posted = b
                .submit("/main/", action, &[("seriesId", "mine"), ("title", "Mine")])
                .await;
            assert_eq!(posted.status(), StatusCode::FORBIDDEN, "{user} {action}");
        }
    }
    let b = curator(&app).await;
    b.page("/main/staff/periodicals/far-news", StatusCode::NOT_FOUND)
        .await;
    b.page(
        "/main/staff/periodicals/weekly/editions/s1",
        StatusCode::NOT_FOUND,
    )
    .await;
    let tokenless = b
        .post(LIST, &[("seriesId", "mine"), ("title", "Mine")])
        .await;
    assert_eq!(tokenless.status(), StatusCode::FORBIDDEN);
    edits_applied(&app).await;
    let (_, listed) = reader_get(&app, "/v2/periodicals/weekly/editions").await;
    assert_eq!(listed["totalResults"], 2, "nothing withdrawn");
    let (status, _) = reader_get(&app, "/v2/periodicals/mine").await;
    assert_eq!(status, StatusCode::NOT_FOUND, "nothing made");
}
