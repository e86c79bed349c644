//! The OAuth 2 token server (`/oauth`): the authorization code flow with its login and consent
//! pages, the token endpoint, and revocation. RFC 6749, 7009 and 7636, and RFC 9700's advice.

mod authorize;
mod client_auth;
mod pages;
mod revocations;
mod token;

use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;

use crate::state::AppState;

pub fn routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new()
        .routes(routes!(authorize::show_login, authorize::submit_login))
        .routes(routes!(authorize::show_consent, authorize::submit_consent))
        .routes(routes!(token::token))
        .routes(routes!(revocations::revoke))
        .routes(routes!(pages::stylesheet))
}
