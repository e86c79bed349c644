//! Collection management (document 3): the catalog of every title in every state, edits of
//! titles, artifacts and periodicals (accepted now, applied by the worker), and a title's
//! history. Collection assistants act on their own site; administrators on every site.
//! `PUT /v2/titles/{serviceId}` and the periodical writes share their paths with the reading
//! side, so the `titles` and `periodicals` routers mount them.

pub(crate) mod catalog;
pub(crate) mod history;
pub(crate) mod periodical_edits;
pub(crate) mod title_edits;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(catalog::catalog))
        .routes(routes!(history::title_history))
        .routes(routes!(title_edits::edit_artifact))
}
