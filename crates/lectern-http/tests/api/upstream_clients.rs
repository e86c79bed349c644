//! What programs written for the upstream service send and read where documents 1 to 3 are
//! silent (`../shared/wire/upstream-clients.md`): JSON bodies with `api_key` in them, links
//! followed as given, and the upstream's names for fields, envelopes and enum values. The
//! requests use the upstream's exact names.

use reqwest::header::CONTENT_TYPE;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::authorize::{authorize_path, query, sign_in_and_decide};
use crate::support::*;
use lectern_store::on_both_stores;

on_both_stores!(
    writes_take_json_bodies_with_the_key_inside,
    text_that_is_not_utf8_is_refused_by_name,
    links_are_followed_as_given,
    a_sign_in_as_clusive_does_it,
    highlights_are_ranges_under_the_upstreams_names,
    the_download_history_has_the_upstreams_fields,
    the_upstreams_enum_spellings_are_read,
    records_where_the_upstream_has_records,
);

/// A request as EMMA sends it: the body JSON, every parameter in it, the query empty.
async fn json_call(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    body: Value,
) -> (StatusCode, Value) {
    json(
        app.http
            .request(method, app.url(path))
            .bearer_auth(token)
            .json(&body)
            .send()
            .await
            .unwrap(),
    )
    .await
}

