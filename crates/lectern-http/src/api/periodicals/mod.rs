//! Periodicals, the reading side (document 4): series, their editions, and (with the titles'
//! download flow) an edition's files.

mod download;
pub(crate) mod editions;
pub(crate) mod series;
pub(crate) mod view;

use crate::api::collection::periodical_edits;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(series::list_series))
        .routes(routes!(series::get_series, periodical_edits::edit_series))
        .routes(routes!(editions::list_editions))
        .routes(routes!(
            editions::get_edition,
            periodical_edits::edit_edition,
            periodical_edits::withdraw_edition
        ))
        .routes(routes!(download::download_edition))
}
