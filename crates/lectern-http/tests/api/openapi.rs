//! The OpenAPI document is generated from the router: every route we serve must be in it.

use reqwest::StatusCode;

use crate::support::*;

/// Every route the server answers, by method and path. A route added to the router without
/// its `#[utoipa::path]` would be served but missing here, and this list names what must be.
const ROUTES: &[(&str, &str)] = &[
    ("get", "/v2/titles/{serviceId}/coverimage"),
    ("get", "/v2/titles/{serviceId}/thumbnail"),
    ("get", "/v2/titles/{serviceId}/{format}"),
    ("get", "/v2/titles/{serviceId}/webpub"),
    ("get", "/v2/titles/{serviceId}/{format}/resources"),
    (
        "get",
        "/v2/titles/{serviceId}/{format}/resources/{resourceId}",
    ),
    (
        "get",
        "/v2/periodicals/{seriesId}/editions/{editionId}/{format}",
    ),
    ("get", "/files/{folder}/{name}"),
    ("get", "/read/{grant}/{path}"),
    ("get", "/v2/titles"),
    ("get", "/v2/titles/count"),
    ("get", "/v2/titles/{serviceId}"),
    ("put", "/v2/titles/{serviceId}"),
    ("put", "/v2/titles/{serviceId}/artifacts/{format}"),
    ("get", "/v2/titles/{serviceId}/history"),
    ("get", "/v2/catalog"),
    ("put", "/v2/periodicals/{seriesId}"),
    ("put", "/v2/periodicals/{seriesId}/editions/{editionId}"),
    ("delete", "/v2/periodicals/{seriesId}/editions/{editionId}"),
    ("get", "/v2/categories"),
    ("get", "/v2/bisacCodes"),
    ("get", "/v2/popularLists"),
    ("get", "/v2/popularLists/{popularListId}"),
    ("get", "/v2/periodicals"),
    ("get", "/v2/periodicals/{seriesId}"),
    ("get", "/v2/periodicals/{seriesId}/editions"),
    ("get", "/v2/periodicals/{seriesId}/editions/{editionId}"),
    ("get", "/v2/me"),
    ("get", "/v2/myBookmarks"),
    ("post", "/v2/myBookmarks"),
    ("delete", "/v2/myBookmarks"),
    ("get", "/v2/myHighlights"),
    ("post", "/v2/myHighlights"),
    ("put", "/v2/myHighlights"),
    ("delete", "/v2/myHighlights"),
    ("post", "/v2/readingEvents"),
    ("get", "/v2/myRecommendations"),
    ("post", "/v2/myDocuments"),
    ("delete", "/v2/myDocuments/{serviceId}"),
    ("get", "/v2/myLists"),
    ("post", "/v2/myLists"),
    ("get", "/v2/mylists"),
    ("post", "/v2/mylists"),
    ("get", "/v2/myLists/{readingListId}/subscription"),
    ("put", "/v2/myLists/{readingListId}/subscription"),
    ("put", "/v2/mylists/{readingListId}/subscription"),
    ("get", "/v2/lists"),
    ("get", "/v2/lists/{readingListId}"),
    ("put", "/v2/lists/{readingListId}"),
    ("get", "/v2/lists/{readingListId}/titles"),
    ("post", "/v2/lists/{readingListId}/titles"),
    ("delete", "/v2/lists/{readingListId}/titles/{serviceId}"),
    ("get", "/v2/accounts/{userIdentifier}/lists"),
    ("get", "/v2/myReadingPosition/{serviceId}/{format}"),
    ("get", "/v2/myAccount"),
    ("get", "/v2/organizations/{organizationId}/members"),
    ("post", "/v2/myAccount"),
    ("put", "/v2/myAccount"),
    ("get", "/v2/myAccount/agreement"),
    ("post", "/v2/myAccount/agreement"),
    ("get", "/v2/myAccount/subscription"),
    ("post", "/v2/myAccount/subscription"),
    ("get", "/v2/myAccount/history"),
    ("get", "/v2/myAccount/preferences"),
    ("put", "/v2/myAccount/preferences"),
    ("post", "/v2/myAccount/syncKey"),
    ("delete", "/v2/myAccount/syncKey"),
    ("get", "/v2/myAccount/recommendationProfile"),
    ("put", "/v2/myAccount/recommendationProfile"),
    ("post", "/v2/accounts"),
    ("get", "/v2/accounts"),
    ("get", "/v2/organizations"),
    ("put", "/v2/accounts/{userIdentifier}/organization"),
    ("delete", "/v2/accounts/{userIdentifier}/organization"),
    ("get", "/v2/accounts/{userIdentifier}/history"),
    ("get", "/v2/proofOfDisabilitySubmissions"),
    ("post", "/v2/proofOfDisabilitySubmissions/{submissionId}"),
    ("get", "/v2/accounts/{userIdentifier}"),
    ("put", "/v2/accounts/{userIdentifier}"),
    ("put", "/v2/accounts/{userIdentifier}/password"),
    ("get", "/v2/userNames/{userName}"),
    ("get", "/v2/accounts/{userIdentifier}/agreements"),
    ("post", "/v2/accounts/{userIdentifier}/agreements"),
    (
        "post",
        "/v2/accounts/{userIdentifier}/agreements/{id}/expired",
    ),
    ("get", "/v2/accounts/{userIdentifier}/subscriptions"),
    ("post", "/v2/accounts/{userIdentifier}/subscriptions"),
    (
        "get",
        "/v2/accounts/{userIdentifier}/subscriptions/{subscriptionId}",
    ),
    (
        "put",
        "/v2/accounts/{userIdentifier}/subscriptions/{subscriptionId}",
    ),
    ("get", "/v2/subscriptiontypes"),
    ("get", "/v2/myAccount/studentProfile"),
    ("put", "/v2/myAccount/studentProfile"),
    ("delete", "/v2/myAccount/studentProfile"),
    ("post", "/v2/myAccount/individualProfile"),
    ("post", "/v2/myAccount/proofOfDisability"),
    ("post", "/v2/myAccount/proofOfDisabilityRequest"),
    ("get", "/v2/competentAuthority/{recordIdentifier}"),
    ("post", "/v2/competentAuthority/{recordIdentifier}"),
    ("post", "/v2/utm"),
    ("post", "/v2/partnerAccessToken"),
    ("delete", "/v2/partnerAccessToken"),
    ("get", "/v2/accounts/{userIdentifier}/changes"),
    ("get", "/v2/accounts/{userIdentifier}/pod"),
    ("post", "/v2/accounts/{userIdentifier}/pod"),
    ("put", "/v2/accounts/{userIdentifier}/pod/{disabilityType}"),
    (
        "delete",
        "/v2/accounts/{userIdentifier}/pod/{disabilityType}",
    ),
    ("get", "/v2/accounts/{userIdentifier}/preferences"),
    ("put", "/v2/accounts/{userIdentifier}/preferences"),
    ("get", "/v2/accounts/{userIdentifier}/recommendationProfile"),
    ("put", "/v2/accounts/{userIdentifier}/recommendationProfile"),
    ("get", "/oauth/authorize"),
    ("post", "/oauth/authorize"),
    ("get", "/oauth/consent"),
    ("post", "/oauth/consent"),
    ("post", "/oauth/token"),
    ("post", "/oauth/revocations"),
    ("get", "/oauth/assets/lectern.css"),
    ("post", "/v2/organizations"),
    ("get", "/v2/organizations/{organizationId}"),
    ("put", "/v2/organizations/{organizationId}"),
    ("put", "/v2/organizations/{organizationId}/primaryContact"),
    ("post", "/v2/organizations/{organizationId}/members"),
    ("get", "/v2/myOrganization"),
    ("put", "/v2/myOrganization"),
    ("get", "/v2/myOrganization/members"),
    ("post", "/v2/myOrganization/members"),
    ("put", "/v2/myOrganization/members/{userIdentifier}"),
    (
        "get",
        "/v2/myOrganization/members/{userIdentifier}/preferences",
    ),
    (
        "put",
        "/v2/myOrganization/members/{userIdentifier}/preferences",
    ),
    ("get", "/v2/myOrganization/sponsors"),
    ("post", "/v2/myOrganization/sponsors"),
    ("put", "/v2/myOrganization/sponsors/{userIdentifier}"),
    ("put", "/v2/myOrganization/primaryContact"),
    ("get", "/v2/myOrganization/rosterTags"),
    ("post", "/v2/myOrganization/rosterTags"),
    ("get", "/v2/organizationTypes"),
    ("get", "/v2/referenceOrganizations"),
    ("post", "/v2/myOrganization"),
    ("get", "/v2/myOrganization/titleAvailabilities/{serviceId}"),
    ("get", "/v2/myAssignedTitles"),
    ("get", "/v2/assignedTitles/{userIdentifier}"),
    ("post", "/v2/assignedTitles/{userIdentifier}"),
    ("delete", "/v2/assignedTitles/{userIdentifier}/{serviceId}"),
    ("get", "/v2/openapi.json"),
];

