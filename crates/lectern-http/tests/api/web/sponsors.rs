//! The sponsor's pages through HTTP: the organization, its members (filtered, sorted, paged),
//! a member added and changed, titles assigned from a member's page and from a title's page
//! and taken back; each checked against the API, and refused to whoever is not a sponsor.

use lectern_store::on_both_stores;
use reqwest::StatusCode;
use serde_json::Value;

use super::{Browser, hidden, link, location};
use crate::support::*;

on_both_stores!(
    a_sponsor_sees_the_organization_and_filters_members,
    a_sponsor_adds_and_changes_a_member,
    a_sponsor_assigns_titles_from_a_member_s_page_and_a_title_s,
    member_forms_name_what_is_wrong_and_write_nothing,
    sponsor_pages_are_refused_to_everyone_else,
    the_member_list_pages_to_the_end,
);

/// The sponsor's members as the API lists them (`query` added), with the sponsor's own token.
async fn api_members(app: &TestApp, query: &str) -> Value {
    let token = app.minted_token(TRUSTED, "sponsor@example.org").await;
    let path = format!("/v2/myOrganization/members?api_key={TRUSTED}&limit=100{query}");
    let (status, body) = json(app.get(&path).bearer_auth(&token).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body
}

async fn api_assigned(app: &TestApp, member: &str) -> Vec<String> {
    let token = app.minted_token(TRUSTED, "sponsor@example.org").await;
    let path = format!("/v2/assignedTitles/{member}?api_key={TRUSTED}");
    let (status, body) = json(app.get(&path).bearer_auth(&token).send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    body["titles"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["serviceId"].as_str().unwrap().to_owned())
        .collect()
}

fn member_named<'v>(members: &'v Value, user_name: &str) -> Option<&'v Value> {
    members["memberSummaries"]
        .as_array()
        .unwrap()
        .iter()
        .find(|m| m["userName"] == user_name)
}

/// The names of the members a members page lists, in its order.
fn names_listed(page: &str) -> Vec<String> {
    page.split("href=\"/main/organization/members/")
        .skip(1)
        .filter(|s| !s.starts_with("new\""))
        .filter_map(|s| Some(s[s.find('>')? + 1..s.find("</a>")?].to_owned()))
        .collect()
}

async fn sponsor(app: &TestApp) -> Browser<'_> {
    let b = Browser::new(app);
    b.sign_in("sponsor@example.org", "sponsor-pass-1").await;
    b
}

async fn a_sponsor_sees_the_organization_and_filters_members(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = sponsor(&app).await;
    let home = b.page("/main/", StatusCode::OK).await;
    assert!(home.contains("href=\"/main/organization\">My organization</a>"));
    let org = b.page("/main/organization", StatusCode::OK).await;
    assert!(
        org.contains("<h1 translate=\"no\">Hill School</h1>"),
        "{org}"
    );
    assert!(org.contains("aria-current=\"page\">My organization</a>"));
    assert!(org.contains("3 members."), "{org}");
    assert!(org.contains("Sam Sponsor") || org.contains("sponsor@example.org"));
    assert!(org.contains("Add a member"));

    let all = b.page("/main/organization/members", StatusCode::OK).await;
    assert!(all.contains("<p role=\"status\">3 members</p>"), "{all}");
    let by_last = names_listed(&all);
    assert_eq!(by_last.len(), 3, "{by_last:?}");
    let by_first = names_listed(
        &b.page(
            "/main/organization/members?sortOrder=firstName",
            StatusCode::OK,
        )
        .await,
    );
    let mut sorted = by_first.clone();
    sorted.sort();
    assert_eq!(by_first, sorted, "first names in order");
    let fifth = b
        .page("/main/organization/members?grade=05", StatusCode::OK)
        .await;
    assert!(fifth.contains("<p role=\"status\">1 member</p>"), "{fifth}");
    assert!(fifth.contains("Grade 05"));
    assert!(fifth.contains("value=\"05\""), "the filter is kept");
    let bad = b
        .page(
            "/main/organization/members?sortOrder=shoeSize",
            StatusCode::BAD_REQUEST,
        )
        .await;
    assert!(bad.contains("sortOrder"), "{bad}");
}

