//! The reader's own marks: bookmarks, highlights, reading events and the reading position. Each
//! is the caller's alone; guests have none.

use reqwest::StatusCode;
use serde_json::{Value, json as object};

use crate::support::call_reader as call;
use crate::support::*;
use lectern_store::on_both_stores;

on_both_stores!(
    bookmarks_are_saved_updated_listed_and_deleted,
    bookmarks_page_to_the_end_and_belong_to_their_reader,
    bookmark_input_is_checked_by_name,
    highlights_are_created_changed_listed_and_deleted,
    reading_events_move_the_reading_position,
    reading_event_input_is_checked_and_floods_are_limited,
);

const MEMBER: &str = "member@example.org";

async fn post(
    app: &TestApp,
    path: &str,
    token: &str,
    form: &[(&str, &str)],
) -> (StatusCode, Value) {
    call(app, reqwest::Method::POST, path, Some(token), form).await
}

async fn get(app: &TestApp, path: &str, token: &str) -> (StatusCode, Value) {
    call(app, reqwest::Method::GET, path, Some(token), &[]).await
}

fn locations(body: &Value, items: &str) -> Vec<String> {
    body[items]
        .as_array()
        .unwrap_or_else(|| panic!("no {items}: {body}"))
        .iter()
        .map(|b| b["location"].as_str().unwrap().to_owned())
        .collect()
}