async fn writes_take_json_bodies_with_the_key_inside(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_of("member@example.org").await;
    let (status, list) = json_call(
        &app,
        Method::POST,
        "/v2/myLists",
        &token,
        json!({"api_key": TRUSTED, "name": "Sent as JSON", "access": "private"}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["name"], "Sent as JSON");
    // The body is read, not ignored: the preferences change.
    let (status, prefs) = json_call(
        &app,
        Method::PUT,
        "/v2/myAccount/preferences",
        &token,
        json!({"api_key": TRUSTED, "format": "BRF", "brailleFormat": "embossable",
               "brailleCellLineWidth": 40, "useUeb": true}),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{prefs}");
    assert_eq!(prefs["brailleCellLineWidth"], 40);
    let (_, prefs) = call_reader(
        &app,
        Method::GET,
        "/v2/myAccount/preferences",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(prefs["brailleFormat"], "embossable");
    // Checked as a form is: a bad value is named.
    let (status, body) = json_call(
        &app,
        Method::PUT,
        "/v2/myAccount/preferences",
        &token,
        json!({"api_key": TRUSTED, "brailleCellLineWidth": "wide"}),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("brailleCellLineWidth"));
    // A body that is not a JSON object is named as the body.
    let (status, body) = json(
        app.post("/v2/myLists")
            .bearer_auth(&token)
            .header(CONTENT_TYPE, "application/json")
            .body("[\"not an object\"]")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("'body'"));
    // A body of a type not read here is a 415 that names it.
    let (status, body) = json(
        app.post(&format!("/v2/myLists?api_key={TRUSTED}"))
            .bearer_auth(&token)
            .header(CONTENT_TYPE, "text/csv")
            .body("name\nx\n")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNSUPPORTED_MEDIA_TYPE);
    assert!(error_message(&body, "UNSUPPORTED_MEDIA_TYPE").contains("'text/csv'"));
    // Nothing of the refused requests was written.
    let (_, lists) = call_reader(&app, Method::GET, "/v2/myLists", Some(&token), &[]).await;
    assert_eq!(lists["totalResults"], 1, "{lists}");
}

async fn text_that_is_not_utf8_is_refused_by_name(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_of("member@example.org").await;
    let (status, body) = json(
        app.post(&format!("/v2/myLists?api_key={TRUSTED}"))
            .bearer_auth(&token)
            .header(CONTENT_TYPE, "application/x-www-form-urlencoded")
            .body("name=%ED%A0%80&access=private")
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let message = error_message(&body, "BAD_REQUEST");
    assert!(
        message.contains("'name'") && message.contains("UTF-8"),
        "{message}"
    );
    let (status, body) = json(
        app.get(&format!("/v2/titles?api_key={TRUSTED}&keyword=%FF"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("'keyword'"));
    let (_, lists) = call_reader(&app, Method::GET, "/v2/myLists", Some(&token), &[]).await;
    assert_eq!(lists["totalResults"], 0, "nothing was stored: {lists}");
}

fn link(body: &Value, rel: &str) -> Option<String> {
    body["links"]
        .as_array()?
        .iter()
        .find(|l| l["rel"] == rel)
        .and_then(|l| l["href"].as_str())
        .map(str::to_owned)
}

async fn links_are_followed_as_given(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    // Signed in, as Clusive's search view pages: the bearer token and the link, nothing else.
    let token = app.token_of("member@example.org").await;
    let first = app
        .get(&format!("/v2/titles?api_key={TRUSTED}&limit=2"))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap();
    let (status, first) = json(first).await;
    assert_eq!(status, StatusCode::OK, "{first}");
    let next = link(&first, "next").expect("a next link");
    assert!(
        !next.contains("api_key"),
        "a signed-in caller's link needs no key: {next}"
    );
    let (status, second) = json(
        app.http
            .get(&next)
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_ne!(
        second["titles"][0]["serviceId"],
        first["titles"][0]["serviceId"]
    );
    assert_eq!(second["totalResults"], first["totalResults"]);

    // A guest has no token: its links carry the application's key.
    let (_, first) = json(
        app.get(&format!("/v2/titles?api_key={PUBLIC}&limit=2"))
            .send()
            .await
            .unwrap(),
    )
    .await;
    let next = link(&first, "next").expect("a next link");
    assert!(next.contains(&format!("api_key={PUBLIC}")), "{next}");
    let (status, second) = json(app.http.get(&next).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{second}");
    assert_ne!(
        second["titles"][0]["serviceId"],
        first["titles"][0]["serviceId"]
    );
    // The self link works as given too.
    let own = link(&second, "self").unwrap();
    assert_eq!(
        json(app.http.get(&own).send().await.unwrap()).await.0,
        StatusCode::OK
    );
}

async fn a_sign_in_as_clusive_does_it(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    sqlx::query("UPDATE users SET grade = '05' WHERE user_account_id = 'u-student'")
        .execute(&mut *app.store.writer().await.expect("a writer"))
        .await
        .unwrap();
    // allauth's OAuth2 adapter with `basic_auth = True`: the code exchanged with `KEY:` basic.
    let path = authorize_path(TRUSTED, TRUSTED_REDIRECT, "&state=s1");
    let back = sign_in_and_decide(
        &app,
        &path,
        "student@example.org",
        "student-pass-1",
        "allow",
    )
    .await;
    let code = query(&back, "code").expect("a code");
    let resp = app
        .post("/oauth/token")
        .basic_auth(TRUSTED, Some(""))
        .form(&[
            ("grant_type", "authorization_code"),
            ("code", code.as_str()),
            ("redirect_uri", TRUSTED_REDIRECT),
        ])
        .send()
        .await
        .unwrap();
    let (status, tokens) = json(resp).await;
    assert_eq!(status, StatusCode::OK, "{tokens}");
    let access = tokens["access_token"].as_str().unwrap();
    // complete_login: /v2/me, then /v2/myaccount, each with the key as a query parameter.
    let read = |path: &'static str| {
        app.get(path)
            .bearer_auth(access)
            .query(&[("api_key", TRUSTED)])
            .send()
    };
    let (status, me) = json(read("/v2/me").await.unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{me}");
    assert_eq!(me["username"], "student@example.org");
    assert!(me["name"]["firstName"].is_string() && me["name"]["lastName"].is_string());
    let (status, account) = json(read("/v2/myaccount").await.unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{account}");
    // The keys it reads with `json_resp[...]`, which raise when absent.
    assert!(account["proofOfDisabilityStatus"].is_string(), "{account}");
    let student = &account["studentStatus"];
    assert!(
        student.is_object(),
        "a student's account is organizational: {account}"
    );
    // The grade as the upstream writes it, its deprecated gradeId beside its code.
    assert_eq!(student["grade"]["gradeCode"], "05", "{student}");
    assert_eq!(student["grade"]["gradeId"], "05", "{student}");
    assert!(student["organizationName"].is_string(), "{student}");
    assert_eq!(account["username"], "student@example.org");
    // Its search view: the key and its own parameters in the query, the bearer token, then the
    // `next` link followed with the token alone (`limit` only makes a second page here).
    let search = app
        .get("/v2/titles")
        .query(&[
            ("keyword", "road"),
            ("api_key", TRUSTED),
            ("formats", "EPUB3"),
            ("excludeGlobalCollection", "True"),
            ("limit", "1"),
        ])
        .bearer_auth(access)
        .send()
        .await
        .unwrap();
    let (status, page) = json(search).await;
    assert_eq!(status, StatusCode::OK, "{page}");
    let mut seen = 0;
    let mut page = page;
    loop {
        // filter_metadata and surface_bookshare_info read these with `[...]`.
        assert!(page.as_object().unwrap().contains_key("message"), "{page}");
        for title in page["titles"].as_array().unwrap() {
            assert!(
                title.as_object().unwrap().contains_key("synopsis"),
                "{title}"
            );
            for c in title["contributors"].as_array().unwrap() {
                assert!(c["name"]["displayName"].is_string(), "{c}");
            }
            for f in title["formats"].as_array().unwrap() {
                assert!(f["formatId"].is_string(), "{f}");
            }
            seen += 1;
        }
        let Some(next) = link(&page, "next") else {
            break;
        };
        let resp = app
            .http
            .get(&next)
            .bearer_auth(access)
            .send()
            .await
            .unwrap();
        let (status, body) = json(resp).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        page = body;
    }
    assert!(seen >= 2, "the search was paged through: {seen}");
    assert_eq!(
        u64::try_from(seen).unwrap(),
        page["totalResults"].as_u64().unwrap()
    );
    // A reader of no organization: `studentStatus` is there, and null.
    let member = app.token_of("member@example.org").await;
    let (_, account) = app.my_account(TRUSTED, &member).await;
    assert!(account.as_object().unwrap().contains_key("studentStatus"));
    assert_eq!(account["studentStatus"], Value::Null);
    // Nor is a teacher a student: Clusive reads any `studentStatus` as "organization member"
    // and would never ask for the sponsor's members (cast-org/clusive).
    let sponsor = app.token_of("sponsor@example.org").await;
    let (_, account) = app.my_account(TRUSTED, &sponsor).await;
    assert!(account["organizationId"].is_string(), "{account}");
    assert_eq!(account["studentStatus"], Value::Null, "{account}");
}

async fn highlights_are_ranges_under_the_upstreams_names(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of("member@example.org").await;
    let range = json!({
        "api_key": TRUSTED, "bookshareId": "t-road", "serviceId": "t-road", "format": "EPUB3",
        "startLocation": "epubcfi(/6/4!/4/2/1:0)", "endLocation": "epubcfi(/6/4!/4/2/1:14)",
        "highlightText": "Two travellers", "annotationNote": "Who are they?",
        "startPosition": 2, "endPosition": 2, "startProgression": 10.5, "endProgression": 11.0,
        "startTotalProgression": 1.5, "endTotalProgression": 1.6, "color": "green",
    });
    let (status, made) = json_call(
        &app,
        Method::POST,
        "/v2/myHighlights",
        &token,
        range.clone(),
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{made}");
    for field in [
        "startLocation",
        "endLocation",
        "highlightText",
        "annotationNote",
        "startPosition",
        "endPosition",
        "startProgression",
        "endProgression",
        "startTotalProgression",
        "endTotalProgression",
    ] {
        assert_eq!(made[field], range[field], "{field}: {made}");
    }
    assert_eq!(made["location"], range["startLocation"]);
    assert_eq!(made["text"], "Two travellers");
    assert_eq!(made["note"], "Who are they?");
    // PUT by the same names changes it.
    let mut changed = range.clone();
    changed["annotationNote"] = json!("Pilgrims");
    changed["endLocation"] = json!("epubcfi(/6/4!/4/2/1:20)");
    let (status, body) = json_call(&app, Method::PUT, "/v2/myHighlights", &token, changed).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (_, listed) = call_reader(
        &app,
        Method::GET,
        "/v2/myHighlights?serviceId=t-road",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(
        listed["highlights"][0]["annotationNote"], "Pilgrims",
        "{listed}"
    );
    assert_eq!(
        listed["highlights"][0]["endLocation"],
        "epubcfi(/6/4!/4/2/1:20)"
    );
    assert_eq!(
        listed["highlights"][0]["dateAdded"],
        listed["highlights"][0]["dateCreated"]
    );
    // Both spellings of one field at once are refused by name.
    let mut both = range.clone();
    both["location"] = json!("elsewhere");
    let (status, body) = json_call(&app, Method::POST, "/v2/myHighlights", &token, both).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    // DELETE by the start's name.
    let delete = json!({"api_key": TRUSTED, "serviceId": "t-road", "format": "EPUB3",
                        "startLocation": "epubcfi(/6/4!/4/2/1:0)"});
    let (status, left) = json_call(&app, Method::DELETE, "/v2/myHighlights", &token, delete).await;
    assert_eq!(status, StatusCode::OK, "{left}");
    assert_eq!(left["totalResults"], 0);
}

async fn the_download_history_has_the_upstreams_fields(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of("member@example.org").await;
    assert_eq!(download_status(&app, &token).await, StatusCode::ACCEPTED);
    let (status, history) = call_reader(
        &app,
        Method::GET,
        "/v2/myAccount/history",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{history}");
    assert_eq!(history["titleDownloads"], history["downloads"]);
    let item = &history["titleDownloads"][0];
    assert_eq!(item["serviceId"], "t-road", "{item}");
    for status_field in ["downloadStatus", "packagingStatus", "status"] {
        assert!(
            item[status_field]["key"].is_string(),
            "{status_field}: {item}"
        );
        assert!(
            item[status_field]["messages"].is_array(),
            "{status_field}: {item}"
        );
    }
    assert!(item["dateRequested"].is_string());
    assert!(item["authors"].is_array());
    assert_eq!(item["downloadedBy"], item["downloadedFor"]);
    assert!(
        item["downloadedFor"]
            .as_str()
            .is_some_and(|n| n.contains("Member")),
        "{item}"
    );
}

async fn the_upstreams_enum_spellings_are_read(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let assistant = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    // `individual` is document 3's model value for the terms of use.
    let (status, agreement) = call_console(
        &app,
        Method::POST,
        "/v2/accounts/u-member/agreements",
        Some(&assistant),
        &[
            ("agreementType", "individual"),
            ("dateSigned", "2026-01-05"),
            ("printName", "Mary Member"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{agreement}");
    assert_eq!(agreement["agreementType"], "termsOfUse");
    // EMMA's assigned-title sort orders.
    let sponsor = app.token_of("sponsor@example.org").await;
    for (sent, spec) in [
        ("assignedBy", "assigner"),
        ("dateDownloaded", "downloadDate"),
    ] {
        let path = format!("/v2/assignedTitles/u-student?sortOrder={sent}");
        let (status, body) = call_reader(&app, Method::GET, &path, Some(&sponsor), &[]).await;
        assert_eq!(status, StatusCode::OK, "{sent}: {body}");
        let path = format!("/v2/assignedTitles/u-student?sortOrder={spec}");
        let (_, same) = call_reader(&app, Method::GET, &path, Some(&sponsor), &[]).await;
        assert_eq!(body["titles"], same["titles"], "{sent} reads as {spec}");
    }
    let (status, _) = call_reader(
        &app,
        Method::GET,
        "/v2/assignedTitles/u-student?sortOrder=assignedByWhom",
        Some(&sponsor),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn records_where_the_upstream_has_records(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let get = |path: String| {
        let app = &app;
        async move { json(app.get(&path).send().await.unwrap()).await.1 }
    };
    // Every title list carries `message`.
    for path in [
        format!("/v2/titles?api_key={PUBLIC}"),
        format!("/v2/popularLists/new-arrivals?api_key={PUBLIC}"),
    ] {
        let body = get(path.clone()).await;
        assert!(
            body.as_object().unwrap().contains_key("message"),
            "{path}: {body}"
        );
    }
    // A popular list says its id.
    let list = get(format!("/v2/popularLists/new-arrivals?api_key={PUBLIC}")).await;
    assert_eq!(list["id"], "new-arrivals");
    // A periodical edition's formats and a series' categories are records.
    let editions = get(format!("/v2/periodicals/weekly/editions?api_key={PUBLIC}")).await;
    let format = &editions["periodicalEditions"][0]["formats"][0];
    assert!(
        format["formatId"].is_string() && format["name"].is_string(),
        "{editions}"
    );
    let series = get(format!("/v2/periodicals/weekly?api_key={PUBLIC}")).await;
    let categories = series["categories"].as_array().unwrap();
    assert!(!categories.is_empty(), "{series}");
    for category in categories {
        assert!(category["name"].is_string(), "{series}");
        assert!(category["categoryType"].is_string(), "{series}");
    }
}
