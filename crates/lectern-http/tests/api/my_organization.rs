//! The sponsor's door (document 2): `/v2/myOrganization...`: the organization, its members and
//! their preferences, its sponsors, its roster tags; and `/v2/organizationTypes`.

use lectern_store::on_both_stores;
use reqwest::{Method, StatusCode};
use serde_json::{Value, json as j};

use crate::support::call_console as call;
use crate::support::*;

on_both_stores!(
    only_sponsors_use_the_sponsors_door,
    the_primary_contact_changes_the_organization,
    sponsors_add_and_change_members,
    roster_tags_page_and_sort_members,
    sponsors_manage_sponsors_and_hand_over_the_primary_contact,
    sponsors_read_and_change_their_members_preferences,
    organization_types_are_listed_for_users_and_privileged_keys,
    title_availabilities_show_each_members_alerts,
    organizations_sign_up_from_the_directory_or_their_own_fields,
);

const SPONSOR: &str = "sponsor@example.org";

async fn sponsor(app: &TestApp) -> String {
    app.minted_token(CONFIDENTIAL, SPONSOR).await
}

fn ids(body: &Value, items: &str) -> Vec<String> {
    body[items]
        .as_array()
        .unwrap_or_else(|| panic!("no {items}: {body}"))
        .iter()
        .map(|a| a["userAccountId"].as_str().unwrap().to_owned())
        .collect()
}

