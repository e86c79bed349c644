//! Assigned titles: sponsors and membership assistants assign titles to organization members,
//! members read theirs, and an organization that limits downloads to them lets exactly those
//! through; downloading for a member applies the member's rules.

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use crate::support::call_reader as call;
use crate::support::*;

on_both_stores!(
    sponsors_assign_titles_and_members_read_them,
    who_may_assign_titles,
    assigned_titles_lift_the_organizations_limit,
    downloading_for_a_member_applies_the_members_rules,
);

fn service_ids(body: &Value) -> Vec<String> {
    body["titles"]
        .as_array()
        .unwrap_or_else(|| panic!("no titles: {body}"))
        .iter()
        .map(|t| t["serviceId"].as_str().unwrap().to_owned())
        .collect()
}

async fn sponsors_assign_titles_and_members_read_them(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let sponsor = app.token_of("sponsor@example.org").await;
    let path = "/v2/assignedTitles/student@example.org";
    for title in ["t-road", "t-pride", "t-road"] {
        let (status, body) = call(
            &app,
            Method::POST,
            path,
            Some(&sponsor),
            &[("serviceId", title)],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (_, body) = call(
        &app,
        Method::GET,
        &format!("{path}?sortOrder=title"),
        Some(&sponsor),
        &[],
    )
    .await;
    assert_eq!(
        service_ids(&body),
        ["t-pride", "t-road"],
        "assigned once each"
    );
    assert_eq!(body["totalResults"], 2);
    assert_eq!(body["allows"], serde_json::json!(["POST"]));
    let first = &body["titles"][0];
    assert_eq!(first["assignedBy"], "Spo Nsor");
    assert!(first["dateAssigned"].is_string());
    assert_eq!(first["dateDownloaded"], Value::Null);
    assert!(first["title"].is_string(), "a title summary: {first}");
    // Paged to the end, in each order.
    for order in [
        "title",
        "author",
        "assigner",
        "assignedDate",
        "downloadDate",
    ] {
        let mut seen = Vec::new();
        let mut next: Option<String> = None;
        loop {
            let start = next
                .as_ref()
                .map(|n| format!("&start={n}"))
                .unwrap_or_default();
            let (status, page) = call(
                &app,
                Method::GET,
                &format!("{path}?sortOrder={order}&direction=desc&limit=1{start}"),
                Some(&sponsor),
                &[],
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{order}: {page}");
            seen.extend(service_ids(&page));
            match page["next"].as_str() {
                Some(n) => next = Some(n.to_owned()),
                None => break,
            }
        }
        seen.sort();
        assert_eq!(seen, ["t-pride", "t-road"], "{order}");
    }
    // The member reads their own.
    let student = app.token_of("student@example.org").await;
    let (status, mine) = call(
        &app,
        Method::GET,
        "/v2/myAssignedTitles?sortOrder=title",
        Some(&student),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    assert_eq!(service_ids(&mine), ["t-pride", "t-road"]);
    assert_eq!(mine["allows"], Value::Null);
    // Taken back; once.
    let (status, left) = call(
        &app,
        Method::DELETE,
        &format!("{path}/t-road"),
        Some(&sponsor),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{left}");
    assert_eq!(service_ids(&left), ["t-pride"]);
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("{path}/t-road"),
        Some(&sponsor),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // Bad input is named.
    for (form, param) in [
        (vec![("serviceId", "t-unfinished")], "serviceId"),
        (vec![("serviceId", "no-such-title")], "serviceId"),
        (vec![], "serviceId"),
    ] {
        let (status, body) = call(&app, Method::POST, path, Some(&sponsor), &form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
        assert!(body.to_string().contains(param), "{body}");
    }
    for query in ["sortOrder=rating", "direction=up", "start=garbage"] {
        let (status, _) = call(
            &app,
            Method::GET,
            &format!("{path}?{query}"),
            Some(&sponsor),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}");
    }
}

async fn who_may_assign_titles(backend: Backend) {
    let app = TestApp::start(backend).await;
    let path = "/v2/assignedTitles/u-student";
    for (role, user, _) in USERS {
        let token = app.minted_token(CONFIDENTIAL, user).await;
        let (status, body) =
            call_as(&app, CONFIDENTIAL, Method::GET, path, Some(&token), &[]).await;
        if matches!(
            role,
            "organizationSponsor" | "membershipAssistant" | "administrator"
        ) {
            assert_eq!(status, StatusCode::OK, "{role}: {body}");
        } else {
            assert_eq!(status, StatusCode::FORBIDDEN, "{role}: {body}");
        }
    }
    // Assistants need a key with membership privileges; sponsors do not.
    let assistant = app.token_of("membership@example.org").await;
    let (status, _) = call(&app, Method::GET, path, Some(&assistant), &[]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let sponsor = app.token_of("sponsor@example.org").await;
    let (status, _) = call(&app, Method::GET, path, Some(&sponsor), &[]).await;
    assert_eq!(status, StatusCode::OK);
    // Another organization's member, an individual member, nobody: not there.
    for who in ["u-far-pupil", "u-member", "nobody"] {
        let (status, _) = call(
            &app,
            Method::GET,
            &format!("/v2/assignedTitles/{who}"),
            Some(&sponsor),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{who}");
    }
    let (status, _) = call(&app, Method::GET, path, None, &[]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let member = app.token_of("member@example.org").await;
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/myAssignedTitles",
        Some(&member),
        &[],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "an individual member has no assignments"
    );
}

async fn assigned_titles_lift_the_organizations_limit(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let (_, pupil) = good_pupil(&app).await;
    let assistant = app
        .minted_token(CONFIDENTIAL, "membership@example.org")
        .await;
    let (status, _) = call_as(
        &app,
        CONFIDENTIAL,
        Method::PUT,
        "/v2/organizations/org-school",
        Some(&assistant),
        &[("allowSearchDownloads", "false")],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(errors_on_road(&app, &pupil).await, ["ASSIGNED_TITLES_ONLY"]);
    assert_eq!(download_status(&app, &pupil).await, StatusCode::FORBIDDEN);
    let sponsor = app.token_of("sponsor@example.org").await;
    let (status, body) = call(
        &app,
        Method::POST,
        "/v2/assignedTitles/gus@hill.example",
        Some(&sponsor),
        &[("serviceId", "t-road")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(errors_on_road(&app, &pupil).await, Vec::<String>::new());
    assert_eq!(download_status(&app, &pupil).await, StatusCode::ACCEPTED);
    let (_, mine) = call(
        &app,
        Method::GET,
        "/v2/myAssignedTitles?sortOrder=downloadDate",
        Some(&pupil),
        &[],
    )
    .await;
    assert!(mine["titles"][0]["dateDownloaded"].is_string(), "{mine}");
}

async fn downloading_for_a_member_applies_the_members_rules(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let (id, _) = good_pupil(&app).await;
    let admin = app.minted_token(CONFIDENTIAL, "admin@example.org").await;
    // The adult title is visible to the administrator, not to the pupil, a minor.
    let (status, _) = call_as(
        &app,
        CONFIDENTIAL,
        Method::GET,
        "/v2/titles/t-night",
        Some(&admin),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = call_as(
        &app,
        CONFIDENTIAL,
        Method::GET,
        &format!("/v2/titles/t-night/EPUB3?forUser={id}"),
        Some(&admin),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN, "{body}");
    let sponsor = app.token_of("sponsor@example.org").await;
    let resp = app
        .get(&format!(
            "/v2/titles/t-road/EPUB3?api_key={TRUSTED}&forUser={id}"
        ))
        .bearer_auth(&sponsor)
        .send()
        .await
        .unwrap();
    assert_eq!(resp.status(), StatusCode::ACCEPTED);
}
