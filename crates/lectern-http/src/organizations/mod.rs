//! The organizations area of membership management (document 3): organizations, their primary
//! contacts and their members, for membership assistants and administrators.

pub mod member_write;
pub mod members;
pub mod organization;
pub mod view;

pub use organization::primary_contact;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(organization::create_organization))
        .routes(routes!(
            organization::get_organization,
            organization::update_organization
        ))
        .routes(routes!(organization::set_primary_contact))
        .routes(routes!(members::list_members, members::create_member))
}
