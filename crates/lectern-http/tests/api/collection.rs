//! Collection management: the catalog, title and artifact edits accepted (202) and applied by
//! the worker in order, the title's history, and periodical edits; each role allowed and
//! refused, every bad parameter named, and changes reaching search and downloads.

use std::time::Duration;

use reqwest::{Method, StatusCode};
use serde_json::Value;

use lectern_store::on_both_stores;

use crate::support::call_reader as call;
use crate::support::*;

on_both_stores!(
    title_edits_are_checked_accepted_applied_and_recorded,
    who_may_edit_and_read_the_collection,
    edits_apply_in_order_and_a_removed_title_takes_no_more,
    withdrawn_titles_leave_search_and_downloads_and_come_back,
    the_catalog_filters_sorts_and_pages_every_status,
    artifacts_and_periodicals_are_edited,
);

const COLLECTION: &str = "collection@example.org";
const ADMIN: &str = "admin@example.org";

/// Waits (up to 10 s) until the worker has applied every accepted edit and the index has
/// caught up with what they changed.
pub(crate) async fn edits_applied(app: &TestApp) {
    let mut wait = Patience::new("the worker to apply the accepted edits");
    while lectern_store::catalog_edits::unapplied(app.store.reads())
        .await
        .expect("queue")
        > 0
    {
        wait.a_little().await;
    }
    app.index_caught_up().await;
}

async fn edit(
    app: &TestApp,
    token: Option<&str>,
    id: &str,
    form: &[(&str, &str)],
) -> (StatusCode, Value) {
    call(app, Method::PUT, &format!("/v2/titles/{id}"), token, form).await
}

