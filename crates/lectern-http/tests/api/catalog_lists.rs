//! Categories, BISAC codes, popular lists and periodicals: the lists a reader browses by.

use lectern_store::on_both_stores;
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::*;

on_both_stores!(
    categories_count_the_titles_each_caller_can_see,
    bisac_codes_match_a_code_or_description_prefix,
    popular_lists_show_their_visible_titles_in_order,
    popular_lists_follow_the_signed_in_readers_site,
    periodicals_list_their_series_and_editions,
);

async fn get(app: &TestApp, path: &str, token: Option<&str>) -> (StatusCode, Value) {
    let mut req = app.get(path);
    if let Some(t) = token {
        req = req.bearer_auth(t);
    }
    json(req.send().await.unwrap()).await
}

fn names(body: &Value, list: &str, field: &str) -> Vec<String> {
    body[list]
        .as_array()
        .unwrap_or_else(|| panic!("no {list} in {body}"))
        .iter()
        .map(|v| v[field].as_str().unwrap().to_owned())
        .collect()
}

async fn categories_count_the_titles_each_caller_can_see(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let (status, body) = get(&app, &format!("/v2/categories?api_key={PUBLIC}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let counts: Vec<(String, u64)> = body["categories"]
        .as_array()
        .unwrap()
        .iter()
        .map(|c| {
            (
                c["name"].as_str().unwrap().to_owned(),
                c["titleCount"].as_u64().unwrap(),
            )
        })
        .collect();
    // Poetry has no title, so it is not listed; Fiction counts the guest's visible titles only.
    let expect = [
        ("Classics", 1),
        ("Education", 1),
        ("Fiction", 3),
        ("History", 1),
        ("Music", 1),
        ("Travel", 1),
    ];
    assert_eq!(counts, expect.map(|(n, c)| (n.to_owned(), c)));
    assert_eq!(body["categories"][2]["description"], "Fiction titles");
    assert_eq!(body["totalResults"], 6);
    let search = body["categories"][2]["links"][0]["href"].as_str().unwrap();
    assert_eq!(
        search,
        app.url(&format!("/v2/titles?category=Fiction&api_key={PUBLIC}"))
    );
    let grown = app.token_of("grown@example.org").await;
    let (_, body) = get(
        &app,
        &format!("/v2/categories?api_key={TRUSTED}"),
        Some(&grown),
    )
    .await;
    assert_eq!(body["categories"][2]["titleCount"], 4);
    // Paged by name.
    let (_, first) = get(
        &app,
        &format!("/v2/categories?api_key={PUBLIC}&limit=4"),
        None,
    )
    .await;
    assert_eq!(
        names(&first, "categories", "name"),
        ["Classics", "Education", "Fiction", "History"]
    );
    let next = first["next"].as_str().unwrap();
    let (_, second) = get(
        &app,
        &format!("/v2/categories?api_key={PUBLIC}&limit=4&start={next}"),
        None,
    )
    .await;
    assert_eq!(names(&second, "categories", "name"), ["Music", "Travel"]);
    assert_eq!(second["next"], Value::Null);
    let (status, body) = get(
        &app,
        &format!("/v2/categories?api_key={PUBLIC}&limit=1000x"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(body["messages"][0].as_str().unwrap().contains("limit"));
}

async fn bisac_codes_match_a_code_or_description_prefix(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let list = |query: &str| format!("/v2/bisacCodes?api_key={PUBLIC}{query}");
    let (status, body) = get(&app, &list("&codeStartsWith=fic"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        names(&body, "bisacCodes", "code"),
        ["FIC000000", "FIC004000", "FIC027000"]
    );
    let (_, body) = get(&app, &list("&descriptionStartsWith=history / united"), None).await;
    assert_eq!(names(&body, "bisacCodes", "code"), ["HIS036000"]);
    assert_eq!(
        body["bisacCodes"][0]["links"][0]["href"],
        app.url(&format!(
            "/v2/titles?includedBisacCodes=HIS036000&api_key={PUBLIC}"
        ))
    );
    let (_, body) = get(&app, &list("&limit=3"), None).await;
    assert_eq!(body["totalResults"], 7);
    let next = body["next"].as_str().unwrap();
    let (_, body) = get(&app, &list(&format!("&limit=3&start={next}")), None).await;
    assert_eq!(
        names(&body, "bisacCodes", "code"),
        ["HIS036000", "JNF035000", "MUS000000"]
    );
    let (status, body) = get(
        &app,
        &list("&codeStartsWith=F&descriptionStartsWith=F"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert_eq!(
        body["messages"][0],
        "Invalid parameter 'descriptionStartsWith': cannot be sent with codeStartsWith; send one or the other"
    );
    let (_, french) = json(
        app.get(&list("&codeStartsWith=F&descriptionStartsWith=F"))
            .header("accept-language", "fr")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(
        french["messages"][0],
        "Paramètre non valide «\u{a0}descriptionStartsWith\u{a0}»\u{a0}: ne peut pas être envoyé avec codeStartsWith\u{a0}; envoyez l'un ou l'autre"
    );
}

async fn popular_lists_show_their_visible_titles_in_order(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let (status, body) = get(&app, &format!("/v2/popularLists?api_key={PUBLIC}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(names(&body, "popularLists", "id"), ["new-arrivals"]);
    let (_, body) = get(
        &app,
        &format!("/v2/popularLists?api_key={OTHER_SITE}"),
        None,
    )
    .await;
    assert_eq!(
        names(&body, "popularLists", "id"),
        ["far-favourites", "new-arrivals"]
    );
    let href = body["popularLists"][1]["links"][0]["href"]
        .as_str()
        .unwrap();
    assert_eq!(
        href,
        app.url(&format!(
            "/v2/popularLists/new-arrivals?api_key={OTHER_SITE}"
        ))
    );
    // A guest sees the list's live titles without adult content, in list order, paged.
    let path = format!("/v2/popularLists/new-arrivals?api_key={PUBLIC}&limit=2");
    let (_, first) = get(&app, &path, None).await;
    assert_eq!(
        names(&first, "popularTitles", "serviceId"),
        ["t-algebra", "t-open"]
    );
    assert_eq!(first["totalResults"], 3);
    let next = first["next"].as_str().unwrap();
    let (_, second) = get(&app, &format!("{path}&start={next}"), None).await;
    assert_eq!(names(&second, "popularTitles", "serviceId"), ["t-road"]);
    let grown = app.token_of("grown@example.org").await;
    let (_, body) = get(
        &app,
        &format!("/v2/popularLists/new-arrivals?api_key={TRUSTED}"),
        Some(&grown),
    )
    .await;
    assert_eq!(
        names(&body, "popularTitles", "serviceId"),
        ["t-algebra", "t-night", "t-open", "t-road"]
    );
    let (status, _) = get(
        &app,
        &format!("/v2/popularLists/far-favourites?api_key={PUBLIC}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = get(
        &app,
        &format!("/v2/popularLists/nope?api_key={PUBLIC}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn popular_lists_follow_the_signed_in_readers_site(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    // A reader of the other library, through an app whose key belongs to the main one, sees
    // their own library's lists (and the global collection's), as with titles.
    let elsewhere = app.minted_token(TRUSTED, "elsewhere@example.org").await;
    let (status, body) = get(
        &app,
        &format!("/v2/popularLists?api_key={TRUSTED}"),
        Some(&elsewhere),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        names(&body, "popularLists", "id"),
        ["far-favourites", "new-arrivals"]
    );
    let (status, body) = get(
        &app,
        &format!("/v2/popularLists/far-favourites?api_key={TRUSTED}"),
        Some(&elsewhere),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(names(&body, "popularTitles", "serviceId"), ["t-far"]);
    // And a reader of the main library does not see the other's through the other's key.
    let member = app.minted_token(OTHER_SITE, "member@example.org").await;
    let (_, body) = get(
        &app,
        &format!("/v2/popularLists?api_key={OTHER_SITE}"),
        Some(&member),
    )
    .await;
    assert_eq!(names(&body, "popularLists", "id"), ["new-arrivals"]);
    let (status, _) = get(
        &app,
        &format!("/v2/popularLists/far-favourites?api_key={OTHER_SITE}"),
        Some(&member),
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn periodicals_list_their_series_and_editions(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let (status, body) = get(&app, &format!("/v2/periodicals?api_key={PUBLIC}"), None).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        names(&body, "periodicals", "seriesId"),
        ["science", "weekly"]
    );
    let weekly = &body["periodicals"][1];
    assert_eq!(weekly["editionCount"], 2);
    assert_eq!(weekly["latestEdition"]["editionId"], "w2");
    assert_eq!(weekly["seriesType"], "newspaper");
    let (_, body) = get(
        &app,
        &format!("/v2/periodicals?api_key={OTHER_SITE}&sortOrder=editionCount&direction=desc"),
        None,
    )
    .await;
    assert_eq!(
        names(&body, "periodicals", "seriesId"),
        ["weekly", "science", "far-news"]
    );
    let (_, body) = get(
        &app,
        &format!("/v2/periodicals?api_key={PUBLIC}&title=WEEK"),
        None,
    )
    .await;
    assert_eq!(names(&body, "periodicals", "seriesId"), ["weekly"]);
    let (_, body) = get(
        &app,
        &format!("/v2/periodicals?api_key={PUBLIC}&issn=8765-4321"),
        None,
    )
    .await;
    assert_eq!(names(&body, "periodicals", "seriesId"), ["science"]);
    // Languages, and text that LIKE would read as a pattern, taken literally.
    for (query, found) in [
        ("&language=spa", vec!["far-news"]),
        (
            "&language=eng&sortOrder=title&direction=desc",
            vec!["weekly", "science"],
        ),
        ("&language=en", vec![]),
        ("&title=%25", vec![]),
        ("&title=w_ek", vec![]),
    ] {
        let (status, body) = get(
            &app,
            &format!("/v2/periodicals?api_key={OTHER_SITE}{query}"),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{query}: {body}");
        assert_eq!(names(&body, "periodicals", "seriesId"), found, "{query}");
        assert_eq!(body["totalResults"], found.len(), "{query}");
    }
    let (_, first) = get(
        &app,
        &format!("/v2/periodicals?api_key={OTHER_SITE}&limit=2"),
        None,
    )
    .await;
    let next = first["next"].as_str().unwrap();
    let (_, second) = get(
        &app,
        &format!("/v2/periodicals?api_key={OTHER_SITE}&limit=2&start={next}"),
        None,
    )
    .await;
    assert_eq!(names(&second, "periodicals", "seriesId"), ["weekly"]);
    let (status, body) = get(
        &app,
        &format!("/v2/periodicals?api_key={OTHER_SITE}&sortOrder=issn&start={next}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    for (query, param) in [
        ("&sortOrder=size", "sortOrder"),
        ("&direction=sideways", "direction"),
    ] {
        let (status, body) = get(
            &app,
            &format!("/v2/periodicals?api_key={PUBLIC}{query}"),
            None,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(body["messages"][0].as_str().unwrap().contains(param));
    }
    let (status, body) = get(
        &app,
        &format!("/v2/periodicals/weekly?api_key={PUBLIC}"),
        None,
    )
    .await;
    assert_eq!(
        (status, body["title"].as_str()),
        (StatusCode::OK, Some("The Weekly Reader"))
    );
    let (status, _) = get(
        &app,
        &format!("/v2/periodicals/far-news?api_key={PUBLIC}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, body) = get(
        &app,
        &format!("/v2/periodicals/weekly/editions?api_key={PUBLIC}&direction=desc"),
        None,
    )
    .await;
    assert_eq!(
        names(&body, "periodicalEditions", "editionId"),
        ["w2", "w1"]
    );
    // Format objects, as a title's are (the upstream's clients read records, not strings).
    assert_eq!(
        body["periodicalEditions"][0]["formats"],
        serde_json::json!([
            {"formatId": "DAISY", "name": "DAISY Text"},
            {"formatId": "EPUB3", "name": "EPUB 3"}
        ])
    );
    assert_eq!(
        body["periodicalEditions"][0]["links"][1]["href"],
        app.url(&format!(
            "/v2/periodicals/weekly/editions/w2/{{format}}?api_key={PUBLIC}"
        ))
    );
    let (_, body) = get(
        &app,
        &format!("/v2/periodicals/weekly/editions?api_key={PUBLIC}&sortOrder=editionName&limit=1"),
        None,
    )
    .await;
    assert_eq!(names(&body, "periodicalEditions", "editionId"), ["w1"]);
    assert_eq!(body["totalResults"], 2);
    // Paged in the store by the name's key: the next page continues in the same order, and a
    // token of the publication date order is refused here, naming `start`.
    let by_name =
        format!("/v2/periodicals/weekly/editions?api_key={PUBLIC}&sortOrder=editionName&limit=1");
    let next = body["next"].as_str().unwrap().to_owned();
    let (_, second) = get(&app, &format!("{by_name}&start={next}"), None).await;
    assert_eq!(names(&second, "periodicalEditions", "editionId"), ["w2"]);
    assert!(second["next"].is_null());
    let (_, by_date) = get(
        &app,
        &format!("/v2/periodicals/weekly/editions?api_key={PUBLIC}&limit=1"),
        None,
    )
    .await;
    let foreign = by_date["next"].as_str().unwrap();
    let (status, refused) = get(&app, &format!("{by_name}&start={foreign}"), None).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(
        refused["messages"][0].as_str().unwrap().contains("start"),
        "{refused}"
    );
    let (status, body) = get(
        &app,
        &format!("/v2/periodicals/weekly/editions/w1?api_key={PUBLIC}"),
        None,
    )
    .await;
    assert_eq!(
        (status, body["publicationDate"].as_str()),
        (StatusCode::OK, Some("2026-01-05T00:00:00Z"))
    );
    let (status, _) = get(
        &app,
        &format!("/v2/periodicals/weekly/editions/s1?api_key={PUBLIC}"),
        None,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