async fn a_sponsor_adds_and_changes_a_member(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = sponsor(&app).await;
    let added = b
        .submit(
            "/main/organization/members/new",
            "/main/organization/members",
            &[
                ("firstName", "Nia"),
                ("lastName", "New"),
                ("username", "nia@example.org"),
                ("password", "nia-pass-12"),
                ("dateOfBirth", "2012-09-30"),
                ("grade", "05"),
                ("disabilityType", "visual"),
                ("disabilityType", "learning"),
                ("disabilityPlan", "iep"),
                ("onQuickList", "true"),
                ("safeSearch", "true"),
            ],
        )
        .await;
    assert_eq!(added.status(), StatusCode::SEE_OTHER);
    let page_of_nia = location(&added);
    assert!(page_of_nia.ends_with("?done=created"), "{page_of_nia}");
    let nia_page = page_of_nia.trim_end_matches("?done=created").to_owned();
    let shown = b.page(&page_of_nia, StatusCode::OK).await;
    assert!(shown.contains("<h1 translate=\"no\">Nia New</h1>"));
    assert!(shown.contains("role=\"status\">The member has been added."));
    let members = api_members(&app, "").await;
    let nia = member_named(&members, "nia@example.org").expect("Nia is a member");
    assert_eq!(nia["grade"], "05");
    assert_eq!(
        nia["disabilities"],
        serde_json::json!(["learning", "visual"])
    );
    assert_eq!(nia["plans"], serde_json::json!(["iep"]));
    assert_eq!(nia["onQuickList"], true);
    assert_eq!(
        nia["allowSearchDownloads"], false,
        "an unticked box is false"
    );
    let signed_in = app
        .token_via(TRUSTED, "", "nia@example.org", "nia-pass-12")
        .await;
    assert!(!signed_in.is_empty(), "Nia signs in with her password");

    // Changed: a new grade, off the quick list, a new last name.
    let changed = b
        .submit(
            &nia_page,
            &nia_page,
            &[
                ("firstName", "Nia"),
                ("lastName", "Newer"),
                ("username", "nia@example.org"),
                ("dateOfBirth", "2012-09-30"),
                ("grade", "06"),
                ("disabilityType", "visual"),
                ("safeSearch", "true"),
            ],
        )
        .await;
    assert_eq!(changed.status(), StatusCode::SEE_OTHER);
    assert!(location(&changed).ends_with("?done=changed"));
    let members = api_members(&app, "").await;
    let nia = member_named(&members, "nia@example.org").unwrap();
    assert_eq!(nia["grade"], "06");
    assert_eq!(nia["name"]["lastName"], "Newer");
    assert_eq!(nia["disabilities"], serde_json::json!(["visual"]));
    assert_eq!(nia["onQuickList"], false);
    let shown = b.page(&nia_page, StatusCode::OK).await;
    assert!(
        shown.contains("value=\"06\""),
        "the form shows what is stored"
    );
}

