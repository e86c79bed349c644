//! `GET /v2/organizations/{organizationId}/members`: membership assistants list members, and
//! the first list to show the paging conventions of document 1 end to end.

use lectern_store::fixture::{self, FixtureFile};
use lectern_store::on_both_stores;
use reqwest::StatusCode;
use serde_json::{Value, json as j};

use crate::support::*;

on_both_stores!(
    membership_assistants_list_their_organizations_members,
    who_may_list_members,
    filters_narrow_the_list,
    every_order_pages_to_the_end_in_both_directions,
    paging_parameters_are_checked,
    page_links_carry_the_filters_but_no_credentials,
);

async fn membership_token(app: &TestApp) -> String {
    app.token_via(
        CONFIDENTIAL,
        CONFIDENTIAL_SECRET,
        "membership@example.org",
        "membership-pass-1",
    )
    .await
}

async fn list(app: &TestApp, token: &str, organization: &str, query: &str) -> (StatusCode, Value) {
    let path = format!("/v2/organizations/{organization}/members?api_key={CONFIDENTIAL}{query}");
    json(app.get(&path).bearer_auth(token).send().await.unwrap()).await
}

fn ids(body: &Value) -> Vec<String> {
    body["userAccounts"]
        .as_array()
        .unwrap()
        .iter()
        .map(|a| a["userAccountId"].as_str().unwrap().to_owned())
        .collect()
}

async fn membership_assistants_list_their_organizations_members(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = membership_token(&app).await;
    let (status, body) = list(&app, &token, "org-school", "").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    // Members in last-name order; the sponsor of the organization is not a member.
    assert_eq!(ids(&body), ["u-student", "u-pupil", "u-both"]);
    assert_eq!(body["totalResults"], 3);
    assert_eq!(body["limit"], 10);
    assert_eq!(body["next"], Value::Null);
    // Members are added on the list itself.
    assert_eq!(body["allows"], j!(["POST"]));
    let student = &body["userAccounts"][0];
    assert_eq!(student["name"]["firstName"], "Stu");
    assert_eq!(student["emailAddress"], "student@example.org");
    assert_eq!(student["grade"], "05");
    assert_eq!(student["site"], "main");
    assert_eq!(student["roles"], j!(["organizationMember"]));
    assert_eq!(student["hasServicePlus"], true);
    assert_eq!(student["subscriptionStatus"], "expired");
    assert_eq!(
        body["userAccounts"][1]["emailAddress"],
        Value::Null,
        "a member without a user name"
    );
}

async fn who_may_list_members(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (status, body) = json(
        app.get(&format!(
            "/v2/organizations/org-school/members?api_key={CONFIDENTIAL}"
        ))
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "guests: {body}");

    let secret_roles = [
        ("member@example.org", "member-pass-1"),
        ("student@example.org", "student-pass-1"),
        ("sponsor@example.org", "sponsor-pass-1"),
        ("collection@example.org", "collection-pass-1"),
        ("volunteer@example.org", "volunteer-pass-1"),
        ("trusted-volunteer@example.org", "trusted-pass-1"),
    ];
    for (user, password) in secret_roles {
        let token = app
            .token_via(CONFIDENTIAL, CONFIDENTIAL_SECRET, user, password)
            .await;
        let (status, body) = list(&app, &token, "org-school", "").await;
        assert_eq!(status, StatusCode::FORBIDDEN, "{user}: {body}");
        assert!(error_message(&body, "FORBIDDEN").contains("membership assistants"));
    }

    let admin = app
        .token_via(
            CONFIDENTIAL,
            CONFIDENTIAL_SECRET,
            "admin@example.org",
            "admin-pass-1",
        )
        .await;
    let (status, body) = list(&app, &admin, "org-school", "").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["totalResults"], 3);
    let (status, body) = list(&app, &admin, "org-elsewhere", "").await;
    assert_eq!(status, StatusCode::OK, "administrators manage every site");
    assert_eq!(ids(&body), ["u-far-pupil"]);

    let assistant = membership_token(&app).await;
    let (status, body) = list(&app, &assistant, "org-elsewhere", "").await;
    assert_eq!(
        status,
        StatusCode::NOT_FOUND,
        "another site's organization is not there for an assistant"
    );
    assert!(error_message(&body, "NOT_FOUND").contains("org-elsewhere"));
    let (status, _) = list(&app, &assistant, "no-such-org", "").await;
    assert_eq!(status, StatusCode::NOT_FOUND);

    // A client key without membership privileges may not call it, whoever signs in.
    let token = app.token_of("membership@example.org").await;
    let (status, body) = json(
        app.get(&format!(
            "/v2/organizations/org-school/members?api_key={TRUSTED}"
        ))
        .bearer_auth(&token)
        .send()
        .await
        .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    assert!(error_message(&body, "FORBIDDEN").contains("client keys with membership privileges"));
}

