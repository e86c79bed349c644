//! The membership assistant's door to organizations (document 3): organizations with their
//! primary contacts, their members, and their settings reaching the members' access rules.

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::json as j;

use crate::support::call_console as call;
use crate::support::*;

on_both_stores!(
    who_may_use_the_organization_door,
    assistants_create_organizations_with_their_primary_contact,
    organization_fields_are_checked_and_named,
    assistants_change_organizations_and_their_primary_contact,
    assistants_add_members,
    organization_settings_reach_the_members_at_once,
    safe_search_follows_the_organization_unless_a_sponsor_chose,
    changes_at_once_from_both_doors_keep_each_others_fields,
);

async fn assistant(app: &TestApp) -> String {
    app.minted_token(CONFIDENTIAL, MEMBERSHIP).await
}

const NEW_SCHOOL: [(&str, &str); 10] = [
    ("organizationName", "Vale Academy"),
    ("address1", "1 Vale Road"),
    ("city", "Springfield"),
    ("country", "US"),
    ("postalCode", "12345"),
    ("organizationType", "school"),
    ("contactFirstName", "Pat"),
    ("contactLastName", "Head"),
    ("contactTitle", "Head teacher"),
    ("contactEmailAddress", "pat@vale.example"),
];

async fn who_may_use_the_organization_door(backend: Backend) {
    let app = TestApp::start(backend).await;
    for (role, user, _) in USERS {
        let token = app.minted_token(CONFIDENTIAL, user).await;
        let (status, body) = call(
            &app,
            Method::GET,
            "/v2/organizations/org-school",
            Some(&token),
            &[],
        )
        .await;
        if matches!(role, "membershipAssistant" | "administrator") {
            assert_eq!(status, StatusCode::OK, "{role}: {body}");
            assert_eq!(body["organizationName"], "Hill School");
            assert_eq!(body["allows"], j!(["PUT"]));
        } else {
            assert_eq!(status, StatusCode::FORBIDDEN, "{role}: {body}");
        }
        let (status, _) = call(
            &app,
            Method::POST,
            "/v2/organizations",
            Some(&token),
            &NEW_SCHOOL,
        )
        .await;
        if !matches!(role, "membershipAssistant" | "administrator") {
            assert_eq!(
                status,
                StatusCode::FORBIDDEN,
                "{role} created an organization"
            );
        }
    }
    // A key without membership privileges; a guest; another site's organization.
    let on_trusted = app.minted_token(TRUSTED, MEMBERSHIP).await;
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::GET,
        "/v2/organizations/org-school",
        Some(&on_trusted),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call(&app, Method::GET, "/v2/organizations/org-school", None, &[]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let token = assistant(&app).await;
    for method in [Method::GET, Method::PUT] {
        let (status, body) = call(
            &app,
            method.clone(),
            "/v2/organizations/org-elsewhere",
            Some(&token),
            &[("city", "Nowhere")],
        )
        .await;
        assert_eq!(status, StatusCode::NOT_FOUND, "{method}: {body}");
    }
    let admin = app.minted_token(CONFIDENTIAL, "admin@example.org").await;
    let (status, body) = call(
        &app,
        Method::GET,
        "/v2/organizations/org-elsewhere",
        Some(&admin),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["site"], "other");
}

async fn assistants_create_organizations_with_their_primary_contact(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = assistant(&app).await;
    let resp = app
        .post(&format!("/v2/organizations?api_key={CONFIDENTIAL}"))
        .bearer_auth(&token)
        .form(&NEW_SCHOOL)
        .send()
        .await
        .unwrap();
    let location = resp.headers()["location"].to_str().unwrap().to_owned();
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["organizationId"].as_str().unwrap();
    assert!(
        location.ends_with(&format!("/v2/organizations/{id}")),
        "{location}"
    );
    assert_eq!(body["site"], "main");
    assert_eq!(body["subscriptionType"], "organization");
    assert_eq!(body["address"]["city"], "Springfield");
    assert_eq!(body["hasOrgAgreement"], false);
    assert_eq!(body["safeSearch"], true);
    assert_eq!(body["numBooksAllowed"], "unlimited");
    let contact = &body["primaryContact"];
    assert_eq!(contact["name"]["firstName"], "Pat");
    assert_eq!(contact["title"], "Head teacher");
    assert_eq!(contact["roles"], j!(["organizationSponsor"]));
    // The contact's user name is taken now; the same again is a conflict.
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/userNames/pat@vale.example",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = call(
        &app,
        Method::POST,
        "/v2/organizations",
        Some(&token),
        &NEW_SCHOOL,
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        error_message(&body, "CONFLICT").contains("contactEmailAddress"),
        "{body}"
    );
    // The GET answers what the POST did.
    let (status, read) = call(
        &app,
        Method::GET,
        &format!("/v2/organizations/{id}"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(
        read["primaryContact"]["userAccountId"],
        contact["userAccountId"]
    );
    // Only administrators choose the site.
    let mut elsewhere: Vec<(&str, &str)> = NEW_SCHOOL.to_vec();
    elsewhere[9] = ("contactEmailAddress", "kim@far.example");
    elsewhere.push(("site", "other"));
    let (status, body) = call(
        &app,
        Method::POST,
        "/v2/organizations",
        Some(&token),
        &elsewhere,
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.to_string().contains("site"), "{body}");
    let admin = app.minted_token(CONFIDENTIAL, "admin@example.org").await;
    let (status, body) = call(
        &app,
        Method::POST,
        "/v2/organizations",
        Some(&admin),
        &elsewhere,
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["site"], "other");
}

async fn organization_fields_are_checked_and_named(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = assistant(&app).await;
    let (status, body) = call(
        &app,
        Method::POST,
        "/v2/organizations",
        Some(&token),
        &[("city", "X")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let text = body.to_string();
    for param in [
        "organizationName",
        "address1",
        "country",
        "postalCode",
        "organizationType",
        "contactFirstName",
        "contactLastName",
        "contactTitle",
        "contactEmailAddress",
    ] {
        assert!(text.contains(param), "{param} is not named: {body}");
    }
    let mut bad: Vec<(&str, &str)> = NEW_SCHOOL.to_vec();
    bad[3] = ("country", "Narnia");
    bad[5] = ("organizationType", "castle");
    bad[9] = ("contactEmailAddress", "not an address");
    let (status, body) = call(&app, Method::POST, "/v2/organizations", Some(&token), &bad).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let text = body.to_string();
    for param in ["country", "organizationType", "contactEmailAddress"] {
        assert!(text.contains(param), "{param} is not named: {body}");
    }
    // A website is shown as a link: only an http or https address.
    for website in [
        "javascript:alert(document.cookie)",
        "data:text/html,hi",
        "hill.example",
    ] {
        let mut bad: Vec<(&str, &str)> = NEW_SCHOOL.to_vec();
        bad.push(("website", website));
        let (status, body) =
            call(&app, Method::POST, "/v2/organizations", Some(&token), &bad).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{website}: {body}");
        assert!(body.to_string().contains("website"), "{body}");
    }
    let mut bad: Vec<(&str, &str)> = NEW_SCHOOL.to_vec();
    bad.push(("subscriptionType", "lifetime"));
    let (status, body) = call(&app, Method::POST, "/v2/organizations", Some(&token), &bad).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.to_string().contains("subscriptionType"), "{body}");
    for (param, value) in [("numBooksAllowed", "150"), ("suspended", "maybe")] {
        let (status, body) = call(
            &app,
            Method::PUT,
            "/v2/organizations/org-school",
            Some(&token),
            &[(param, value)],
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{param}: {body}");
        assert!(body.to_string().contains(param), "{body}");
    }
    // Nothing was written by the refusals.
    let (_, school) = call(
        &app,
        Method::GET,
        "/v2/organizations/org-school",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(school["suspended"], false);
    assert_eq!(school["numBooksAllowed"], "unlimited");
}

async fn assistants_change_organizations_and_their_primary_contact(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = assistant(&app).await;
    let (status, body) = call(
        &app,
        Method::PUT,
        "/v2/organizations/org-school",
        Some(&token),
        &[
            ("organizationName", "Hill Grammar"),
            ("agreementSigned", "true"),
            ("riderSigned", "true"),
            ("canDownloadNIMAC", "true"),
            ("canCreateUsers", "false"),
            ("unreported", "true"),
            ("numBooksAllowed", "200"),
            ("notes", "Renewed in person"),
            ("servicePlus", "false"),
            ("safeSearch", "false"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["organizationName"], "Hill Grammar");
    assert_eq!(body["hasOrgAgreement"], true);
    assert_eq!(body["hasRider"], true);
    assert_eq!(body["canDownloadNIMAC"], true);
    assert_eq!(body["canCreateUsers"], false);
    assert_eq!(body["unreported"], true);
    assert_eq!(body["numBooksAllowed"], "200");
    assert_eq!(body["notes"], "Renewed in person");
    assert_eq!(body["hasServicePlus"], false);
    assert_eq!(body["safeSearch"], false);
    assert_eq!(body["address"]["city"], "Leeds", "fields not sent are kept");
    assert_eq!(body["primaryContact"]["userAccountId"], "u-sponsor");

    // The primary contact is one of the organization's sponsors.
    let path = "/v2/organizations/org-school/primaryContact";
    for who in ["student@example.org", "u-elsewhere", "nobody@example.org"] {
        let (status, body) = call(
            &app,
            Method::PUT,
            path,
            Some(&token),
            &[("userIdentifier", who)],
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{who}: {body}");
        assert!(body.to_string().contains("userIdentifier"), "{body}");
    }
    let (status, body) = call(&app, Method::PUT, path, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let second = add_second_sponsor(&app).await;
    let (status, body) = call(
        &app,
        Method::PUT,
        path,
        Some(&token),
        &[("userIdentifier", "sam@hill.example")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["userAccountId"], second["userAccountId"]);
    assert_eq!(body["title"], "SENCo");
    let (_, school) = call(
        &app,
        Method::GET,
        "/v2/organizations/org-school",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(
        school["primaryContact"]["userAccountId"],
        second["userAccountId"]
    );
}

async fn assistants_add_members(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = assistant(&app).await;
    let path = "/v2/organizations/org-school/members";
    let resp = app
        .post(&format!("{path}?api_key={CONFIDENTIAL}"))
        .bearer_auth(&token)
        .form(&[
            ("firstName", "Ada"),
            ("lastName", "Byron"),
            ("dateOfBirth", "2014-03-01"),
            ("grade", "05"),
            ("username", "ada@hill.example"),
            ("password", "ada-pass-12"),
            ("disabilityType", "visual"),
            ("disabilityType", "learning"),
            ("disabilityPlan", "iep"),
        ])
        .send()
        .await
        .unwrap();
    let location = resp.headers()["location"].to_str().unwrap().to_owned();
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["userAccountId"].as_str().unwrap();
    assert!(
        location.ends_with(&format!("/v2/accounts/{id}")),
        "{location}"
    );
    assert_eq!(body["roles"], j!(["organizationMember"]));
    assert_eq!(body["grade"], "05");
    assert_eq!(
        body["subscriptionStatus"], "active",
        "membership through the organization"
    );
    assert_eq!(body["proofOfDisabilityStatus"], "active");
    assert_eq!(body["hasServicePlus"], true);
    let (_, pod) = call(
        &app,
        Method::GET,
        &format!("/v2/accounts/{id}/pod"),
        Some(&token),
        &[],
    )
    .await;
    let sources: Vec<&str> = pod["disabilities"]
        .as_array()
        .unwrap()
        .iter()
        .map(|d| d["proofSource"].as_str().unwrap())
        .collect();
    assert_eq!(sources, ["schoolVerified", "schoolVerified"], "{pod}");
    // The new member signs in with the password given.
    let reader = app.token_for("ada@hill.example", "ada-pass-12").await;
    assert!(!reader.is_empty());
    let (_, list) = call(
        &app,
        Method::GET,
        &format!("{path}?sortOrder=firstName"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(list["userAccounts"][0]["userAccountId"], id);
    assert_eq!(list["allows"], j!(["POST"]));

    // Every rule is named; a user name taken is a conflict; another site's organization is not there.
    let (status, body) = call(
        &app,
        Method::POST,
        path,
        Some(&token),
        &[
            ("grade", "fifth grade"),
            ("password", "short"),
            ("disabilityType", "hearing"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let (status, body) = call(
        &app,
        Method::POST,
        path,
        Some(&token),
        &[("grade", "fifth grade"), ("password", "short")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let text = body.to_string();
    for param in ["firstName", "lastName", "dateOfBirth", "grade", "password"] {
        assert!(text.contains(param), "{param} is not named: {body}");
    }
    let again = [
        ("firstName", "Ada"),
        ("lastName", "Again"),
        ("dateOfBirth", "2014-03-01"),
        ("grade", "05"),
        ("username", "ADA@hill.example"),
    ];
    let (status, body) = call(&app, Method::POST, path, Some(&token), &again).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(
        error_message(&body, "CONFLICT").contains("'username'"),
        "{body}"
    );
    let (status, _) = call(
        &app,
        Method::POST,
        "/v2/organizations/org-elsewhere/members",
        Some(&token),
        &again,
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let sponsor = app.minted_token(CONFIDENTIAL, "sponsor@example.org").await;
    let (status, _) = call(&app, Method::POST, path, Some(&sponsor), &again).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

async fn organization_settings_reach_the_members_at_once(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = assistant(&app).await;
    let (id, reader) = good_pupil(&app).await;
    assert_eq!(errors_on_road(&app, &reader).await, Vec::<String>::new());
    let set = |form: &'static [(&'static str, &'static str)]| {
        let (app, token) = (&app, &token);
        async move {
            let (status, body) = call(
                app,
                Method::PUT,
                "/v2/organizations/org-school",
                Some(token),
                form,
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
        }
    };
    set(&[("suspended", "true")]).await;
    assert_eq!(
        errors_on_road(&app, &reader).await,
        ["ORGANIZATION_SUSPENDED"]
    );
    assert_eq!(download_status(&app, &reader).await, StatusCode::FORBIDDEN);
    set(&[("suspended", "false"), ("allowSearchDownloads", "false")]).await;
    assert_eq!(
        errors_on_road(&app, &reader).await,
        ["ASSIGNED_TITLES_ONLY"]
    );
    set(&[("allowSearchDownloads", "true"), ("numBooksAllowed", "100")]).await;
    assert_eq!(errors_on_road(&app, &reader).await, Vec::<String>::new());
    // 96 downloads this month leave 4 of the organization's 100: a warning; 100 refuse. The
    // worker is paused so that the packages of these made-up titles stay queued (counted).
    app.pause_worker();
    let used = |n: usize| {
        let (app, id) = (&app, &id);
        async move {
            for i in 0..n {
                lectern_store::downloads::enqueue(
                    &mut app.store.writer().await.expect("a writer"),
                    Some(id),
                    id,
                    lectern_store::downloads::SubjectKind::Title,
                    &format!("t-used-{i}-{}", lectern_domain::ids::new_id()),
                    "EPUB3",
                    lectern_domain::Timestamp::now(),
                )
                .await
                .unwrap();
            }
        }
    };
    used(96).await;
    let (_, title) = call_as(
        &app,
        TRUSTED,
        Method::GET,
        "/v2/titles/t-road",
        Some(&reader),
        &[],
    )
    .await;
    let codes: Vec<&str> = title["titleAccessAlerts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["code"].as_str().unwrap())
        .collect();
    assert_eq!(codes, ["MONTHLY_QUOTA_LOW"], "{title}");
    used(4).await;
    assert_eq!(
        errors_on_road(&app, &reader).await,
        ["MONTHLY_QUOTA_REACHED"]
    );
    set(&[("numBooksAllowed", "unlimited")]).await;
    assert_eq!(errors_on_road(&app, &reader).await, Vec::<String>::new());
}

async fn safe_search_follows_the_organization_unless_a_sponsor_chose(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = assistant(&app).await;
    // An adult member allows adult content; the organization's safe search (on) hides it.
    let (status, body) = call(
        &app,
        Method::POST,
        "/v2/organizations/org-school/members",
        Some(&token),
        &[
            ("firstName", "Ada"),
            ("lastName", "Adult"),
            ("dateOfBirth", "1990-01-01"),
            ("grade", "12"),
            ("username", "ada@hill.example"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["userAccountId"].as_str().unwrap().to_owned();
    let reader = app.token_of("ada@hill.example").await;
    assert_eq!(night(&app, &reader).await, StatusCode::NOT_FOUND);
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/organizations/org-school",
        Some(&token),
        &[("safeSearch", "false")],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(night(&app, &reader).await, StatusCode::OK);
    // A sponsor's choice for this member outlasts the organization's.
    let sponsor = app.minted_token(CONFIDENTIAL, "sponsor@example.org").await;
    let (status, body) = call(
        &app,
        Method::PUT,
        &format!("/v2/myOrganization/members/{id}"),
        Some(&sponsor),
        &[("safeSearch", "true")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(night(&app, &reader).await, StatusCode::NOT_FOUND);
}

async fn night(app: &TestApp, reader: &str) -> StatusCode {
    call_as(
        app,
        TRUSTED,
        Method::GET,
        "/v2/titles/t-night",
        Some(reader),
        &[],
    )
    .await
    .0
}

async fn changes_at_once_from_both_doors_keep_each_others_fields(backend: Backend) {
    let app = TestApp::start(backend).await;
    let assistant = assistant(&app).await;
    let contact = app.minted_token(CONFIDENTIAL, "sponsor@example.org").await;
    // Each request changes one field of its own; all are sent at once, from both doors.
    let changes: [(&str, &str, &str); 8] = [
        ("/v2/organizations/org-school", "notes", "Renewed"),
        ("/v2/organizations/org-school", "unreported", "true"),
        ("/v2/organizations/org-school", "numBooksAllowed", "300"),
        ("/v2/organizations/org-school", "riderSigned", "true"),
        ("/v2/myOrganization", "city", "York"),
        ("/v2/myOrganization", "phoneNumber", "555-0199"),
        ("/v2/myOrganization", "website", "https://hill.example"),
        ("/v2/myOrganization", "safeSearch", "false"),
    ];
    let forms: Vec<[(&str, &str); 1]> = changes.iter().map(|(_, p, v)| [(*p, *v)]).collect();
    let requests = changes.iter().zip(&forms).map(|((path, _, _), form)| {
        let token = if path.starts_with("/v2/my") {
            &contact
        } else {
            &assistant
        };
        call(&app, Method::PUT, path, Some(token), form)
    });
    for (status, body) in futures_util::future::join_all(requests).await {
        assert_eq!(status, StatusCode::OK, "{body}");
    }
    let (_, school) = call(
        &app,
        Method::GET,
        "/v2/organizations/org-school",
        Some(&assistant),
        &[],
    )
    .await;
    assert_eq!(school["notes"], "Renewed", "{school}");
    assert_eq!(school["unreported"], true, "{school}");
    assert_eq!(school["numBooksAllowed"], "300", "{school}");
    assert_eq!(school["hasRider"], true, "{school}");
    assert_eq!(school["address"]["city"], "York", "{school}");
    assert_eq!(school["phoneNumber"], "555-0199", "{school}");
    assert_eq!(school["webSite"], "https://hill.example", "{school}");
    assert_eq!(school["safeSearch"], false, "{school}");
}
