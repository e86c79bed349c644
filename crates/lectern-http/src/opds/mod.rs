//! The OPDS catalog: what reading apps (Thorium, KOReader, Librera, the Readium apps) browse,
//! search and download from. One model of each feed (`model`), written as OPDS 2.0 JSON or
//! OPDS 1.2 Atom as the app accepts (`render`); each site's catalog answers as that site's
//! OPDS key (`site`), so no URL carries an `api_key`. `docs/opds.md` says how to add a library
//! to an app.

mod acquisition;
mod atom;
mod covers;
mod feeds;
mod logo;
mod model;
mod navigation;
mod opds2;
mod opensearch;
mod popular;
mod publication;
mod render;
mod roots;
mod shelves;
mod sign_in;
mod site;

use axum::Router;
use axum::middleware::from_fn_with_state;
use axum::routing::{get, post};

use crate::state::AppState;

pub fn routes(state: AppState) -> Router<AppState> {
    let site = Router::new()
        .route("/opds/{site_id}", get(roots::site_root))
        .route(
            "/opds/{site_id}/authentication",
            get(sign_in::authentication),
        )
        .route("/opds/{site_id}/logo.png", get(logo::logo))
        .route("/opds/{site_id}/new", get(feeds::new_arrivals))
        .route("/opds/{site_id}/shelf", get(shelves::shelf))
        .route("/opds/{site_id}/shelf/lists", get(shelves::lists))
        .route("/opds/{site_id}/shelf/lists/{list_id}", get(shelves::list))
        .route("/opds/{site_id}/shelf/assigned", get(shelves::assigned))
        .route("/opds/{site_id}/shelf/downloads", get(shelves::downloaded))
        .route("/opds/{site_id}/shelf/documents", get(shelves::documents))
        .route("/opds/{site_id}/popular/{list_id}", get(popular::list))
        .route("/opds/{site_id}/categories", get(navigation::categories))
        .route("/opds/{site_id}/categories/{name}", get(feeds::category))
        .route("/opds/{site_id}/languages", get(navigation::languages))
        .route("/opds/{site_id}/languages/{code}", get(feeds::language))
        .route("/opds/{site_id}/bisac", get(navigation::bisac_subjects))
        .route("/opds/{site_id}/bisac/{code}", get(feeds::bisac))
        .route("/opds/{site_id}/search", get(feeds::search_titles))
        .route(
            "/opds/{site_id}/opensearch.xml",
            get(opensearch::description),
        )
        .route(
            "/opds/{site_id}/titles/{service_id}/cover.png",
            get(covers::cover),
        )
        .route(
            "/opds/{site_id}/titles/{service_id}/thumbnail.png",
            get(covers::thumbnail),
        )
        .route(
            "/opds/{site_id}/titles/{service_id}/webpub",
            get(acquisition::read_online),
        )
        .route(
            "/opds/{site_id}/titles/{service_id}/{format}",
            get(acquisition::acquire),
        )
        .route_layer(from_fn_with_state(
            state,
            sign_in::unauthorized_is_the_document,
        ));
    Router::new()
        .route("/opds", get(roots::root))
        // The token endpoint answers in OAuth's terms, outside the layer that makes a 401 the
        // authentication document.
        .route("/opds/{site_id}/token", post(sign_in::token))
        .merge(site)
}