async fn filters_narrow_the_list(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = membership_token(&app).await;
    let (_, body) = list(&app, &token, "org-school", "&grade=03").await;
    assert_eq!(ids(&body), ["u-pupil"]);
    assert_eq!(body["totalResults"], 1);
    let (_, body) = list(&app, &token, "org-school", "&sponsorList=individualMembers").await;
    assert_eq!(ids(&body), ["u-both"]);
    let (_, body) = list(&app, &token, "org-school", "&sponsorList=orgMembers").await;
    assert_eq!(ids(&body), ["u-student", "u-pupil", "u-both"]);
    let (_, body) = list(
        &app,
        &token,
        "org-school",
        "&sponsorList=allMembers&sortOrder=firstName&direction=desc",
    )
    .await;
    // First names Stu, Pip, Bo, from last to first.
    assert_eq!(ids(&body), ["u-student", "u-pupil", "u-both"]);
    let (_, body) = list(&app, &token, "org-school", "&sortOrder=birthDate").await;
    assert_eq!(
        ids(&body),
        ["u-student", "u-both", "u-pupil"],
        "members without a birth date come first"
    );
}

const LAST: [&str; 7] = [
    "adams", "baker", "clark", "davis", "evans", "frost", "green",
];
const FIRST: [&str; 5] = ["ann", "ben", "cat", "dan", "eve"];

/// 230 members of a new organization, with repeated names so that ties are broken by the id.
/// A generated member: id, last name, first name, grade and birth date ('' when absent).
type Member = (String, String, String, String, String);

/// How a test computes, on its own, the sort key an order should follow.
type KeyOf = fn(&Member) -> Vec<String>;

fn big_organization() -> (FixtureFile, Vec<Member>) {
    let mut users = Vec::new();
    let mut expected = Vec::new();
    for i in 0..230 {
        let id = format!("m-{i:04}");
        let (last, first) = (LAST[(i * 3) % 7], FIRST[(i * 7) % 5]);
        let grade = if i % 4 == 0 {
            String::new()
        } else {
            format!("{:02}", i % 12 + 1)
        };
        let born = if i % 5 == 0 {
            String::new()
        } else {
            format!("20{:02}-0{}-1{}", 5 + i % 10, 1 + i % 9, i % 10)
        };
        let mut user = j!({ "userAccountId": id, "site": "main", "roles": ["organizationMember"],
            "firstName": first, "lastName": last, "organizationId": "org-big" });
        if !grade.is_empty() {
            user["grade"] = j!(grade);
        }
        if !born.is_empty() {
            user["dateOfBirth"] = j!(born);
        }
        users.push(user);
        expected.push((id, last.to_owned(), first.to_owned(), grade, born));
    }
    let file = j!({
        "organizations": [{ "organizationId": "org-big", "organizationName": "Big School", "organizationType": "school",
                            "site": "main", "country": "US" }],
        "users": users,
    });
    (FixtureFile::parse(&file.to_string()).unwrap(), expected)
}

async fn every_order_pages_to_the_end_in_both_directions(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (file, members) = big_organization();
    fixture::load(&app.store, file).await.unwrap();
    let token = membership_token(&app).await;

    let orders: [(&str, KeyOf); 6] = [
        ("lastName", |m| vec![m.1.clone(), m.2.clone(), m.0.clone()]),
        ("firstName", |m| vec![m.2.clone(), m.1.clone(), m.0.clone()]),
        ("grade", |m| {
            vec![m.3.clone(), m.1.clone(), m.2.clone(), m.0.clone()]
        }),
        ("birthDate", |m| {
            vec![m.4.clone(), m.1.clone(), m.2.clone(), m.0.clone()]
        }),
        ("district", |m| vec![m.1.clone(), m.2.clone(), m.0.clone()]),
        ("school", |m| vec![m.1.clone(), m.2.clone(), m.0.clone()]),
    ];
    for (sort, key) in orders {
        for direction in ["asc", "desc"] {
            let mut expected = members.clone();
            expected.sort_by_key(key);
            if direction == "desc" {
                expected.reverse();
            }
            let expected: Vec<String> = expected.into_iter().map(|m| m.0).collect();

            let mut seen = Vec::new();
            let mut start = String::new();
            let mut pages = 0;
            loop {
                let (status, body) = list(
                    &app,
                    &token,
                    "org-big",
                    &format!("&limit=7&sortOrder={sort}&direction={direction}{start}"),
                )
                .await;
                assert_eq!(status, StatusCode::OK, "{body}");
                assert_eq!(body["totalResults"], 230);
                assert_eq!(body["limit"], 7);
                seen.extend(ids(&body));
                pages += 1;
                match body["next"].as_str() {
                    Some(next) => {
                        assert_eq!(ids(&body).len(), 7);
                        start = format!("&start={next}");
                    }
                    None => break,
                }
            }
            assert_eq!(pages, 33, "{sort} {direction}");
            assert_eq!(
                seen, expected,
                "{sort} {direction}: pages joined in order, each member once"
            );
        }
    }
}