async fn a_sponsor_assigns_titles_from_a_member_s_page_and_a_title_s(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = sponsor(&app).await;
    let student = "/main/organization/members/u-student";
    let page = b.page(student, StatusCode::OK).await;
    assert!(page.contains("No titles are assigned"), "{page}");
    let found = b
        .page(&format!("{student}/find?keyword=pride"), StatusCode::OK)
        .await;
    assert!(found.contains("1 title found"), "{found}");
    assert_eq!(hidden(&found, "serviceId").as_deref(), Some("t-pride"));
    let nothing = b
        .page(&format!("{student}/find?keyword="), StatusCode::BAD_REQUEST)
        .await;
    assert!(nothing.contains("id=\"keyword-error\""), "{nothing}");
    let assigned = b
        .submit(
            &format!("{student}/find?keyword=pride"),
            &format!("{student}/assign"),
            &[("serviceId", "t-pride")],
        )
        .await;
    assert_eq!(assigned.status(), StatusCode::SEE_OTHER);
    assert_eq!(api_assigned(&app, "u-student").await, ["t-pride"]);
    let page = b.page(&location(&assigned), StatusCode::OK).await;
    assert!(page.contains("The title has been assigned."));
    let taken = b
        .submit(
            student,
            &format!("{student}/take-back"),
            &[("serviceId", "t-pride")],
        )
        .await;
    assert_eq!(taken.status(), StatusCode::SEE_OTHER);
    assert!(api_assigned(&app, "u-student").await.is_empty());

    // From the title's page: each member, with whether they may download it and why not.
    let title = b.page("/main/titles/t-pride", StatusCode::OK).await;
    let assign = link(
        &title,
        "Assign this title to members, and see who may download it",
    )
    .expect("a sponsor's link");
    assert_eq!(assign, "/main/titles/t-pride/assign");
    let choose = b.page(&assign, StatusCode::OK).await;
    assert!(
        choose.contains("<p role=\"status\">3 members</p>"),
        "{choose}"
    );
    assert!(
        choose.contains("id=\"member\""),
        "the first box is what the summary leads to"
    );
    let none = b.submit(&assign, &assign, &[]).await;
    assert_eq!(none.status(), StatusCode::BAD_REQUEST);
    let none = none.text().await.unwrap();
    assert!(none.contains("Choose at least one member"), "{none}");
    assert!(
        api_assigned(&app, "u-pupil").await.is_empty(),
        "nothing written"
    );
    // A member the sponsor may assign to, and one who is not there: all or none.
    let half = b
        .submit(
            &assign,
            &assign,
            &[("member", "u-student"), ("member", "u-nobody")],
        )
        .await;
    assert_eq!(half.status(), StatusCode::NOT_FOUND);
    assert!(
        api_assigned(&app, "u-student").await.is_empty(),
        "nobody is assigned when one cannot be"
    );
    let two = b
        .submit(
            &assign,
            &assign,
            &[("member", "u-student"), ("member", "u-pupil")],
        )
        .await;
    assert_eq!(two.status(), StatusCode::SEE_OTHER);
    assert_eq!(location(&two), "/main/titles/t-pride/assign?assigned=2");
    assert_eq!(api_assigned(&app, "u-student").await, ["t-pride"]);
    assert_eq!(api_assigned(&app, "u-pupil").await, ["t-pride"]);
    let after = b.page(&location(&two), StatusCode::OK).await;
    assert!(after.contains("The title has been assigned to 2 members."));
    assert_eq!(after.matches("assigned already").count(), 2, "{after}");
}

async fn member_forms_name_what_is_wrong_and_write_nothing(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = sponsor(&app).await;
    let refused = b
        .submit(
            "/main/organization/members/new",
            "/main/organization/members",
            &[
                ("firstName", ""),
                ("lastName", "Nobody"),
                ("password", "short"),
                ("dateOfBirth", "30/09/2012"),
                ("grade", "fifth"),
            ],
        )
        .await;
    assert_eq!(refused.status(), StatusCode::BAD_REQUEST);
    let page = refused.text().await.unwrap();
    assert!(page.contains("<title>Error: Add a member"), "{page}");
    for field in ["firstName", "password", "dateOfBirth", "grade"] {
        assert!(
            page.contains(&format!("id=\"{field}-error\"")),
            "{field}: {page}"
        );
        assert!(
            page.contains(&format!("href=\"#{field}\"")),
            "{field} in the summary"
        );
    }
    assert!(page.contains("Enter the member&#39;s first name"));
    assert!(
        page.contains("Must be a date written YYYY-MM-DD."),
        "{page}"
    );
    assert!(
        page.contains("value=\"30/09/2012\""),
        "what was typed is kept"
    );
    assert!(
        !page.contains("value=\"short\""),
        "a password is never sent back"
    );
    assert_eq!(api_members(&app, "").await["totalResults"], 3);

    // A user name that is another account's: beside the field, nothing written.
    let taken = b
        .submit(
            "/main/organization/members/new",
            "/main/organization/members",
            &[
                ("firstName", "Dee"),
                ("lastName", "Double"),
                ("dateOfBirth", "2012-01-01"),
                ("grade", "05"),
                ("username", "member@example.org"),
            ],
        )
        .await;
    assert_eq!(taken.status(), StatusCode::BAD_REQUEST);
    let page = taken.text().await.unwrap();
    assert!(page.contains("id=\"username-error\""), "{page}");
    assert_eq!(api_members(&app, "").await["totalResults"], 3);

    let student = "/main/organization/members/u-student";
    let bad = b
        .submit(
            student,
            student,
            &[("firstName", "Stu"), ("dateOfBirth", "soon")],
        )
        .await;
    assert_eq!(bad.status(), StatusCode::BAD_REQUEST);
    let page = bad.text().await.unwrap();
    assert!(page.contains("id=\"dateOfBirth-error\""), "{page}");
    let members = api_members(&app, "").await;
    let stu = member_named(&members, "student@example.org").unwrap();
    assert_eq!(stu["dateOfBirth"], Value::Null, "nothing changed");
}

