//! `GET /v2/me`: who the token belongs to, as public clients of the upstream API ask right after
//! the authorization code flow (the shape is in `docs/decisions.md`).

use crate::conventions::json::Json;
use axum::extract::State;
use serde::Serialize;
use utoipa::ToSchema;

use super::name::Name;
use crate::conventions::caller::Caller;
use crate::conventions::links::Link;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// The signed-in user.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct Me {
    /// The user name they sign in with; null for organization members who have none.
    pub username: Option<String>,
    pub user_account_id: String,
    pub name: Name,
    /// `self`, and `account`: the caller's account summary.
    pub links: Vec<Link>,
}

#[utoipa::path(
    get, path = "/v2/me", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key")),
    responses(
        (status = 200, description = "The signed-in user", body = Me),
        (status = 401, description = "No valid access token", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn get_me(State(state): State<AppState>, caller: Caller) -> ApiResult<Json<Me>> {
    let me = caller.signed_in()?;
    Ok(Json(Me {
        username: me.user_name.clone(),
        user_account_id: me.user_account_id.clone(),
        name: Name::from(me),
        links: vec![
            Link::new("self", state.v2_url("/me")),
            Link::new("account", state.v2_url("/myAccount")),
        ],
    }))
}
