//! The organizations area of membership management (document 3): organizations, their primary
//! contacts and their members, for membership assistants and administrators.

pub mod members;
mod membership;
pub mod organization;
mod search;
pub mod view;

pub use organization::primary_contact;

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

// The staff's pages call these handlers themselves, so that a page refuses what the API refuses.
pub(crate) use members::{create_member as add_member, list_members};
pub(crate) use membership::{join_organization, leave_organization};
pub(crate) use organization::{
    create_organization, get_organization, set_primary_contact, update_organization,
};
pub(crate) use search::search_organizations;