#[tokio::test]
async fn every_route_is_described_and_served() {
    let app = TestApp::start(Backend::Sqlite).await;
    let (status, doc) = json(app.get("/v2/openapi.json").send().await.unwrap()).await;
    assert_eq!(status, StatusCode::OK);
    assert_eq!(doc["openapi"], "3.1.0");
    let paths = doc["paths"].as_object().expect("paths");
    for &(method, path) in ROUTES {
        assert!(
            paths.get(path).and_then(|p| p.get(method)).is_some(),
            "{method} {path} is missing from the OpenAPI document"
        );
    }
    // Each operation is named once: a tool that follows a link by its operationId (schemathesis
    // did) must reach that operation, not another of the same name.
    let mut named = std::collections::BTreeMap::new();
    for (path, item) in paths {
        for (method, operation) in item.as_object().unwrap() {
            if let Some(id) = operation["operationId"].as_str() {
                let other = named.insert(id.to_owned(), format!("{method} {path}"));
                assert!(
                    other.is_none(),
                    "operationId {id} names {other:?} and {method} {path}"
                );
            }
        }
    }
    // And every documented operation is really served (not a 404 from the fallback).
    for (path, item) in paths {
        for method in item.as_object().unwrap().keys() {
            let req = app
                .http
                .request(method.to_uppercase().parse().unwrap(), app.url(path));
            let resp = req.send().await.unwrap();
            assert_ne!(
                resp.status(),
                StatusCode::NOT_FOUND,
                "{method} {path} is documented but not served"
            );
            assert!(
                ROUTES.contains(&(method.as_str(), path.as_str())),
                "{method} {path} is served but not listed in ROUTES"
            );
        }
    }
    assert!(doc["components"]["schemas"]["MyAccountSummary"].is_object());
    // The conventions' answers are described on every /v2 operation.
    for status in ["400", "401", "403", "406", "429", "500"] {
        let answer =
            &doc["paths"]["/v2/organizations/{organizationId}/members"]["get"]["responses"][status];
        assert!(answer.is_object(), "{status} is not described");
    }
    assert!(doc["paths"]["/oauth/token"]["post"]["responses"]["429"].is_object());
    assert!(doc["components"]["securitySchemes"]["bearer"].is_object());
}

