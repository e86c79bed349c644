//! `GET /v2/myRecommendations` (document 2): titles the reader may get, chosen from what they
//! and readers like them read (`lectern_domain::recommend`, described in `docs/decisions.md`).

mod list;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(list::my_recommendations))
}
