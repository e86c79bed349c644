//! The member's proof of disability (another organization's membership, a competent
//! authority's confirmation), student and individual profiles, referrals, and the record of
//! changes administrators read.

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::support::*;

on_both_stores!(
    proof_by_another_organizations_membership,
    a_competent_authority_confirms_by_the_mailed_number,
    student_profiles_and_becoming_an_individual_member,
    referrals_are_recorded_for_privileged_keys,
    administrators_read_the_changes_made_to_an_account,
    partner_drives_are_connected_refreshed_and_forgotten,
);

async fn member(
    app: &TestApp,
    method: Method,
    path: &str,
    token: &str,
    form: &[(&str, &str)],
) -> (StatusCode, Value) {
    call_as(app, TRUSTED, method, path, Some(token), form).await
}

async fn proof_by_another_organizations_membership(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_of("volunteer@example.org").await;
    let path = "/v2/myAccount/proofOfDisability";
    for form in [
        vec![
            ("organizationName", "Talking Books"),
            ("proofSource", "nls"),
        ],
        vec![
            ("organizationName", "Talking Books"),
            ("membershipId", "N-1"),
            ("proofSource", "faxed"),
        ],
        vec![
            ("organizationName", "Talking Books"),
            ("membershipId", "N-1"),
            ("proofSource", "nls"),
            ("disabilityType", "hearing"),
        ],
    ] {
        let (status, body) = member(&app, Method::POST, path, &token, &form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{form:?}: {body}");
    }
    let (status, list) = member(
        &app,
        Method::POST,
        path,
        &token,
        &[
            ("organizationName", "Talking Books"),
            ("membershipId", "N-1"),
            ("proofSource", "nls"),
            ("disabilityType", "visual"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{list}");
    let note = list["proofOfDisabilitySubmissions"][0]["note"]
        .as_str()
        .unwrap();
    assert!(
        note.contains("Talking Books") && note.contains("N-1") && note.contains("visual"),
        "{note}"
    );
    let (_, summary) = app.my_account(TRUSTED, &token).await;
    assert_eq!(summary["proofOfDisabilityStatus"], "submitted");
    // An assistant checks it and records the disability: the submission is closed.
    let assistant = app
        .minted_token(CONFIDENTIAL, "membership@example.org")
        .await;
    let (status, list) = call_as(
        &app,
        CONFIDENTIAL,
        Method::POST,
        "/v2/accounts/volunteer@example.org/pod",
        Some(&assistant),
        &[("disabilityType", "visual"), ("proofSource", "nls")],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED);
    assert_eq!(list["proofOfDisabilitySubmissions"], serde_json::json!([]));
    let (_, summary) = app.my_account(TRUSTED, &token).await;
    assert_eq!(summary["proofOfDisabilityStatus"], "active");
    let (status, _) = call_as(&app, TRUSTED, Method::POST, path, None, &[]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn a_competent_authority_confirms_by_the_mailed_number(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_of("volunteer@example.org").await;
    let path = "/v2/myAccount/proofOfDisabilityRequest";
    let (status, _) = member(
        &app,
        Method::POST,
        path,
        &token,
        &[("emailAddress", "not an address")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, list) = member(
        &app,
        Method::POST,
        path,
        &token,
        &[("emailAddress", "dr.who@clinic.example")],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{list}");
    let (_, summary) = app.my_account(TRUSTED, &token).await;
    assert_eq!(summary["proofOfDisabilityStatus"], "submitted");
    // The request waits in the outbox; its number is the authority's only key.
    let mail = lectern_store::outbox::to_recipient(app.store.reads(), "dr.who@clinic.example")
        .await
        .unwrap();
    assert_eq!(mail.len(), 1);
    assert!(mail[0].subject.contains("Vol"), "{}", mail[0].subject);
    let record = mail[0]
        .body
        .split("request number is ")
        .nth(1)
        .unwrap()
        .split_whitespace()
        .next()
        .unwrap()
        .to_owned();
    let read = format!("/v2/competentAuthority/{record}");
    let (status, _) = call_as(&app, TRUSTED, Method::GET, &read, None, &[]).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "only the library's own applications"
    );
    let (status, _) = call_as(
        &app,
        CONFIDENTIAL,
        Method::GET,
        "/v2/competentAuthority/guess",
        None,
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, request) = call_as(&app, CONFIDENTIAL, Method::GET, &read, None, &[]).await;
    assert_eq!(status, StatusCode::OK, "{request}");
    assert_eq!(request["userAccountId"], "u-volunteer");
    assert_eq!(request["confirmed"], false);
    let confirm = request["links"][0]["href"]
        .as_str()
        .unwrap()
        .strip_prefix(&app.url(""))
        .unwrap()
        .to_owned();
    for (form, expected) in [
        (
            vec![("recordIdentifier", record.as_str())],
            StatusCode::BAD_REQUEST,
        ),
        (
            vec![("recordIdentifier", "guess"), ("disabilityType", "visual")],
            StatusCode::NOT_FOUND,
        ),
        (
            vec![
                ("recordIdentifier", record.as_str()),
                ("disabilityType", "telepathic"),
            ],
            StatusCode::BAD_REQUEST,
        ),
    ] {
        let (status, body) = call_as(&app, CONFIDENTIAL, Method::POST, &confirm, None, &form).await;
        assert_eq!(status, expected, "{form:?}: {body}");
    }
    // Another member's path with this number is not this request.
    let (status, _) = call_as(
        &app,
        CONFIDENTIAL,
        Method::POST,
        "/v2/competentAuthority/member@example.org",
        None,
        &[
            ("recordIdentifier", record.as_str()),
            ("disabilityType", "visual"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let form = [
        ("recordIdentifier", record.as_str()),
        ("disabilityType", "visual"),
        ("disabilityType", "learning"),
    ];
    let (status, list) = call_as(&app, CONFIDENTIAL, Method::POST, &confirm, None, &form).await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["disabilities"].as_array().unwrap().len(), 2);
    assert_eq!(list["disabilities"][0]["proofSource"], "faxed");
    let (_, summary) = app.my_account(TRUSTED, &token).await;
    assert_eq!(summary["proofOfDisabilityStatus"], "active");
    let (status, _) = call_as(&app, CONFIDENTIAL, Method::POST, &confirm, None, &form).await;
    assert_eq!(status, StatusCode::CONFLICT, "answered once");
}

async fn student_profiles_and_becoming_an_individual_member(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = app.token_of("member@example.org").await;
    let path = "/v2/myAccount/studentProfile";
    let (status, profile) = member(&app, Method::GET, path, &token, &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        profile["activeSubscription"]["subscriptionId"].is_string(),
        "{profile}"
    );
    assert_eq!(profile["allows"], serde_json::json!(["PUT", "DELETE"]));
    let (status, profile) = member(
        &app,
        Method::PUT,
        path,
        &token,
        &[("schoolName", "Hill School"), ("grade", "07")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    assert_eq!(profile["schoolName"], "Hill School");
    let (_, summary) = app.my_account(TRUSTED, &token).await;
    assert_eq!(summary["studentSummary"]["grade"], "07");
    let (status, _) = member(
        &app,
        Method::PUT,
        path,
        &token,
        &[("grade", "seventh grade")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, profile) = member(&app, Method::DELETE, path, &token, &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(profile["schoolName"].is_null() && profile["grade"].is_null());
    // An organization member's school is the organization's to keep; they may leave it.
    let student = app.token_of("student@example.org").await;
    let (status, _) = member(&app, Method::PUT, path, &student, &[("grade", "06")]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = member(
        &app,
        Method::POST,
        "/v2/myAccount/individualProfile",
        &student,
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body["messages"].to_string().contains("dateOfBirth"));
    let (status, body) = member(
        &app,
        Method::POST,
        "/v2/myAccount/individualProfile",
        &student,
        &[("dateOfBirth", "2008-01-01"), ("country", "US")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["roles"], serde_json::json!(["individualMember"]));
    assert!(body["organizationId"].is_null());
    let (status, _) = member(
        &app,
        Method::POST,
        "/v2/myAccount/individualProfile",
        &token,
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

async fn referrals_are_recorded_for_privileged_keys(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (status, body) = call_as(
        &app,
        CONFIDENTIAL,
        Method::POST,
        "/v2/utm",
        None,
        &[("utm_source", "newsletter"), ("utm_campaign", "autumn")],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["key"], "SUCCESS");
    let (status, _) = call_as(
        &app,
        CONFIDENTIAL,
        Method::POST,
        "/v2/utm",
        None,
        &[("utm_medium", "mail")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::POST,
        "/v2/utm",
        None,
        &[("utm_source", "x")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let counts = lectern_store::utm::counts_by_source(app.store.reads())
        .await
        .unwrap();
    assert_eq!(counts, [("newsletter".to_owned(), 1)]);
}

async fn administrators_read_the_changes_made_to_an_account(backend: Backend) {
    let app = TestApp::start(backend).await;
    let assistant = app
        .minted_token(CONFIDENTIAL, "membership@example.org")
        .await;
    for name in ["One", "Two"] {
        let (status, _) = call_as(
            &app,
            CONFIDENTIAL,
            Method::PUT,
            "/v2/accounts/member@example.org",
            Some(&assistant),
            &[("firstName", name)],
        )
        .await;
        assert_eq!(status, StatusCode::OK);
    }
    let path = "/v2/accounts/member@example.org/changes";
    let (status, _) = call_as(&app, CONFIDENTIAL, Method::GET, path, Some(&assistant), &[]).await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "assistants do not read the record of their own changes"
    );
    let admin = app.minted_token(CONFIDENTIAL, "admin@example.org").await;
    let (status, page1) = call_as(
        &app,
        CONFIDENTIAL,
        Method::GET,
        &format!("{path}?limit=1"),
        Some(&admin),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{page1}");
    assert_eq!(page1["totalResults"], 2);
    let change = &page1["accountChanges"][0];
    assert_eq!(change["personName"], "membership@example.org");
    assert_eq!(change["after"]["name"]["firstName"], "Two");
    assert_eq!(change["before"]["name"]["firstName"], "One");
    let next = page1["next"].as_str().unwrap();
    let (_, page2) = call_as(
        &app,
        CONFIDENTIAL,
        Method::GET,
        &format!("{path}?limit=1&start={next}"),
        Some(&admin),
        &[],
    )
    .await;
    assert_eq!(
        page2["accountChanges"][0]["after"]["name"]["firstName"],
        "One"
    );
    assert!(page2["next"].is_null());
}

async fn partner_drives_are_connected_refreshed_and_forgotten(backend: Backend) {
    // Without a partner drive set up there is nothing to connect.
    let plain = TestApp::start(backend).await;
    let token = plain.minted_token(CONFIDENTIAL, "member@example.org").await;
    let (status, _) = call_as(
        &plain,
        CONFIDENTIAL,
        Method::POST,
        "/v2/partnerAccessToken",
        Some(&token),
        &[("code", "good"), ("redirectUri", "app:/drive")],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    drop(plain);

    let app = app_with_drive(backend, &[]).await;
    let token = app.minted_token(CONFIDENTIAL, "member@example.org").await;
    let path = "/v2/partnerAccessToken";
    let (status, _) = call_as(&app, CONFIDENTIAL, Method::POST, path, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND, "nothing connected yet");
    let (status, body) = call_as(
        &app,
        CONFIDENTIAL,
        Method::POST,
        path,
        Some(&token),
        &[("code", "good")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("redirectUri"));
    let (status, body) = call_as(
        &app,
        CONFIDENTIAL,
        Method::POST,
        path,
        Some(&token),
        &[("code", "stolen"), ("redirectUri", "app:/drive")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("invalid_grant"));
    let (status, body) = call_as(
        &app,
        CONFIDENTIAL,
        Method::POST,
        path,
        Some(&token),
        &[("code", "good"), ("redirectUri", "app:/drive")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["accessToken"], "drive-a1");
    // That token runs out within the minute: asked again, Lectern refreshes it.
    let (status, body) = call_as(&app, CONFIDENTIAL, Method::POST, path, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["accessToken"], "drive-a2");
    let (_, again) = call_as(&app, CONFIDENTIAL, Method::POST, path, Some(&token), &[]).await;
    assert_eq!(
        again["accessToken"], "drive-a2",
        "a token good for the hour is handed out again"
    );
    // Only the library's own applications, for a signed-in member.
    let unprivileged = app.token_of("member@example.org").await;
    let (status, _) = call_as(&app, TRUSTED, Method::POST, path, Some(&unprivileged), &[]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call_as(&app, CONFIDENTIAL, Method::POST, path, None, &[]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, body) = call_as(&app, CONFIDENTIAL, Method::DELETE, path, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let (status, _) = call_as(&app, CONFIDENTIAL, Method::DELETE, path, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call_as(&app, CONFIDENTIAL, Method::POST, path, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