/// The parameters of `path`'s GET, as the finished document gives them (an optional one's schema
/// is `anyOf` its own and the empty text, which counts as absent).
fn query_params(doc: &serde_json::Value, path: &str) -> Vec<serde_json::Value> {
    doc["paths"][path]["get"]["parameters"]
        .as_array()
        .unwrap_or_else(|| panic!("{path} has no parameters"))
        .clone()
}

fn param<'a>(params: &'a [serde_json::Value], name: &str) -> Option<&'a serde_json::Value> {
    params.iter().find(|p| p["name"] == name)
}

/// Every list documents the one list contract from its sort order: the wire values it takes,
/// its default limit, and no `sortOrder` or `direction` where it takes none.
#[tokio::test]
async fn lists_document_their_orders_and_paging() {
    let app = TestApp::start(Backend::Sqlite).await;
    let (_, doc) = json(app.get("/v2/openapi.json").send().await.unwrap()).await;
    let lists = query_params(&doc, "/v2/myLists");
    assert_eq!(
        param(&lists, "sortOrder").unwrap()["schema"]["anyOf"][0]["enum"],
        serde_json::json!(["name", "owner", "dateUpdated"])
    );
    let searched = query_params(&doc, "/v2/lists");
    assert_eq!(
        param(&searched, "sortOrder").unwrap()["schema"]["anyOf"][0]["enum"],
        serde_json::json!(["name", "dateUpdated"])
    );
    assert!(
        param(&searched, "keyword").is_some(),
        "filters beside paging"
    );
    let tags = query_params(&doc, "/v2/myOrganization/rosterTags");
    assert!(param(&tags, "sortOrder").is_none());
    assert!(
        param(&tags, "direction").unwrap()["description"]
            .as_str()
            .unwrap()
            .starts_with("desc (the default)")
    );
    let history = query_params(&doc, "/v2/myAccount/history");
    assert!(param(&history, "sortOrder").is_none() && param(&history, "direction").is_none());
    let categories = query_params(&doc, "/v2/categories");
    let limit = param(&categories, "limit").unwrap();
    assert_eq!(limit["description"], "1 to 100, default 100");
    assert_eq!(limit["schema"]["anyOf"][0]["minimum"], 1);
    for path in [
        "/v2/titles",
        "/v2/catalog",
        "/v2/periodicals",
        "/v2/myBookmarks",
    ] {
        let params = query_params(&doc, path);
        for name in ["start", "limit"] {
            assert!(param(&params, name).is_some(), "{path} lacks {name}");
        }
    }
}

/// The role filter of `GET /v2/accounts` takes exactly the roles there are, so a generated
/// request is never refused for a role the document allowed.
#[tokio::test]
async fn the_account_search_names_every_role() {
    let app = TestApp::start(Backend::Sqlite).await;
    let (_, doc) = json(app.get("/v2/openapi.json").send().await.unwrap()).await;
    let accounts = query_params(&doc, "/v2/accounts");
    let schema = &param(&accounts, "role").unwrap()["schema"];
    let pattern = schema["anyOf"][0]["pattern"]
        .as_str()
        .or(schema["pattern"].as_str())
        .unwrap_or_else(|| panic!("no pattern: {schema}"));
    // The finished document wraps a pattern to allow the whitespace the server trims; the
    // roles are its last group.
    let group = &pattern[pattern.rfind('(').unwrap() + 1..];
    let named: Vec<&str> = group[..group.find(')').unwrap()].split('|').collect();
    let roles: Vec<&str> = lectern_domain::role::Role::ALL
        .iter()
        .map(|r| r.as_str())
        .collect();
    assert_eq!(named, roles);
}