async fn bookmarks_are_saved_updated_listed_and_deleted(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    // Every signed-in role keeps bookmarks of its own.
    for (role, user, _) in USERS {
        let token = app.token_of(user).await;
        let (status, body) = post(
            &app,
            "/v2/myBookmarks",
            &token,
            &[
                ("serviceId", "t-road"),
                ("location", "epubcfi(/6/4!/4/2/1:0)"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{role}: {body}");
        assert_eq!(body["key"], "SUCCESS");
    }
    let token = app.token_of(MEMBER).await;
    // A second POST at the same location updates that bookmark.
    let (status, _) = post(
        &app,
        "/v2/myBookmarks",
        &token,
        &[
            ("serviceId", "t-road"),
            ("location", "epubcfi(/6/4!/4/2/1:0)"),
            ("text", "Two travellers"),
            ("position", "3"),
            ("progression", "12.5"),
            ("totalProgression", "4.25"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = get(&app, "/v2/myBookmarks?serviceId=t-road", &token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["totalResults"], 1);
    let b = &body["bookmarks"][0];
    assert_eq!(b["serviceId"], "t-road");
    assert_eq!(
        b["format"],
        object!({"formatId": "EPUB3", "name": "EPUB 3"})
    );
    assert_eq!(b["location"], "epubcfi(/6/4!/4/2/1:0)");
    assert_eq!(b["text"], "Two travellers");
    assert_eq!(
        (b["position"].as_i64(), b["progression"].as_f64()),
        (Some(3), Some(12.5))
    );
    assert_eq!(b["totalProgression"].as_f64(), Some(4.25));
    assert!(b["dateCreated"].as_str().unwrap().ends_with('Z'));
    assert_eq!(b["allows"], object!(["DELETE"]));
    assert_eq!(b["links"][0]["rel"], "self");
    assert_eq!(body["allows"], object!(["GET", "POST", "DELETE"]));
    // Bookmarks are per format: none in DAISY_AUDIO.
    let (_, body) = get(
        &app,
        "/v2/myBookmarks?serviceId=t-road&format=DAISY_AUDIO",
        &token,
    )
    .await;
    assert_eq!(body["totalResults"], 0);
    // DELETE answers with what is left; a second DELETE finds nothing.
    let delete = "/v2/myBookmarks?serviceId=t-road&location=epubcfi(/6/4!/4/2/1:0)";
    let (status, body) = call(&app, reqwest::Method::DELETE, delete, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["totalResults"], 0);
    let (status, body) = call(&app, reqwest::Method::DELETE, delete, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    error_message(&body, "NOT_FOUND");
    // Guests have no bookmarks.
    for method in [
        reqwest::Method::GET,
        reqwest::Method::POST,
        reqwest::Method::DELETE,
    ] {
        let (status, body) = call(
            &app,
            method,
            "/v2/myBookmarks?serviceId=t-road&location=x",
            None,
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    }
}

async fn bookmarks_page_to_the_end_and_belong_to_their_reader(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of(MEMBER).await;
    let saved: Vec<String> = (1..=5).map(|i| format!("epubcfi(/6/{i})")).collect();
    for location in &saved {
        let (status, _) = post(
            &app,
            "/v2/myBookmarks",
            &token,
            &[("serviceId", "t-road"), ("location", location)],
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    let mut listed = Vec::new();
    let mut start = String::new();
    for pages in 1.. {
        let (status, body) = get(
            &app,
            &format!("/v2/myBookmarks?serviceId=t-road&limit=2{start}"),
            &token,
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["totalResults"], 5);
        listed.extend(locations(&body, "bookmarks"));
        match body["next"].as_str() {
            Some(next) => {
                assert!(
                    body["links"][1]["href"]
                        .as_str()
                        .unwrap()
                        .contains("start=")
                );
                start = format!("&start={next}");
            }
            None => {
                assert_eq!(pages, 3);
                break;
            }
        }
    }
    listed.sort();
    assert_eq!(listed, saved);
    // Nobody else reads them: not another reader, not a sponsor, not an administrator.
    for other in [
        "sponsor@example.org",
        "admin@example.org",
        "student@example.org",
    ] {
        let token = app.token_of(other).await;
        let (_, body) = get(&app, "/v2/myBookmarks?serviceId=t-road", &token).await;
        assert_eq!(body["totalResults"], 0, "{other}");
    }
}

async fn bookmark_input_is_checked_by_name(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of(MEMBER).await;
    let long = "x".repeat(2_001);
    for (form, named) in [
        (
            vec![("location", "a")],
            "Missing required parameter 'serviceId'",
        ),
        (
            vec![("serviceId", "t-road")],
            "Missing required parameter 'location'",
        ),
        (
            vec![("serviceId", "t-road"), ("location", "  ")],
            "Missing required parameter 'location'",
        ),
        (
            vec![("serviceId", "t-road"), ("location", long.as_str())],
            "'location'",
        ),
        (
            vec![
                ("serviceId", "t-road"),
                ("location", "a"),
                ("format", "MP3"),
            ],
            "'format'",
        ),
        (
            vec![
                ("serviceId", "t-road"),
                ("location", "a"),
                ("position", "first"),
            ],
            "'position'",
        ),
        (
            vec![
                ("serviceId", "t-road"),
                ("location", "a"),
                ("position", "-1"),
            ],
            "'position'",
        ),
        (
            vec![
                ("serviceId", "t-road"),
                ("location", "a"),
                ("progression", "150"),
            ],
            "'progression'",
        ),
        (
            vec![
                ("serviceId", "t-road"),
                ("location", "a"),
                ("totalProgression", "NaN"),
            ],
            "'totalProgression'",
        ),
        (
            vec![
                ("serviceId", "t-road"),
                ("serviceId", "t-pride"),
                ("location", "a"),
            ],
            "'serviceId'",
        ),
    ] {
        let (status, body) = post(&app, "/v2/myBookmarks", &token, &form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{form:?}: {body}");
        assert!(
            error_message(&body, "BAD_REQUEST").contains(named),
            "{form:?}: {body}"
        );
    }
    let (status, body) = get(&app, "/v2/myBookmarks", &token).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("'serviceId'"));
    let (status, body) = get(
        &app,
        "/v2/myBookmarks?serviceId=t-road&start=nonsense",
        &token,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("'start'"));
    // A title the reader may not see is not there for them.
    let (status, _) = post(
        &app,
        "/v2/myBookmarks",
        &token,
        &[("serviceId", "no-such-title"), ("location", "a")],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, body) = get(&app, "/v2/myBookmarks?serviceId=t-road", &token).await;
    assert_eq!(body["totalResults"], 0, "nothing was half-written");
}

async fn highlights_are_created_changed_listed_and_deleted(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of(MEMBER).await;
    let at = "epubcfi(/6/4!/4/2,/1:0,/1:14)";
    let form = [
        ("serviceId", "t-road"),
        ("location", at),
        ("text", "Two travellers"),
        ("color", "green"),
        ("note", "Who are they?"),
    ];
    let (status, body) = post(&app, "/v2/myHighlights", &token, &form).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["color"], "green");
    assert_eq!(body["note"], "Who are they?");
    assert_eq!(body["text"], "Two travellers");
    assert_eq!(body["allows"], object!(["PUT", "DELETE"]));
    let (status, body) = post(&app, "/v2/myHighlights", &token, &form).await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(error_message(&body, "CONFLICT").contains("PUT"));
    // PUT changes what it names and keeps the rest, as EMMA sends it: only the colour, then
    // only the note.
    let (status, body) = call(
        &app,
        reqwest::Method::PUT,
        "/v2/myHighlights",
        Some(&token),
        &[("serviceId", "t-road"), ("location", at), ("color", "pink")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["color"], "pink");
    assert_eq!(body["note"], "Who are they?", "{body}");
    assert_eq!(body["text"], "Two travellers", "{body}");
    let (status, body) = call(
        &app,
        reqwest::Method::PUT,
        "/v2/myHighlights",
        Some(&token),
        &[
            ("serviceId", "t-road"),
            ("startLocation", at),
            ("annotationNote", "The brothers"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["note"], "The brothers");
    assert_eq!(
        (&body["color"], &body["text"]),
        (&Value::from("pink"), &Value::from("Two travellers"))
    );
    let (status, body) = call(
        &app,
        reqwest::Method::PUT,
        "/v2/myHighlights",
        Some(&token),
        &[("serviceId", "t-road"), ("location", "elsewhere")],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "{body}");
    for (bad, named) in [("color", "'color'"), ("format", "'format'")] {
        let (status, body) = post(
            &app,
            "/v2/myHighlights",
            &token,
            &[("serviceId", "t-road"), ("location", "b"), (bad, "plaid")],
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST);
        assert!(error_message(&body, "BAD_REQUEST").contains(named));
    }
    let (_, body) = get(&app, "/v2/myHighlights?serviceId=t-road", &token).await;
    assert_eq!(body["totalResults"], 1);
    assert_eq!(body["highlights"][0]["color"], "pink");
    assert_eq!(body["highlights"][0]["note"], "The brothers");
    // Another reader sees none, and cannot change or delete this one.
    let other = app.token_of("sponsor@example.org").await;
    let (_, body) = get(&app, "/v2/myHighlights?serviceId=t-road", &other).await;
    assert_eq!(body["totalResults"], 0);
    let delete = format!(
        "/v2/myHighlights?serviceId=t-road&location={}",
        urlencode(at)
    );
    let (status, _) = call(&app, reqwest::Method::DELETE, &delete, Some(&other), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = call(&app, reqwest::Method::DELETE, &delete, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["totalResults"], 0);
    let (status, _) = call(
        &app,
        reqwest::Method::GET,
        "/v2/myHighlights?serviceId=t-road",
        None,
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

fn urlencode(s: &str) -> String {
    url::form_urlencoded::byte_serialize(s.as_bytes()).collect()
}

async fn reading_events_move_the_reading_position(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of(MEMBER).await;
    let position = "/v2/myReadingPosition/t-road/EPUB3";
    let (status, body) = get(&app, position, &token).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "never read: {body}");
    for (location, heading) in [("epubcfi(/6/2)", "One"), ("epubcfi(/6/8)", "Four")] {
        let (status, body) = post(
            &app,
            "/v2/readingEvents",
            &token,
            &[
                ("serviceId", "t-road"),
                ("format", "EPUB3"),
                ("location", location),
                ("metric", "3"),
                ("metricType", "page"),
                ("locationDescription", heading),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["key"], "SUCCESS");
    }
    let (status, body) = get(&app, position, &token).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["serviceId"], "t-road");
    assert_eq!(body["location"], "epubcfi(/6/8)");
    assert_eq!(body["locationDescription"], "Four");
    assert_eq!(body["format"]["formatId"], "EPUB3");
    assert!(body["dateAdded"].as_str().unwrap() <= body["dateModified"].as_str().unwrap());
    assert_eq!(body["links"][0]["href"], app.url(position));
    // Per format, and the reader's alone.
    let (status, _) = get(&app, "/v2/myReadingPosition/t-road/DAISY_AUDIO", &token).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    for other in ["sponsor@example.org", "admin@example.org"] {
        let token = app.token_of(other).await;
        let (status, _) = get(&app, position, &token).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{other}");
    }
    let (status, _) = call(&app, reqwest::Method::GET, position, None, &[]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, body) = get(&app, "/v2/myReadingPosition/t-road/MP3", &token).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("'format'"));
}

async fn reading_event_input_is_checked_and_floods_are_limited(backend: Backend) {
    let app = TestApp::start_with(backend, |s| s.rate_limit_per_user = 4)
        .await
        .with_catalog()
        .await;
    let token = app.token_of(MEMBER).await;
    let good = [
        ("serviceId", "t-road"),
        ("format", "EPUB3"),
        ("location", "epubcfi(/6/2)"),
        ("metric", "1"),
        ("metricType", "chapter"),
    ];
    for (name, value, named) in [
        ("metricType", "word", "'metricType'"),
        ("metric", "many", "'metric'"),
        ("metric", "-2", "'metric'"),
        ("format", "", "Missing required parameter 'format'"),
    ] {
        let form: Vec<(&str, &str)> = good
            .iter()
            .map(|(k, v)| if *k == name { (*k, value) } else { (*k, *v) })
            .collect();
        let (status, body) = post(&app, "/v2/readingEvents", &token, &form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{name}={value}: {body}");
        assert!(
            error_message(&body, "BAD_REQUEST").contains(named),
            "{body}"
        );
    }
    let (status, _) = call(
        &app,
        reqwest::Method::POST,
        "/v2/readingEvents",
        None,
        &good,
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    // The four requests above used this reader's share for the minute: a flood is refused with
    // 429 and Retry-After, never taken and dropped.
    let resp = app
        .post(&format!("/v2/readingEvents?api_key={TRUSTED}"))
        .bearer_auth(&token)
        .form(&good)
        .send()
        .await
        .unwrap();
    retry_after(&resp);
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::TOO_MANY_REQUESTS);
    error_message(&body, "TOO_MANY_REQUESTS");
    let count: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM reading_events")
        .fetch_one(app.store.reads())
        .await
        .unwrap();
    assert_eq!(count, 0, "no refused event was written");
}
