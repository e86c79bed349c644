//! The accounts area: the caller's own account (`/v2/myAccount`), and the membership
//! assistants' account management to come.

mod me;
mod my_account;
pub mod name;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

// The deprecated alias is routed on purpose: older clients still call it.
#[allow(deprecated)]
pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(me::get_me))
        .routes(routes!(my_account::get_my_account))
        .routes(routes!(my_account::get_my_account_deprecated))
}
