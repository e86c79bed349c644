//! Accounts from both doors: the membership assistant's `/v2/accounts...` and the member's
//! `/v2/myAccount...`, the rules they share, and the state reaching the access rules at once.

use lectern_store::on_both_stores;
use reqwest::Method;
use reqwest::StatusCode;
use serde_json::{Value, json};

use crate::support::call_console as call;
use crate::support::*;

on_both_stores!(
    who_may_use_the_assistants_door,
    assistants_create_accounts_that_sign_in,
    account_fields_are_checked_and_named,
    assistants_change_accounts_and_each_change_is_recorded,
    a_new_password_ends_the_sign_ins,
    a_members_own_new_password_ends_every_sign_in,
    user_names_are_looked_up,
    the_records_reach_the_access_rules_at_once,
    subscriptions_are_paged_changed_and_checked,
    proof_of_disability_is_recorded_changed_and_removed,
    preferences_through_both_doors,
    reading_settings_are_preferences_every_door_keeps,
    recommendation_profiles_through_both_doors,
    members_create_and_change_their_own_accounts,
    members_buy_subscriptions_with_promotions_and_credits,
    history_lists_downloads_newest_first,
);

const ADMIN: &str = "admin@example.org";

async fn assistant(app: &TestApp) -> String {
    app.minted_token(CONFIDENTIAL, MEMBERSHIP).await
}

const NEW_READER: [(&str, &str); 6] = [
    ("firstName", "Nora"),
    ("lastName", "New"),
    ("emailAddress", "nora@example.org"),
    ("country", "US"),
    ("dateOfBirth", "1990-02-03"),
    ("password", "nora-pass-1"),
];

/// A new individual member made by the membership assistant, and a token for them.
async fn new_reader(app: &TestApp, token: &str) -> (String, String) {
    let (status, body) = call(app, Method::POST, "/v2/accounts", Some(token), &NEW_READER).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    let id = body["userAccountId"].as_str().unwrap().to_owned();
    (id, app.token_of("nora@example.org").await)
}