async fn only_sponsors_use_the_sponsors_door(backend: Backend) {
    let app = TestApp::start(backend).await;
    let paths = [
        "/v2/myOrganization",
        "/v2/myOrganization/members",
        "/v2/myOrganization/sponsors",
        "/v2/myOrganization/rosterTags",
        "/v2/myOrganization/members/u-pupil/preferences",
    ];
    for (role, user, _) in USERS {
        let token = app.minted_token(CONFIDENTIAL, user).await;
        for path in paths {
            let (status, body) = call(&app, Method::GET, path, Some(&token), &[]).await;
            if role == "organizationSponsor" {
                assert_eq!(status, StatusCode::OK, "{path}: {body}");
            } else {
                assert_eq!(status, StatusCode::FORBIDDEN, "{role} {path}: {body}");
            }
        }
    }
    for path in paths {
        let (status, _) = call(&app, Method::GET, path, None, &[]).await;
        assert_eq!(status, StatusCode::UNAUTHORIZED, "{path}");
    }
    let token = sponsor(&app).await;
    let (_, body) = call(&app, Method::GET, "/v2/myOrganization", Some(&token), &[]).await;
    assert_eq!(body["organizationName"], "Hill School");
    assert_eq!(body["organizationType"], "school");
    assert_eq!(body["address"]["city"], "Leeds");
    assert_eq!(body["hasServicePlus"], true);
    assert_eq!(body["primaryContact"]["userAccountId"], "u-sponsor");
    assert_eq!(
        body["allows"],
        j!(["PUT"]),
        "the primary contact may change it"
    );
    let rels: Vec<&str> = body["links"]
        .as_array()
        .unwrap()
        .iter()
        .map(|l| l["rel"].as_str().unwrap())
        .collect();
    assert_eq!(rels, ["self", "members", "sponsors"]);
    // Another organization's member is not there for this sponsor.
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/myOrganization/members/u-far-pupil/preferences",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/myOrganization/members/u-member",
        Some(&token),
        &[("grade", "06")],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn the_primary_contact_changes_the_organization(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = sponsor(&app).await;
    let (status, body) = call(
        &app,
        Method::PUT,
        "/v2/myOrganization",
        Some(&token),
        &[
            ("organizationName", "Hill Primary"),
            ("city", "York"),
            ("website", "https://hill.example"),
            ("safeSearch", "false"),
            ("allowSearchDownloads", "false"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["organizationName"], "Hill Primary");
    assert_eq!(body["address"]["city"], "York");
    assert_eq!(body["webSite"], "https://hill.example");
    assert_eq!(body["safeSearch"], false);
    assert_eq!(body["allowSearchDownloads"], false);
    // Members without a setting of their own follow the organization's at once.
    let (_, members) = call(
        &app,
        Method::GET,
        "/v2/myOrganization/members",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(
        members["memberSummaries"][0]["allowSearchDownloads"], false,
        "{members}"
    );
    for (param, value) in [("country", "Narnia"), ("safeSearch", "maybe")] {
        let (status, body) = call(
            &app,
            Method::PUT,
            "/v2/myOrganization",
            Some(&token),
            &[(param, value)],
        )
        .await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{param}: {body}");
        assert!(body.to_string().contains(param), "{body}");
    }
    // Another sponsor is no primary contact.
    add_second_sponsor(&app).await;
    let second = app.minted_token(CONFIDENTIAL, "sam@hill.example").await;
    let (status, body) = call(&app, Method::GET, "/v2/myOrganization", Some(&second), &[]).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(body["allows"], Value::Null);
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/myOrganization",
        Some(&second),
        &[("city", "Hull")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

const NEW_PUPIL: [(&str, &str); 7] = [
    ("firstName", "Zed"),
    ("lastName", "Zephyr"),
    ("dateOfBirth", "2016-06-06"),
    ("grade", "02"),
    ("disabilityType", "learning"),
    ("disabilityPlan", "section504"),
    ("onQuickList", "true"),
];

async fn sponsors_add_and_change_members(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = sponsor(&app).await;
    let path = "/v2/myOrganization/members";
    // Adding members is for the library's own applications.
    let on_trusted = app.minted_token(TRUSTED, SPONSOR).await;
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::POST,
        path,
        Some(&on_trusted),
        &NEW_PUPIL,
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (_, listed) = call_as(&app, TRUSTED, Method::GET, path, Some(&on_trusted), &[]).await;
    assert_eq!(listed["allows"], Value::Null);
    let resp = app
        .post(&format!("{path}?api_key={CONFIDENTIAL}"))
        .bearer_auth(&token)
        .form(&NEW_PUPIL)
        .send()
        .await
        .unwrap();
    let location = resp.headers()["location"].to_str().unwrap().to_owned();
    let (status, zed) = json(resp).await;
    assert_eq!(status, StatusCode::CREATED, "{zed}");
    let id = zed["userAccountId"].as_str().unwrap().to_owned();
    assert!(location.ends_with(&format!("{path}/{id}")), "{location}");
    assert_eq!(zed["disabilities"], j!(["learning"]));
    assert_eq!(zed["plans"], j!(["section504"]));
    assert_eq!(zed["onQuickList"], true);
    assert_eq!(zed["sponsorManageable"], true);
    assert_eq!(zed["canDownload"], true, "{zed}");
    assert_eq!(zed["userName"], Value::Null);
    let (_, quick) = call(
        &app,
        Method::GET,
        &format!("{path}?sponsorList=myQuickList"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(ids(&quick, "memberSummaries"), [id.as_str()]);
    assert_eq!(quick["totalResults"], 1);
    let (_, all) = call(&app, Method::GET, path, Some(&token), &[]).await;
    assert_eq!(
        ids(&all, "memberSummaries"),
        ["u-student", "u-pupil", "u-both", id.as_str()]
    );
    assert_eq!(all["allows"], j!(["POST"]));

    // Changes: a quick list left, a grade moved, names of a manageable member.
    let member = format!("{path}/{id}");
    let (status, body) = call(
        &app,
        Method::PUT,
        &member,
        Some(&token),
        &[
            ("onQuickList", "false"),
            ("grade", "03"),
            ("firstName", "Zack"),
            ("safeSearch", "false"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["onQuickList"], false);
    assert_eq!(body["grade"], "03");
    assert_eq!(body["name"]["firstName"], "Zack");
    assert_eq!(body["safeSearch"], false);
    let (_, quick) = call(
        &app,
        Method::GET,
        &format!("{path}?sponsorList=myQuickList"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(quick["totalResults"], 0);
    // A member with a sign-in of their own keeps their names and password.
    let (status, body) = call(
        &app,
        Method::PUT,
        &format!("{path}/student@example.org"),
        Some(&token),
        &[
            ("firstName", "Stuart"),
            ("password", "new-pass-123"),
            ("grade", "06"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let text = body.to_string();
    assert!(
        text.contains("firstName") && text.contains("password"),
        "{body}"
    );
    let (_, student) = call(
        &app,
        Method::GET,
        &format!("{path}?grade=05"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(
        ids(&student, "memberSummaries"),
        ["u-student"],
        "nothing was written"
    );
    // Bad input is named; a roster tag of no one's is refused.
    let (status, body) = call(
        &app,
        Method::POST,
        path,
        Some(&token),
        &[("firstName", "Q"), ("rosterTagId", "12345")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.to_string().contains("rosterTagId"), "{body}");
    let (status, body) = call(
        &app,
        Method::POST,
        path,
        Some(&token),
        &[("firstName", "Q")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let text = body.to_string();
    for param in ["lastName", "dateOfBirth", "grade"] {
        assert!(text.contains(param), "{param}: {body}");
    }
    // An organization the library has not authorized to add members.
    let assistant = app
        .minted_token(CONFIDENTIAL, "membership@example.org")
        .await;
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/organizations/org-school",
        Some(&assistant),
        &[("canCreateUsers", "false")],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, _) = call(&app, Method::POST, path, Some(&token), &NEW_PUPIL).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

async fn roster_tags_page_and_sort_members(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = sponsor(&app).await;
    let tags = "/v2/myOrganization/rosterTags";
    let mut made = Vec::new();
    for (district, school) in [("North", "Oak"), ("South", ""), ("", "Ash")] {
        let mut form = vec![];
        if !district.is_empty() {
            form.push(("districtName", district));
        }
        if !school.is_empty() {
            form.push(("schoolName", school));
        }
        let (status, body) = call(&app, Method::POST, tags, Some(&token), &form).await;
        assert_eq!(status, StatusCode::CREATED, "{body}");
        assert!(body["rosterTagId"].as_i64().unwrap() > 0);
        made.push(body["rosterTagId"].as_i64().unwrap());
    }
    let (status, body) = call(&app, Method::POST, tags, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.to_string().contains("districtName"), "{body}");
    // Paged to the end, newest first by default, oldest first asked.
    let mut orders = Vec::new();
    for query in ["", "&direction=asc"] {
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
                &format!("{tags}?limit=2{query}{start}"),
                Some(&token),
                &[],
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{page}");
            assert_eq!(page["totalResults"], 3);
            for t in page["rosterTags"].as_array().unwrap() {
                seen.push(t["rosterTagId"].as_i64().unwrap());
            }
            match page["next"].as_str() {
                Some(n) => next = Some(n.to_owned()),
                None => break,
            }
        }
        orders.push(seen);
    }
    // Every tag once, and newest first is oldest first backwards. (Tags made within one second
    // order by their numbers, which are random, so the order of creation is not the test's.)
    let (newest_first, mut oldest_first) = (orders[0].clone(), orders[1].clone());
    let mut every = newest_first.clone();
    every.sort_unstable();
    let mut expected = made.clone();
    expected.sort_unstable();
    assert_eq!(every, expected);
    oldest_first.reverse();
    assert_eq!(newest_first, oldest_first);
    let (status, _) = call(
        &app,
        Method::GET,
        &format!("{tags}?direction=sideways"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);

    // Members carry their tag; the district and school orders sort by it.
    let members = "/v2/myOrganization/members";
    for (member, tag) in [
        ("u-student", made[1]),
        ("u-pupil", made[0]),
        ("u-both", made[2]),
    ] {
        let (status, body) = call(
            &app,
            Method::PUT,
            &format!("{members}/{member}"),
            Some(&token),
            &[("rosterTagId", &tag.to_string())],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{body}");
        assert_eq!(body["rosterTag"]["rosterTagId"], tag);
    }
    let order = |query: &'static str| {
        let (app, token) = (&app, &token);
        async move {
            let (status, body) = call(
                app,
                Method::GET,
                &format!("{members}?{query}"),
                Some(token),
                &[],
            )
            .await;
            assert_eq!(status, StatusCode::OK, "{body}");
            ids(&body, "memberSummaries")
        }
    };
    // The assistant's list of the organization's members shows the tags too.
    let assistant = app
        .minted_token(CONFIDENTIAL, "membership@example.org")
        .await;
    let (_, listed) = call(
        &app,
        Method::GET,
        "/v2/organizations/org-school/members?sortOrder=school",
        Some(&assistant),
        &[],
    )
    .await;
    assert_eq!(
        listed["userAccounts"][1]["rosterTag"]["schoolName"], "Ash",
        "{listed}"
    );
    // By district: none (Ash only), North, South.
    assert_eq!(
        order("sortOrder=district").await,
        ["u-both", "u-pupil", "u-student"]
    );
    // By school: none (South only), Ash, Oak; and the other way.
    assert_eq!(
        order("sortOrder=school").await,
        ["u-student", "u-both", "u-pupil"]
    );
    assert_eq!(
        order("sortOrder=school&direction=desc").await,
        ["u-pupil", "u-both", "u-student"]
    );
    let (_, pupil) = call(
        &app,
        Method::GET,
        &format!("{members}?sortOrder=district&limit=2"),
        Some(&token),
        &[],
    )
    .await;
    let next = pupil["next"].as_str().unwrap().to_owned();
    let (_, rest) = call(
        &app,
        Method::GET,
        &format!("{members}?sortOrder=district&limit=2&start={next}"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(ids(&rest, "memberSummaries"), ["u-student"]);
    let (status, _) = call(
        &app,
        Method::GET,
        &format!("{members}?sortOrder=school&start={next}"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "a token of another order");
}

async fn sponsors_manage_sponsors_and_hand_over_the_primary_contact(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = sponsor(&app).await;
    let sponsors = "/v2/myOrganization/sponsors";
    let (status, body) = call(
        &app,
        Method::POST,
        sponsors,
        Some(&token),
        &[
            ("firstName", "Sam"),
            ("lastName", "Second"),
            ("emailAddress", "sam@hill.example"),
            ("title", "SENCo"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.to_string().contains("phoneNumber"), "{body}");
    let resp = app
        .post(&format!("{sponsors}?api_key={CONFIDENTIAL}"))
        .bearer_auth(&token)
        .form(&SECOND_SPONSOR)
        .send()
        .await
        .unwrap();
    let location = resp.headers()["location"].to_str().unwrap().to_owned();
    let (status, sam) = json(resp).await;
    assert_eq!(status, StatusCode::CREATED, "{sam}");
    let sam_id = sam["userAccountId"].as_str().unwrap().to_owned();
    assert!(
        location.ends_with(&format!("{sponsors}/{sam_id}")),
        "{location}"
    );
    assert_eq!(sam["title"], "SENCo");
    assert_eq!(sam["emailAddress"], "sam@hill.example");
    let (status, _) = call(
        &app,
        Method::POST,
        sponsors,
        Some(&token),
        &[
            ("firstName", "Sam"),
            ("lastName", "Again"),
            ("phoneNumber", "1"),
            ("emailAddress", "SAM@hill.example"),
            ("title", "T"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::CONFLICT);
    let (_, list) = call(
        &app,
        Method::GET,
        &format!("{sponsors}?sortOrder=firstName"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(
        ids(&list, "sponsorSummaries"),
        [sam_id.as_str(), "u-sponsor"]
    );
    assert_eq!(list["totalResults"], 2);
    let (_, list) = call(
        &app,
        Method::GET,
        &format!("{sponsors}?limit=1"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(
        ids(&list, "sponsorSummaries"),
        ["u-sponsor"],
        "Nsor before Second"
    );
    assert!(list["next"].is_string());

    // Changing a sponsor is for the library's own applications.
    let sam_path = format!("{sponsors}/{sam_id}");
    let on_trusted = app.minted_token(TRUSTED, SPONSOR).await;
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::PUT,
        &sam_path,
        Some(&on_trusted),
        &[("title", "Head")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, body) = call(
        &app,
        Method::PUT,
        &sam_path,
        Some(&token),
        &[("title", "Head"), ("lastName", "")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "an empty value is not sent: {body}");
    assert_eq!(body["title"], "Head");
    assert_eq!(body["name"]["lastName"], "Second");
    let (status, _) = call(
        &app,
        Method::PUT,
        &format!("{sponsors}/u-pupil"),
        Some(&token),
        &[("title", "X")],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND, "a member is no sponsor");

    // The primary contact hands the role over, and no longer changes the organization.
    let contact = "/v2/myOrganization/primaryContact";
    let (status, _) = call(
        &app,
        Method::PUT,
        contact,
        Some(&token),
        &[("userIdentifier", "u-pupil")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST);
    let (status, body) = call(
        &app,
        Method::PUT,
        contact,
        Some(&token),
        &[("userIdentifier", "sam@hill.example")],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["userAccountId"], sam_id);
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/myOrganization",
        Some(&token),
        &[("city", "Hull")],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);
    let (status, _) = call(
        &app,
        Method::PUT,
        contact,
        Some(&token),
        &[("userIdentifier", "u-sponsor")],
    )
    .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "only the primary contact hands it over"
    );
}

async fn sponsors_read_and_change_their_members_preferences(backend: Backend) {
    let app = TestApp::start(backend).await;
    let token = sponsor(&app).await;
    let path = "/v2/myOrganization/members/u-pupil/preferences";
    let (status, body) = call(&app, Method::GET, path, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["showRecommendations"], true);
    assert!(body["links"][0]["href"].as_str().unwrap().ends_with(path));
    let (status, body) = call(
        &app,
        Method::PUT,
        path,
        Some(&token),
        &[
            ("format", "BRF"),
            ("brailleFormat", "embossable"),
            ("brailleCellLineWidth", "40"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["format"]["formatId"], "BRF");
    let (_, members) = call(
        &app,
        Method::GET,
        "/v2/myOrganization/members?grade=03",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(
        members["memberSummaries"][0]["preferredFormat"]["formatId"],
        "BRF"
    );
    let (status, body) = call(
        &app,
        Method::PUT,
        path,
        Some(&token),
        &[("brailleFormat", "refreshable")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.to_string().contains("brailleCellLineWidth"), "{body}");
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/myOrganization/members/u-far-pupil/preferences",
        Some(&token),
        &[("format", "BRF")],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
}

async fn organization_types_are_listed_for_users_and_privileged_keys(backend: Backend) {
    let app = TestApp::start(backend).await;
    let path = "/v2/organizationTypes";
    let (status, body) = call_as(&app, TRUSTED, Method::GET, path, None, &[]).await;
    assert_eq!(status, StatusCode::UNAUTHORIZED, "{body}");
    let (status, body) = call(&app, Method::GET, path, None, &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    let names: Vec<&str> = body["organizationTypes"]
        .as_array()
        .unwrap()
        .iter()
        .map(|t| t["name"].as_str().unwrap())
        .collect();
    assert!(
        names.contains(&"school") && names.contains(&"library"),
        "{body}"
    );
    assert!(body["organizationTypes"][0]["description"].is_string());
    let member = app.token_of("member@example.org").await;
    let (status, _) = call_as(&app, TRUSTED, Method::GET, path, Some(&member), &[]).await;
    assert_eq!(status, StatusCode::OK);
}

async fn title_availabilities_show_each_members_alerts(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    let token = sponsor(&app).await;
    let path = "/v2/myOrganization/titleAvailabilities/t-road";
    let (status, _) = call(
        &app,
        Method::POST,
        "/v2/assignedTitles/u-pupil",
        Some(&token),
        &[("serviceId", "t-road")],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    let (status, body) = call(&app, Method::GET, path, Some(&token), &[]).await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(body["totalResults"], 3);
    let items = body["memberTitleAvailabilities"].as_array().unwrap();
    let codes = |i: usize| -> Vec<&str> {
        items[i]["titleAccessAlerts"]
            .as_array()
            .unwrap()
            .iter()
            .map(|a| a["code"].as_str().unwrap())
            .collect()
    };
    assert_eq!(items[0]["userAccountId"], "u-student");
    assert_eq!(items[0]["assigned"], false);
    assert_eq!(
        codes(0),
        ["SUBSCRIPTION_EXPIRED", "PROOF_OF_DISABILITY_PENDING"]
    );
    assert_eq!(items[1]["userAccountId"], "u-pupil");
    assert_eq!(items[1]["assigned"], true);
    assert!(codes(1).contains(&"SUBSCRIPTION_MISSING"), "{body}");
    // The same rules as a download: the student's own view of the title says the same.
    let student = app.token_of("student@example.org").await;
    assert_eq!(
        errors_on_road(&app, &student).await,
        ["SUBSCRIPTION_EXPIRED", "PROOF_OF_DISABILITY_PENDING"]
    );
    // Filters: grade, quick list, district; paged to the end.
    let (_, graded) = call(
        &app,
        Method::GET,
        &format!("{path}?grade=03"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(ids(&graded, "memberTitleAvailabilities"), ["u-pupil"]);
    let (_, tag) = call(
        &app,
        Method::POST,
        "/v2/myOrganization/rosterTags",
        Some(&token),
        &[("districtName", "North"), ("schoolName", "Oak")],
    )
    .await;
    let tag_id = tag["rosterTagId"].as_i64().unwrap().to_string();
    let (status, _) = call(
        &app,
        Method::PUT,
        "/v2/myOrganization/members/u-both",
        Some(&token),
        &[("rosterTagId", &tag_id)],
    )
    .await;
    assert_eq!(status, StatusCode::OK);
    for param in ["districtId", "schoolId"] {
        let (status, tagged) = call(
            &app,
            Method::GET,
            &format!("{path}?{param}={tag_id}"),
            Some(&token),
            &[],
        )
        .await;
        assert_eq!(status, StatusCode::OK, "{tagged}");
        assert_eq!(
            ids(&tagged, "memberTitleAvailabilities"),
            ["u-both"],
            "{param}"
        );
    }
    let (_, first) = call(
        &app,
        Method::GET,
        &format!("{path}?limit=2"),
        Some(&token),
        &[],
    )
    .await;
    let next = first["next"].as_str().unwrap();
    let (_, rest) = call(
        &app,
        Method::GET,
        &format!("{path}?limit=2&start={next}"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(ids(&rest, "memberTitleAvailabilities"), ["u-both"]);
    // Refusals: a tag of no one's, a title not there, someone who sponsors nothing.
    let (status, body) = call(
        &app,
        Method::GET,
        &format!("{path}?districtId=7"),
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.to_string().contains("districtId"), "{body}");
    let (status, _) = call(
        &app,
        Method::GET,
        "/v2/myOrganization/titleAvailabilities/t-unfinished",
        Some(&token),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::NOT_FOUND);
    let (status, _) = call_as(&app, TRUSTED, Method::GET, path, Some(&student), &[]).await;
    assert_eq!(status, StatusCode::FORBIDDEN);
}

const DIRECTORY: &str = r#"{ "referenceOrganizations": [
  { "referenceOrgId": "ref-oak", "name": "Oak Valley High", "parentName": "Valley Unified",
    "organizationType": "school", "address1": "1 Oak Way", "city": "Fresno", "state": "US-CA",
    "postalCode": "93650", "country": "US", "locationCity": "Fresno" },
  { "referenceOrgId": "ref-ash", "name": "Ash Library", "organizationType": "library",
    "city": "Sacramento", "state": "CA", "country": "US" },
  { "referenceOrgId": "ref-elm", "name": "Elm Elementary", "organizationType": "school",
    "city": "Fresno", "state": "CA", "country": "US" },
  { "referenceOrgId": "ref-tx", "name": "Lone Star School", "organizationType": "school",
    "state": "TX", "country": "US" }
] }"#;

async fn organizations_sign_up_from_the_directory_or_their_own_fields(backend: Backend) {
    let app = TestApp::start(backend).await;
    let file = lectern_store::fixture::FixtureFile::parse(DIRECTORY).unwrap();
    lectern_store::fixture::load(&app.store, file)
        .await
        .unwrap();
    let names = |body: &Value| -> Vec<String> {
        body["referenceOrganizations"]
            .as_array()
            .unwrap_or_else(|| panic!("{body}"))
            .iter()
            .map(|o| o["name"].as_str().unwrap().to_owned())
            .collect()
    };
    let search = |query: &'static str| {
        let app = &app;
        async move {
            call(
                app,
                Method::GET,
                &format!("/v2/referenceOrganizations?{query}"),
                None,
                &[],
            )
            .await
        }
    };
    let (status, body) = search("state=US-CA").await;
    assert_eq!(status, StatusCode::OK, "{body}");
    assert_eq!(
        names(&body),
        ["Ash Library", "Elm Elementary", "Oak Valley High"]
    );
    let oak = &body["referenceOrganizations"][2];
    assert_eq!(oak["referenceOrgId"], "ref-oak");
    assert_eq!(oak["parentName"], "Valley Unified");
    assert_eq!(oak["address"]["city"], "Fresno");
    assert_eq!(oak["locationAddress"]["city"], "Fresno");
    let (_, body) = search("state=CA&city=fresno&organizationTypes=school&direction=desc").await;
    assert_eq!(names(&body), ["Oak Valley High", "Elm Elementary"]);
    let (_, body) = search("state=CA&name=LIB").await;
    assert_eq!(names(&body), ["Ash Library"]);
    let (_, first) = search("state=CA&limit=2").await;
    assert_eq!(first["totalResults"], 3);
    let next = first["next"].as_str().unwrap().to_owned();
    let (_, rest) = call(
        &app,
        Method::GET,
        &format!("/v2/referenceOrganizations?state=CA&limit=2&start={next}"),
        None,
        &[],
    )
    .await;
    assert_eq!(names(&rest), ["Oak Valley High"]);
    for query in ["", "state=California", "state=CA&organizationTypes=castle"] {
        let (status, body) = search(query).await;
        assert_eq!(status, StatusCode::BAD_REQUEST, "{query}: {body}");
    }
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::GET,
        "/v2/referenceOrganizations?state=CA",
        None,
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::FORBIDDEN);

    // Signing up from the directory: its fields fill what the form leaves out.
    let contact = [
        ("contactFirstName", "Opal"),
        ("contactLastName", "Oak"),
        ("contactTitle", "Principal"),
        ("contactEmailAddress", "opal@oak.example"),
        ("contactPassword", "opal-pass-1"),
        ("agreementSigned", "true"),
    ];
    let mut form = contact.to_vec();
    form.push(("referenceOrgId", "ref-oak"));
    let (status, _) = call_as(
        &app,
        TRUSTED,
        Method::POST,
        "/v2/myOrganization",
        None,
        &form,
    )
    .await;
    assert_eq!(
        status,
        StatusCode::FORBIDDEN,
        "a key without membership privileges"
    );
    let (status, body) = call(&app, Method::POST, "/v2/myOrganization", None, &form).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["organizationName"], "Oak Valley High");
    assert_eq!(body["address"]["city"], "Fresno");
    assert_eq!(body["primaryContact"]["title"], "Principal");
    let opal = app.token_for("opal@oak.example", "opal-pass-1").await;
    let (status, mine) = call_as(
        &app,
        TRUSTED,
        Method::GET,
        "/v2/myOrganization",
        Some(&opal),
        &[],
    )
    .await;
    assert_eq!(status, StatusCode::OK, "{mine}");
    assert_eq!(mine["organizationName"], "Oak Valley High");
    assert_eq!(mine["allows"], j!(["PUT"]));
    let (status, _) = call(&app, Method::POST, "/v2/myOrganization", None, &form).await;
    assert_eq!(
        status,
        StatusCode::CONFLICT,
        "the contact's address is taken now"
    );

    // From its own fields; each missing or bad one named.
    let (status, body) = call(
        &app,
        Method::POST,
        "/v2/myOrganization",
        None,
        &[
            ("agreementSigned", "false"),
            ("contactPassword", "short"),
            ("referenceOrgId", "ref-none"),
        ],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    assert!(body.to_string().contains("referenceOrgId"), "{body}");
    let (status, body) = call(
        &app,
        Method::POST,
        "/v2/myOrganization",
        None,
        &[("agreementSigned", "false"), ("contactPassword", "short")],
    )
    .await;
    assert_eq!(status, StatusCode::BAD_REQUEST, "{body}");
    let text = body.to_string();
    for param in [
        "organizationName",
        "country",
        "organizationType",
        "contactFirstName",
        "contactEmailAddress",
        "contactPassword",
        "agreementSigned",
    ] {
        assert!(text.contains(param), "{param}: {body}");
    }
    let mut own = contact.to_vec();
    own[3] = ("contactEmailAddress", "kay@kite.example");
    own.extend([
        ("organizationName", "Kite Agency"),
        ("country", "GB"),
        ("organizationType", "agency"),
    ]);
    let (status, body) = call(&app, Method::POST, "/v2/myOrganization", None, &own).await;
    assert_eq!(status, StatusCode::CREATED, "{body}");
    assert_eq!(body["organizationType"], "agency");
}
