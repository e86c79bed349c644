//! Organizations found by their names, and accounts moved into, between and out of them
//! (`GET /v2/organizations`, `PUT`/`DELETE /v2/accounts/{id}/organization`): what the staff's
//! pages call where document 3 shows no endpoint.

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::support::call_console as call;
use crate::support::*;

on_both_stores!(
    organizations_are_found_by_words_of_their_names,
    accounts_join_move_and_leave_organizations,
);

async fn names(app: &TestApp, token: &str, query: &str) -> Vec<String> {
    let (status, body) = call(
        app,
        Method::GET,
        &format!("/v2/organizations?{query}"),
        Some(token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["organizations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["organizationName"].as_str().unwrap().to_owned())
        .collect()
}

async fn organizations_are_found_by_words_of_their_names(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    for (n, name) in [
        "Ash Grove Academy",
        "Birch Lane School",
        "Cedar Academy",
        "Élan Institute",
    ]
    .into_iter()
    .enumerate()
    {
        let (status, body) = call(
            &app,
            Method::POST,
            "/v2/organizations",
            Some(&token),
            &[
                ("organizationName", name),
                ("address1", "1 High Street"),
                ("city", "Leeds"),
                ("country", "GB"),
                ("postalCode", "LS1 1AA"),
                ("organizationType", "school"),
                ("contactFirstName", "Con"),
                ("contactLastName", "Tact"),
                ("contactTitle", "Head"),
                ("contactEmailAddress", &format!("head{n}@example.org")),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    assert_eq!(
        names(&app, &token, "keyword=academy").await,
        ["Ash Grove Academy", "Cedar Academy"]
    );
    assert_eq!(
        names(&app, &token, "keyword=GROVE%20ash").await,
        ["Ash Grove Academy"]
    );
    assert!(
        names(&app, &token, "keyword=cademy").await.is_empty(),
        "the start of a word only"
    );
    assert_eq!(
        names(&app, &token, "keyword=%C3%A9lan").await,
        ["Élan Institute"]
    );
    assert_eq!(
        names(&app, &token, "keyword=100%25").await,
        Vec::<String>::new(),
        "% is a letter"
    );
    // In name order, to the end, a page at a time.
    let mut seen = Vec::new();
    let mut query = "limit=2".to_owned();
    loop {
        let (_, page) = call(
            &app,
            Method::GET,
            &format!("/v2/organizations?{query}"),
            Some(&token),
            &[],
        )
        .await;
        seen.extend(
            page["organizations"]
                .as_array()
                .unwrap()
                .iter()
                .map(|o| o["organizationName"].as_str().unwrap().to_lowercase()),
        );
        match page["next"].as_str() {
            Some(n) => query = format!("limit=2&start={n}"),
            None => break,
        }
    }
    let mut sorted = seen.clone();
    sorted.sort();
    assert_eq!(seen, sorted);
    assert!(seen.len() >= 5, "the world's school and the four: {seen:?}");
    assert!(!seen.contains(&"far school".to_owned()), "another site's");
    // Each with its primary contact, read for the whole page at once.
    let (_, found) = call(
        &app,
        Method::GET,
        "/v2/organizations?keyword=academy",
        Some(&token),
        &[],
    )
    .await;
    let contacts: Vec<&str> = found["organizations"]
        .as_array()
        .unwrap()
        .iter()
        .map(|o| o["primaryContact"]["emailAddress"].as_str().unwrap())
        .collect();
    assert_eq!(
        contacts,
        ["head0@example.org", "head2@example.org"],
        "{found}"
    );
    for (query, param) in [("start=not-a-token", "start"), ("limit=0", "limit")] {
        let (status, body) = call(
            &app,
            Method::GET,
            &format!("/v2/organizations?{query}"),
            Some(&token),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert!(
            body["messages"][0].as_str().unwrap().contains(param),
            "{body}"
        );
    }
    let sponsor = app.minted_token(CONFIDENTIAL, "sponsor@example.org").await;
    let (status, _) = call(&app, Method::GET, "/v2/organizations", Some(&sponsor), &[]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

async fn account(app: &TestApp, token: &str, id: &str) -> Value {
    let (status, body) = call(
        app,
        Method::GET,
        &format!("/v2/accounts/{id}"),
        Some(token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn accounts_join_move_and_leave_organizations(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    let path = "/v2/accounts/member@example.org/organization";
    let (status, body) = call(
        &app,
        Method::PUT,
        path,
        Some(&token),
        &[
            ("organizationId", "org-school"),
            ("role", "sponsor"),
            ("title", "Reading tutor"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let roles = body["roles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|r| r.as_str().unwrap())
        .collect::<Vec<_>>();
    assert!(
        roles.contains(&"organizationSponsor") && roles.contains(&"individualMember"),
        "{roles:?}"
    );
    // The school's sponsors, as the staff's pages list them, now include the new one.
    let (_, sponsors) = call(
        &app,
        Method::GET,
        "/v2/accounts?organizationId=org-school&role=organizationSponsor",
        Some(&token),
        &[],
    )
    .await;
    assert!(sponsors.to_string().contains("\"u-member\""), "{sponsors}");

    for (form, status_wanted) in [
        (
            vec![("organizationId", "org-elsewhere")],
            StatusCode::NOT_FOUND,
        ),
        (vec![("organizationId", "no-such")], StatusCode::NOT_FOUND),
        (
            vec![("organizationId", "org-school"), ("role", "boss")],
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let (status, body) = call(&app, Method::PUT, path, Some(&token), &form).await;
        assert_eq!(status, status_wanted, "{form:?}: {body}");
    }
    let (status, body) = call(
        &app,
        Method::PUT,
        "/v2/accounts/u-collection/organization",
        Some(&token),
        &[("organizationId", "org-school")],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "staff read through no organization: {body}"
    );
    let (status, body) = call(
        &app,
        Method::DELETE,
        "/v2/accounts/u-sponsor/organization",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "the primary contact stays: {body}"
    );
    assert!(
        body["messages"][0]
            .as_str()
            .unwrap()
            .contains("primary contact")
    );

    // A pupil out of the school: an individual member now, off the roster.
    let (status, body) = call(
        &app,
        Method::DELETE,
        "/v2/accounts/u-pupil/organization",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["roles"], serde_json::json!(["individualMember"]));
    assert!(body["rosterTag"].is_null());
    let (status, _) = call(
        &app,
        Method::DELETE,
        "/v2/accounts/u-pupil/organization",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "in no organization");
    let admin = app.minted_token(CONFIDENTIAL, "admin@example.org").await;
    let (_, changes) = call(
        &app,
        Method::GET,
        "/v2/accounts/u-pupil/changes",
        Some(&admin),
        &[],
    )
    .await;
    assert_eq!(
        changes["accountChanges"][0]["action"],
        "DELETE /v2/accounts/{userIdentifier}/organization"
    );
    assert_eq!(
        account(&app, &token, "u-pupil").await["roles"],
        serde_json::json!(["individualMember"])
    );
}