async fn who_may_use_the_assistants_door(backend: Backend) {
    let app = TestApp::start(backend).await;
    let path = "/v2/accounts/member@example.org";
    for (role, user, _) in USERS {
        let token = app.minted_token(CONFIDENTIAL, user).await;
        let (status, body) = call(&app, Method::GET, path, Some(&token), &[]).await;
        let allowed = matches!(role, "membershipAssistant" | "administrator");
        if allowed {
            assert_eq!(status, StatusCode::OK, "{role}: {body}");
            assert_eq!(body["userAccountId"], "u-member");
            assert_eq!(body["allows"], serde_json::json!(["PUT"]));
        } else {
            assert_eq!(status, StatusCode::FORBIDDEN, "{role}: {body}");
        }
    }
    // By user name or by id; on a key without membership privileges, refused.
    let token = assistant(&app).await;
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/accounts/u-member",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let unprivileged = app.minted_token(TRUSTED, MEMBERSHIP).await;
    let (status, body) = call_as(&app, TRUSTED, Method::GET, path, Some(&unprivileged), &[]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(error_message(&body, "FORBIDDEN").contains("membership privileges"));
    // A guest; an account of another site (absent, not forbidden); an administrator's account.
    let (status, _) = call(&app, Method::GET, path, None, &[]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/accounts/elsewhere@example.org",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, body) = call(
        &app,
        Method::PUT,
        "/v2/accounts/admin@example.org",
        Some(&token),
        &[("firstName", "X")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(error_message(&body, "FORBIDDEN").contains("administrator's account"));
    let admin = app.minted_token(CONFIDENTIAL, ADMIN).await;
    let (status, body) = call(
        &app,
        Method::GET,
        "/v2/accounts/elsewhere@example.org",
        Some(&admin),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["site"], "other");
}

async fn assistants_create_accounts_that_sign_in(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = assistant(&app).await;
    let resp = app
        .http
        .post(app.url(&format!("/v2/accounts?api_key={CONFIDENTIAL}")))
        .bearer_auth(&token)
        .form(&NEW_READER)
        .send()
        .await
        .unwrap();
    let location = resp.headers()["location"].to_str().unwrap().to_owned();
    let (status, body) = json(resp).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["emailAddress"], "nora@example.org");
    assert_eq!(body["roles"], serde_json::json!(["individualMember"]));
    assert_eq!(body["site"], "main");
    assert_eq!(body["allowAdultContent"], true, "an adult by birth date");
    assert_eq!(body["hasAgreement"], false);
    assert_eq!(body["subscriptionStatus"], "missing");
    assert_eq!(body["proofOfDisabilityStatus"], "missing");
    assert_eq!(body["canDownload"], false);
    let (status, again) = json(
        app.http
            .get(format!("{location}?api_key={CONFIDENTIAL}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(again["userAccountId"], body["userAccountId"]);
    // The password set works at the token server.
    let resp = app
        .password_grant(TRUSTED, "nora@example.org", "nora-pass-1")
        .await;
    assert_eq!(resp.status(), StatusCode::OK);
    // The same address again is another account's user name, whatever its case.
    let mut twice = NEW_READER;
    twice[2] = ("emailAddress", "NORA@example.org");
    let (status, body) = call(&app, Method::POST, "/v2/accounts", Some(&token), &twice).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    // The 409 names the parameter that collided, as this door takes it.
    assert!(
        error_message(&body, "CONFLICT").contains("'emailAddress': this user name belongs"),
        "{body}"
    );
    // Administrators place accounts on any site; assistants only on their own.
    let mut elsewhere = NEW_READER;
    elsewhere[2] = ("emailAddress", "far@example.org");
    let with_site: Vec<(&str, &str)> = elsewhere
        .iter()
        .copied()
        .chain([("site", "other")])
        .collect();
    let (status, _) = call(&app, Method::POST, "/v2/accounts", Some(&token), &with_site).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let admin = app.minted_token(CONFIDENTIAL, ADMIN).await;
    let (status, body) = call(&app, Method::POST, "/v2/accounts", Some(&admin), &with_site).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["site"], "other");
    // Members cannot create accounts through this door.
    let member = app.minted_token(CONFIDENTIAL, "member@example.org").await;
    let (status, _) = call(
        &app,
        Method::POST,
        "/v2/accounts",
        Some(&member),
        &NEW_READER,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

async fn account_fields_are_checked_and_named(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = assistant(&app).await;
    let (status, body) = call(
        &app,
        Method::POST,
        "/v2/accounts",
        Some(&token),
        &[("firstName", "A")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let messages = body["messages"].to_string();
    for param in ["lastName", "emailAddress", "country", "dateOfBirth"] {
        assert!(messages.contains(param), "{param} not named: {messages}");
    }
    for (param, value) in [
        ("emailAddress", "not-an-address"),
        ("country", "usa"),
        ("dateOfBirth", "1990-02-30"),
        ("password", "short"),
        ("password", "lettersonly"),
        ("language", "english"),
        ("role", "administrator"),
        ("allowAdultContent", "maybe"),
    ] {
        let form: Vec<(&str, &str)> = NEW_READER
            .iter()
            .copied()
            .filter(|(k, _)| *k != param)
            .chain([(param, value)])
            .collect();
        let (status, body) = call(&app, Method::POST, "/v2/accounts", Some(&token), &form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{param}={value}: {body}");
        assert!(
            body["messages"].to_string().contains(param),
            "{param}: {body}"
        );
    }
    // Nothing was written by the refusals.
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/accounts/nora@example.org",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn assistants_change_accounts_and_each_change_is_recorded(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = assistant(&app).await;
    let (status, body) = call(
        &app,
        Method::PUT,
        "/v2/accounts/member@example.org",
        Some(&token),
        &[
            ("lastName", "Renamed"),
            ("city", "Springfield"),
            ("role", "volunteer"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["name"]["lastName"], "Renamed");
    assert_eq!(body["address"]["city"], "Springfield");
    assert_eq!(body["roles"], serde_json::json!(["volunteer"]));
    let changes =
        lectern_store::account_changes::of_account(app.store.reads(), "u-member", None, 10)
            .await
            .unwrap();
    assert_eq!(changes.len(), 1);
    let change = &changes[0];
    assert_eq!(change.changed_by, MEMBERSHIP);
    assert_eq!(change.action, "PUT /v2/accounts/{userIdentifier}");
    let before: Value = serde_json::from_str(change.before_state.as_deref().unwrap()).unwrap();
    let after: Value = serde_json::from_str(change.after_state.as_deref().unwrap()).unwrap();
    assert_ne!(before["name"]["lastName"], "Renamed");
    assert_eq!(after["name"]["lastName"], "Renamed");
    // A bad value changes nothing.
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/accounts/member@example.org",
        Some(&token),
        &[("lastName", "Again"), ("country", "x")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (_, now) = call(
        &app,
        Method::GET,
        "/v2/accounts/member@example.org",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(now["name"]["lastName"], "Renamed");
    // Only administrators move accounts between sites.
    let (status, body) = call(
        &app,
        Method::PUT,
        "/v2/accounts/member@example.org",
        Some(&token),
        &[("site", "other")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("site"));
}

async fn a_new_password_ends_the_sign_ins(backend: Backend) {
    let app = TestApp::start(backend).await;
    let signed_in = app.sign_in("member@example.org", "member-pass-1").await;
    let refresh = signed_in["refresh_token"].as_str().unwrap().to_owned();
    let access = signed_in["access_token"].as_str().unwrap().to_owned();
    assert_eq!(app.my_account(TRUSTED, &access).await.0, StatusCode::OK);
    let token = assistant(&app).await;
    let path = "/v2/accounts/member@example.org/password";
    let (status, body) = call(
        &app,
        Method::PUT,
        path,
        Some(&token),
        &[("password", "weak")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("password"));
    let (status, _) = call(&app, Method::PUT, path, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, body) = call(
        &app,
        Method::PUT,
        path,
        Some(&token),
        &[("password", "changed-pass-2")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["key"], "SUCCESS");
    let (status, _) = app.refresh(PUBLIC, &refresh).await;
    assert_eq!(
        status,
        StatusCode::BAD_REQUEST,
        "the refresh token ended with the password"
    );
    let (status, body) = app.my_account(TRUSTED, &access).await;
    assert_eq!(
        status,
        StatusCode::UNAUTHORIZED,
        "the access token ended too: {body}"
    );
    let resp = app
        .password_grant(TRUSTED, "member@example.org", "changed-pass-2")
        .await;
    assert_eq!(resp.status(), StatusCode::OK);
    let resp = app
        .password_grant(TRUSTED, "member@example.org", "member-pass-1")
        .await;
    assert_ne!(resp.status(), StatusCode::OK);
}

async fn a_members_own_new_password_ends_every_sign_in(backend: Backend) {
    let app = TestApp::start(backend).await;
    let phone = app.sign_in("member@example.org", "member-pass-1").await;
    let laptop = app.sign_in("member@example.org", "member-pass-1").await;
    let (status, body) = call_as(
        &app,
        TRUSTED,
        Method::PUT,
        "/v2/myAccount",
        Some(phone["access_token"].as_str().unwrap()),
        &[
            ("password", "fresh-pass-9"),
            ("currentPassword", "member-pass-1"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    for sign_in in [&phone, &laptop] {
        let access = sign_in["access_token"].as_str().unwrap();
        assert_eq!(
            app.my_account(TRUSTED, access).await.0,
            StatusCode::UNAUTHORIZED
        );
        let refresh = sign_in["refresh_token"].as_str().unwrap();
        assert_eq!(
            app.refresh(TRUSTED, refresh).await.0,
            StatusCode::BAD_REQUEST
        );
    }
    let resp = app
        .password_grant(TRUSTED, "member@example.org", "fresh-pass-9")
        .await;
    assert_eq!(resp.status(), StatusCode::OK);
}

async fn user_names_are_looked_up(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = assistant(&app).await;
    let (status, body) = call(
        &app,
        Method::GET,
        "/v2/userNames/MEMBER@example.org",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["userName"], "member@example.org");
    assert_eq!(body["links"][1]["rel"], "account");
    // Taken on another site: the name exists, the account is not shown.
    let (status, body) = call(
        &app,
        Method::GET,
        "/v2/userNames/elsewhere@example.org",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["links"].as_array().unwrap().len(), 1);
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/userNames/nobody@example.org",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let member = app.minted_token(CONFIDENTIAL, "member@example.org").await;
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/userNames/member@example.org",
        Some(&member),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

/// The codes of the error alerts a reader's view of t-road carries.
async fn the_records_reach_the_access_rules_at_once(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = assistant(&app).await;
    let (_, reader) = new_reader(&app, &token).await;
    let base = "/v2/accounts/nora@example.org";
    assert_eq!(
        errors_on_road(&app, &reader).await,
        [
            "AGREEMENT_MISSING",
            "SUBSCRIPTION_MISSING",
            "PROOF_OF_DISABILITY_MISSING"
        ]
    );
    assert_eq!(download_status(&app, &reader).await, StatusCode::FORBIDDEN);

    let (status, agreement) = call(
        &app,
        Method::POST,
        &format!("{base}/agreements"),
        Some(&token),
        &[
            ("agreementType", "termsOfUse"),
            ("dateSigned", "2026-01-05"),
            ("printName", "Nora New"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{agreement}");
    assert_eq!(agreement["dateSigned"], "2026-01-05T00:00:00Z");
    assert_eq!(agreement["recordingUser"], MEMBERSHIP);
    assert_eq!(
        errors_on_road(&app, &reader).await,
        ["SUBSCRIPTION_MISSING", "PROOF_OF_DISABILITY_MISSING"]
    );

    let (status, body) = call(
        &app,
        Method::POST,
        &format!("{base}/subscriptions"),
        Some(&token),
        &[
            ("startDate", "2026-01-01"),
            ("userSubscriptionType", "individual"),
            ("numBooksAllowed", "1"),
            ("downloadTimeframe", "entireSubscription"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(
        errors_on_road(&app, &reader).await,
        ["PROOF_OF_DISABILITY_MISSING"]
    );

    let (status, body) = call(
        &app,
        Method::POST,
        &format!("{base}/pod"),
        Some(&token),
        &[("disabilityType", "visual"), ("proofSource", "faxed")],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert!(errors_on_road(&app, &reader).await.is_empty());
    let (_, account) = call(&app, Method::GET, base, Some(&token), &[]).await;
    assert_eq!(account["canDownload"], true);
    assert_eq!(download_status(&app, &reader).await, StatusCode::ACCEPTED);
    // One book over the whole subscription, and it was taken.
    assert_eq!(
        errors_on_road(&app, &reader).await,
        ["SUBSCRIPTION_QUOTA_REACHED"]
    );

    // An ended agreement stops downloads at once.
    let id = agreement["agreementId"].as_str().unwrap();
    let (status, ended) = call(
        &app,
        Method::POST,
        &format!("{base}/agreements/{id}/expired"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{ended}");
    assert!(ended["dateExpired"].is_string());
    assert!(
        errors_on_road(&app, &reader)
            .await
            .contains(&"AGREEMENT_MISSING".to_owned())
    );
    let (_, list) = call(
        &app,
        Method::GET,
        &format!("{base}/agreements"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(list["signedAgreements"].as_array().unwrap().len(), 1);
    let (status, _) = call(
        &app,
        Method::POST,
        &format!("{base}/agreements/nope/expired"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // Adult content follows the account's own setting.
    let (status, _) = call(
        &app,
        Method::PUT,
        base,
        Some(&token),
        &[("allowAdultContent", "false")],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, prefs) = call(
        &app,
        Method::GET,
        &format!("{base}/preferences"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(prefs["allowAdultContent"], false);
}

async fn subscriptions_are_paged_changed_and_checked(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = assistant(&app).await;
    new_reader(&app, &token).await;
    let path = "/v2/accounts/nora@example.org/subscriptions";
    for start in ["2024-01-01", "2025-01-01", "2026-01-01"] {
        let (status, body) = call(
            &app,
            Method::POST,
            path,
            Some(&token),
            &[
                ("startDate", start),
                ("userSubscriptionType", "complimentary"),
                ("notes", "granted"),
            ],
        )
        .await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
    }
    let (status, page1) = call(
        &app,
        Method::GET,
        &format!("{path}?limit=2"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(page1["totalResults"], 3);
    let starts: Vec<&str> = page1["userSubscriptions"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["startDate"].as_str().unwrap())
        .collect();
    assert_eq!(starts, ["2026-01-01T00:00:00Z", "2025-01-01T00:00:00Z"]);
    let next = page1["next"].as_str().unwrap();
    let (_, page2) = call(
        &app,
        Method::GET,
        &format!("{path}?limit=2&start={next}"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(
        page2["userSubscriptions"][0]["startDate"],
        "2024-01-01T00:00:00Z"
    );
    assert!(page2["next"].is_null());
    let (status, _) = call(
        &app,
        Method::GET,
        &format!("{path}?start=garbage"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    let id = page1["userSubscriptions"][0]["subscriptionId"]
        .as_str()
        .unwrap();
    let (status, changed) = call(
        &app,
        Method::PUT,
        &format!("{path}/{id}"),
        Some(&token),
        &[
            ("startDate", "2026-01-01"),
            ("endDate", "2026-12-31"),
            ("userSubscriptionType", "individual"),
            ("numBooksAllowed", "20"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{changed}");
    assert_eq!(changed["endDate"], "2026-12-31T23:59:59Z");
    assert_eq!(changed["downloadTimeframe"]["name"], "monthly");
    assert_eq!(changed["userSubscriptionType"]["name"], "individual");
    for (form, param) in [
        (
            vec![
                ("startDate", "2026-02-01"),
                ("endDate", "2026-01-01"),
                ("userSubscriptionType", "individual"),
            ],
            "endDate",
        ),
        (
            vec![
                ("startDate", "2026-02-30"),
                ("userSubscriptionType", "individual"),
            ],
            "startDate",
        ),
        (
            vec![
                ("startDate", "2026-02-01"),
                ("userSubscriptionType", "gold"),
            ],
            "userSubscriptionType",
        ),
        (vec![("userSubscriptionType", "individual")], "startDate"),
        (
            vec![
                ("startDate", "2026-02-01"),
                ("userSubscriptionType", "individual"),
                ("downloadTimeframe", "weekly"),
            ],
            "downloadTimeframe",
        ),
    ] {
        let (status, body) = call(
            &app,
            Method::PUT,
            &format!("{path}/{id}"),
            Some(&token),
            &form,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{form:?}: {body}");
        assert!(
            body["messages"].to_string().contains(param),
            "{param}: {body}"
        );
    }
    let (status, _) = call(
        &app,
        Method::PUT,
        &format!("{path}/nope"),
        Some(&token),
        &[
            ("startDate", "2026-01-01"),
            ("userSubscriptionType", "individual"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, types) = call(&app, Method::GET, "/v2/subscriptiontypes", None, &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert!(
        types["userSubscriptionTypes"]
            .as_array()
            .unwrap()
            .iter()
            .any(|t| t["name"] == "individual")
    );
    // Paged by name in the store: one at a time, `next` after `next`, the same types in the
    // same order as the whole list, and a token of another list refused naming `start`.
    let names = |page: &serde_json::Value| -> Vec<String> {
        page["userSubscriptionTypes"]
            .as_array()
            .unwrap()
            .iter()
            .map(|t| t["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let all = names(&types);
    assert!(all.len() > 1, "{types}");
    assert_eq!(types["totalResults"], all.len());
    let mut one_by_one = Vec::new();
    let mut path = Some("/v2/subscriptiontypes?limit=1".to_owned());
    for _ in 0..=all.len() {
        let Some(here) = path.take() else { break };
        let (status, page) = call(&app, Method::GET, &here, None, &[]).await;
        assert_eq!(status, StatusCode::OK);
        assert_eq!(page["totalResults"], all.len());
        one_by_one.extend(names(&page));
        path = page["next"]
            .as_str()
            .map(|next| format!("/v2/subscriptiontypes?limit=1&start={next}"));
    }
    assert!(path.is_none(), "more pages than types");
    assert_eq!(one_by_one, all);
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/subscriptiontypes?start=WyJrZXk6YXNjIiwxXQ",
        None,
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

async fn proof_of_disability_is_recorded_changed_and_removed(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = assistant(&app).await;
    new_reader(&app, &token).await;
    let path = "/v2/accounts/nora@example.org/pod";
    let (status, list) = call(&app, Method::GET, path, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["disabilities"], serde_json::json!([]));
    let (status, list) = call(
        &app,
        Method::POST,
        path,
        Some(&token),
        &[
            ("disabilityType", "learning"),
            ("proofSource", "schoolVerified"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{list}");
    assert_eq!(list["disabilities"][0]["disabilityType"], "learning");
    let (status, list) = call(
        &app,
        Method::PUT,
        &format!("{path}/learning"),
        Some(&token),
        &[("proofSource", "nls")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{list}");
    assert_eq!(list["disabilities"][0]["proofSource"], "nls");
    let (_, account) = call(
        &app,
        Method::GET,
        "/v2/accounts/nora@example.org",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(account["proofOfDisabilityStatus"], "active");
    for (method, at, form) in [
        (
            Method::POST,
            path.to_owned(),
            vec![("disabilityType", "hearing"), ("proofSource", "nls")],
        ),
        (
            Method::POST,
            path.to_owned(),
            vec![("disabilityType", "visual"), ("proofSource", "doctor")],
        ),
        (
            Method::PUT,
            format!("{path}/hearing"),
            vec![("proofSource", "nls")],
        ),
        (Method::PUT, format!("{path}/visual"), vec![]),
    ] {
        let (status, body) = call(&app, method, &at, Some(&token), &form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{at} {form:?}: {body}");
    }
    let (status, list) = call(
        &app,
        Method::DELETE,
        &format!("{path}/learning"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(list["disabilities"], serde_json::json!([]));
    let (status, _) = call(
        &app,
        Method::DELETE,
        &format!("{path}/learning"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (_, account) = call(
        &app,
        Method::GET,
        "/v2/accounts/nora@example.org",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(account["proofOfDisabilityStatus"], "missing");
}

/// The reading settings of books read online are preferences: set through the API, read by
/// every door, checked by name, and shown by the stylesheet their values name.
async fn reading_settings_are_preferences_every_door_keeps(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = app.token_of("member@example.org").await;
    let mine = |method, form: &'static [(&'static str, &'static str)]| {
        let (app, member) = (&app, &member);
        async move {
            call_as(
                app,
                TRUSTED,
                method,
                "/v2/myAccount/preferences",
                Some(member),
                form,
            )
            .await
        }
    };
    let (_, before) = mine(Method::GET, &[]).await;
    assert_eq!(before["readingTextSize"], 100);
    assert_eq!(before["readingFont"], "book");
    assert_eq!(before["readingTheme"], "light");
    assert_eq!(before["readingTextColor"], Value::Null);
    let (status, after) = mine(
        Method::PUT,
        &[
            ("readingTextSize", "400"),
            ("readingFont", "opendyslexic"),
            ("readingLineHeight", "200"),
            ("readingLetterSpacing", "wide"),
            ("readingWordSpacing", "wider"),
            ("readingMargins", "wide"),
            ("readingAlign", "start"),
            ("readingTheme", "own"),
            ("readingTextColor", "#FFFF66"),
            ("readingBackgroundColor", "#001040"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{after}");
    for (field, value) in [
        ("readingTextSize", json!(400)),
        ("readingFont", json!("opendyslexic")),
        ("readingLineHeight", json!(200)),
        ("readingLetterSpacing", json!("wide")),
        ("readingWordSpacing", json!("wider")),
        ("readingMargins", json!("wide")),
        ("readingAlign", json!("start")),
        ("readingTheme", json!("own")),
        ("readingTextColor", json!("#ffff66")),
        ("readingBackgroundColor", json!("#001040")),
    ] {
        assert_eq!(after[field], value, "{field}: {after}");
    }
    // Another change keeps what it does not name.
    let (_, braille) = mine(Method::PUT, &[("useUeb", "true")]).await;
    assert_eq!(braille["readingTextSize"], 400);
    // Each bad value is a 400 that names it, and nothing is kept.
    for (form, param) in [
        (&[("readingTextSize", "501")][..], "readingTextSize"),
        (&[("readingLineHeight", "90")][..], "readingLineHeight"),
        (&[("readingFont", "comic")][..], "readingFont"),
        (&[("readingTextColor", "red")][..], "readingTextColor"),
        (
            &[
                ("readingTextColor", "#777777"),
                ("readingBackgroundColor", "#888888"),
            ][..],
            "readingTextColor",
        ),
    ] {
        let (status, body) = mine(Method::PUT, form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{form:?}: {body}");
        assert!(
            body["messages"].to_string().contains(param),
            "{form:?}: {body}"
        );
    }
    let (_, kept) = mine(Method::GET, &[]).await;
    assert_eq!(kept["readingTextColor"], "#ffff66");
    // The assistant's door reads and changes the same settings.
    let token = assistant(&app).await;
    let path = "/v2/accounts/member@example.org/preferences";
    let (status, seen) = call(
        &app,
        Method::PUT,
        path,
        Some(&token),
        &[("readingTheme", "dark")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{seen}");
    assert_eq!(seen["readingFont"], "opendyslexic");
    let (_, mine_now) = mine(Method::GET, &[]).await;
    assert_eq!(mine_now["readingTheme"], "dark");
    // The stylesheet the settings name shows them; a bad setting in its address is a 400.
    let css = app
        .get("/assets/reading.css?readingTextSize=400&readingFont=opendyslexic&readingTheme=dark")
        .send()
        .await
        .unwrap();
    assert_eq!(css.status(), StatusCode::OK);
    assert_eq!(css.headers()["content-type"], "text/css; charset=utf-8");
    let css = css.text().await.unwrap();
    assert!(css.contains("font-size: 400%;"), "{css}");
    assert!(
        css.contains(r#"font-family: "OpenDyslexic", sans-serif;"#),
        "{css}"
    );
    assert!(css.contains("background: #121212;"), "{css}");
    let bad = app
        .get("/assets/reading.css?readingTextSize=9000")
        .send()
        .await
        .unwrap();
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let font = app
        .get("/assets/fonts/opendyslexic-latin-400-normal.woff2")
        .send()
        .await
        .unwrap();
    assert_eq!(font.status(), StatusCode::OK);
    assert_eq!(font.headers()["content-type"], "font/woff2");
    assert_eq!(&font.bytes().await.unwrap()[..4], b"wOF2");
    let none = app
        .get("/assets/fonts/comic-sans.woff2")
        .send()
        .await
        .unwrap();
    assert_eq!(none.status(), StatusCode::NOT_FOUND);
}

async fn preferences_through_both_doors(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = app.token_of("member@example.org").await;
    let (status, prefs) = call_as(
        &app,
        TRUSTED,
        Method::GET,
        "/v2/myAccount/preferences",
        Some(&member),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(prefs["showRecommendations"], true);
    assert_eq!(prefs["brailleCellLineWidth"], Value::Null);
    let (status, prefs) = call_as(
        &app,
        TRUSTED,
        Method::PUT,
        "/v2/myAccount/preferences",
        Some(&member),
        &[
            ("format", "BRF"),
            ("brailleFormat", "embossable"),
            ("brailleCellLineWidth", "40"),
            ("useUeb", "true"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{prefs}");
    assert_eq!(prefs["format"]["formatId"], "BRF");
    assert_eq!(prefs["brailleFormat"], "embossable");
    for form in [
        vec![("brailleFormat", "refreshable")],
        vec![("brailleCellLineWidth", "28")],
        vec![
            ("brailleFormat", "refreshable"),
            ("brailleCellLineWidth", "28"),
        ],
        vec![("format", "MP4")],
        vec![("language", "English")],
    ] {
        let (status, body) = call_as(
            &app,
            TRUSTED,
            Method::PUT,
            "/v2/myAccount/preferences",
            Some(&member),
            &form,
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{form:?}: {body}");
    }
    // The assistant sees and changes the same preferences; the member sees the change.
    let token = assistant(&app).await;
    let path = "/v2/accounts/member@example.org/preferences";
    let (_, seen) = call(&app, Method::GET, path, Some(&token), &[]).await;
    assert_eq!(seen["brailleCellLineWidth"], 40);
    let (status, _) = call(
        &app,
        Method::PUT,
        path,
        Some(&token),
        &[
            ("brailleFormat", "refreshable"),
            ("brailleCellLineWidth", "32"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, mine) = call_as(
        &app,
        TRUSTED,
        Method::GET,
        "/v2/myAccount/preferences",
        Some(&member),
        &[],
    )
    .await;
    assert_eq!(mine["brailleCellLineWidth"], 32);
    // Sponsors can no longer use the assistant's door to preferences.
    let sponsor = app.minted_token(CONFIDENTIAL, "sponsor@example.org").await;
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/accounts/u-student/preferences",
        Some(&sponsor),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::GET,
        "/v2/myAccount/preferences",
        None,
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);
}

async fn recommendation_profiles_through_both_doors(backend: Backend) {
    let app = TestApp::start(backend).await;
    let member = app.token_of("member@example.org").await;
    let path = "/v2/myAccount/recommendationProfile";
    let (status, profile) = call_as(&app, TRUSTED, Method::GET, path, Some(&member), &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(profile["excludedAuthors"], serde_json::json!([]));
    let (status, profile) = call_as(
        &app,
        TRUSTED,
        Method::PUT,
        path,
        Some(&member),
        &[
            ("excludedAuthors", "Ann Author"),
            ("excludedAuthors", "Bo Writer"),
            ("excludedCategories", "horror"),
            ("excludedContentWarnings", "violence"),
            ("narratorType", "human"),
            ("readingAge", "12"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{profile}");
    assert_eq!(
        profile["excludedAuthors"],
        serde_json::json!(["Ann Author", "Bo Writer"])
    );
    assert_eq!(profile["excludedCategories"][0]["name"], "horror");
    assert_eq!(profile["excludedCategories"][0]["categoryType"], "Service");
    assert_eq!(
        profile["excludedContentWarnings"],
        serde_json::json!(["violence"])
    );
    // A list sent once with no value is emptied; one not sent is kept.
    let (_, profile) = call_as(
        &app,
        TRUSTED,
        Method::PUT,
        path,
        Some(&member),
        &[("excludedAuthors", "")],
    )
    .await;
    assert_eq!(profile["excludedAuthors"], serde_json::json!([]));
    assert_eq!(profile["readingAge"], 12);
    for form in [
        vec![("narratorType", "robot")],
        vec![("excludedContentWarnings", "spoilers")],
        vec![("readingAge", "-1")],
    ] {
        let (status, body) = call_as(&app, TRUSTED, Method::PUT, path, Some(&member), &form).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{form:?}: {body}");
    }
    // Each list well formed, the two clashing: a conflict, named (schemathesis sent this).
    let clash = [("includedAuthors", "Cy"), ("excludedAuthors", "Cy")];
    let (status, body) = call_as(&app, TRUSTED, Method::PUT, path, Some(&member), &clash).await;
    assert_eq!(status, StatusCode::CONFLICT, "{body}");
    assert!(body.to_string().contains("excludedAuthors"), "{body}");
    let token = assistant(&app).await;
    let at = "/v2/accounts/member@example.org/recommendationProfile";
    let (_, seen) = call(&app, Method::GET, at, Some(&token), &[]).await;
    assert_eq!(seen["readingAge"], 12);
    let (status, _) = call(
        &app,
        Method::PUT,
        at,
        Some(&token),
        &[("narratorGender", "female")],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (_, mine) = call_as(&app, TRUSTED, Method::GET, path, Some(&member), &[]).await;
    assert_eq!(mine["narratorGender"], "female");
}

async fn members_create_and_change_their_own_accounts(backend: Backend) {
    let app = TestApp::start(backend).await;
    // Only the library's own applications create accounts, for callers not signed in.
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::POST,
        "/v2/myAccount",
        None,
        &NEW_READER,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let without_password: Vec<_> = NEW_READER
        .iter()
        .copied()
        .filter(|(k, _)| *k != "password")
        .collect();
    let (status, body) = call(&app, Method::POST, "/v2/myAccount", None, &without_password).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    assert!(error_message(&body, "BAD_REQUEST").contains("password"));
    let with_role: Vec<_> = NEW_READER
        .iter()
        .copied()
        .chain([("role", "membershipAssistant")])
        .collect();
    let (status, _) = call(&app, Method::POST, "/v2/myAccount", None, &with_role).await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, body) = call(&app, Method::POST, "/v2/myAccount", None, &NEW_READER).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["roles"], serde_json::json!(["individualMember"]));
    assert_eq!(body["credits"], 0, "privileged keys see credits");
    let signed_in = app
        .password_grant(TRUSTED, "nora@example.org", "nora-pass-1")
        .await;
    assert_eq!(signed_in.status(), StatusCode::OK);

    let nora = app.token_of("nora@example.org").await;
    let (status, body) = call_as(
        &app,
        TRUSTED,
        Method::PUT,
        "/v2/myAccount",
        Some(&nora),
        &[("firstName", "Norah"), ("phoneNumber", "555-0100")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["name"]["firstName"], "Norah");
    assert_eq!(body["phoneNumber"], "555-0100");
    assert!(body["credits"].is_null(), "credits are for privileged keys");
    // A new password needs the current one.
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::PUT,
        "/v2/myAccount",
        Some(&nora),
        &[("password", "fresh-pass-9")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::PUT,
        "/v2/myAccount",
        Some(&nora),
        &[
            ("password", "fresh-pass-9"),
            ("currentPassword", "wrong-pass-1"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::PUT,
        "/v2/myAccount",
        Some(&nora),
        &[
            ("password", "fresh-pass-9"),
            ("currentPassword", "nora-pass-1"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let resp = app
        .password_grant(TRUSTED, "nora@example.org", "fresh-pass-9")
        .await;
    assert_eq!(resp.status(), StatusCode::OK);
    // The change ended the token it was made with, as every other of the account's.
    assert_eq!(
        app.my_account(TRUSTED, &nora).await.0,
        StatusCode::UNAUTHORIZED
    );
    let nora = app.token_of("nora@example.org").await;
    // Members change neither their roles nor their site.
    let (status, body) = call_as(
        &app,
        TRUSTED,
        Method::PUT,
        "/v2/myAccount",
        Some(&nora),
        &[("emailAddress", "member@example.org")],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    assert!(
        error_message(&body, "CONFLICT").contains("'emailAddress'"),
        "{body}"
    );
    // The member signs the agreement themselves.
    let (status, agreement) = call_as(
        &app,
        TRUSTED,
        Method::POST,
        "/v2/myAccount/agreement",
        Some(&nora),
        &[("printName", "Norah New")],
    )
    .await;
    assert_eq!(status, StatusCode::CREATED, "{agreement}");
    assert_eq!(agreement["agreementType"], "termsOfUse");
    let (_, summary) = app.my_account(TRUSTED, &nora).await;
    assert_eq!(summary["hasAgreement"], true);
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::POST,
        "/v2/myAccount/agreement",
        Some(&nora),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
}

const SHOP: &str = r#"{
  "promoCodes": [
    { "code": "HALF", "site": "main", "percentOff": 50, "usesLeft": 1 },
    { "code": "STUDENTS", "site": "main", "subscriptionType": "student", "percentOff": 100 }
  ],
  "users": [
    { "userAccountId": "u-saver", "userName": "saver@example.org", "site": "main", "roles": ["individualMember"],
      "firstName": "Sa", "lastName": "Ver", "credits": 30 }
  ]
}"#;

async fn members_buy_subscriptions_with_promotions_and_credits(backend: Backend) {
    let app = TestApp::start(backend).await;
    lectern_store::fixture::load(
        &app.store,
        lectern_store::fixture::FixtureFile::parse(SHOP).unwrap(),
    )
    .await
    .unwrap();
    let saver = app.minted_token(CONFIDENTIAL, "saver@example.org").await;
    let buy = |form: Vec<(&'static str, &'static str)>| {
        let (app, saver) = (&app, saver.clone());
        async move {
            call(
                app,
                Method::POST,
                "/v2/myAccount/subscription",
                Some(&saver),
                &form,
            )
            .await
        }
    };
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/myAccount/subscription",
        Some(&saver),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    // 50 credits' worth; 30 credits do not cover it.
    let (status, body) = buy(vec![("userSubscriptionType", "individual")]).await;
    assert_eq!(status, StatusCode::PAYMENT_REQUIRED, "{body}");
    assert!(error_message(&body, "PAYMENT_REQUIRED").contains("20"));
    for (form, param) in [
        (
            vec![("userSubscriptionType", "complimentary")],
            "userSubscriptionType",
        ),
        (
            vec![("userSubscriptionType", "gold")],
            "userSubscriptionType",
        ),
        (
            vec![
                ("userSubscriptionType", "individual"),
                ("promoCode", "NOPE"),
            ],
            "promoCode",
        ),
        (
            vec![
                ("userSubscriptionType", "individual"),
                ("promoCode", "STUDENTS"),
            ],
            "promoCode",
        ),
        (
            vec![
                ("userSubscriptionType", "individual"),
                ("paymentReference", "x"),
            ],
            "paymentReference",
        ),
    ] {
        let (status, body) = if param == "paymentReference" {
            call_as(
                &app,
                TRUSTED,
                Method::POST,
                "/v2/myAccount/subscription",
                Some(&app.token_of("saver@example.org").await),
                &form,
            )
            .await
        } else {
            buy(form).await
        };
        assert_eq!(status, StatusCode::BAD_REQUEST, "{param}: {body}");
        assert!(
            body["messages"].to_string().contains(param),
            "{param}: {body}"
        );
    }
    // Half off leaves 25; credits pay all of it.
    let (status, bought) = buy(vec![
        ("userSubscriptionType", "individual"),
        ("promoCode", "half"),
    ])
    .await;
    assert_eq!(status, StatusCode::CREATED, "{bought}");
    assert_eq!(bought["creditsUsed"], 25);
    assert_eq!(bought["promoCode"], "HALF");
    let (_, summary) = call(&app, Method::GET, "/v2/myAccount", Some(&saver), &[]).await;
    assert_eq!(summary["credits"], 5);
    assert_eq!(summary["subscriptionStatus"], "active");
    let (status, current) = call(
        &app,
        Method::GET,
        "/v2/myAccount/subscription",
        Some(&saver),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(current["subscriptionId"], bought["subscriptionId"]);
    // The code's one use is spent; a renewal paid at the shop starts when this one ends.
    let (status, _) = buy(vec![
        ("userSubscriptionType", "individual"),
        ("promoCode", "HALF"),
    ])
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, renewal) = buy(vec![
        ("userSubscriptionType", "individual"),
        ("paymentReference", "shop-123"),
    ])
    .await;
    assert_eq!(status, StatusCode::CREATED, "{renewal}");
    let end = current["endDate"].as_str().unwrap();
    assert!(
        renewal["startDate"].as_str().unwrap() > end,
        "{renewal} after {end}"
    );
}

async fn history_lists_downloads_newest_first(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let reader = app.token_of("grown@example.org").await;
    let path = "/v2/myAccount/history";
    let (status, empty) = call_as(&app, TRUSTED, Method::GET, path, Some(&reader), &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(empty["totalResults"], 0);
    for format in ["EPUB3", "DAISY_AUDIO"] {
        let resp = app
            .get(&format!("/v2/titles/t-road/{format}?api_key={TRUSTED}"))
            .bearer_auth(&reader)
            .send()
            .await
            .unwrap();
        assert!(
            resp.status().is_success() || resp.status() == StatusCode::FOUND,
            "{format}: {}",
            resp.status()
        );
    }
    let (_, page1) = call_as(
        &app,
        TRUSTED,
        Method::GET,
        &format!("{path}?limit=1"),
        Some(&reader),
        &[],
    )
    .await;
    assert_eq!(page1["totalResults"], 2, "{page1}");
    assert_eq!(page1["downloads"][0]["serviceId"], "t-road");
    assert_eq!(page1["downloads"][0]["title"], "The Long Road");
    let next = page1["next"].as_str().unwrap();
    let (_, page2) = call_as(
        &app,
        TRUSTED,
        Method::GET,
        &format!("{path}?limit=1&start={next}"),
        Some(&reader),
        &[],
    )
    .await;
    assert_eq!(page2["downloads"].as_array().unwrap().len(), 1);
    assert_ne!(
        page2["downloads"][0]["format"],
        page1["downloads"][0]["format"]
    );
    assert!(page2["next"].is_null());
    let (status, _) = call_as(&app, TRUSTED, Method::GET, path, None, &[]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED);

    // A membership assistant reads the same list for the account, with the same paging.
    let staff = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    let theirs = "/v2/accounts/u-grown/history";
    let (status, all) = call(&app, Method::GET, theirs, Some(&staff), &[]).await;
    assert_eq!(status, StatusCode::OK, "{all}");
    for field in ["serviceId", "format", "dateRequested"] {
        assert_eq!(all["downloads"][0][field], page1["downloads"][0][field]);
    }
    assert_eq!(all["totalResults"], 2);
    for (query, param) in [("start=not-a-token", "start"), ("limit=0", "limit")] {
        let (status, body) = call(
            &app,
            Method::GET,
            &format!("{theirs}?{query}"),
            Some(&staff),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        assert!(
            body["messages"][0].as_str().unwrap().contains(param),
            "{body}"
        );
    }
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/accounts/u-nobody/history",
        Some(&staff),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}
