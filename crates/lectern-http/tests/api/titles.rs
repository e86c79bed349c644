//! `GET /v2/titles`, `/v2/titles/count` and `/v2/titles/{serviceId}`: who sees what, every
//! filter, facets, sorts, paging, and the index following the store.

use std::collections::BTreeSet;

use lectern_store::on_both_stores;
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::*;

on_both_stores!(
    guests_see_live_titles_of_their_site_and_the_global_collection,
    each_role_sees_what_the_rules_allow,
    every_filter_narrows_the_search,
    keyword_search_ranks_and_facets_count_all_matches,
    every_sort_pages_to_the_end_in_both_directions,
    bad_search_parameters_are_named,
    the_complete_record_shows_what_the_caller_may_see,
    titles_are_counted_per_caller,
    the_index_follows_changes_to_titles,
);

async fn search(app: &TestApp, key: &str, token: Option<&str>, query: &str) -> (StatusCode, Value) {
    let mut req = app.get(&format!("/v2/titles?api_key={key}{query}"));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    json(req.send().await.unwrap()).await
}

fn ids(body: &Value) -> BTreeSet<String> {
    body["titles"]
        .as_array()
        .unwrap_or_else(|| panic!("no titles in {body}"))
        .iter()
        .map(|t| t["serviceId"].as_str().unwrap().to_owned())
        .collect()
}

fn set(ids: &[&str]) -> BTreeSet<String> {
    ids.iter().map(|s| (*s).to_owned()).collect()
}

/// Every title of the main site that is live and without adult content.
const MAIN_LIVE: [&str; 8] = [
    "t-road",
    "t-pride",
    "t-open",
    "t-stripes",
    "t-algebra",
    "t-fugue",
    "t-casa",
    "t-night",
];

fn main_live_without_adult() -> BTreeSet<String> {
    set(&MAIN_LIVE)
        .into_iter()
        .filter(|t| t != "t-night")
        .collect()
}

