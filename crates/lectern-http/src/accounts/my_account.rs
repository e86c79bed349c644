use axum::Json;
use axum::extract::State;
use lectern_domain::account::Account;
use lectern_store::organizations;
use serde::Serialize;
use utoipa::ToSchema;

use super::name::Name;
use crate::conventions::caller::Caller;
use crate::conventions::links::Link;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// The caller's account summary.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyAccountSummary {
    pub user_account_id: String,
    pub user_name: Option<String>,
    pub name: Name,
    pub roles: Vec<String>,
    pub site: String,
    pub date_of_birth: Option<String>,
    pub country: Option<String>,
    pub organization_id: Option<String>,
    pub has_agreement: bool,
    pub subscription_status: String,
    pub proof_of_disability_status: String,
    pub has_service_plus: bool,
    pub has_reading_companion: bool,
    pub links: Vec<Link>,
    pub allows: Vec<String>,
}

/// The caller's account summary.
#[utoipa::path(
    get, path = "/v2/myAccount", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key")),
    responses(
        (status = 200, description = "The caller's account", body = MyAccountSummary),
        (status = 401, description = "No valid access token", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn get_my_account(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<MyAccountSummary>> {
    let me = caller.signed_in()?;
    Ok(Json(summary(&state, me).await?))
}

/// Deprecated spelling of `/v2/myAccount`, still called by older clients.
#[utoipa::path(
    get, path = "/v2/myaccount", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key")),
    responses(
        (status = 200, description = "The caller's account", body = MyAccountSummary),
        (status = 401, description = "No valid access token", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
#[deprecated = "use /v2/myAccount"]
pub async fn get_my_account_deprecated(
    state: State<AppState>,
    caller: Caller,
) -> ApiResult<Json<MyAccountSummary>> {
    get_my_account(state, caller).await
}

async fn summary(state: &AppState, me: &Account) -> ApiResult<MyAccountSummary> {
    let organization = match &me.organization_id {
        Some(id) => organizations::get(state.store.pool(), id).await?,
        None => None,
    };
    Ok(MyAccountSummary {
        user_account_id: me.user_account_id.clone(),
        user_name: me.user_name.clone(),
        name: Name::from(me),
        roles: me.roles.iter().map(|r| r.as_str().to_owned()).collect(),
        site: me.site_id.clone(),
        date_of_birth: me.date_of_birth.clone(),
        country: me.country.clone(),
        organization_id: me.organization_id.clone(),
        has_agreement: me.has_agreement,
        subscription_status: me.subscription_status.as_str().to_owned(),
        proof_of_disability_status: me.proof_of_disability_status.as_str().to_owned(),
        has_service_plus: organization.as_ref().is_some_and(|o| o.has_service_plus),
        has_reading_companion: organization
            .as_ref()
            .is_some_and(|o| o.has_reading_companion),
        links: vec![Link::new("self", state.v2_url("/myAccount"))],
        // Reading is all this resource offers until account updates (PUT) land.
        allows: vec!["GET".to_owned()],
    })
}
