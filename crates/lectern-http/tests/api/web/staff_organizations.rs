//! Organizations on the staff's pages, through HTTP: found by name, added with their primary
//! contact, changed (every box and the allowance), their members and sponsors (a member added,
//! an account brought in as a sponsor, the primary contact named), an account moved and taken
//! out from its own page; checked against the API, refused to whoever may not.

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::Value;

use reqwest::multipart::{Form, Part};

use super::{Browser, hidden, location};
use crate::support::*;

on_both_stores!(
    an_assistant_adds_finds_and_changes_an_organization,
    an_assistant_keeps_members_and_sponsors,
    organization_pages_are_refused_to_whoever_may_not,
    the_directory_is_imported_from_a_csv_file_checked_line_by_line,
);

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

const NEW: [(&str, &str); 10] = [
    ("organizationType", "school"),
    ("organizationName", "Oak Ridge School"),
    ("address1", "2 Oak Road"),
    ("city", "Bristol"),
    ("postalCode", "BS1 2AB"),
    ("country", "GB"),
    ("contactFirstName", "Olive"),
    ("contactLastName", "Oak"),
    ("contactTitle", "Special needs coordinator"),
    ("contactEmailAddress", "olive@oak.example.org"),
];

async fn an_assistant_adds_finds_and_changes_an_organization(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = assistant(&app).await;
    let staff = b.page("/main/staff", StatusCode::OK).await;
    assert!(staff.contains(">Find an organization</a>"));

    let empty = b
        .submit(
            "/main/staff/organizations/new",
            "/main/staff/organizations",
            &[],
        )
        .await;
    assert_eq!(empty.status(), StatusCode::BAD_REQUEST);
    let page = empty.text().await.unwrap();
    assert!(page.contains("<title>Error: Add an organization"), "{page}");
    assert!(
        page.contains("Enter the organization&#39;s name")
            || page.contains("Choose the kind of organization"),
        "{page}"
    );
    assert_eq!(
        api(&app, "/v2/organizations?keyword=oak").await["totalResults"],
        0
    );

    let added = b
        .submit(
            "/main/staff/organizations/new",
            "/main/staff/organizations",
            &NEW,
        )
        .await;
    assert_eq!(added.status(), StatusCode::SEE_OTHER);
    let here = location(&added);
    assert!(here.ends_with("?done=created"), "{here}");
    let page = b.page(&here, StatusCode::OK).await;
    assert!(page.contains("<h1 translate=\"no\">Oak Ridge School</h1>"));
    assert!(page.contains("Olive Oak (olive@oak.example.org)"), "{page}");
    let found = b
        .page("/main/staff/organizations?keyword=ridge", StatusCode::OK)
        .await;
    assert!(found.contains("1 organization found."), "{found}");
    assert!(found.contains(">Oak Ridge School</a>"));

    let here = here.trim_end_matches("?done=created").to_owned();
    let id = here.rsplit('/').next().unwrap().to_owned();
    let changed = b
        .submit(
            &here,
            &here,
            &[
                ("organizationName", "Oak Ridge Academy"),
                ("address1", "2 Oak Road"),
                ("city", "Bath"),
                ("country", "GB"),
                ("postalCode", "BA1 1AA"),
                ("numBooksAllowed", "200"),
                ("agreementSigned", "true"),
                ("suspended", "true"),
                ("notes", "Met the head in May"),
            ],
        )
        .await;
    assert_eq!(changed.status(), StatusCode::SEE_OTHER);
    let o = api(&app, &format!("/v2/organizations/{id}")).await;
    assert_eq!(o["organizationName"], "Oak Ridge Academy");
    assert_eq!(o["address"]["city"], "Bath");
    assert_eq!(o["numBooksAllowed"], "200");
    assert_eq!(o["hasOrgAgreement"], true);
    assert_eq!(o["suspended"], true);
    assert_eq!(o["safeSearch"], false, "an unticked box");
    assert_eq!(o["notes"], "Met the head in May");

    let bad = b
        .submit(
            &here,
            &here,
            &[("organizationName", "Oak"), ("country", "Britain")],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let page = bad.text().await.unwrap();
    assert!(page.contains("id=\"country-error\""), "{page}");
    assert!(page.contains("value=\"Britain\""), "what was typed stays");
    assert_eq!(
        api(&app, &format!("/v2/organizations/{id}")).await["organizationName"],
        "Oak Ridge Academy"
    );
}

async fn an_assistant_keeps_members_and_sponsors(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = assistant(&app).await;
    let here = "/main/staff/organizations/org-school/members";
    let page = b.page(here, StatusCode::OK).await;
    assert!(
        page.contains("<h1>Members and sponsors of <bdi>Hill School</bdi></h1>"),
        "{page}"
    );
    assert!(page.contains("(primary contact)"));
    assert!(page.contains(">Stu Dent</a>"));

    let missing = b
        .submit(here, here, &[("form", "member"), ("firstName", "Nat")])
        .await;
    assert_eq!(missing.status(), StatusCode::BAD_REQUEST);
    let text = missing.text().await.unwrap();
    assert!(
        text.contains("Enter the member&#39;s last name") || text.contains("id=\"lastName-error\""),
        "{text}"
    );
    assert!(text.contains("value=\"Nat\""));
    let added = b
        .submit(
            here,
            here,
            &[
                ("form", "member"),
                ("firstName", "Nat"),
                ("lastName", "New"),
                ("dateOfBirth", "2014-02-03"),
                ("grade", "04"),
            ],
        )
        .await;
    assert_eq!(added.status(), StatusCode::SEE_OTHER);
    let members = api(&app, "/v2/organizations/org-school/members?limit=100").await;
    assert!(members.to_string().contains("\"Nat\""), "{members}");

    let unknown = b
        .submit(
            here,
            here,
            &[
                ("form", "join"),
                ("userIdentifier", "nobody@example.org"),
                ("role", "sponsor"),
            ],
        )
        .await;
    assert_eq!(
        unknown.status(),
        StatusCode::NOT_FOUND,
        "no such account is its own page"
    );
    let staff = b
        .submit(
            here,
            here,
            &[
                ("form", "join"),
                ("userIdentifier", "collection@example.org"),
            ],
        )
        .await;
    assert_eq!(
        staff.status(),
        StatusCode::BAD_REQUEST,
        "a conflict shown on the form"
    );
    assert!(
        staff
            .text()
            .await
            .unwrap()
            .contains("staff and volunteers do not")
    );
    let joined = b
        .submit(
            here,
            here,
            &[
                ("form", "join"),
                ("userIdentifier", "member@example.org"),
                ("role", "sponsor"),
                ("title", "Librarian"),
            ],
        )
        .await;
    assert_eq!(joined.status(), StatusCode::SEE_OTHER);
    let page = b.page(here, StatusCode::OK).await;
    assert!(page.contains(">Mary Member</a>"), "a sponsor now: {page}");
    let contact = b
        .submit(
            here,
            here,
            &[("form", "contact"), ("userIdentifier", "u-member")],
        )
        .await;
    assert_eq!(contact.status(), StatusCode::SEE_OTHER);
    let o = api(&app, "/v2/organizations/org-school").await;
    assert_eq!(o["primaryContact"]["userAccountId"], "u-member");

    // From an account's own page: moved out of the organization, then back in.
    let account = "/main/staff/accounts/u-pupil";
    let out = b
        .submit(account, &format!("{account}/organization/leave"), &[])
        .await;
    assert_eq!(out.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        api(&app, "/v2/accounts/u-pupil").await["roles"],
        serde_json::json!(["individualMember"])
    );
    let nowhere = b
        .submit(
            account,
            &format!("{account}/organization"),
            &[("organizationId", "org-elsewhere")],
        )
        .await;
    assert_eq!(nowhere.status(), StatusCode::BAD_REQUEST);
    assert!(
        nowhere
            .text()
            .await
            .unwrap()
            .contains("id=\"organizationId-error\"")
    );
    let back = b
        .submit(
            account,
            &format!("{account}/organization"),
            &[("organizationId", "org-school"), ("role", "member")],
        )
        .await;
    assert_eq!(back.status(), StatusCode::SEE_OTHER);
    assert_eq!(
        api(&app, "/v2/accounts/u-pupil").await["roles"],
        serde_json::json!(["individualMember", "organizationMember"]),
        "back in the school, with the membership of their own they had meanwhile"
    );
    let contact_leaves = b
        .submit(
            "/main/staff/accounts/u-member",
            "/main/staff/accounts/u-member/organization/leave",
            &[],
        )
        .await;
    assert_eq!(contact_leaves.status(), StatusCode::BAD_REQUEST);
    assert!(
        contact_leaves
            .text()
            .await
            .unwrap()
            .contains("primary contact")
    );
}

async fn organization_pages_are_refused_to_whoever_may_not(backend: Backend) {
    let app = TestApp::start(backend).await;
    let pages = [
        "/main/staff/organizations",
        "/main/staff/organizations/new",
        "/main/staff/organizations/org-school",
        "/main/staff/organizations/org-school/members",
    ];
    let guest = Browser::new(&app);
    for path in pages {
        assert_eq!(
            guest.get(path).await.status(),
            StatusCode::SEE_OTHER,
            "{path}"
        );
    }
    for (user, password) in [
        ("sponsor@example.org", "sponsor-pass-1"),
        ("collection@example.org", "collection-pass-1"),
    ] {
        let b = Browser::new(&app);
        b.sign_in(user, password).await;
        for path in pages {
            b.page(path, StatusCode::FORBIDDEN).await;
        }
        let posted = b
            .submit(
                "/main/",
                "/main/staff/organizations/org-school",
                &[("organizationName", "Mine")],
            )
            .await;
        assert_eq!(posted.status(), StatusCode::FORBIDDEN, "{user}");
    }
    assert_eq!(
        api(&app, "/v2/organizations/org-school").await["organizationName"],
        "Hill School"
    );
    let b = assistant(&app).await;
    b.page(
        "/main/staff/organizations/org-elsewhere",
        StatusCode::NOT_FOUND,
    )
    .await;
    b.page(
        "/main/staff/organizations/org-elsewhere/members",
        StatusCode::NOT_FOUND,
    )
    .await;
}

const DIRECTORY: &str = "/main/staff/organizations/directory";

/// Uploads `csv` with the directory page's form (its token unless `token` is false).
async fn upload(b: &Browser<'_>, csv: Option<&str>, token: bool) -> reqwest::Response {
    let page = b.page(DIRECTORY, StatusCode::OK).await;
    let mut form = Form::new();
    if token {
        form = form.text("csrf", hidden(&page, "csrf").unwrap());
    }
    if let Some(csv) = csv {
        let part = Part::bytes(csv.as_bytes().to_vec())
            .file_name("directory.csv")
            .mime_str("text/csv")
            .unwrap();
        form = form.part("file", part);
    }
    b.http
        .post(b.app.url(DIRECTORY))
        .multipart(form)
        .send()
        .await
        .unwrap()
}

async fn the_directory_is_imported_from_a_csv_file_checked_line_by_line(backend: Backend) {
    let app = TestApp::start(backend).await;
    let b = assistant(&app).await;
    let header = "referenceOrgId,name,organizationType,state,country,city\n";
    let bad = format!(
        "{header}dir-1,Alder School,school,WA,US,Seattle\ndir-2,,school,WA,US,Tacoma\ndir-3,Beech School,school,WA,USA,Yakima\n"
    );
    let refused = upload(&b, Some(&bad), true).await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let page = refused.text().await.unwrap();
    assert!(
        page.contains("Nothing was loaded: the file has 2 problems"),
        "{page}"
    );
    assert!(
        page.contains("line 3: ") && page.contains("line 4: "),
        "{page}"
    );
    assert!(
        lectern_store::reference_organizations::get(app.store.reads(), "dir-1")
            .await
            .unwrap()
            .is_none()
    );
    let none = upload(&b, None, true).await;
    assert_eq!(none.status(), StatusCode::BAD_REQUEST);
    assert!(
        none.text()
            .await
            .unwrap()
            .contains("Choose a CSV file of organizations")
    );
    let headless = upload(&b, Some("dir-1,Alder School,school,WA,US\n"), true).await;
    assert!(
        headless
            .text()
            .await
            .unwrap()
            .contains("line 1 must be a header row")
    );
    // An assistant reading Spanish reads each line's problem in Spanish, its field as named.
    let spanish = Browser::speaking(&app, "es");
    spanish.sign_in(MEMBERSHIP, "membership-pass-1").await;
    let page = upload(&spanish, Some(&bad), true)
        .await
        .text()
        .await
        .unwrap();
    assert!(
        page.contains("<li>línea 3: name: no puede estar vacío</li>"),
        "{page}"
    );
    assert!(page.contains("<li>línea 4: country: "), "{page}");

    let good = format!(
        "{header}dir-1,Alder School,school,WA,US,Seattle\ndir-2,Birch School,school,WA,US,Tacoma\n"
    );
    let tokenless = upload(&b, Some(&good), false).await;
    assert_eq!(tokenless.status(), StatusCode::FORBIDDEN);
    assert!(
        lectern_store::reference_organizations::get(app.store.reads(), "dir-1")
            .await
            .unwrap()
            .is_none()
    );
    let loaded = upload(&b, Some(&good), true).await;
    assert_eq!(loaded.status(), StatusCode::SEE_OTHER);
    let page = b.page(&location(&loaded), StatusCode::OK).await;
    assert!(
        page.contains("2 organizations were loaded into the directory."),
        "{page}"
    );
    let alder = lectern_store::reference_organizations::get(app.store.reads(), "dir-1")
        .await
        .unwrap()
        .unwrap();
    assert_eq!(alder.city.as_deref(), Some("Seattle"));

    let curator = Browser::new(&app);
    curator
        .sign_in("collection@example.org", "collection-pass-1")
        .await;
    curator.page(DIRECTORY, StatusCode::FORBIDDEN).await;
}