async fn sponsor_pages_are_refused_to_everyone_else(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let guest = Browser::new(&app);
    for path in [
        "/main/organization",
        "/main/organization/members",
        "/main/organization/members/new",
        "/main/organization/members/u-student",
        "/main/titles/t-pride/assign",
    ] {
        let resp = guest.get(path).await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER, "{path}");
        assert!(location(&resp).starts_with("/main/sign-in?next="), "{path}");
    }
    let reader = Browser::new(&app);
    reader
        .sign_in("student@example.org", "student-pass-1")
        .await;
    let home = reader.page("/main/", StatusCode::OK).await;
    assert!(!home.contains("My organization"));
    for path in [
        "/main/organization",
        "/main/organization/members",
        "/main/organization/members/u-pupil",
        "/main/organization/members/u-pupil/find?keyword=pride",
        "/main/titles/t-pride/assign",
    ] {
        let page = reader.page(path, StatusCode::FORBIDDEN).await;
        assert!(
            page.contains("Only an organization&#39;s sponsors manage it"),
            "{path}: {page}"
        );
    }
    let title = reader.page("/main/titles/t-pride", StatusCode::OK).await;
    assert!(!title.contains("Assign this title"));
    let posted = reader
        .submit(
            "/main/",
            "/main/organization/members",
            &[("firstName", "Sly"), ("lastName", "Self")],
        )
        .await;
    assert_eq!(posted.status(), StatusCode::FORBIDDEN);
    let assign = reader
        .submit(
            "/main/",
            "/main/titles/t-pride/assign",
            &[("member", "u-pupil")],
        )
        .await;
    assert_eq!(assign.status(), StatusCode::FORBIDDEN);
    for (action, field) in [
        (
            "/main/organization/members/u-pupil/assign",
            ("serviceId", "t-pride"),
        ),
        (
            "/main/organization/members/u-pupil/take-back",
            ("serviceId", "t-pride"),
        ),
        ("/main/organization/roster-tags", ("schoolName", "Mine")),
        ("/main/organization/members/u-pupil", ("grade", "06")),
    ] {
        let resp = reader.submit("/main/", action, &[field]).await;
        assert_eq!(resp.status(), StatusCode::FORBIDDEN, "{action}");
    }
    assert!(api_assigned(&app, "u-pupil").await.is_empty());

    // A sponsor: another organization's member is not there; a form without the token is
    // refused, and writes nothing.
    let b = sponsor(&app).await;
    b.page(
        "/main/organization/members/u-far-pupil",
        StatusCode::NOT_FOUND,
    )
    .await;
    let forged = b
        .post(
            "/main/organization/members",
            &[
                ("csrf", "forged"),
                ("firstName", "F"),
                ("lastName", "Orged"),
            ],
        )
        .await;
    assert_eq!(forged.status(), StatusCode::FORBIDDEN);
    let far = b
        .submit(
            "/main/titles/t-pride/assign",
            "/main/titles/t-pride/assign",
            &[("member", "u-far-pupil")],
        )
        .await;
    assert_eq!(far.status(), StatusCode::NOT_FOUND);
    assert_eq!(api_members(&app, "").await["totalResults"], 3);
}

async fn the_member_list_pages_to_the_end(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let b = sponsor(&app).await;
    for n in 0..9 {
        let last = format!("Zed{n}");
        let resp = b
            .submit(
                "/main/organization/members/new",
                "/main/organization/members",
                &[
                    ("firstName", "Pat"),
                    ("lastName", last.as_str()),
                    ("dateOfBirth", "2013-03-03"),
                    ("grade", "04"),
                ],
            )
            .await;
        assert_eq!(resp.status(), StatusCode::SEE_OTHER);
    }
    let first = b.page("/main/organization/members", StatusCode::OK).await;
    assert!(first.contains("12 members"), "{first}");
    let mut seen = names_listed(&first);
    assert_eq!(seen.len(), 10, "a page of ten");
    let next = link(&first, "Next page").expect("a next page");
    assert!(
        next.contains("sortOrder=lastName"),
        "the order is kept: {next}"
    );
    let second = b.page(&next, StatusCode::OK).await;
    let rest = names_listed(&second);
    assert_eq!(rest.len(), 2, "{rest:?}");
    assert!(link(&second, "Next page").is_none());
    seen.extend(rest);
    let mut unique = seen.clone();
    unique.sort();
    unique.dedup();
    assert_eq!(unique.len(), 12, "none twice: {seen:?}");
}
