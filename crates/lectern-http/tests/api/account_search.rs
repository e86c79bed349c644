//! What the staff's pages read that documents 2 and 3 leave out: the assistants' search for
//! accounts (`GET /v2/accounts`) and the proof-of-disability queue
//! (`/v2/proofOfDisabilitySubmissions`), each decision made once and recorded.

use std::collections::BTreeSet;

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::support::call_console as call;
use crate::support::*;

on_both_stores!(
    assistants_find_accounts_by_words_organization_and_role,
    the_account_search_pages_to_the_end_in_either_order,
    the_proof_queue_is_oldest_first_and_each_is_decided_once,
);

async fn ids(app: &TestApp, token: &str, query: &str) -> Vec<String> {
    let (status, body) = call(
        app,
        Method::GET,
        &format!("/v2/accounts?limit=100&{query}"),
        Some(token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{query}: {body}");
    body["userAccounts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["userAccountId"].as_str().unwrap().to_owned())
        .collect()
}

async fn assistants_find_accounts_by_words_organization_and_role(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    assert_eq!(ids(&app, &token, "keyword=stu").await, ["u-student"]);
    assert_eq!(
        ids(&app, &token, "keyword=STU").await,
        ["u-student"],
        "any case"
    );
    assert_eq!(
        ids(&app, &token, "keyword=Dent%20stu").await,
        ["u-student"],
        "every word"
    );
    assert!(ids(&app, &token, "keyword=dent%20zz").await.is_empty());
    assert!(
        ids(&app, &token, "keyword=tudent").await.is_empty(),
        "the start of a word only"
    );
    assert_eq!(
        ids(&app, &token, "keyword=member%40").await,
        ["u-member"],
        "a user name"
    );
    assert_eq!(
        ids(&app, &token, "role=collectionAssistant").await,
        ["u-collection"]
    );
    let school = ids(&app, &token, "organizationId=org-school").await;
    assert!(school.contains(&"u-student".to_owned()) && school.contains(&"u-sponsor".to_owned()));
    assert!(!school.contains(&"u-member".to_owned()));

    // Names beyond ASCII are found by their start whatever their case, on both engines.
    let (status, created) = call(
        &app,
        Method::POST,
        "/v2/accounts",
        Some(&token),
        &[
            ("firstName", "Zoë"),
            ("lastName", "Ångström"),
            ("emailAddress", "zoe@example.org"),
            ("country", "SE"),
            ("role", "volunteer"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{created}");
    let zoe = created["userAccountId"].as_str().unwrap().to_owned();
    assert_eq!(
        ids(&app, &token, "keyword=%C3%A5ngstr").await,
        std::slice::from_ref(&zoe)
    );
    assert_eq!(ids(&app, &token, "keyword=ZO%C3%8B").await, [zoe]);

    // Another site's accounts are not the assistant's; an administrator names the site.
    assert!(ids(&app, &token, "keyword=far").await.is_empty());
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/accounts?site=other",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let admin = app.minted_token(CONFIDENTIAL, "admin@example.org").await;
    assert!(
        ids(&app, &admin, "site=other")
            .await
            .contains(&"u-far-pupil".to_owned())
    );

    for (query, param) in [
        ("role=reader", "role"),
        ("sortOrder=grade", "sortOrder"),
        ("limit=0", "limit"),
    ] {
        let (status, body) = call(
            &app,
            Method::GET,
            &format!("/v2/accounts?{query}"),
            Some(&token),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
        assert!(
            body["messages"][0].as_str().unwrap().contains(param),
            "{query}: {body}"
        );
    }
    let sponsor = app.minted_token(CONFIDENTIAL, "sponsor@example.org").await;
    let (status, _) = call(&app, Method::GET, "/v2/accounts", Some(&sponsor), &[]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::GET,
        "/v2/accounts",
        Some(&app.token_of(MEMBERSHIP).await),
        &[],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "a key without membership privileges"
    );
}

/// Every page of the search in `query`'s order, as (last name, first name) in order read.
async fn every_page(
    app: &TestApp,
    token: &str,
    query: &str,
) -> (u64, Vec<(String, String, String)>) {
    let mut seen = Vec::new();
    let mut start: Option<String> = None;
    loop {
        let path = match &start {
            Some(s) => format!("/v2/accounts?limit=3&{query}&start={s}"),
            None => format!("/v2/accounts?limit=3&{query}"),
        };
        let (status, body) = call(app, Method::GET, &path, Some(token), &[]).await;
        assert_eq!(status, StatusCode::OK, "{body}");
        for a in body["userAccounts"].as_array().unwrap() {
            let name = |f: &str| a["name"][f].as_str().unwrap().to_lowercase();
            seen.push((
                name("lastName"),
                name("firstName"),
                a["userAccountId"].as_str().unwrap().to_owned(),
            ));
        }
        match body["next"].as_str() {
            Some(n) => start = Some(n.to_owned()),
            None => return (body["totalResults"].as_u64().unwrap(), seen),
        }
    }
}

async fn the_account_search_pages_to_the_end_in_either_order(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    let (total, by_last) = every_page(&app, &token, "").await;
    assert_eq!(by_last.len() as u64, total);
    assert!(
        total > 6,
        "the world's first site has its staff and readers"
    );
    let unique: BTreeSet<&String> = by_last.iter().map(|a| &a.2).collect();
    assert_eq!(unique.len(), by_last.len(), "none twice");
    assert!(
        by_last
            .windows(2)
            .all(|w| (&w[0].0, &w[0].1) <= (&w[1].0, &w[1].1))
    );

    let (_, by_first_desc) = every_page(&app, &token, "sortOrder=firstName&direction=desc").await;
    assert_eq!(by_first_desc.len(), by_last.len());
    assert!(
        by_first_desc
            .windows(2)
            .all(|w| (&w[0].1, &w[0].0) >= (&w[1].1, &w[1].0))
    );

    let (_, first) = call(&app, Method::GET, "/v2/accounts?limit=1", Some(&token), &[]).await;
    let next = first["next"].as_str().unwrap();
    let (status, body) = call(
        &app,
        Method::GET,
        &format!("/v2/accounts?limit=1&sortOrder=firstName&start={next}"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "a token of another order: {body}"
    );
}

async fn queue(app: &TestApp, token: &str, query: &str) -> Value {
    let (status, body) = call(
        app,
        Method::GET,
        &format!("/v2/proofOfDisabilitySubmissions?{query}"),
        Some(token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn the_proof_queue_is_oldest_first_and_each_is_decided_once(backend: Backend) {
    let app = TestApp::start(backend).await;
    let volunteer = app.token_of("volunteer@example.org").await;
    let (status, body) = call_as(
        &app,
        TRUSTED,
        Method::POST,
        "/v2/myAccount/proofOfDisability",
        Some(&volunteer),
        &[
            ("organizationName", "Talking Books"),
            ("membershipId", "N-1"),
            ("proofSource", "nls"),
            ("disabilityType", "visual"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");

    let token = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    let all = queue(&app, &token, "").await;
    let items = all["proofOfDisabilitySubmissions"].as_array().unwrap();
    let whose: Vec<&str> = items
        .iter()
        .map(|s| s["userAccountId"].as_str().unwrap())
        .collect();
    assert_eq!(whose.last(), Some(&"u-volunteer"), "the newest last: {all}");
    assert!(
        whose.contains(&"u-student"),
        "the fixture's submission, older"
    );
    assert_eq!(all["totalResults"], items.len());
    let theirs = items.last().unwrap();
    assert_eq!(theirs["proofSource"], "nls");
    assert_eq!(theirs["disabilityTypes"], serde_json::json!(["visual"]));
    assert!(theirs["note"].as_str().unwrap().contains("Talking Books"));

    // One at a time, to the end.
    let mut paged = Vec::new();
    let mut query = "limit=1".to_owned();
    loop {
        let page = queue(&app, &token, &query).await;
        paged.push(page["proofOfDisabilitySubmissions"][0]["submissionId"].clone());
        match page["next"].as_str() {
            Some(n) => query = format!("limit=1&start={n}"),
            None => break,
        }
    }
    let listed: Vec<Value> = items.iter().map(|s| s["submissionId"].clone()).collect();
    assert_eq!(paged, listed);

    // Approved with what was submitted: the disability recorded, the proof active at once.
    let decide = format!(
        "/v2/proofOfDisabilitySubmissions/{}",
        theirs["submissionId"].as_str().unwrap()
    );
    for (form, param) in [
        (vec![("decision", "maybe")], "decision"),
        (vec![("decision", "refused")], "note"),
        (vec![("decision", "approved")], "note"),
        (vec![("decision", "approved"), ("note", " ")], "note"),
        (
            vec![("decision", "refused"), ("note", &"x".repeat(1001))],
            "note",
        ),
    ] {
        let (status, body) = call(&app, Method::POST, &decide, Some(&token), &form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{form:?}");
        assert!(
            body["messages"][0].as_str().unwrap().contains(param),
            "{body}"
        );
    }
    let sponsor = app.minted_token(CONFIDENTIAL, "sponsor@example.org").await;
    let (status, _) = call(
        &app,
        Method::POST,
        &decide,
        Some(&sponsor),
        &[("decision", "approved")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = call(
        &app,
        Method::POST,
        &decide,
        Some(&token),
        &[("decision", "approved"), ("note", "Card seen")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        body["disabilities"],
        serde_json::json!([{"disabilityType": "visual", "proofSource": "nls"}])
    );
    let (_, account) = call(
        &app,
        Method::GET,
        "/v2/accounts/u-volunteer",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(account["proofOfDisabilityStatus"], "active");
    let (status, _) = call(
        &app,
        Method::POST,
        &decide,
        Some(&token),
        &[("decision", "refused"), ("note", "No")],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "decided once");

    // The fixture's submission names nothing: approving it needs both, each asked for by name.
    let decide = "/v2/proofOfDisabilitySubmissions/u-student-submission";
    for (form, param) in [
        (
            vec![("decision", "approved"), ("note", "Seen")],
            "disabilityType",
        ),
        (
            vec![
                ("decision", "approved"),
                ("note", "Seen"),
                ("disabilityType", "visual"),
            ],
            "proofSource",
        ),
    ] {
        let (status, body) = call(&app, Method::POST, decide, Some(&token), &form).await;
        assert_eq!(status, StatusCode::CONFLICT, "{form:?}: {body}");
        assert!(
            body["messages"][0].as_str().unwrap().contains(param),
            "{body}"
        );
    }

    // Refused with a note: the member's proof is missing again, and the decision recorded.
    let (status, body) = call(
        &app,
        Method::POST,
        decide,
        Some(&token),
        &[("decision", "refused"), ("note", "The scan is unreadable")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["disabilities"], serde_json::json!([]));
    let (_, student) = call(
        &app,
        Method::GET,
        "/v2/accounts/u-student",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(student["proofOfDisabilityStatus"], "missing");
    let admin = app.minted_token(CONFIDENTIAL, "admin@example.org").await;
    let (_, changes) = call(
        &app,
        Method::GET,
        "/v2/accounts/u-student/changes",
        Some(&admin),
        &[],
    )
    .await;
    let last = &changes["accountChanges"][0];
    assert_eq!(last["personName"], MEMBERSHIP, "{changes}");
    assert_eq!(last["after"]["decision"], "refused");
    assert_eq!(last["after"]["note"], "The scan is unreadable");
    let rest = queue(&app, &token, "").await;
    assert_eq!(
        rest["totalResults"].as_u64().unwrap() as usize,
        items.len() - 2
    );
}