async fn guests_see_live_titles_of_their_site_and_the_global_collection(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let (status, body) = search(&app, PUBLIC, None, "&limit=100").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(ids(&body), main_live_without_adult());
    assert_eq!(body["totalResults"], 7);
    // The other site includes the global collection (main) besides its own.
    let (_, body) = search(&app, OTHER_SITE, None, "&limit=100").await;
    let mut expected = main_live_without_adult();
    expected.insert("t-far".into());
    assert_eq!(ids(&body), expected);
    // A summary carries the conventions' links and the guest's alerts.
    let (_, body) = search(&app, PUBLIC, None, "&isbn=978-0-306-40615-7").await;
    let road = &body["titles"][0];
    assert_eq!(road["serviceId"], "t-road");
    let links: Vec<&str> = road["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["rel"].as_str().unwrap())
        .collect();
    // A copyrighted title offers a guest no download link (document 1, general rule 4).
    assert_eq!(links, ["self", "coverimage", "thumbnail"]);
    assert_eq!(road["titleAccessAlerts"][0]["code"], "SIGN_IN_REQUIRED");
    assert_eq!(road["authors"][0]["lastName"], "Byron");
    assert_eq!(road["available"], true);
    assert_eq!(road["allows"], Value::Null);
    // The wire shapes of document 1, as reading apps parse them.
    assert_eq!(
        road["formats"],
        serde_json::json!([
            {"formatId": "EPUB3", "name": "EPUB 3"},
            {"formatId": "DAISY_AUDIO", "name": "DAISY Audio"},
            {"formatId": "DAISY", "name": "DAISY Text"},
            {"formatId": "DAISY_2_AUDIO", "name": "DAISY 2.02 Audio"},
            {"formatId": "DOCX", "name": "Word (DOCX)"},
            {"formatId": "BRF", "name": "BRF (Braille Ready Format)"}
        ])
    );
    assert_eq!(
        road["formatStatuses"],
        serde_json::json!([
            {"formatId": "EPUB3", "name": "EPUB 3", "status": "AVAILABLE"},
            {"formatId": "DAISY_AUDIO", "name": "DAISY Audio", "status": "AVAILABLE"},
            {"formatId": "DAISY", "name": "DAISY Text", "status": "AVAILABLE"},
            {"formatId": "DAISY_2_AUDIO", "name": "DAISY 2.02 Audio", "status": "AVAILABLE"},
            {"formatId": "DOCX", "name": "Word (DOCX)", "status": "AVAILABLE"},
            {"formatId": "BRF", "name": "BRF (Braille Ready Format)", "status": "AVAILABLE"}
        ])
    );
    assert_eq!(
        road["contributors"],
        serde_json::json!([{
            "name": {"displayName": "Ada Byron", "indexName": "Byron, Ada", "links": []},
            "type": "author"
        }])
    );
    let categories = road["categories"].as_array().unwrap();
    assert_eq!(categories.len(), 2, "service categories and BISAC subjects");
    assert_eq!(categories[0]["name"], "Fiction");
    assert_eq!(categories[0]["description"], "Fiction titles");
    assert_eq!(categories[0]["categoryType"], "Service");
    assert_eq!(categories[0]["code"], Value::Null);
    assert_eq!(categories[1]["name"], "FIC000000");
    assert_eq!(categories[1]["description"], "FICTION / General");
    assert_eq!(categories[1]["categoryType"], "BISAC");
    assert_eq!(categories[1]["code"], "FIC000000");
    for c in categories {
        assert_eq!(c["links"][0]["rel"], "search");
    }
    // Public-domain and Creative Commons titles do carry one for guests.
    for (isbn_or_id, service_id) in [("t-pride", "t-pride"), ("t-open", "t-open")] {
        let (status, body) = json(
            app.get(&format!("/v2/titles/{isbn_or_id}?api_key={PUBLIC}"))
                .send()
                .await
                .unwrap(),
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        let download = body["links"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["rel"] == "download")
            .unwrap_or_else(|| panic!("{service_id} has no download link: {body}"));
        // A guest's link carries the key it is followed with.
        assert_eq!(
            download["href"],
            app.url(&format!(
                "/v2/titles/{service_id}/{{format}}?api_key={PUBLIC}"
            ))
        );
    }
    // Nor does a copyrighted title's complete record, in its artifacts either.
    let (_, body) = json(
        app.get(&format!("/v2/titles/t-road?api_key={PUBLIC}"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert!(!body.to_string().contains("\"rel\":\"download\""), "{body}");
}

async fn each_role_sees_what_the_rules_allow(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let all = "&limit=100";
    // Readers who allow adult content see it; those who do not, and organization members with
    // safe search, do not.
    let grown = app.token_of("grown@example.org").await;
    assert_eq!(
        ids(&search(&app, TRUSTED, Some(&grown), all).await.1),
        set(&MAIN_LIVE)
    );
    let member = app.token_of("member@example.org").await;
    assert_eq!(
        ids(&search(&app, TRUSTED, Some(&member), all).await.1),
        main_live_without_adult()
    );
    // Collection assistants of the site see titles in every state, and may ask for one state.
    let collection = app.token_of("collection@example.org").await;
    let mut everything = set(&MAIN_LIVE);
    everything.extend(["t-unfinished".to_owned(), "t-gone".to_owned()]);
    assert_eq!(
        ids(&search(&app, TRUSTED, Some(&collection), all).await.1),
        everything
    );
    let (_, body) = search(&app, TRUSTED, Some(&collection), "&titleStatus=new").await;
    assert_eq!(ids(&body), set(&["t-unfinished"]));
    // A member asking for a state they cannot see finds nothing.
    let (status, body) = search(&app, TRUSTED, Some(&member), "&titleStatus=new").await;
    assert_eq!(
        (status, body["totalResults"].as_u64()),
        (StatusCode::OK, Some(0))
    );
    // Administrators see every site.
    let admin = app.token_of("admin@example.org").await;
    let body = search(&app, TRUSTED, Some(&admin), all).await.1;
    assert!(ids(&body).contains("t-far") && ids(&body).contains("t-gone"));
    // Sponsors download for their members: the download link asks which one.
    let sponsor = app.token_of("sponsor@example.org").await;
    let body = search(&app, TRUSTED, Some(&sponsor), "&keyword=pride")
        .await
        .1;
    assert_eq!(
        body["titles"][0]["links"][3]["href"],
        app.url("/v2/titles/t-pride/{format}?forUser={userAccountId}")
    );
}

async fn every_filter_narrows_the_search(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let grown = app.token_of("grown@example.org").await;
    let cases: [(&str, &[&str]); 27] = [
        ("&title=long road", &["t-road"]),
        ("&author=ada byron", &["t-road", "t-open", "t-stripes"]),
        ("&author=Rae Dusk&author=Rosa Luna", &["t-night", "t-casa"]),
        ("&narrator=nora", &["t-road"]),
        ("&composer=bach", &["t-fugue"]),
        ("&keyword=9780306406157", &["t-road"]),
        ("&isbn=978-0306406157", &["t-road"]),
        (
            "&categories=Classics&categories=Travel",
            &["t-pride", "t-open"],
        ),
        ("&category=History", &["t-stripes"]),
        ("&language=spa", &["t-casa"]),
        // The library's own braille, and braille made from an EPUB master in a language
        // with braille tables (La Casa is Spanish).
        (
            "&format=BRF",
            &[
                "t-pride",
                "t-fugue",
                "t-algebra",
                "t-road",
                "t-stripes",
                "t-casa",
            ],
        ),
        // The library's own synthesized narration, and audio read aloud from an EPUB master
        // (not a score's, t-fugue; t-night's EPUB has no file to make it from).
        (
            "&narratorType=tts",
            &[
                "t-open",
                "t-pride",
                "t-road",
                "t-casa",
                "t-algebra",
                "t-stripes",
            ],
        ),
        ("&brailleType=transcribed", &["t-pride"]),
        ("&readingAge=13", &["t-algebra"]),
        ("&includedContentWarnings=sex", &["t-night"]),
        ("&externalIdentifierCode=NIMAC-777", &["t-algebra"]),
        ("&maxDuration=120", &["t-open"]),
        ("&maxDuration=PT6H", &["t-road", "t-open"]),
        ("&titleContentType=music", &["t-fugue"]),
        (
            "&includedBisacHeadings=HIS&includedBisacHeadings=MUS",
            &["t-stripes", "t-fugue"],
        ),
        ("&includedBisacCodes=FIC027000", &["t-night"]),
        ("&originCountry=US", &["t-stripes"]),
        ("&authorFilter=Jane Austen", &["t-pride"]),
        ("&keyword=road&format=DAISY_AUDIO", &["t-road", "t-open"]),
        ("&country=GB&author=ada byron", &["t-road", "t-open"]),
        (
            "&keyword=road&excludedBisacHeadings=FIC",
            &["t-fugue", "t-open"],
        ),
        (
            "&categories=Fiction&excludedContentWarnings=sex&excludedBisacCodes=FIC004000",
            &["t-road", "t-casa"],
        ),
    ];
    for (query, expected) in cases {
        let (status, body) =
            search(&app, TRUSTED, Some(&grown), &format!("{query}&limit=100")).await;
        assert_eq!(status, StatusCode::OK, "{query}: {body}");
        assert_eq!(ids(&body), set(expected), "{query}");
        assert_eq!(body["totalResults"], expected.len(), "{query}");
    }
}

async fn keyword_search_ranks_and_facets_count_all_matches(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    // "road" is in two titles, and "Open Roads" has it by its English stem. By BM25, the
    // shorter of the two with the word itself ranks first: the other carries a subtitle and
    // more words; the title with only the stem ranks last.
    let (_, body) = search(&app, PUBLIC, None, "&keyword=road&limit=3").await;
    assert_eq!(body["totalResults"], 3);
    let ranked: Vec<&str> = body["titles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["serviceId"].as_str().unwrap())
        .collect();
    assert_eq!(ranked, ["t-fugue", "t-road", "t-open"]);
    let (_, body) = search(&app, PUBLIC, None, "&keyword=road&limit=1").await;
    assert_eq!(body["titles"].as_array().unwrap().len(), 1);
    // Facets count the whole match set, not the page.
    let authors = &body["authorFacets"];
    assert_eq!(authors[0]["name"], "Ada Byron");
    assert_eq!(authors[0]["count"], 2);
    let categories: Vec<(&str, u64)> = body["categoryFacets"]
        .as_array()
        .unwrap()
        .iter()
        .map(|f| (f["name"].as_str().unwrap(), f["count"].as_u64().unwrap()))
        .collect();
    assert_eq!(categories, [("Fiction", 1), ("Music", 1), ("Travel", 1)]);
    // A facet links to the search narrowed to it.
    let href = authors[0]["links"][0]["href"].as_str().unwrap();
    assert!(
        href.contains("keyword=road") && href.contains("authorFilter=Ada+Byron"),
        "{href}"
    );
    // A guest's link carries the key it is followed with.
    assert!(href.contains(&format!("api_key={PUBLIC}")), "{href}");
    let last = search(&app, PUBLIC, None, "&keyword=fugue road minor")
        .await
        .1;
    assert_eq!(last["titles"][0]["serviceId"], "t-fugue");
}

async fn every_sort_pages_to_the_end_in_both_directions(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let expected = main_live_without_adult();
    for sort in ["title", "author", "dateAdded", "copyrightDate", "relevance"] {
        for direction in ["asc", "desc"] {
            let mut seen = Vec::new();
            let mut query = format!("&sortOrder={sort}&direction={direction}&limit=2");
            let mut pages = 0;
            loop {
                let (status, body) = search(&app, PUBLIC, None, &query).await;
                assert_eq!(status, StatusCode::OK, "{body}");
                assert_eq!(body["totalResults"], 7);
                seen.extend(body["titles"].as_array().unwrap().iter().cloned());
                pages += 1;
                match body["next"].as_str() {
                    Some(next) => {
                        let next_link = body["links"]
                            .as_array()
                            .unwrap()
                            .iter()
                            .find(|l| l["rel"] == "next")
                            .unwrap();
                        assert!(
                            next_link["href"]
                                .as_str()
                                .unwrap()
                                .contains(&format!("start={next}"))
                        );
                        query =
                            format!("&sortOrder={sort}&direction={direction}&limit=2&start={next}");
                    }
                    None => break,
                }
            }
            assert_eq!(pages, 4, "{sort} {direction}");
            let got: Vec<String> = seen
                .iter()
                .map(|t| t["serviceId"].as_str().unwrap().to_owned())
                .collect();
            assert_eq!(
                got.iter().cloned().collect::<BTreeSet<_>>(),
                expected,
                "{sort} {direction}: {got:?}"
            );
            assert_eq!(got.len(), 7, "{sort} {direction}: no title twice");
            if sort == "title" {
                let titles: Vec<String> = seen
                    .iter()
                    .map(|t| t["title"].as_str().unwrap().to_lowercase())
                    .collect();
                let mut sorted = titles.clone();
                sorted.sort();
                if direction == "desc" {
                    sorted.reverse();
                }
                assert_eq!(titles, sorted);
            }
            if sort == "copyrightDate" {
                let years: Vec<i64> = seen
                    .iter()
                    .map(|t| t["copyrightDate"].as_i64().unwrap())
                    .collect();
                let mut sorted = years.clone();
                sorted.sort();
                if direction == "desc" {
                    sorted.reverse();
                }
                assert_eq!(years, sorted);
            }
        }
    }
}

async fn bad_search_parameters_are_named(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let (_, first) = search(&app, PUBLIC, None, "&sortOrder=title&limit=2").await;
    let title_token = first["next"].as_str().unwrap().to_owned();
    let cases = [
        ("&format=MP3", "format"),
        ("&sortOrder=popularity", "sortOrder"),
        ("&direction=up", "direction"),
        ("&readingAge=old", "readingAge"),
        ("&language=English", "language"),
        ("&country=gb", "country"),
        ("&narratorType=robot", "narratorType"),
        ("&brailleType=x", "brailleType"),
        ("&includedContentWarnings=gore", "includedContentWarnings"),
        ("&includedBisacCodes=FIC", "includedBisacCodes"),
        ("&excludedBisacHeadings=FICTION", "excludedBisacHeadings"),
        ("&maxDuration=long", "maxDuration"),
        ("&titleStatus=draft", "titleStatus"),
        ("&limit=0", "limit"),
        ("&start=not-a-token", "start"),
        (&*format!("&sortOrder=author&start={title_token}"), "start"),
        ("&keyword=a&keyword=b", "keyword"),
    ];
    for (query, param) in cases {
        let (status, body) = search(&app, PUBLIC, None, query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        let message = body["messages"][0].as_str().unwrap();
        assert!(message.contains(param), "{query}: {message}");
    }
    // No api_key: the conventions answer first.
    let resp = app.get("/v2/titles").send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
}

async fn record(app: &TestApp, key: &str, token: Option<&str>, id: &str) -> (StatusCode, Value) {
    let mut req = app.get(&format!("/v2/titles/{id}?api_key={key}"));
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    json(req.send().await.unwrap()).await
}

async fn the_complete_record_shows_what_the_caller_may_see(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let (status, body) = record(&app, PUBLIC, None, "t-road").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["title"], "The Long Road");
    assert_eq!(body["status"], "live");
    assert_eq!(body["usageRestriction"]["restrictionCode"], "copyright");
    assert_eq!(body["copyrightDate"], 2001);
    assert_eq!(body["dateAdded"], "2020-03-01T10:00:00Z");
    assert_eq!(body["artifacts"][0]["format"], "EPUB3");
    assert_eq!(
        body["artifacts"][0]["accessibility"]["accessibilitySummary"],
        "Headings and a table of contents; no hazards."
    );
    assert_eq!(body["artifacts"][1]["narrator"]["type"], "human");
    // Document 3 names the narrator's gender: there, null when the library did not say.
    let narrator = body["artifacts"][1]["narrator"].as_object().unwrap();
    assert!(narrator.contains_key("gender"), "{narrator:?}");
    assert!(body["artifacts"][0].get("file").is_none());
    // Internal fields are for those who manage the collection.
    assert_eq!(body["titleSource"], Value::Null);
    assert_eq!(body["submitter"], Value::Null);
    let collection = app.token_of("collection@example.org").await;
    let (_, managed) = record(&app, TRUSTED, Some(&collection), "t-road").await;
    assert_eq!(managed["titleSource"], "publisher feed");
    assert_eq!(managed["submitter"], "Pat Collector");
    // The metadata is visible while the download is refused, with the reasons.
    let member = app.token_of("member@example.org").await;
    let (status, body) = record(&app, TRUSTED, Some(&member), "t-stripes").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["titleAccessAlerts"][0]["code"], "COUNTRY_RESTRICTED");
    assert_eq!(body["titleAccessAlerts"][0]["level"], "error");
    let (_, body) = record(&app, TRUSTED, Some(&member), "t-road").await;
    assert_eq!(body["titleAccessAlerts"], serde_json::json!([]));
    // What a caller may not see does not exist for them.
    for (key, token, id) in [
        (PUBLIC, None, "t-night"),
        (PUBLIC, None, "t-unfinished"),
        (PUBLIC, None, "t-far"),
        (TRUSTED, Some(member.as_str()), "t-gone"),
        (PUBLIC, None, "no-such-title"),
    ] {
        let (status, body) = record(&app, key, token, id).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{id}: {body}");
        assert!(body["messages"][0].as_str().unwrap().contains(id));
    }
    assert_eq!(
        record(&app, TRUSTED, Some(&collection), "t-unfinished")
            .await
            .0,
        StatusCode::OK
    );
    assert_eq!(
        record(&app, OTHER_SITE, None, "t-far").await.0,
        StatusCode::OK
    );
}

async fn titles_are_counted_per_caller(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let count = |key: &'static str, query: &'static str| {
        let app = &app;
        async move {
            let (status, body) = json(
                app.get(&format!("/v2/titles/count?api_key={key}{query}"))
                    .send()
                    .await
                    .unwrap(),
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            body["count"].as_u64().unwrap()
        }
    };
    assert_eq!(count(PUBLIC, "").await, 7);
    assert_eq!(count(OTHER_SITE, "").await, 8);
    assert_eq!(count(OTHER_SITE, "&includeShared=false").await, 1);
    // Country-restricted titles count only where they may be read.
    assert_eq!(count(PUBLIC, "&country=GB").await, 6);
    assert_eq!(count(PUBLIC, "&country=US").await, 7);
    let (status, body) = json(
        app.get(&format!(
            "/v2/titles/count?api_key={PUBLIC}&includeShared=maybe"
        ))
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        body["messages"][0]
            .as_str()
            .unwrap()
            .contains("includeShared")
    );
    let collection = app.token_of("collection@example.org").await;
    let (_, body) = json(
        app.get(&format!("/v2/titles/count?api_key={TRUSTED}"))
            .bearer_auth(&collection)
            .send()
            .await
            .unwrap(),
    )
    .await;
    // Live titles only, even for those who see the others.
    assert_eq!(body["count"], 8);
}

async fn the_index_follows_changes_to_titles(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let collection = app.token_of("collection@example.org").await;
    // Read once, so that the node remembers the record as it was.
    let (status, before) = record(&app, TRUSTED, Some(&collection), "t-road").await;
    assert_eq!(
        (status, before["title"].as_str()),
        (StatusCode::OK, Some("The Long Road"))
    );
    let mut road = lectern_store::titles::get(app.store.reads(), "t-road")
        .await
        .unwrap()
        .unwrap();
    road.status = lectern_domain::catalog::TitleStatusCode::Withdrawn;
    road.title = "The Longer Road".into();
    let mut tx = app.store.begin().await.unwrap();
    lectern_store::titles::upsert(&mut tx, &[road])
        .await
        .unwrap();
    tx.commit().await.unwrap();
    // The follower applies it within a poll interval; no one asks it to. (Readers stop seeing
    // it at once: a search page is checked against the store as it is read.)
    let started = std::time::Instant::now();
    loop {
        let (_, body) = search(&app, TRUSTED, Some(&collection), "&keyword=longer").await;
        if ids(&body).contains("t-road") {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(1),
            "not found after 1 s"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    let (_, body) = search(&app, PUBLIC, None, "&keyword=road").await;
    assert_eq!(ids(&body), set(&["t-fugue", "t-open"]));
    assert_eq!(body["totalResults"], 2);
    // The remembered record is dropped when the change arrives, whoever made it.
    loop {
        let (_, after) = record(&app, TRUSTED, Some(&collection), "t-road").await;
        if after["title"] == "The Longer Road" {
            break;
        }
        assert!(
            started.elapsed() < std::time::Duration::from_secs(1),
            "the record was not new after 1 s: {after}"
        );
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
    }
    // A second node over the same store builds its own index from the store.
    let second = app.second_node().await;
    let (_, body) = search(&second, PUBLIC, None, "&limit=100").await;
    assert_eq!(body["totalResults"], 6);
}
