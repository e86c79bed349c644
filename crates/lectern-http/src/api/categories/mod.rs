//! Categories and BISAC codes (document 2): the subject lists a reader browses by.

pub(crate) mod bisac_codes;
mod list;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list::list_categories))
        .routes(routes!(bisac_codes::list_bisac_codes))
}
