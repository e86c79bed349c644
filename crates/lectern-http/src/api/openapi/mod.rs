//! The OpenAPI 3.1 document, assembled from the same routers that serve requests, so that a
//! route cannot exist without being described.

use crate::conventions::json::Json;
use axum::extract::State;
use utoipa::openapi::response::Response;
use utoipa::openapi::security::{
    AuthorizationCode, Flow, Http, HttpAuthScheme, OAuth2, Password, Scopes, SecurityScheme,
};
use utoipa::openapi::{Content, InfoBuilder, OpenApi, Ref, RefOr, ResponseBuilder};

use crate::state::AppState;

mod limits;
mod operation_ids;
mod required;
mod strict;

pub fn document(v2: OpenApi, oauth: OpenApi) -> OpenApi {
    let mut doc = v2;
    doc.merge(oauth);
    doc.info = InfoBuilder::new()
        .title("Lectern: Content Access Service API v2")
        .version(env!("CARGO_PKG_VERSION"))
        .description(Some(
            "Every /v2 request carries `api_key`; calls on a user's behalf carry `Authorization: Bearer`. \
             The token server lives under /oauth.",
        ))
        .build();
    let components = doc.components.get_or_insert_with(Default::default);
    components.add_security_scheme(
        "bearer",
        SecurityScheme::Http(Http::new(HttpAuthScheme::Bearer)),
    );
    components.add_security_scheme(
        "basic",
        SecurityScheme::Http(Http::new(HttpAuthScheme::Basic)),
    );
    // How a reading app gets its bearer tokens; no route requires this scheme by name.
    components.add_security_scheme(
        "oauth2",
        SecurityScheme::OAuth2(OAuth2::new([
            Flow::AuthorizationCode(AuthorizationCode::new(
                "/oauth/authorize",
                "/oauth/token",
                Scopes::new(),
            )),
            Flow::Password(Password::new("/oauth/token", Scopes::new())),
        ])),
    );
    describe_convention_answers(&mut doc);
    doc
}

/// The answers document 1's conventions can give on every `/v2` route (a bad parameter, a
/// missing or refused client key, no acceptable media type, too many requests, a failure of
/// ours), and those of the token endpoints, added where a route does not describe its own. They
/// are built once as layers, so they are described once here.
fn describe_convention_answers(doc: &mut OpenApi) {
    let error = |description: &str| -> RefOr<Response> {
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                Content::new(Some(Ref::from_schema_name("ErrorBody"))),
            )
            .build()
            .into()
    };
    let token_error = |description: &str| -> RefOr<Response> {
        ResponseBuilder::new()
            .description(description)
            .content(
                "application/json",
                Content::new(Some(Ref::from_schema_name("TokenError"))),
            )
            .build()
            .into()
    };
    for (path, item) in doc.paths.paths.iter_mut() {
        let resource_api = path.starts_with("/v2/") && path != "/v2/openapi.json";
        let token_endpoint = path == "/oauth/token" || path == "/oauth/revocations";
        let operations = [
            &mut item.get,
            &mut item.post,
            &mut item.put,
            &mut item.delete,
        ];
        for (index, operation) in operations.into_iter().enumerate() {
            let Some(operation) = operation else { continue };
            let answers = &mut operation.responses.responses;
            let mut add = |status: &str, response: RefOr<Response>| {
                answers.entry(status.to_owned()).or_insert(response);
            };
            if resource_api {
                add(
                    "400",
                    error("A missing or bad parameter, named in the message"),
                );
                if path.contains('{') {
                    add("404", error("Nothing of that name here for this caller"));
                }
                add(
                    "401",
                    error("An unknown api_key, or an access token that is not valid"),
                );
                add(
                    "403",
                    error("A disabled api_key, a locked account, or a caller without the right"),
                );
                add("406", error("Accept does not admit application/json"));
                if index > 0 {
                    add(
                        "415",
                        error("A body that is not form-encoded, multipart or JSON"),
                    );
                }
                add(
                    "429",
                    error("Too many requests for this api_key or user; see Retry-After"),
                );
                add("500", error("A failure on our side; retry later"));
            } else if token_endpoint {
                add(
                    "429",
                    token_error("Too many sign-in attempts for this user name; see Retry-After"),
                );
                add("500", token_error("A failure on our side; retry later"));
            }
        }
    }
}

/// The document as served: written out, with the wire's common rules applied (`strict`).
pub fn finished(doc: &OpenApi) -> serde_json::Value {
    // An OpenApi value holds only strings, numbers and maps: writing it out cannot fail.
    let mut doc = serde_json::to_value(doc).unwrap_or_default();
    required::mark_parameters(&mut doc);
    strict::tighten(&mut doc);
    required::mark_bodies(&mut doc);
    limits::mark(&mut doc);
    operation_ids::make_unique(&mut doc);
    doc
}

/// This document: every route of the resource API and the token server.
#[utoipa::path(get, path = "/v2/openapi.json", tag = "meta",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json")))]
pub async fn serve(State(state): State<AppState>) -> Json<serde_json::Value> {
    Json(state.openapi.get().cloned().unwrap_or_else(
        || serde_json::json!({"openapi": "3.1.0", "info": {"title": "Lectern", "version": "unassembled"}, "paths": {}}),
    ))
}
