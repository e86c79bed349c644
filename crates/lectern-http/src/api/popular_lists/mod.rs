//! Popular lists (document 2): lists the library curates, such as new arrivals.

mod list;
mod titles;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(list::list_popular_lists))
        .routes(routes!(titles::popular_list_titles))
}
