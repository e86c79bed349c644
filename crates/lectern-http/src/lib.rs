//! Lectern's HTTP face: the resource API (`/v2`, one module per spec area) and the token
//! server (`/oauth`), with document 1's conventions as layers and extractors.

pub mod accounts;
mod assigned_titles;
mod bookmarks;
mod categories;
mod collection;
pub mod conventions;
mod document_upload;
mod documents;
mod downloads;
pub mod error;
mod health;
mod highlights;
mod html;
mod kosync;
mod lists;
mod my_organization;
mod oauth;
mod observe;
mod opds;
mod openapi;
mod organizations;
mod partner_drive;
mod partner_identity;
mod periodicals;
mod popular_lists;
mod reading_activity;
mod recommendations;

mod sign_in;
pub mod state;
pub use lectern_operations::title_index;
mod titles;
mod token_request;
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
use conventions::stale_after_writes::{StaleAfterWrites, reader_data_only};
use conventions::{caller, json_errors};
use tower::Layer;

/// The whole application as a service: serve it with `axum::ServiceExt::into_make_service`
/// (or `..._with_connect_info`, which the sign-in throttle reads addresses from).
pub type App = Edge<Router>;

/// Renders the Prometheus exposition, when metrics are being recorded.
pub type MetricsRender = Arc<dyn Fn() -> String + Send + Sync>;

/// The whole application: `/v2`, `/oauth`, `/v2/openapi.json`, `/metrics`, `/health` and `/ready`.
pub fn app(state: AppState, metrics: Option<MetricsRender>) -> App {
    let (v2, v2_doc) = OpenApiRouter::new()
        .merge(accounts::routes())
        .merge(reader_data_only(
            OpenApiRouter::new()
                .merge(bookmarks::routes())
                .merge(highlights::routes())
                .merge(lists::routes())
                .merge(reading_activity::routes()),
        ))
        .merge(documents::routes())
        .merge(recommendations::routes())
        .merge(organizations::routes())
        .merge(my_organization::routes())
        .merge(assigned_titles::routes())
        .merge(titles::routes())
        .merge(categories::routes())
        .merge(popular_lists::routes())
        .merge(periodicals::routes())
        .merge(collection::routes())
        .split_for_parts();
    let v2 = v2.route_layer(from_fn_with_state(state.clone(), caller::resolve));
    let (token_server, oauth_doc) = oauth::routes().split_for_parts();
    let (meta, meta_doc) = OpenApiRouter::new()
        .routes(utoipa_axum::routes!(openapi::serve))
        .merge(downloads::file_routes())
        .split_for_parts();
    let mut document = openapi::document(v2_doc, oauth_doc);
    document.merge(meta_doc);
    // A second app built from the same state keeps the first document; both are the same.
    let _ = state.openapi.set(openapi::finished(&document));

    let mut routes = Router::new()
        .merge(v2)
        .merge(token_server)
        .merge(meta)
        .merge(opds::routes(state.clone()))
        .merge(kosync::routes())
        .merge(web::routes(state.clone()))
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
