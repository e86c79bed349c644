//! The resource API at `/v2`: one module per spec area, each parsing its parameters into a
//! typed struct, calling the house and writing document 1's envelope.

pub(crate) mod accounts;
pub(crate) mod assigned_titles;
pub(crate) mod bookmarks;
pub(crate) mod categories;
pub(crate) mod collection;
pub(crate) mod documents;
pub(crate) mod highlights;
pub(crate) mod lists;
pub(crate) mod my_organization;
pub(crate) mod openapi;
pub(crate) mod organizations;
pub(crate) mod periodicals;
pub(crate) mod popular_lists;
pub(crate) mod reading_activity;
pub(crate) mod recommendations;
pub(crate) mod titles;

use axum::Router;
use axum::middleware::from_fn_with_state;
use utoipa::openapi::OpenApi;
use utoipa_axum::router::OpenApiRouter;

use crate::conventions::caller;
use crate::conventions::stale_after_writes::reader_data_only;
use crate::state::AppState;

/// Every `/v2` route, each resolving its caller first, and the OpenAPI document describing them.
pub fn routes(state: &AppState) -> (Router<AppState>, OpenApi) {
    let (v2, doc) = OpenApiRouter::new()
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
    (
        v2.route_layer(from_fn_with_state(state.clone(), caller::resolve)),
        doc,
    )
}
