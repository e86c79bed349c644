//! Reading lists: the caller's lists, subscriptions, titles, assigned members, and an account's
//! lists for membership assistants; who may read, change and subscribe.

use reqwest::{Method, StatusCode};
use serde_json::{Value, json};

use crate::support::call_reader as call;
use crate::support::*;
use lectern_store::on_both_stores;

on_both_stores!(
    an_error_s_messages_follow_the_asked_language_where_they_have_its_words,
    a_reader_makes_renames_and_fills_a_list,
    list_titles_sort_and_page_to_the_end,
    who_reads_changes_and_subscribes,
    sponsors_assign_their_members_to_a_list,
    lists_are_found_by_keyword_and_paged_in_every_order,
    membership_assistants_read_an_accounts_lists,
    list_input_is_checked_by_name,
    counts_stay_true_under_concurrent_changes,
    fixture_lists_carry_their_curators_details,
);

/// A new list of `owner`'s, by its id.
async fn new_list(app: &TestApp, token: &str, name: &str, access: &str) -> String {
    let (status, body) = call(
        app,
        Method::POST,
        "/v2/myLists",
        Some(token),
        &[
            ("name", name),
            ("access", access),
            ("description", "For the class"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["readingListId"].as_str().unwrap().to_owned()
}

async fn add(app: &TestApp, token: &str, list: &str, service_id: &str) -> (StatusCode, Value) {
    call(
        app,
        Method::POST,
        &format!("/v2/lists/{list}/titles"),
        Some(token),
        &[("serviceId", service_id)],
    )
    .await
}

fn ids(body: &Value, items: &str, field: &str) -> Vec<String> {
    body[items]
        .as_array()
        .unwrap_or_else(|| panic!("no {items}: {body}"))
        .iter()
        .map(|v| v[field].as_str().unwrap().to_owned())
        .collect()
}

async fn a_reader_makes_renames_and_fills_a_list(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of("member@example.org").await;
    let (status, body) = call(
        &app,
        Method::POST,
        "/v2/myLists",
        Some(&token),
        &[("name", "Summer reading"), ("access", "private")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let list = body["readingListId"].as_str().unwrap().to_owned();
    assert_eq!(body["name"], "Summer reading");
    assert_eq!(body["owner"], "Mary Member");
    assert_eq!(body["access"], "private");
    assert_eq!(
        (
            body["titleCount"].as_u64(),
            body["subscriberCount"].as_u64()
        ),
        (Some(0), Some(0))
    );
    assert_eq!(body["allows"], serde_json::json!(["PUT"]));
    assert_eq!(body["subscription"]["enabled"], false);
    assert_eq!(
        body["subscription"]["allows"],
        Value::Null,
        "not one's own list"
    );
    assert_eq!(
        body["links"][1]["href"],
        app.url(&format!("/v2/lists/{list}"))
    );
    // Titles go on once, however often they are added; only live titles the owner may see.
    for id in ["t-road", "t-pride", "t-road"] {
        let (status, body) = add(&app, &token, &list, id).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["readingListId"], list.as_str());
    }
    let (_, body) = call(
        &app,
        Method::GET,
        &format!("/v2/lists/{list}/titles"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(body["totalResults"], 2);
    assert_eq!(ids(&body, "titles", "serviceId"), ["t-pride", "t-road"]);
    let road = &body["titles"][1];
    assert_eq!(road["title"], "The Long Road");
    assert_eq!(road["formats"][0]["formatId"], "EPUB3");
    for field in ["award", "category", "month", "ranking", "year"] {
        assert!(road.get(field).is_some(), "{field} missing: {road}");
    }
    assert!(
        road["dateAddedToReadingList"]
            .as_str()
            .unwrap()
            .ends_with('Z')
    );
    for (id, why) in [
        ("t-unfinished", "not live"),
        ("t-gone", "withdrawn"),
        ("t-far", "another site"),
        ("t-night", "adult content"),
        ("nothing", "unknown"),
    ] {
        let (status, body) = add(&app, &token, &list, id).await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{why}: {body}");
        assert!(error_message(&body, "NOT_FOUND").contains(&format!("'{id}'")));
    }
    // Renamed and described anew; what is not sent stays.
    let (status, body) = call(
        &app,
        Method::PUT,
        &format!("/v2/lists/{list}"),
        Some(&token),
        &[("name", "Autumn reading"), ("access", "shared")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (body["name"].as_str(), body["access"].as_str()),
        (Some("Autumn reading"), Some("shared"))
    );
    assert_eq!(body["titleCount"], 2);
    // Removing a title answers with those left; removing it again is 404.
    let remove = format!("/v2/lists/{list}/titles/t-road");
    let (status, body) = call(&app, Method::DELETE, &remove, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(ids(&body, "titles", "serviceId"), ["t-pride"]);
    assert_eq!(body["totalResults"], 1);
    let (status, _) = call(&app, Method::DELETE, &remove, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // The list is the reader's: in their lists, under both spellings of the path.
    for path in ["/v2/myLists", "/v2/mylists"] {
        let (status, body) = call(&app, Method::GET, path, Some(&token), &[]).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(ids(&body, "lists", "readingListId"), [list.as_str()]);
        assert_eq!(body["allows"], serde_json::json!(["GET", "POST"]));
    }
    // Guests have no lists.
    for (method, path) in [
        (Method::GET, "/v2/myLists"),
        (Method::POST, "/v2/myLists"),
        (Method::GET, "/v2/lists"),
    ] {
        let (status, _) = call(&app, method, path, None, &[]).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
    }
}

async fn list_titles_sort_and_page_to_the_end(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of("member@example.org").await;
    let list = new_list(&app, &token, "Everything", "private").await;
    let added = ["t-stripes", "t-road", "t-casa", "t-algebra", "t-pride"];
    for id in added {
        assert_eq!(add(&app, &token, &list, id).await.0, StatusCode::OK);
    }
    let walk = |query: &'static str| {
        let app = &app;
        let token = token.clone();
        let list = list.clone();
        async move {
            let mut seen = Vec::new();
            let mut start = String::new();
            loop {
                let (status, body) = call(
                    app,
                    Method::GET,
                    &format!("/v2/lists/{list}/titles?limit=2{query}{start}"),
                    Some(&token),
                    &[],
                )
                .await;
                assert_eq!(status, StatusCode::OK, "{body}");
                assert_eq!(body["totalResults"], 5);
                seen.extend(ids(&body, "titles", "title"));
                match body["next"].as_str() {
                    Some(n) => start = format!("&start={n}"),
                    None => return seen,
                }
            }
        }
    };
    assert_eq!(
        walk("").await,
        [
            "Algebra One",
            "La Casa",
            "Pride and Prejudice",
            "Stars and Stripes",
            "The Long Road"
        ]
    );
    let mut by_title_desc = walk("").await;
    by_title_desc.reverse();
    assert_eq!(walk("&direction=desc").await, by_title_desc);
    // By author's index name: Austen, Byron (twice), Luna, Number.
    assert_eq!(
        walk("&sortOrder=author").await,
        [
            "Pride and Prejudice",
            "The Long Road",
            "Stars and Stripes",
            "La Casa",
            "Algebra One"
        ]
    );
    assert_eq!(walk("&sortOrder=dateAddedToReadingList").await.len(), 5);
    // A token of another order is refused by name.
    let (_, body) = call(
        &app,
        Method::GET,
        &format!("/v2/lists/{list}/titles?limit=2"),
        Some(&token),
        &[],
    )
    .await;
    let next = body["next"].as_str().unwrap();
    let (status, body) = call(
        &app,
        Method::GET,
        &format!("/v2/lists/{list}/titles?limit=2&sortOrder=dateAddedToReadingList&start={next}"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("'start'"));
}

async fn who_reads_changes_and_subscribes(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let student = app.token_of("student@example.org").await;
    let classmate = app.token_of("both@example.org").await;
    let sponsor = app.token_of("sponsor@example.org").await;
    let member = app.token_of("member@example.org").await;
    let admin = app.token_of("admin@example.org").await;
    let elsewhere = app.minted_token(OTHER_SITE, "elsewhere@example.org").await;
    let private = new_list(&app, &student, "Mine", "private").await;
    let org = new_list(&app, &student, "Our class", "org").await;
    let shared = new_list(&app, &student, "For everyone", "shared").await;
    let titles = |list: &str| format!("/v2/lists/{list}/titles");
    // Reading: the owner, and those with rights over them, read everything; others what is
    // shared with them; a list they may not read is not there for them.
    for (token, list, expected) in [
        (&classmate, &private, StatusCode::NOT_FOUND),
        (&member, &private, StatusCode::NOT_FOUND),
        (&sponsor, &private, StatusCode::OK),
        (&admin, &private, StatusCode::OK),
        (&classmate, &org, StatusCode::OK),
        (&member, &org, StatusCode::NOT_FOUND),
        (&member, &shared, StatusCode::OK),
    ] {
        let (status, body) = call(&app, Method::GET, &titles(list), Some(token), &[]).await;
        assert_eq!(status, expected, "{list}: {body}");
    }
    let (status, _) = call_as(
        &app,
        OTHER_SITE,
        Method::GET,
        &titles(&shared),
        Some(&elsewhere),
        &[],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "a shared list stays on its site"
    );
    // Changing: a reader of a list may not change it; the sponsor of its owner may.
    let (status, body) = add(&app, &member, &shared, "t-road").await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let (status, _) = call(
        &app,
        Method::PUT,
        &format!("/v2/lists/{shared}"),
        Some(&member),
        &[("name", "Taken")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = add(&app, &sponsor, &private, "t-road").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Subscribing: to lists of others that are shared with the caller.
    let subscribe = |list: &str| format!("/v2/myLists/{list}/subscription");
    let (status, body) = call(
        &app,
        Method::PUT,
        &subscribe(&shared),
        Some(&member),
        &[("enabled", "true")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["subscription"]["enabled"], true);
    assert_eq!(body["subscription"]["allows"], serde_json::json!(["PUT"]));
    assert_eq!(body["subscriberCount"], 1);
    let (_, body) = call(
        &app,
        Method::PUT,
        &subscribe(&shared),
        Some(&member),
        &[("enabled", "true")],
    )
    .await;
    assert_eq!(body["subscriberCount"], 1, "subscribing twice counts once");
    let (_, body) = call(&app, Method::GET, "/v2/myLists", Some(&member), &[]).await;
    assert_eq!(ids(&body, "lists", "readingListId"), [shared.as_str()]);
    let (status, body) = call(
        &app,
        Method::PUT,
        &subscribe(&shared),
        Some(&student),
        &[("enabled", "true")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(error_message(&body, "FORBIDDEN").contains("own list"));
    let (status, body) = call(
        &app,
        Method::PUT,
        &subscribe(&private),
        Some(&sponsor),
        &[("enabled", "true")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(error_message(&body, "FORBIDDEN").contains("private"));
    let (status, _) = call(
        &app,
        Method::PUT,
        &subscribe(&private),
        Some(&member),
        &[("enabled", "true")],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let lowercase = format!("/v2/mylists/{shared}/subscription");
    let (status, body) = call(
        &app,
        Method::PUT,
        &lowercase,
        Some(&member),
        &[("enabled", "false")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        (
            body["subscription"]["enabled"].as_bool(),
            body["subscriberCount"].as_u64()
        ),
        (Some(false), Some(0))
    );
    let (_, body) = call(&app, Method::GET, "/v2/myLists", Some(&member), &[]).await;
    assert_eq!(body["totalResults"], 0);
}

async fn sponsors_assign_their_members_to_a_list(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let sponsor = app.token_of("sponsor@example.org").await;
    let student = app.token_of("student@example.org").await;
    let list = new_list(&app, &sponsor, "Assigned reading", "private").await;
    assert_eq!(
        add(&app, &sponsor, &list, "t-pride").await.0,
        StatusCode::OK
    );
    let (status, body) = call(
        &app,
        Method::PUT,
        &format!("/v2/lists/{list}"),
        Some(&sponsor),
        &[
            ("assignMember", "student@example.org"),
            ("assignMember", "u-pupil"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["memberCount"], 2);
    // The student sees it among their lists, with who assigned it, and may use but not change it.
    let (_, body) = call(&app, Method::GET, "/v2/myLists", Some(&student), &[]).await;
    assert_eq!(ids(&body, "lists", "readingListId"), [list.as_str()]);
    assert_eq!(body["lists"][0]["assignedBy"], "Spo Nsor");
    assert_eq!(body["lists"][0]["allows"], Value::Null);
    let (status, _) = call(
        &app,
        Method::GET,
        &format!("/v2/lists/{list}/titles"),
        Some(&student),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        add(&app, &student, &list, "t-road").await.0,
        StatusCode::FORBIDDEN
    );
    // Only members the caller has rights over: not a reader of no organization, not a member of
    // another organization; and a reader with no one to manage assigns no one.
    for who in ["member@example.org", "u-far-pupil", "nobody"] {
        let (status, body) = call(
            &app,
            Method::PUT,
            &format!("/v2/lists/{list}"),
            Some(&sponsor),
            &[("assignMember", who)],
        )
        .await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{who}: {body}");
        assert!(error_message(&body, "FORBIDDEN").contains("assignMember"));
    }
    let (status, body) = call(
        &app,
        Method::PUT,
        &format!("/v2/lists/{list}"),
        Some(&sponsor),
        &[("unassignMember", "u-pupil")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["memberCount"], 1);
}

async fn lists_are_found_by_keyword_and_paged_in_every_order(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let owner = app.token_of("member@example.org").await;
    let reader = app.token_of("admin@example.org").await;
    for (name, access) in [
        ("Birds of Spain", "shared"),
        ("birds at home", "shared"),
        ("Boats", "shared"),
        ("Secret birds", "private"),
        ("50%_off", "shared"),
    ] {
        new_list(&app, &owner, name, access).await;
    }
    let (_, body) = call(
        &app,
        Method::GET,
        "/v2/lists?access=public&keyword=BIRDS",
        Some(&reader),
        &[],
    )
    .await;
    assert_eq!(
        ids(&body, "lists", "name"),
        ["birds at home", "Birds of Spain"]
    );
    let (_, body) = call(
        &app,
        Method::GET,
        "/v2/lists?access=public&keyword=%25_",
        Some(&reader),
        &[],
    )
    .await;
    assert_eq!(
        ids(&body, "lists", "name"),
        ["50%_off"],
        "% and _ are taken literally"
    );
    let (_, body) = call(
        &app,
        Method::GET,
        "/v2/lists?keyword=class",
        Some(&owner),
        &[],
    )
    .await;
    assert_eq!(body["totalResults"], 5, "descriptions are searched too");
    let (_, body) = call(
        &app,
        Method::GET,
        "/v2/lists?access=private&keyword=secret",
        Some(&owner),
        &[],
    )
    .await;
    assert_eq!(ids(&body, "lists", "name"), ["Secret birds"]);
    for order in ["name", "owner", "dateUpdated"] {
        for direction in ["asc", "desc"] {
            let mut seen = Vec::new();
            let mut start = String::new();
            loop {
                let (status, body) = call(
                    &app,
                    Method::GET,
                    &format!("/v2/myLists?limit=2&sortOrder={order}&direction={direction}{start}"),
                    Some(&owner),
                    &[],
                )
                .await;
                assert_eq!(status, StatusCode::OK, "{body}");
                seen.extend(ids(&body, "lists", "readingListId"));
                match body["next"].as_str() {
                    Some(n) => start = format!("&start={n}"),
                    None => break,
                }
            }
            seen.sort();
            seen.dedup();
            assert_eq!(seen.len(), 5, "{order} {direction}");
        }
    }
    let (_, body) = call(
        &app,
        Method::GET,
        "/v2/myLists?sortOrder=name&direction=desc&limit=1",
        Some(&owner),
        &[],
    )
    .await;
    assert_eq!(body["lists"][0]["name"], "Secret birds");
}

async fn membership_assistants_read_an_accounts_lists(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let owner = app.token_of("member@example.org").await;
    let list = new_list(&app, &owner, "Private things", "private").await;
    let path = "/v2/accounts/member@example.org/lists";
    for user in ["membership@example.org", "admin@example.org"] {
        let token = app.minted_token(CONFIDENTIAL, user).await;
        let (status, body) =
            call_as(&app, CONFIDENTIAL, Method::GET, path, Some(&token), &[]).await;
        assert_eq!(status, StatusCode::OK, "{user}: {body}");
        assert_eq!(ids(&body, "lists", "readingListId"), [list.as_str()]);
        assert_eq!(body["lists"][0]["allows"], serde_json::json!(["PUT"]));
    }
    // Not on a client key without membership privileges, not for other roles.
    let assistant = app.token_of("membership@example.org").await;
    let (status, _) = call(&app, Method::GET, path, Some(&assistant), &[]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    for user in [
        "member@example.org",
        "sponsor@example.org",
        "collection@example.org",
    ] {
        let token = app.minted_token(CONFIDENTIAL, user).await;
        let (status, _) = call_as(&app, CONFIDENTIAL, Method::GET, path, Some(&token), &[]).await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{user}");
    }
    let token = app
        .minted_token(CONFIDENTIAL, "membership@example.org")
        .await;
    let (status, _) = call_as(
        &app,
        CONFIDENTIAL,
        Method::GET,
        "/v2/accounts/elsewhere@example.org/lists",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "an account of another site");
}

async fn list_input_is_checked_by_name(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of("member@example.org").await;
    let long = "n".repeat(201);
    for (form, named) in [
        (
            vec![("access", "private")],
            "Missing required parameter 'name'",
        ),
        (vec![("name", "A")], "Missing required parameter 'access'"),
        (vec![("name", "A"), ("access", "public")], "'access'"),
        (
            vec![("name", long.as_str()), ("access", "private")],
            "'name'",
        ),
    ] {
        let (status, body) = call(&app, Method::POST, "/v2/myLists", Some(&token), &form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{form:?}: {body}");
        assert!(
            error_message(&body, "BAD_REQUEST").contains(named),
            "{form:?}: {body}"
        );
    }
    // An organization's list from someone outside any organization is a right they lack.
    let form = [("name", "A"), ("access", "org")];
    let (status, body) = call(&app, Method::POST, "/v2/myLists", Some(&token), &form).await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    assert!(error_message(&body, "FORBIDDEN").contains("access=org"));
    let list = new_list(&app, &token, "Fine", "private").await;
    for (path, named) in [
        ("/v2/myLists?sortOrder=size", "'sortOrder'"),
        ("/v2/myLists?direction=up", "'direction'"),
        ("/v2/myLists?limit=0", "'limit'"),
        ("/v2/myLists?start=garbage", "'start'"),
        ("/v2/lists?access=everyone", "'access'"),
        ("/v2/lists?sortOrder=owner", "'sortOrder'"),
    ] {
        let (status, body) = call(&app, Method::GET, path, Some(&token), &[]).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{path}: {body}");
        assert!(
            error_message(&body, "BAD_REQUEST").contains(named),
            "{path}: {body}"
        );
    }
    let (status, body) = call(
        &app,
        Method::PUT,
        &format!("/v2/myLists/{list}/subscription"),
        Some(&token),
        &[("enabled", "sometimes")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(error_message(&body, "BAD_REQUEST").contains("'enabled'"));
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/lists/no-such-list/titles",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn counts_stay_true_under_concurrent_changes(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let owner = app.token_of("member@example.org").await;
    let list = new_list(&app, &owner, "Busy", "shared").await;
    let titles = [
        "t-road",
        "t-pride",
        "t-open",
        "t-stripes",
        "t-algebra",
        "t-casa",
        "t-fugue",
    ];
    // Each title added by three requests at once, and six readers subscribing at once.
    let adds = titles
        .iter()
        .flat_map(|id| std::iter::repeat_n(*id, 3))
        .map(|id| add(&app, &owner, &list, id));
    let results = futures_util::future::join_all(adds).await;
    assert!(results.iter().all(|(s, _)| *s == StatusCode::OK));
    let mut readers = Vec::new();
    for user in [
        "admin@example.org",
        "sponsor@example.org",
        "student@example.org",
        "collection@example.org",
        "volunteer@example.org",
        "membership@example.org",
    ] {
        readers.push(app.token_of(user).await);
    }
    let subscribe = format!("/v2/myLists/{list}/subscription");
    let subs = readers.iter().map(|t| {
        call(
            &app,
            Method::PUT,
            &subscribe,
            Some(t),
            &[("enabled", "true")],
        )
    });
    let results = futures_util::future::join_all(subs).await;
    assert!(
        results
            .iter()
            .all(|(s, b)| *s == StatusCode::OK || panic!("{b}"))
    );
    let (_, body) = call(
        &app,
        Method::GET,
        &format!("/v2/lists/{list}"),
        Some(&owner),
        &[],
    )
    .await;
    assert_eq!(body["titleCount"], titles.len());
    assert_eq!(body["subscriberCount"], 6);
}

async fn fixture_lists_carry_their_curators_details(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of("admin@example.org").await;
    let (status, body) = call(
        &app,
        Method::GET,
        "/v2/lists/rl-awards/titles?sortOrder=dateAddedToReadingList",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["totalResults"], 2);
    let pride = body["titles"]
        .as_array()
        .unwrap()
        .iter()
        .find(|t| t["serviceId"] == "t-pride")
        .unwrap();
    assert_eq!(pride["award"], "Readers' Classic");
    assert_eq!(pride["category"], "Fiction");
    assert_eq!(pride["month"], "January");
    assert_eq!(
        (pride["ranking"].as_i64(), pride["year"].as_i64()),
        (Some(1), Some(1813))
    );
    let (_, body) = call(&app, Method::GET, "/v2/lists/rl-awards", Some(&token), &[]).await;
    assert_eq!(
        (
            body["titleCount"].as_u64(),
            body["subscriberCount"].as_u64()
        ),
        (Some(2), Some(1))
    );
    assert_eq!(body["owner"], "Grace Grown");
    // Its subscriber finds it among their lists.
    let (_, body) = call(&app, Method::GET, "/v2/myLists", Some(&token), &[]).await;
    assert_eq!(ids(&body, "lists", "readingListId"), ["rl-awards"]);
    assert_eq!(body["lists"][0]["subscription"]["enabled"], true);
}

/// The envelope's messages are in the `Accept-Language` asked for where the message files have
/// a rule's words; its key and the parameters' names stay the spec's, and a reason without a
/// message stays English.
async fn an_error_s_messages_follow_the_asked_language_where_they_have_its_words(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = app.token_of("member@example.org").await;
    let refused = |accept_language: &'static str, form: &'static [(&'static str, &'static str)]| {
        let req = app
            .http
            .post(app.url(&format!("/v2/myLists?api_key={TRUSTED}")))
            .bearer_auth(&token)
            .header("accept-language", accept_language)
            .form(form);
        async move {
            let resp = req.send().await.unwrap();
            assert_eq!(resp.status(), StatusCode::BAD_REQUEST);
            let vary = resp.headers().get_all("vary").iter();
            assert!(
                vary.filter_map(|v| v.to_str().ok())
                    .any(|v| v.eq_ignore_ascii_case("accept-language")),
                "an answer in the asked language says it varies by it"
            );
            let body: Value = resp.json().await.unwrap();
            assert_eq!(body["key"], "BAD_REQUEST", "{body}");
            body["messages"]
                .as_array()
                .unwrap()
                .iter()
                .map(|m| m.as_str().unwrap().to_owned())
                .collect::<Vec<_>>()
        }
    };
    let long: &'static str = Box::leak("n".repeat(201).into_boxed_str());
    let too_long: &'static [(&str, &str)] =
        Box::leak(Box::new([("name", long), ("access", "private")]));
    assert_eq!(
        refused("es-MX, en;q=0.5", too_long).await,
        ["Parámetro no válido 'name': debe tener como máximo 200 caracteres"]
    );
    assert_eq!(
        refused("ar", too_long).await,
        ["المعامل 'name' غير صالح: يجب ألا يزيد على 200 حرفًا"]
    );
    assert_eq!(
        refused("en", too_long).await,
        ["Invalid parameter 'name': must be at most 200 characters"]
    );
    assert_eq!(
        refused("de", too_long).await,
        ["Invalid parameter 'name': must be at most 200 characters"],
        "a language without messages is answered in English"
    );
    let missing: &[(&str, &str)] = &[("access", "private")];
    assert_eq!(
        refused("fr", missing).await,
        ["Paramètre obligatoire manquant «\u{a0}name\u{a0}»"]
    );
    // A value not in its closed set is said with the value and the set as they are.
    let unknown: &[(&str, &str)] = &[("name", "A"), ("access", "public")];
    assert_eq!(
        refused("es", unknown).await,
        [
            "Parámetro no válido 'access': 'public' no es ninguno de estos valores: private, shared, org"
        ]
    );
    assert_eq!(
        refused("en", unknown).await,
        ["Invalid parameter 'access': 'public' is not one of private, shared, org"]
    );
    // A reason the message files have no words for is the rule's English.
    let twice: &[(&str, &str)] = &[("name", "A"), ("name", "B")];
    let said = refused("es", twice).await;
    assert_eq!(
        said,
        ["Invalid parameter 'name': was sent more than once"],
        "{said:?}"
    );
    // An absence and a refusal are said in the asked language too, the identifier as sent.
    let answered = |accept_language: &'static str, path: &'static str| {
        let req = app
            .http
            .get(app.url(&format!("{path}?api_key={TRUSTED}")))
            .bearer_auth(&token)
            .header("accept-language", accept_language);
        async move {
            let resp = req.send().await.unwrap();
            let status = resp.status();
            let body: Value = resp.json().await.unwrap();
            (status, body["key"].clone(), body["messages"].clone())
        }
    };
    assert_eq!(
        answered("es", "/v2/lists/no-such-list/titles").await,
        (
            StatusCode::NOT_FOUND,
            json!("NOT_FOUND"),
            json!(["No hay ninguna lista de lectura 'no-such-list'"])
        )
    );
    assert_eq!(
        answered("en", "/v2/lists/no-such-list/titles").await.2,
        json!(["There is no reading list 'no-such-list'"])
    );
    // A format the path names that is none is said with the closed set's own message.
    let (status, _, said) = answered("es", "/v2/titles/t-road/NOPE").await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let said = said[0].as_str().unwrap();
    assert!(
        said.starts_with("Parámetro no válido 'format': 'NOPE' no es ninguno de estos valores: "),
        "{said}"
    );
    assert_eq!(
        answered("ar", "/v2/accounts/member@example.org").await,
        (
            StatusCode::FORBIDDEN,
            json!("FORBIDDEN"),
            json!(["إدارة العضويات مقصورة على مفاتيح العملاء ذات صلاحيات إدارة العضويات"])
        ),
        "an application without membership privileges may not read accounts"
    );
}
