//! An account's records on the staff's pages, through HTTP: agreements recorded and ended,
//! subscriptions granted, extended and ended, disabilities recorded, changed and taken off;
//! each checked against the API, each form's errors beside their fields with nothing written.

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::{Browser, location};
use crate::support::*;

on_both_stores!(
    an_assistant_records_and_ends_agreements,
    an_assistant_grants_extends_and_ends_subscriptions,
    an_assistant_keeps_the_proof_on_file,
    an_assistant_sets_preferences_and_recommendations,
    lists_downloads_and_the_history_of_changes,
    records_are_refused_to_whoever_may_not_manage_the_account,
);

const ACCOUNT: &str = "/main/staff/accounts/u-student";

async fn assistant(app: &TestApp) -> Browser<'_> {
    let b = Browser::new(app);
    b.sign_in(MEMBERSHIP, "membership-pass-1").await;
    b
}

async fn api(app: &TestApp, path: &str) -> Value {
    let token = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    let (status, body) = call_console(app, Method::GET, path, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::OK, "{path}: {body}");
    body
}

async fn an_assistant_records_and_ends_agreements(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = assistant(&app).await;
    let here = format!("{ACCOUNT}/agreements");
    let page = b.page(&here, StatusCode::OK).await;
    assert!(
        page.contains("<h1>Agreements of <bdi>Stu Dent</bdi></h1>"),
        "{page}"
    );
    assert!(page.contains("aria-current=\"page\">Agreements</a>"));

    let nameless = b
        .submit(
            &here,
            &here,
            &[
                ("agreementType", "termsOfUse"),
                ("dateSigned", "2026-01-01"),
            ],
        )
        .await;
    assert_eq!(nameless.status(), StatusCode::BAD_REQUEST);
    let page = nameless.text().await.unwrap();
    assert!(
        page.contains("Enter the name as the signer printed it"),
        "{page}"
    );
    let bad = b
        .submit(
            &here,
            &here,
            &[
                ("agreementType", "termsOfUse"),
                ("dateSigned", "2999-01-01"),
                ("printName", "Stu"),
            ],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let page = bad.text().await.unwrap();
    assert!(page.contains("id=\"dateSigned-error\""), "{page}");
    assert!(
        page.contains("value=\"2999-01-01\""),
        "what was typed stays"
    );
    let none = api(&app, "/v2/accounts/u-student/agreements").await;
    let before = none["signedAgreements"].as_array().unwrap().len();

    let recorded = b
        .submit(
            &here,
            &here,
            &[
                ("agreementType", "termsOfUse"),
                ("dateSigned", "2026-01-02"),
                ("printName", "Stu Dent"),
                ("signedByLegalGuardian", "true"),
            ],
        )
        .await;
    assert_eq!(recorded.status(), StatusCode::SEE_OTHER);
    let page = b.page(&location(&recorded), StatusCode::OK).await;
    assert!(page.contains("The agreement was recorded."));
    let list = api(&app, "/v2/accounts/u-student/agreements").await;
    let agreements = list["signedAgreements"].as_array().unwrap();
    assert_eq!(agreements.len(), before + 1);
    let new = agreements
        .iter()
        .find(|a| a["printName"] == "Stu Dent")
        .unwrap();
    assert_eq!(new["signedByLegalGuardian"], true);
    assert_eq!(new["recordingUser"], MEMBERSHIP);
    assert!(new["dateExpired"].is_null());
    assert_eq!(
        api(&app, "/v2/accounts/u-student").await["hasAgreement"],
        true
    );

    let end = format!("{here}/{}/expire", new["agreementId"].as_str().unwrap());
    let ended = b.submit(&here, &end, &[]).await;
    assert_eq!(ended.status(), StatusCode::SEE_OTHER);
    assert!(location(&ended).ends_with("?done=ended"));
    let list = api(&app, "/v2/accounts/u-student/agreements").await;
    let new = list["signedAgreements"]
        .as_array()
        .unwrap()
        .iter()
        .find(|a| a["printName"] == "Stu Dent")
        .unwrap()
        .clone();
    assert!(!new["dateExpired"].is_null());
}

async fn an_assistant_grants_extends_and_ends_subscriptions(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = assistant(&app).await;
    let here = format!("{ACCOUNT}/subscriptions");
    let count = |v: &Value| v["userSubscriptions"].as_array().unwrap().len();
    let before = count(&api(&app, "/v2/accounts/u-student/subscriptions").await);

    let bad = b
        .submit(
            &here,
            &here,
            &[("startDate", "next week"), ("userSubscriptionType", "")],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let page = bad.text().await.unwrap();
    assert!(
        page.contains("id=\"startDate-error\"")
            || page.contains("id=\"userSubscriptionType-error\""),
        "{page}"
    );
    assert_eq!(
        count(&api(&app, "/v2/accounts/u-student/subscriptions").await),
        before
    );

    let granted = b
        .submit(
            &here,
            &here,
            &[
                ("userSubscriptionType", "complimentary"),
                ("startDate", "2026-01-01"),
                ("endDate", "2026-12-31"),
                ("numBooksAllowed", "12"),
                ("downloadTimeframe", "monthly"),
                ("notes", "Granted at the desk"),
            ],
        )
        .await;
    assert_eq!(
        granted.status(),
        StatusCode::SEE_OTHER,
        "{}",
        granted.text().await.unwrap_or_default()
    );
    let list = api(&app, "/v2/accounts/u-student/subscriptions?limit=100").await;
    assert_eq!(count(&list), before + 1);
    let page = b.page(&here, StatusCode::OK).await;
    let new = list["userSubscriptions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|s| s["notes"] == "Granted at the desk")
        .unwrap()
        .clone();
    let id = new["subscriptionId"].as_str().unwrap();
    assert!(page.contains("12 downloads a month"), "{page}");

    let action = format!("{here}/{id}");
    let terms = [
        ("startDate", "2026-01-01"),
        ("userSubscriptionType", "complimentary"),
        ("numBooksAllowed", "12"),
        ("downloadTimeframe", "monthly"),
        ("notes", "Granted at the desk"),
    ];
    let mut wrong = terms.to_vec();
    wrong.push(("endDate", "2025-01-01"));
    let refused = b.submit(&here, &action, &wrong).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let page = refused.text().await.unwrap();
    assert!(page.contains("-endDate-error\""), "the row's field: {page}");
    assert!(
        page.contains("value=\"2025-01-01\""),
        "what was typed stays"
    );

    let mut longer = terms.to_vec();
    longer.push(("endDate", "2027-06-30"));
    let extended = b.submit(&here, &action, &longer).await;
    assert_eq!(extended.status(), StatusCode::SEE_OTHER);
    assert!(location(&extended).ends_with("?done=changed"));
    let s = api(&app, "/v2/accounts/u-student/subscriptions?limit=100").await;
    let s = s["userSubscriptions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|x| x["subscriptionId"] == id)
        .unwrap()
        .clone();
    assert!(s["endDate"].as_str().unwrap().starts_with("2027-06-30"));
    assert_eq!(s["numBooksAllowed"], 12, "the other terms as they were");
    assert_eq!(s["notes"], "Granted at the desk");

    let today = lectern_domain::Timestamp::now().date();
    let mut now = terms.to_vec();
    now.push(("endDate", today.as_str()));
    let ended = b.submit(&here, &action, &now).await;
    assert!(location(&ended).ends_with("?done=ended"));
}

async fn an_assistant_keeps_the_proof_on_file(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = assistant(&app).await;
    let here = format!("{ACCOUNT}/proof");
    let page = b.page(&here, StatusCode::OK).await;
    assert!(page.contains("No disability is on file."), "{page}");
    assert!(
        page.contains("recorded by a fixture"),
        "the submission under review: {page}"
    );

    let bad = b
        .submit(&here, &here, &[("disabilityType", "visual")])
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert!(
        bad.text()
            .await
            .unwrap()
            .contains("id=\"proofSource-error\"")
    );

    let recorded = b
        .submit(
            &here,
            &here,
            &[
                ("disabilityType", "learning"),
                ("proofSource", "schoolVerified"),
            ],
        )
        .await;
    assert_eq!(recorded.status(), StatusCode::SEE_OTHER);
    let pod = api(&app, "/v2/accounts/u-student/pod").await;
    assert_eq!(
        pod["disabilities"],
        serde_json::json!([{"disabilityType": "learning", "proofSource": "schoolVerified"}])
    );
    assert_eq!(
        api(&app, "/v2/accounts/u-student").await["proofOfDisabilityStatus"],
        "active"
    );

    let changed = b
        .submit(
            &here,
            &format!("{here}/learning"),
            &[("proofSource", "nls")],
        )
        .await;
    assert!(location(&changed).ends_with("?done=changed"));
    let pod = api(&app, "/v2/accounts/u-student/pod").await;
    assert_eq!(pod["disabilities"][0]["proofSource"], "nls");
    let page = b.page(&here, StatusCode::OK).await;
    assert!(
        page.contains("Decided before"),
        "the submission the record closed: {page}"
    );

    let removed = b
        .submit(&here, &format!("{here}/learning"), &[("remove", "true")])
        .await;
    assert!(location(&removed).ends_with("?done=removed"));
    let pod = api(&app, "/v2/accounts/u-student/pod").await;
    assert_eq!(pod["disabilities"], serde_json::json!([]));
}

async fn records_are_refused_to_whoever_may_not_manage_the_account(backend: Backend) {
    let app = TestApp::start(backend).await;
    let guest = Browser::new(&app);
    for tail in ["agreements", "subscriptions", "proof"] {
        let path = format!("{ACCOUNT}/{tail}");
        let resp = guest.get(&path).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER, "{path}");
    }
    for (user, password) in [
        ("sponsor@example.org", "sponsor-pass-1"),
        ("collection@example.org", "collection-pass-1"),
    ] {
        let b = Browser::new(&app);
        b.sign_in(user, password).await;
        for tail in ["agreements", "subscriptions", "proof"] {
            b.page(&format!("{ACCOUNT}/{tail}"), StatusCode::FORBIDDEN)
                .await;
        }
        let posted = b
            .submit(
                "/main/",
                &format!("{ACCOUNT}/proof"),
                &[("disabilityType", "visual"), ("proofSource", "nls")],
            )
            .await;
        assert_eq!(posted.status(), StatusCode::FORBIDDEN, "{user}");
    }
    let b = assistant(&app).await;
    b.page(
        "/main/staff/accounts/u-far-pupil/subscriptions",
        StatusCode::NOT_FOUND,
    )
    .await;
    b.page("/main/staff/accounts/u-admin/proof", StatusCode::FORBIDDEN)
        .await;
    assert_eq!(
        api(&app, "/v2/accounts/u-student/pod").await["disabilities"],
        serde_json::json!([])
    );
}

async fn an_assistant_sets_preferences_and_recommendations(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = assistant(&app).await;
    let here = format!("{ACCOUNT}/preferences");
    let page = b.page(&here, StatusCode::OK).await;
    assert!(
        page.contains("<h1>Reading preferences of <bdi>Stu Dent</bdi></h1>"),
        "{page}"
    );
    let bad = b.submit(&here, &here, &[("language", "english")]).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    assert!(bad.text().await.unwrap().contains("id=\"language-error\""));
    let saved = b
        .submit(
            &here,
            &here,
            &[
                ("language", "spa"),
                ("brailleFormat", "embossable"),
                ("brailleCellLineWidth", "40"),
                ("useUeb", "true"),
            ],
        )
        .await;
    assert_eq!(saved.status(), StatusCode::SEE_OTHER);
    let prefs = api(&app, "/v2/accounts/u-student/preferences").await;
    assert_eq!(prefs["language"], "spa", "{prefs}");
    assert_eq!(prefs["brailleCellLineWidth"], 40);
    assert_eq!(prefs["showRecommendations"], false, "an unticked box");

    let here = format!("{ACCOUNT}/recommendations");
    let bad = b.submit(&here, &here, &[("readingAge", "200")]).await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let page = bad.text().await.unwrap();
    assert!(page.contains("id=\"readingAge-error\""), "{page}");
    assert!(page.contains("value=\"200\""), "what was typed stays");
    let saved = b
        .submit(
            &here,
            &here,
            &[
                ("includedAuthors", "Jane Austen\r\n  Mark Twain \r\n"),
                ("excludedContentWarnings", "violence"),
                ("narratorType", "human"),
                ("readingAge", "12"),
            ],
        )
        .await;
    assert_eq!(saved.status(), StatusCode::SEE_OTHER);
    let profile = api(&app, "/v2/accounts/u-student/recommendationProfile").await;
    assert_eq!(
        profile["includedAuthors"],
        serde_json::json!(["Jane Austen", "Mark Twain"])
    );
    assert_eq!(
        profile["excludedContentWarnings"],
        serde_json::json!(["violence"])
    );
    assert_eq!(profile["narratorType"], "human");
    assert_eq!(profile["readingAge"], 12);
    let page = b.page(&here, StatusCode::OK).await;
    assert!(
        page.contains("Jane Austen\nMark Twain</textarea>"),
        "{page}"
    );
    // Emptied on the form, emptied in the profile.
    b.submit(&here, &here, &[("includedAuthors", "")]).await;
    let profile = api(&app, "/v2/accounts/u-student/recommendationProfile").await;
    assert_eq!(profile["includedAuthors"], serde_json::json!([]));
    assert_eq!(profile["excludedContentWarnings"], serde_json::json!([]));
}

async fn lists_downloads_and_the_history_of_changes(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let reader = app.token_of("member@example.org").await;
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::POST,
        "/v2/myLists",
        Some(&reader),
        &[("name", "For the exam"), ("access", "private")],
    )
    .await;
    assert!(status.is_success(), "{status}");
    let (status, body) = call_as(
        &app,
        TRUSTED,
        Method::GET,
        "/v2/titles/t-pride/EPUB3",
        Some(&reader),
        &[],
    )
    .await;
    assert!(
        status.is_success() || status.is_redirection(),
        "{status} {body}"
    );

    let b = assistant(&app).await;
    let page = b
        .page("/main/staff/accounts/u-member/activity", StatusCode::OK)
        .await;
    assert!(page.contains("For the exam: 0 titles"), "{page}");
    assert!(page.contains("1 download, the newest first."), "{page}");
    assert!(page.contains("(EPUB3)") || page.contains("EPUB"), "{page}");
    assert!(
        !page.contains(">History of changes</a>"),
        "the record of changes is the administrators'"
    );
    b.page(&format!("{ACCOUNT}/changes"), StatusCode::FORBIDDEN)
        .await;
    let here = ACCOUNT.to_owned();
    let changed = b
        .submit(
            &here,
            &here,
            &[
                ("firstName", "Stuart"),
                ("lastName", "Dent"),
                ("emailAddress", "student@example.org"),
                ("country", "GB"),
            ],
        )
        .await;
    assert_eq!(changed.status(), StatusCode::SEE_OTHER);

    let admin = Browser::new(&app);
    admin.sign_in("admin@example.org", "admin-pass-1").await;
    let account = admin.page(ACCOUNT, StatusCode::OK).await;
    assert!(account.contains(">History of changes</a>"), "{account}");
    let changes = admin
        .page(&format!("{ACCOUNT}/changes"), StatusCode::OK)
        .await;
    assert!(changes.contains("Account changed"), "{changes}");
    assert!(changes.contains(&format!("by {MEMBERSHIP}")), "{changes}");
    assert!(
        changes.contains("name.firstName: Stu \u{2192} Stuart"),
        "{changes}"
    );
    assert!(
        !changes.contains("links"),
        "how the API showed it is not a change"
    );
}
