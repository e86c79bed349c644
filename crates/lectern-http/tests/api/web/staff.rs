//! The staff's pages through HTTP: a membership assistant finds, adds and changes accounts,
//! locks them and sets passwords, and decides the proof of disability under review; each
//! checked against the API, and each refused to whoever may not.

use std::collections::BTreeSet;

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use super::{Browser, hidden, link, location};
use crate::support::*;

on_both_stores!(
    an_assistant_finds_accounts_and_pages_to_the_end,
    an_assistant_adds_changes_locks_and_resets_an_account,
    account_forms_name_what_is_wrong_and_write_nothing,
    an_assistant_decides_the_proof_under_review,
    staff_pages_are_refused_to_everyone_else,
);

async fn assistant(app: &TestApp) -> Browser<'_> {
    let b = Browser::new(app);
    b.sign_in(MEMBERSHIP, "membership-pass-1").await;
    b
}

/// The account as the API shows it to the assistant.
async fn api_account(app: &TestApp, id: &str) -> Value {
    let token = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    let (status, body) = call_console(
        app,
        Method::GET,
        &format!("/v2/accounts/{id}"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

/// The accounts a results page lists, as (name, href).
fn listed(page: &str) -> Vec<(String, String)> {
    page.split("<li><a href=\"/main/staff/accounts/")
        .skip(1)
        .filter_map(|s| {
            let id = &s[..s.find('"')?];
            let name = &s[s.find('>')? + 1..s.find("</a>")?];
            Some((name.to_owned(), id.to_owned()))
        })
        .collect()
}

/// The accounts a results page names without a link to their page, as their `about` lines.
fn unlinked(page: &str) -> Vec<String> {
    page.split("<li>")
        .skip(1)
        .filter(|s| !s.starts_with("<a ") && s.contains("<span class=\"by\">"))
        .map(|s| s.split("</li>").next().unwrap().to_owned())
        .collect()
}

async fn an_assistant_finds_accounts_and_pages_to_the_end(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = assistant(&app).await;
    let home = b.page("/main/", StatusCode::OK).await;
    assert!(home.contains("href=\"/main/staff\">Staff</a>"), "{home}");
    let staff = b.page("/main/staff", StatusCode::OK).await;
    assert!(staff.contains("aria-current=\"page\">Staff</a>"));
    assert!(staff.contains(">Find an account</a>"));
    assert!(
        staff.contains("Proof of disability to review</a> (1 waiting)"),
        "{staff}"
    );

    let found = b
        .page("/main/staff/accounts?keyword=stu", StatusCode::OK)
        .await;
    assert!(
        found.contains("<p role=\"status\">1 account found.</p>"),
        "{found}"
    );
    assert_eq!(
        listed(&found),
        [("Stu Dent".to_owned(), "u-student".to_owned())]
    );
    assert!(found.contains("value=\"stu\""), "the words are kept");

    let mut seen = Vec::new();
    let mut not_theirs = Vec::new();
    let mut path = "/main/staff/accounts".to_owned();
    let first = b.page(&path, StatusCode::OK).await;
    let total: usize = first
        .split("<p role=\"status\">")
        .nth(1)
        .and_then(|s| s.split(' ').next())
        .and_then(|n| n.parse().ok())
        .unwrap();
    loop {
        let page = b.page(&path, StatusCode::OK).await;
        seen.extend(listed(&page));
        not_theirs.extend(unlinked(&page));
        match link(&page, "Next page") {
            Some(next) => {
                assert!(link(&page, "First page").is_some() || seen.len() <= 10);
                path = next;
            }
            None => break,
        }
    }
    assert_eq!(
        seen.len() + not_theirs.len(),
        total,
        "every account, to the end"
    );
    // Only what the assistant may open is a link: an administrator's account is named alone.
    assert!(!not_theirs.is_empty(), "the world has an administrator");
    for row in &not_theirs {
        assert!(row.to_lowercase().contains("administrator"), "{row}");
    }
    for (_, id) in seen.iter().take(12) {
        b.page(&format!("/main/staff/accounts/{id}"), StatusCode::OK)
            .await;
    }
    let unique: BTreeSet<&String> = seen.iter().map(|(_, id)| id).collect();
    assert_eq!(unique.len(), seen.len(), "none twice");
    assert!(total > 10, "more than a page: {total}");

    let bad = b
        .page(
            "/main/staff/accounts?sortOrder=grade",
            StatusCode::BAD_REQUEST,
        )
        .await;
    assert!(bad.contains("sortOrder"), "{bad}");
    let bad = b
        .page("/main/staff/accounts?role=reader", StatusCode::BAD_REQUEST)
        .await;
    assert!(bad.contains("role"), "{bad}");
    b.page(
        "/main/staff/accounts?start=nonsense",
        StatusCode::BAD_REQUEST,
    )
    .await;
}

async fn an_assistant_adds_changes_locks_and_resets_an_account(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = assistant(&app).await;
    let added = b
        .submit(
            "/main/staff/accounts/new",
            "/main/staff/accounts",
            &[
                ("firstName", "Nell"),
                ("lastName", "Newly"),
                ("emailAddress", "nell@example.org"),
                ("country", "GB"),
                ("dateOfBirth", "1991-02-03"),
                ("city", "York"),
                ("role", "individual"),
                ("password", "nell-pass-1"),
            ],
        )
        .await;
    assert_eq!(added.status(), StatusCode::SEE_OTHER);
    let page_of_nell = location(&added);
    assert!(page_of_nell.ends_with("?done=created"), "{page_of_nell}");
    let shown = b.page(&page_of_nell, StatusCode::OK).await;
    assert!(shown.contains("<h1 translate=\"no\">Nell Newly</h1>"));
    assert!(shown.contains("role=\"status\" class=\"done\">The account was added."));
    let id = page_of_nell
        .trim_start_matches("/main/staff/accounts/")
        .trim_end_matches("?done=created")
        .to_owned();
    let nell = api_account(&app, &id).await;
    assert_eq!(nell["address"]["city"], "York");
    assert_eq!(nell["roles"], serde_json::json!(["individualMember"]));
    assert_eq!(nell["allowAdultContent"], false, "an unticked box");
    let reader = Browser::new(&app);
    reader.sign_in("nell@example.org", "nell-pass-1").await;

    let here = format!("/main/staff/accounts/{id}");
    let changed = b
        .submit(
            &here,
            &here,
            &[
                ("firstName", "Nell"),
                ("lastName", "Newer"),
                ("emailAddress", "nell@example.org"),
                ("country", "GB"),
                ("phoneNumber", "0113 496 0000"),
                ("role", "volunteer"),
                ("allowAdultContent", "true"),
            ],
        )
        .await;
    assert_eq!(changed.status(), StatusCode::SEE_OTHER);
    assert!(location(&changed).ends_with("?done=changed"));
    let nell = api_account(&app, &id).await;
    assert_eq!(nell["name"]["lastName"], "Newer");
    assert_eq!(nell["phoneNumber"], "0113 496 0000");
    assert_eq!(
        nell["address"]["city"], "York",
        "an empty field keeps what was there"
    );
    assert_eq!(nell["roles"], serde_json::json!(["volunteer"]));
    assert_eq!(nell["allowAdultContent"], true);

    let locked = b
        .submit(&here, &format!("{here}/lock"), &[("locked", "true")])
        .await;
    assert_eq!(locked.status(), StatusCode::SEE_OTHER);
    assert_eq!(api_account(&app, &id).await["locked"], true);
    let page = b.page(&location(&locked), StatusCode::OK).await;
    assert!(page.contains("The account was locked"));
    assert!(page.contains(">Unlock the account</button>"));
    let refused = Browser::new(&app)
        .submit(
            "/main/sign-in",
            "/main/sign-in",
            &[
                ("username", "nell@example.org"),
                ("password", "nell-pass-1"),
            ],
        )
        .await;
    assert_eq!(
        refused.status(),
        StatusCode::BAD_REQUEST,
        "a locked account cannot sign in"
    );
    b.submit(&here, &format!("{here}/lock"), &[("locked", "false")])
        .await;
    assert_eq!(api_account(&app, &id).await["locked"], false);

    let reset = b
        .submit(
            &here,
            &format!("{here}/password"),
            &[("password", "fresh-pass-2")],
        )
        .await;
    assert_eq!(reset.status(), StatusCode::SEE_OTHER);
    assert!(location(&reset).ends_with("?done=password"));
    Browser::new(&app)
        .sign_in("nell@example.org", "fresh-pass-2")
        .await;
}

async fn account_forms_name_what_is_wrong_and_write_nothing(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = assistant(&app).await;
    let empty = b
        .submit(
            "/main/staff/accounts/new",
            "/main/staff/accounts",
            &[("role", "individual")],
        )
        .await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    let page = empty.text().await.unwrap();
    assert!(page.contains("<title>Error: Add an account"), "{page}");
    for words in [
        "Enter the first name",
        "Enter the last name",
        "Enter the e-mail address",
        "Enter the country",
    ] {
        assert!(page.contains(words), "{words}: {page}");
    }
    let bad = b
        .submit(
            "/main/staff/accounts/new",
            "/main/staff/accounts",
            &[
                ("firstName", "Ola"),
                ("lastName", "Odd"),
                ("emailAddress", "member@example.org"),
                ("country", "GBR"),
                ("role", "volunteer"),
                ("password", "short"),
            ],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let page = bad.text().await.unwrap();
    assert!(page.contains("id=\"country-error\""), "{page}");
    assert!(page.contains("id=\"password-error\""), "{page}");
    assert!(page.contains("value=\"Ola\""), "what was typed stays");
    assert!(
        !page.contains("value=\"short\""),
        "a password is never sent back"
    );
    let taken = b
        .submit(
            "/main/staff/accounts/new",
            "/main/staff/accounts",
            &[
                ("firstName", "Ola"),
                ("lastName", "Odd"),
                ("emailAddress", "member@example.org"),
                ("country", "GB"),
                ("role", "volunteer"),
            ],
        )
        .await;
    assert_eq!(taken.status(), StatusCode::BAD_REQUEST);
    let page = taken.text().await.unwrap();
    assert!(page.contains("id=\"emailAddress-error\""), "{page}");
    let token = app.minted_token(CONFIDENTIAL, MEMBERSHIP).await;
    let (_, none) = call_console(
        &app,
        Method::GET,
        "/v2/accounts?keyword=ola",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(none["totalResults"], 0, "nothing written");

    let here = "/main/staff/accounts/u-member";
    let blank = b
        .submit(
            here,
            here,
            &[
                ("firstName", " "),
                ("lastName", "Member"),
                ("emailAddress", "member@example.org"),
                ("country", "GB"),
            ],
        )
        .await;
    assert_eq!(blank.status(), StatusCode::BAD_REQUEST);
    let page = blank.text().await.unwrap();
    assert!(page.contains("Enter the first name"), "{page}");
    let short = b
        .submit(here, &format!("{here}/password"), &[("password", "short")])
        .await;
    assert_eq!(short.status(), StatusCode::BAD_REQUEST);
    let page = short.text().await.unwrap();
    assert!(page.contains("id=\"new-password-error\""), "{page}");
    assert_eq!(
        api_account(&app, "u-member").await["name"]["firstName"],
        "Mary"
    );
    Browser::new(&app)
        .sign_in("member@example.org", "member-pass-1")
        .await;
}

async fn an_assistant_decides_the_proof_under_review(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = assistant(&app).await;
    let queue = b.page("/main/staff/proof", StatusCode::OK).await;
    assert!(
        queue.contains("1 submission is waiting to be reviewed."),
        "{queue}"
    );
    assert!(queue.contains(">Stu Dent</a>"));
    let action = "/main/staff/proof/u-student-submission";
    let no_note = b
        .submit("/main/staff/proof", action, &[("decision", "refused")])
        .await;
    assert_eq!(no_note.status(), StatusCode::BAD_REQUEST);
    let page = no_note.text().await.unwrap();
    assert!(
        page.contains("<title>Error: Proof of disability to review"),
        "{page}"
    );
    assert!(page.contains("id=\"s0-note-error\""), "{page}");
    assert!(
        page.contains("value=\"refused\" checked"),
        "the choice stays"
    );
    let undecided = b.submit("/main/staff/proof", action, &[]).await;
    assert!(
        undecided
            .text()
            .await
            .unwrap()
            .contains("Choose to approve or to refuse")
    );
    assert_eq!(
        api_account(&app, "u-student").await["proofOfDisabilityStatus"],
        "submitted"
    );

    let approved = b
        .submit(
            "/main/staff/proof",
            action,
            &[
                ("decision", "approved"),
                ("disabilityType", "learning"),
                ("proofSource", "schoolVerified"),
                ("note", "The school's plan seen"),
            ],
        )
        .await;
    assert_eq!(approved.status(), StatusCode::SEE_OTHER);
    assert!(location(&approved).ends_with("?done=approved"));
    assert_eq!(
        api_account(&app, "u-student").await["proofOfDisabilityStatus"],
        "active"
    );
    let after = b.page(&location(&approved), StatusCode::OK).await;
    assert!(
        after.contains("No proof of disability is waiting to be reviewed."),
        "{after}"
    );
    let again = b
        .submit(
            "/main/staff/proof",
            action,
            &[("decision", "refused"), ("note", "late")],
        )
        .await;
    assert_eq!(again.status(), StatusCode::NOT_FOUND, "decided once");
}

async fn staff_pages_are_refused_to_everyone_else(backend: Backend) {
    let app = TestApp::start(backend).await;
    let pages = [
        "/main/staff",
        "/main/staff/accounts",
        "/main/staff/accounts/new",
        "/main/staff/accounts/u-student",
        "/main/staff/proof",
    ];
    let guest = Browser::new(&app);
    for path in pages {
        let resp = guest.get(path).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER, "{path}");
        assert!(location(&resp).starts_with("/main/sign-in?next="), "{path}");
    }
    for (user, password) in [
        ("sponsor@example.org", "sponsor-pass-1"),
        ("member@example.org", "member-pass-1"),
    ] {
        let b = Browser::new(&app);
        b.sign_in(user, password).await;
        assert!(
            !b.page("/main/", StatusCode::OK)
                .await
                .contains(">Staff</a>")
        );
        for path in pages {
            b.page(path, StatusCode::FORBIDDEN).await;
        }
        let lock = b
            .submit(
                "/main/",
                "/main/staff/accounts/u-student/lock",
                &[("locked", "true")],
            )
            .await;
        assert_eq!(lock.status(), StatusCode::FORBIDDEN, "{user}");
        let decide = b
            .submit(
                "/main/",
                "/main/staff/proof/u-student-submission",
                &[("decision", "refused"), ("note", "no")],
            )
            .await;
        assert_eq!(decide.status(), StatusCode::FORBIDDEN, "{user}");
    }
    assert_eq!(api_account(&app, "u-student").await["locked"], false);
    assert_eq!(
        api_account(&app, "u-student").await["proofOfDisabilityStatus"],
        "submitted"
    );

    // Staff signed in on another site's pages are not its staff: its staff pages are refused
    // (pointing to their own), and its pages offer none.
    let visiting = Browser::new(&app);
    let form = visiting.page("/other/sign-in", StatusCode::OK).await;
    let csrf = hidden(&form, "csrf").unwrap();
    let signed_in = visiting
        .post(
            "/other/sign-in",
            &[
                ("csrf", csrf.as_str()),
                ("username", MEMBERSHIP),
                ("password", "membership-pass-1"),
            ],
        )
        .await;
    assert_eq!(signed_in.status(), StatusCode::SEE_OTHER);
    let home = visiting.page("/other/", StatusCode::OK).await;
    assert!(home.contains("Signed in as"), "{home}");
    assert!(!home.contains(">Staff</a>"), "{home}");
    for path in [
        "/other/staff",
        "/other/staff/accounts",
        "/other/staff/accounts/u-elsewhere",
    ] {
        let refused = visiting.page(path, StatusCode::FORBIDDEN).await;
        assert!(refused.contains("/main/staff"), "{path}: {refused}");
    }

    // A collection assistant is staff, but memberships are not theirs.
    let curator = Browser::new(&app);
    curator
        .sign_in("collection@example.org", "collection-pass-1")
        .await;
    let home = curator.page("/main/staff", StatusCode::OK).await;
    assert!(!home.contains("Find an account"), "{home}");
    for path in &pages[1..] {
        let page = curator.page(path, StatusCode::FORBIDDEN).await;
        assert!(page.contains("membership assistants"), "{path}: {page}");
    }

    // The assistant's reach: not another site's accounts, not an administrator's.
    let b = assistant(&app).await;
    b.page("/main/staff/accounts/u-far-pupil", StatusCode::NOT_FOUND)
        .await;
    b.page("/main/staff/accounts/u-admin", StatusCode::FORBIDDEN)
        .await;
    let tokenless = b
        .post("/main/staff/accounts/u-student/lock", &[("locked", "true")])
        .await;
    assert_eq!(
        tokenless.status(),
        StatusCode::FORBIDDEN,
        "a form without the page's token"
    );
    assert_eq!(api_account(&app, "u-student").await["locked"], false);
}