async fn history(app: &TestApp, token: &str, id: &str) -> Vec<Value> {
    let (status, body) = call(
        app,
        Method::GET,
        &format!("/v2/titles/{id}/history"),
        Some(token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["titleEvents"].as_array().expect("titleEvents").clone()
}

fn ids(body: &Value) -> Vec<String> {
    body["titles"]
        .as_array()
        .unwrap_or_else(|| panic!("no titles: {body}"))
        .iter()
        .map(|t| t["serviceId"].as_str().expect("id").to_owned())
        .collect()
}

async fn title_edits_are_checked_accepted_applied_and_recorded(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let staff = app.token_of(COLLECTION).await;
    let (status, body) = edit(
        &app,
        Some(&staff),
        "t-road",
        &[
            ("title", "The Longer Road"),
            ("authors", "Ada Byron"),
            ("authors", "Bea Cole"),
            ("translators", "Tom Tran"),
            ("isbn13", "0-306-40615-2"),
            ("countries", "US"),
            ("countries", "CA"),
            ("subtitle", ""),
            ("comments", "Second author added"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    assert_eq!(body["key"], "SUCCESS");
    assert!(
        body["links"][0]["href"]
            .as_str()
            .unwrap()
            .ends_with("/v2/titles/t-road/history")
    );
    edits_applied(&app).await;

    let (_, record) = call(&app, Method::GET, "/v2/titles/t-road", Some(&staff), &[]).await;
    assert_eq!(record["title"], "The Longer Road");
    assert_eq!(
        record["allows"],
        serde_json::json!(["PUT"]),
        "its managers may edit it"
    );
    assert_eq!(record["artifacts"][0]["allows"], serde_json::json!(["PUT"]));
    assert_eq!(
        record["isbn13"], "9780306406157",
        "an ISBN-10 is kept as its ISBN-13"
    );
    assert_eq!(record["countries"], serde_json::json!(["US", "CA"]));
    assert!(
        record["subtitle"].is_null(),
        "sent empty, cleared: {record}"
    );
    let names: Vec<_> = record["contributors"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"]["displayName"].as_str().unwrap().to_owned(),
                c["type"].as_str().unwrap().to_owned(),
            )
        })
        .collect();
    assert!(
        names.contains(&("Bea Cole".to_owned(), "author".to_owned())),
        "{names:?}"
    );
    assert!(
        names.contains(&("Tom Tran".to_owned(), "translator".to_owned())),
        "{names:?}"
    );

    let events = history(&app, &staff, "t-road").await;
    assert_eq!(events.len(), 1, "{events:?}");
    assert_eq!(events[0]["action"], "metadataUpdated");
    assert_eq!(events[0]["personName"], "Col Lection");
    assert_eq!(events[0]["comment"], "Second author added");
    assert_eq!(events[0]["status"], "applied");
    assert!(events[0]["date"].as_str().unwrap().ends_with('Z'));
    assert!(
        events[0]["changes"]
            .as_array()
            .unwrap()
            .contains(&Value::from("title"))
    );

    let (_, found) = call(&app, Method::GET, "/v2/titles?keyword=longer", None, &[]).await;
    assert_eq!(ids(&found), ["t-road"], "the edit is searchable");

    // Every bad parameter is named, and nothing is queued.
    let (status, body) = edit(
        &app,
        Some(&staff),
        "t-road",
        &[
            ("isbn13", "978-0-306-40615-8"),
            ("adultContent", "maybe"),
            ("categories", "Nonsense"),
            ("usageRestriction", "secret"),
            ("countries", "usa"),
            ("readingAgeMinimum", "-1"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let messages = body["messages"].to_string();
    for param in [
        "isbn13",
        "adultContent",
        "categories",
        "usageRestriction",
        "countries",
        "readingAgeMinimum",
    ] {
        assert!(
            messages.contains(&format!("'{param}'")),
            "{param} not named: {messages}"
        );
    }
    let (status, body) = edit(&app, Some(&staff), "t-road", &[("nothing", "x")]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert_eq!(
        history(&app, &staff, "t-road").await.len(),
        1,
        "nothing was queued"
    );

    // Product identifiers are unique within the collection.
    let (status, _) = edit(
        &app,
        Some(&staff),
        "t-road",
        &[("productIdentifier", "PID-1")],
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    edits_applied(&app).await;
    let (status, body) = edit(
        &app,
        Some(&staff),
        "t-pride",
        &[("productIdentifier", "PID-1")],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(error_message(&body, "CONFLICT").contains("productIdentifier"));
}

async fn who_may_edit_and_read_the_collection(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let staff = app.token_of(COLLECTION).await;
    let admin = app.token_of(ADMIN).await;
    let title = [("title", "Changed")];
    let (status, _) = edit(&app, None, "t-road", &title).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    for refused in [
        "member@example.org",
        "membership@example.org",
        "sponsor@example.org",
        "trusted-volunteer@example.org",
    ] {
        let token = app.token_of(refused).await;
        let (status, body) = edit(&app, Some(&token), "t-road", &title).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{refused}: {body}");
        let (status, _) = call(&app, Method::GET, "/v2/catalog", Some(&token), &[]).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
        let (status, _) = call(
            &app,
            Method::GET,
            "/v2/titles/t-road/history",
            Some(&token),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{refused}");
    }
    let (status, _) = call(&app, Method::GET, "/v2/catalog", None, &[]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // Another site's title is not there for a collection assistant; administrators reach it.
    let (status, _) = edit(&app, Some(&staff), "t-far", &title).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/titles/t-far/history",
        Some(&staff),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = edit(&app, Some(&staff), "t-nowhere", &title).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = edit(&app, Some(&admin), "t-far", &title).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/periodicals/far-news",
        Some(&staff),
        &title,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    edits_applied(&app).await;

    let (_, own) = call(
        &app,
        Method::GET,
        "/v2/catalog?limit=100",
        Some(&staff),
        &[],
    )
    .await;
    let own = ids(&own);
    assert!(
        own.contains(&"t-gone".to_owned()) && own.contains(&"t-unfinished".to_owned()),
        "every status: {own:?}"
    );
    assert!(
        !own.contains(&"t-far".to_owned()),
        "only their site: {own:?}"
    );
    let (_, all) = call(
        &app,
        Method::GET,
        "/v2/catalog?limit=100",
        Some(&admin),
        &[],
    )
    .await;
    assert!(ids(&all).contains(&"t-far".to_owned()));
    assert_eq!(
        all["titles"]
            .as_array()
            .unwrap()
            .iter()
            .find(|t| t["serviceId"] == "t-far")
            .unwrap()["title"],
        "Changed"
    );
}

async fn edits_apply_in_order_and_a_removed_title_takes_no_more(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    app.pause_worker();
    let staff = app.token_of(COLLECTION).await;
    for form in [
        vec![("subtitle", "First")],
        vec![("subtitle", "Second")],
        vec![
            ("titleStatus", "removed"),
            ("comments", "Duplicate of t-road"),
        ],
        vec![("title", "Too late")],
    ] {
        let (status, body) = edit(&app, Some(&staff), "t-night", &form).await;
        assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    }
    let queued = history(&app, &staff, "t-night").await;
    assert!(
        queued
            .iter()
            .all(|e| e["status"] == "queued" && e["action"] == "updateAccepted"),
        "{queued:?}"
    );
    // Another node's worker applies them, in the order they were accepted.
    let node = app.second_node().await;
    edits_applied(&node).await;
    let events = history(&app, &staff, "t-night").await;
    let actions: Vec<_> = events
        .iter()
        .map(|e| e["action"].as_str().unwrap())
        .collect();
    assert_eq!(
        actions,
        [
            "updateNotApplied",
            "removed",
            "metadataUpdated",
            "metadataUpdated"
        ],
        "{events:?}"
    );
    assert_eq!(
        events[0]["reason"],
        "the title was removed from the collection; only a titleStatus edit restores it",
        "{events:?}"
    );
    assert_eq!(events[0]["status"], "notApplied");
    // The reason was kept as a message, and is said in the language the history is asked in.
    let history_path = format!("/v2/titles/t-night/history?api_key={TRUSTED}");
    let (status, french) = app.get_in(&history_path, &staff, "fr").await;
    assert_eq!(status, StatusCode::OK, "{french}");
    assert_eq!(
        french["titleEvents"][0]["reason"],
        "le titre a été retiré de la collection\u{a0}; seule une modification de titleStatus l'y remet"
    );
    let record = lectern_store::titles::get(app.store.reads(), "t-night")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(
        record.subtitle.as_deref(),
        Some("Second"),
        "applied in order"
    );
    assert_ne!(record.title, "Too late");
    // Now it is removed, an edit is refused at once; one that restores it is taken.
    let (status, _) = edit(&app, Some(&staff), "t-night", &[("title", "Again")]).await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (status, _) = edit(&app, Some(&staff), "t-night", &[("titleStatus", "live")]).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    edits_applied(&node).await;
    assert_eq!(
        history(&app, &staff, "t-night").await[0]["action"],
        "restored"
    );
    // An edit an earlier version queued kept the form as sent: it is read and applied still.
    let mut sent = lectern_domain::catalog::edit::EditForm::new();
    sent.insert("subtitle".to_owned(), vec!["Kept as sent".to_owned()]);
    lectern_store::catalog_edits::accept(
        &app.store,
        &lectern_store::catalog_edits::NewEdit {
            site_id: "main".to_owned(),
            kind: lectern_store::catalog_edits::EditKind::Title,
            target_id: "t-night".to_owned(),
            detail: None,
            edit: lectern_domain::catalog::title_edit::KeptEdit::Sent(sent),
            requested_by: "someone".to_owned(),
            requested_by_name: "Some One".to_owned(),
            comment: None,
        },
    )
    .await
    .unwrap();
    edits_applied(&node).await;
    let record = lectern_store::titles::get(app.store.reads(), "t-night")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(record.subtitle.as_deref(), Some("Kept as sent"));
}

async fn withdrawn_titles_leave_search_and_downloads_and_come_back(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let staff = app.token_of(COLLECTION).await;
    let reader = app.token_of("member@example.org").await;
    let package = ready_package(&app, &reader).await;
    let file = app.http.get(&package).send().await.unwrap();
    assert_eq!(file.status(), StatusCode::OK);
    let (status, _) = edit(
        &app,
        Some(&staff),
        "t-road",
        &[("titleStatus", "withdrawn")],
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED);
    edits_applied(&app).await;
    let (_, found) = call(
        &app,
        Method::GET,
        "/v2/titles?keyword=road",
        Some(&reader),
        &[],
    )
    .await;
    assert!(!ids(&found).contains(&"t-road".to_owned()), "{found}");
    let refused = download_status(&app, &reader).await;
    assert!(refused.is_client_error(), "{refused}");
    let file = app.http.get(&package).send().await.unwrap();
    assert_eq!(
        file.status(),
        StatusCode::NOT_FOUND,
        "a package made before is not served"
    );
    let (status, _) = call(&app, Method::GET, "/v2/titles/t-road", Some(&reader), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, open) = call(&app, Method::GET, "/v2/titles/t-pride", Some(&reader), &[]).await;
    assert!(
        open["allows"].is_null(),
        "a reader may not edit: {}",
        open["allows"]
    );
    let (_, record) = call(&app, Method::GET, "/v2/titles/t-road", Some(&staff), &[]).await;
    assert_eq!(record["status"], "withdrawn");
    assert!(record["withdrawalDate"].is_string());
    assert_eq!(
        history(&app, &staff, "t-road").await[0]["action"],
        "withdrawn"
    );

    let (status, _) = edit(&app, Some(&staff), "t-road", &[("titleStatus", "live")]).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    edits_applied(&app).await;
    ready_package(&app, &reader).await;
}

/// The signed URL of the reader's package of `t-road` as EPUB3, once the worker made it.
async fn ready_package(app: &TestApp, reader: &str) -> String {
    let http = reqwest::Client::builder()
        .redirect(reqwest::redirect::Policy::none())
        .build()
        .unwrap();
    let mut wait = Patience::new("the worker to make the package");
    loop {
        let resp = http
            .get(app.url(&format!("/v2/titles/t-road/EPUB3?api_key={TRUSTED}")))
            .bearer_auth(reader)
            .send()
            .await
            .unwrap();
        match resp.status() {
            StatusCode::ACCEPTED => wait.a_little().await,
            StatusCode::FOUND => {
                return resp.headers()["location"].to_str().unwrap().to_owned();
            }
            other => panic!("download answered {other}"),
        }
    }
}

async fn the_catalog_filters_sorts_and_pages_every_status(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let staff = app.token_of(COLLECTION).await;
    let get = |query: &str| {
        let (app, staff, query) = (&app, staff.clone(), query.to_owned());
        async move {
            call(
                app,
                Method::GET,
                &format!("/v2/catalog?{query}"),
                Some(&staff),
                &[],
            )
            .await
        }
    };
    let (status, body) = get("titleStatus=withdrawn").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(ids(&body), ["t-gone"]);
    assert!(body["authorFacets"].is_array() && body["categoryFacets"].is_array());
    assert!(
        body["titles"][0]["usageRestriction"]["restrictionCode"].is_string(),
        "complete records"
    );
    let (_, body) = get("isbn=978 0-306-40615-7").await;
    assert_eq!(ids(&body), ["t-road"]);
    let (_, body) = get("isbn=0306406152").await;
    assert_eq!(ids(&body), ["t-road"], "an ISBN-10 finds its ISBN-13");
    for (query, param) in [
        ("isbn=12345", "isbn"),
        ("titleStatus=available", "titleStatus"),
        ("sortOrder=dateAdded", "sortOrder"),
        ("country=usa", "country"),
        ("startUpdatedDate=yesterday", "startUpdatedDate"),
        (
            "startUpdatedDate=2030-01-02&endUpdatedDate=2030-01-01",
            "endUpdatedDate",
        ),
        ("limit=0", "limit"),
    ] {
        let (status, body) = get(query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert!(
            error_message(&body, "BAD_REQUEST").contains(param),
            "{query}: {body}"
        );
    }
    // The title edited last comes first by updatedDate, descending; a range finds it alone.
    // Times are whole seconds: the edit must fall in a later second than the fixture's load.
    tokio::time::sleep(Duration::from_millis(1100)).await;
    let since = lectern_domain::Timestamp::now().to_string();
    let (status, _) = edit(&app, Some(&staff), "t-casa", &[("notes", "Checked")]).await;
    assert_eq!(status, StatusCode::ACCEPTED);
    edits_applied(&app).await;
    let (_, body) = get("sortOrder=updatedDate&direction=desc&limit=1").await;
    assert_eq!(ids(&body), ["t-casa"]);
    let (_, body) = get(&format!("startUpdatedDate={since}")).await;
    assert_eq!(ids(&body), ["t-casa"]);
    let (_, body) = get("endUpdatedDate=2000-01-01").await;
    assert_eq!(body["totalResults"], 0);
    // Paging reaches the end in each order, every title once.
    for order in [
        "title",
        "author",
        "updatedDate",
        "copyrightDate",
        "relevance",
    ] {
        for direction in ["asc", "desc"] {
            let (_, first) = get(&format!(
                "sortOrder={order}&direction={direction}&limit=100"
            ))
            .await;
            let total = first["totalResults"].as_u64().unwrap();
            let mut seen = Vec::new();
            let mut next = format!("sortOrder={order}&direction={direction}&limit=3");
            loop {
                let (status, page) = get(&next).await;
                assert_eq!(status, StatusCode::OK, "{page}");
                seen.extend(ids(&page));
                match page["next"].as_str() {
                    Some(token) => {
                        next =
                            format!("sortOrder={order}&direction={direction}&limit=3&start={token}")
                    }
                    None => break,
                }
            }
            assert_eq!(seen, ids(&first), "{order} {direction}");
            assert_eq!(seen.len() as u64, total);
        }
    }
}

async fn artifacts_and_periodicals_are_edited(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let staff = app.token_of(COLLECTION).await;
    let member = app.token_of("member@example.org").await;
    let path = "/v2/titles/t-road/artifacts/EPUB3";
    let (status, body) = call(
        &app,
        Method::PUT,
        path,
        Some(&staff),
        &[
            ("duration", "an hour"),
            ("brailleGrade", "grade9"),
            ("numberOfVolumes", "-2"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let messages = body["messages"].to_string();
    for param in ["duration", "brailleGrade", "numberOfVolumes"] {
        assert!(messages.contains(param), "{param}: {messages}");
    }
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/titles/t-road/artifacts/BRF",
        Some(&staff),
        &[("supplier", "S")],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "t-road has no BRF");
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/titles/t-road/artifacts/VHS",
        Some(&staff),
        &[("supplier", "S")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = call(&app, Method::PUT, path, Some(&member), &[("supplier", "S")]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = call(
        &app,
        Method::PUT,
        path,
        Some(&staff),
        &[
            ("supplier", "Lectern Press"),
            ("producers", "A"),
            ("producers", "B"),
            ("brailleCode", "ueb"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    assert_eq!(body["key"], "ACCEPTED");
    assert!(body["messages"].is_null());
    edits_applied(&app).await;
    let (_, record) = call(&app, Method::GET, "/v2/titles/t-road", Some(&staff), &[]).await;
    let epub = record["artifacts"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["format"] == "EPUB3")
        .unwrap()
        .clone();
    assert_eq!(epub["supplier"], "Lectern Press");
    assert_eq!(epub["producer"], "A; B");
    let event = &history(&app, &staff, "t-road").await[0];
    assert_eq!(event["action"], "artifactUpdated");
    assert_eq!(event["format"]["formatId"], "EPUB3");

    // Periodicals: series and edition edits answer the changed resource.
    let (status, body) = call(
        &app,
        Method::PUT,
        "/v2/periodicals/weekly",
        Some(&staff),
        &[
            ("issn", "12345678"),
            ("seriesType", "zine"),
            ("languages", "English"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    for param in ["issn", "seriesType", "languages"] {
        assert!(
            body["messages"].to_string().contains(param),
            "{param}: {body}"
        );
    }
    let (status, body) = call(
        &app,
        Method::PUT,
        "/v2/periodicals/weekly",
        Some(&staff),
        &[
            ("title", "The Weekly Review"),
            ("issn", "0028-0836"),
            ("countries", "US"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["title"], "The Weekly Review");
    assert_eq!(body["issn"], "0028-0836");
    // Edits at once each keep the others' fields.
    let fields = [
        ("description", "D"),
        ("publisher", "P"),
        ("externalCategoryCode", "E"),
        ("categories", "News"),
        ("languages", "spa"),
        ("countries", "GB"),
        ("seriesType", "magazine"),
        ("issn", "1234-5679"),
    ];
    let requests = fields.iter().map(|f| {
        call(
            &app,
            Method::PUT,
            "/v2/periodicals/weekly",
            Some(&staff),
            std::slice::from_ref(f),
        )
    });
    for (status, body) in futures_util::future::join_all(requests).await {
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (_, series) = call(
        &app,
        Method::GET,
        "/v2/periodicals/weekly",
        Some(&staff),
        &[],
    )
    .await;
    for (field, value) in [
        ("description", "D"),
        ("publisher", "P"),
        ("externalCategoryCode", "E"),
        ("seriesType", "magazine"),
        ("issn", "1234-5679"),
    ] {
        assert_eq!(series[field], value, "{series}");
    }
    assert_eq!(series["categories"][0]["name"], "News", "{series}");
    assert_eq!(series["categories"][0]["categoryType"], "Service");
    for (field, value) in [("languages", "spa"), ("countries", "GB")] {
        assert_eq!(series[field], serde_json::json!([value]), "{series}");
    }
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/periodicals/weekly",
        Some(&member),
        &[("title", "X")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let edition = "/v2/periodicals/weekly/editions/w1";
    let (status, body) = call(
        &app,
        Method::PUT,
        edition,
        Some(&staff),
        &[
            ("expirationDate", "2099-01-01"),
            ("editionName", "Issue One"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["expirationDate"], "2099-01-01T00:00:00Z");
    assert_eq!(body["editionName"], "Issue One");
    let (status, body) = call(
        &app,
        Method::PUT,
        edition,
        Some(&staff),
        &[("expirationDate", "null")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert!(body["expirationDate"].is_null(), "{body}");
    let (status, body) = call(
        &app,
        Method::PUT,
        edition,
        Some(&staff),
        &[("publicationDate", "soon")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, _) = call(&app, Method::DELETE, edition, Some(&member), &[]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = call(&app, Method::DELETE, edition, Some(&staff), &[]).await;
    assert_eq!(status, StatusCode::ACCEPTED, "{body}");
    assert_eq!(body["key"], "SUCCESS");
    edits_applied(&app).await;
    let (status, _) = call(&app, Method::GET, edition, Some(&member), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "withdrawn");
    let (status, _) = call(&app, Method::DELETE, edition, Some(&staff), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "withdrawn already");
}
