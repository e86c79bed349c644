//! What a new organization chooses from: `GET /v2/organizationTypes` and
//! `GET /v2/referenceOrganizations`.

use axum::Json;
use axum::extract::State;
use lectern_domain::organization::OrganizationType;
use serde::Serialize;
use utoipa::ToSchema;

use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::paging::PageRequest;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

/// A kind of organization.
#[derive(Serialize, ToSchema)]
pub struct OrganizationTypeView {
    pub name: String,
    pub description: String,
}

impl Listed for OrganizationTypeView {
    const ITEMS: &'static str = "organizationTypes";
    const LIST: &'static str = "OrganizationTypeList";
}

pub type OrganizationTypeList = Collection<OrganizationTypeView>;

/// Signed-in users, and applications of the library that sign organizations up (client keys
/// with membership privileges) before anyone has an account.
pub fn user_or_privileged_client(caller: &Caller) -> ApiResult<()> {
    if caller.user.is_some() || caller.client.privileged {
        Ok(())
    } else {
        Err(ApiError::sign_in_required())
    }
}

#[utoipa::path(
    get, path = "/v2/organizationTypes", tag = "organizations",
    params(("api_key" = String, Query, description = "The client's API key")),
    responses(
        (status = 200, description = "Every organization type, by name", body = OrganizationTypeList),
        (status = 401, description = "Neither signed in nor a client key with membership privileges", body = ErrorBody),
    ),
)]
pub async fn organization_types(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<OrganizationTypeList>> {
    user_or_privileged_client(&caller)?;
    let page = PageRequest::from_params(&caller.params, 100)?;
    let mut items: Vec<OrganizationTypeView> = OrganizationType::ALL
        .iter()
        .map(|t| OrganizationTypeView {
            name: t.as_str().to_owned(),
            description: t.description().to_owned(),
        })
        .collect();
    items.sort_by(|a, b| a.name.cmp(&b.name));
    let total = items.len() as u64;
    let paged = page.page_of(items, |t| t.name.clone())?;
    Ok(Json(Collection::page(
        &state,
        "/organizationTypes",
        &caller.params,
        &page,
        paged,
        total,
    )))
}
