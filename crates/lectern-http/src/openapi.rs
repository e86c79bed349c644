//! The OpenAPI 3.1 document, assembled from the same routers that serve requests, so that a
//! route cannot exist without being described.

use axum::Json;
use axum::extract::State;
use utoipa::openapi::security::{Http, HttpAuthScheme, SecurityScheme};
use utoipa::openapi::{InfoBuilder, OpenApi};

use crate::state::AppState;

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
    doc
}

/// This document: every route of the resource API and the token server.
#[utoipa::path(get, path = "/v2/openapi.json", tag = "meta",
    responses((status = 200, description = "The OpenAPI 3.1 document", content_type = "application/json")))]
pub async fn serve(State(state): State<AppState>) -> Json<OpenApi> {
    Json(state.openapi.get().cloned().unwrap_or_else(|| {
        OpenApi::new(
            utoipa::openapi::Info::new("Lectern", "unassembled"),
            utoipa::openapi::Paths::new(),
        )
    }))
}
