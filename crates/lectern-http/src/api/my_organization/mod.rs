//! Sponsor organization management (document 2): `/v2/myOrganization...` for an organization's
//! sponsors, and the directory (`/v2/organizationTypes`, `/v2/referenceOrganizations`) new
//! organizations choose from.

mod directory;
mod member_view;
mod members;
mod organization;
pub mod roster_tag_view;
mod roster_tags;
mod sign_up;
mod sponsoring;
mod sponsors;
mod title_availabilities;
pub mod view;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(
            organization::get_my_organization,
            organization::update_my_organization,
            sign_up::sign_up
        ))
        .routes(routes!(members::list_members, members::create_member))
        .routes(routes!(members::update_member))
        .routes(routes!(
            members::member_preferences,
            members::change_member_preferences
        ))
        .routes(routes!(
            roster_tags::list_roster_tags,
            roster_tags::create_roster_tag
        ))
        .routes(routes!(sponsors::list_sponsors, sponsors::create_sponsor))
        .routes(routes!(sponsors::update_sponsor))
        .routes(routes!(sponsors::hand_over_primary_contact))
        .routes(routes!(title_availabilities::title_availabilities))
        .routes(routes!(directory::organization_types))
        .routes(routes!(directory::reference_organizations))
}
