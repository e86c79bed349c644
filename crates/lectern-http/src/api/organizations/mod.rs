//! The organizations area of membership management (document 3): organizations, their primary
//! contacts and their members, for membership assistants and administrators.

pub mod members;
mod membership;
pub mod organization;
mod search;
pub mod view;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            organization::create_organization,
            search::search_organizations
        ))
        .routes(routes!(
            membership::join_organization,
            membership::leave_organization
        ))
        .routes(routes!(
            organization::get_organization,
            organization::update_organization
        ))
        .routes(routes!(organization::set_primary_contact))
        .routes(routes!(members::list_members, members::create_member))
}