async fn paging_parameters_are_checked(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (file, _) = big_organization();
    fixture::load(&app.store, file).await.unwrap();
    let token = membership_token(&app).await;

    let (status, body) = list(&app, &token, "org-big", "&limit=500").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["limit"], 100);
    assert_eq!(ids(&body).len(), 100);

    for (query, param) in [
        ("&limit=0", "limit"),
        ("&limit=-3", "limit"),
        ("&limit=ten", "limit"),
        ("&start=not-a-token", "start"),
        ("&start=%%%", "start"),
        ("&start=WyJ4Il0", "start"),
        ("&sortOrder=shoeSize", "sortOrder"),
        ("&direction=up", "direction"),
        ("&sponsorList=everyone", "sponsorList"),
        ("&limit=5&limit=6", "limit"),
    ] {
        let (status, body) = list(&app, &token, "org-big", query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
        let message = error_message(&body, "BAD_REQUEST");
        assert!(
            message.contains(&format!("'{param}'")),
            "{query}: {message}"
        );
    }

    // A token of one order does not continue another.
    let (_, body) = list(&app, &token, "org-big", "&limit=5&sortOrder=lastName").await;
    let next = body["next"].as_str().unwrap();
    for other in [
        "&sortOrder=firstName",
        "&sortOrder=lastName&direction=desc",
        "&sortOrder=grade",
    ] {
        let (status, body) = list(
            &app,
            &token,
            "org-big",
            &format!("&limit=5{other}&start={next}"),
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{other}");
        assert!(error_message(&body, "BAD_REQUEST").contains("'start'"));
    }
    // An empty start is the beginning.
    let (status, first) = list(&app, &token, "org-big", "&limit=5&start=").await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ids(&first), ids(&body_of(&app, &token).await));
}

async fn body_of(app: &TestApp, token: &str) -> Value {
    list(app, token, "org-big", "&limit=5").await.1
}

async fn page_links_carry_the_filters_but_no_credentials(backend: Backend) {
    let app = TestApp::start(backend).await;
    let (file, _) = big_organization();
    fixture::load(&app.store, file).await.unwrap();
    let token = membership_token(&app).await;
    let (_, body) = list(
        &app,
        &token,
        "org-big",
        &format!("&limit=100&grade=05&access_token={token}"),
    )
    .await;
    let links = body["links"].as_array().unwrap();
    let self_link = links.iter().find(|l| l["rel"] == "self").unwrap()["href"]
        .as_str()
        .unwrap();
    assert_eq!(
        self_link,
        app.url("/v2/organizations/org-big/members?limit=100&grade=05")
    );
    assert!(
        links.iter().all(|l| l["rel"] != "next"),
        "one page only: no next link"
    );

    let (_, body) = list(&app, &token, "org-big", "&limit=100").await;
    let next = body["next"].as_str().unwrap();
    let links = body["links"].as_array().unwrap();
    let next_link = links.iter().find(|l| l["rel"] == "next").unwrap()["href"]
        .as_str()
        .unwrap();
    assert_eq!(
        next_link,
        app.url(&format!(
            "/v2/organizations/org-big/members?limit=100&start={next}"
        ))
    );
    // Following the link (with the key added, as clients do) gives the next page.
    let (status, page2) = json(
        app.http
            .get(format!("{next_link}&api_key={CONFIDENTIAL}"))
            .bearer_auth(&token)
            .send()
            .await
            .unwrap(),
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(ids(&page2).len(), 100);
    assert_ne!(ids(&page2)[0], ids(&body)[0]);
}
