//! Lectern's doors over HTTP, each a top-level module over the house
//! (`lectern_operations`): the resource API (`api`, `/v2`, one module per spec area), the
//! token server (`token_server`, `/oauth`), the OPDS catalog (`opds`), KOReader's sync
//! (`kosync`), the readers' and sponsors' pages (`web`) and the staff's pages (`staff`).
//! What several doors share sits beside them: document 1's conventions as layers and
//! extractors (`conventions`), the pages' session, forms and rendering (`pages`), the
//! download flow (`downloads`), a document's upload (`document_upload`) and the sign-in
//! service's HTTP side (`sign_in`, `token_request`).

mod api;
pub mod conventions;
mod covers;
mod document_upload;
mod downloads;
pub mod error;
mod health;
mod html;
pub mod i18n;
mod kosync;
mod observe;
mod opds;
mod pages;
mod partner_drive;
mod partner_identity;
mod reading_settings;
mod readium;
mod sign_in;
mod staff;
pub mod state;
mod streaming;
pub use lectern_operations::title_index;
mod title_search;
mod token_request;
mod token_server;
mod web;

use std::sync::Arc;
use std::time::Duration;

use axum::Router;
use axum::middleware::from_fn_with_state;
use axum::routing::get;
use utoipa_axum::router::OpenApiRouter;

pub use partner_identity::PartnerIdentity;
pub use state::{AppState, HttpSettings, PartnerDrive};

use conventions::edge::{Edge, EdgeLayer};
use conventions::json_errors;
use conventions::stale_after_writes::StaleAfterWrites;
use tower::Layer;

/// The whole application as a service: serve it with `axum::ServiceExt::into_make_service`
/// (or `..._with_connect_info`, which the sign-in throttle reads addresses from).
pub type App = Edge<Router>;

/// Renders the Prometheus exposition, when metrics are being recorded.
pub type MetricsRender = Arc<dyn Fn() -> String + Send + Sync>;

/// The whole application: `/v2`, `/oauth`, `/v2/openapi.json`, `/metrics`, `/health` and `/ready`.
pub fn app(state: AppState, metrics: Option<MetricsRender>) -> App {
    let (v2, v2_doc) = api::routes(&state);
    let (token_server, oauth_doc) = token_server::routes().split_for_parts();
    let (meta, meta_doc) = OpenApiRouter::new()
        .routes(utoipa_axum::routes!(api::openapi::serve))
        .merge(downloads::file_routes())
        .split_for_parts();
    let mut document = api::openapi::document(v2_doc, oauth_doc);
    document.merge(meta_doc);
    document.merge(streaming::described());
    // A second app built from the same state keeps the first document; both are the same.
    let _ = state.openapi.set(api::openapi::finished(&document));

    let mut routes = Router::new()
        .merge(v2)
        .merge(token_server)
        .merge(meta)
        .merge(streaming::routes())
        .merge(opds::routes(state.clone()))
        .merge(kosync::routes())
        .merge(web::routes(state.clone()))
        .merge(staff::routes(state.clone()))
        .merge(health::routes());
    if let Some(render) = metrics {
        let store = state.store.clone();
        routes = routes.route(
            "/metrics",
            get(move || {
                store.publish_metrics();
                std::future::ready(render())
            }),
        );
    }
    let routes = routes
        .fallback(json_errors::no_route)
        .layer(axum::middleware::from_fn(i18n::answer_in_asked_language))
        .layer(conventions::compression::layer())
        // Inside the router, so that each request's series is labelled by its route.
        .layer(from_fn_with_state(
            Arc::new(observe::RequestMetrics::default()),
            observe::record,
        ))
        .with_state(state.clone());
    // Around the finished router rather than each route, because the router adds `Allow` to a
    // 405 outside the routes' own layers, and the envelope must see it.
    let https = state.settings.public_url.scheme() == "https";
    EdgeLayer::new(caches_a_write_makes_stale(&state), https).layer(routes)
}

/// The caches a write on this node may make stale: the tokens and their accounts. Not the title
/// records: no request writes a title (an edit is applied by the worker, an import by the CLI),
/// and the records follow the change feed that brings those writes.
fn caches_a_write_makes_stale(state: &AppState) -> StaleAfterWrites {
    Arc::new([state.tokens.clone()])
}

/// Periodic upkeep of one node: forgets idle rate-limit keys and deletes spent tokens.
pub fn spawn_housekeeping(state: AppState) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        let mut tick = tokio::time::interval(Duration::from_secs(600));
        loop {
            tick.tick().await;
            match lectern_operations::housekeeping::tidy(&state).await {
                Ok(n) => tracing::info!(deleted = n, "expired tokens and flows deleted"),
                Err(e) => tracing::warn!(error = %e, "could not delete expired tokens"),
            }
        }
    })
}
