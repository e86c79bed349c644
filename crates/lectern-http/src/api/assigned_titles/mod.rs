//! Assigned titles (document 2): what sponsors and membership assistants assign to organization
//! members. `GET /v2/myAssignedTitles` for the member; `GET`/`POST
//! /v2/assignedTitles/{userIdentifier}` and `DELETE .../{serviceId}` for those who assign.
//! An organization that allows downloads of assigned titles only lets its members download
//! exactly these (`ASSIGNED_TITLES_ONLY`, docs/access-rules.md).

mod titles;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(titles::my_assigned_titles))
        .routes(routes!(titles::assigned_titles, titles::assign_title))
        .routes(routes!(titles::unassign_title))
}

// The web pages call the handler itself, so that a page shows what the API shows.
