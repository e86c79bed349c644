//! `GET`/`PUT /v2/myOrganization`: the sponsor's organization.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::organization::{OrganizationEditor, OrganizationFields};
use serde::Deserialize;
use utoipa::IntoParams;

use super::sponsoring::{Sponsoring, sponsoring};
use super::view::{MyOrganization, Tags, my_organization, sponsor_summary};
use crate::conventions::caller::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::organizations as organizations_house;
use lectern_operations::roster_tags;

/// What the primary contact may change; all optional.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct MyOrganizationChanges {
    organization_name: Option<String>,
    address1: Option<String>,
    address2: Option<String>,
    city: Option<String>,
    state: Option<String>,
    /// ISO 3166 alpha-2
    #[param(pattern = "^[A-Z]{2}$")]
    country: Option<String>,
    postal_code: Option<String>,
    phone_number: Option<String>,
    website: Option<String>,
    /// The default for new members (and members the sponsors have not set otherwise)
    safe_search: Option<bool>,
    allow_search_downloads: Option<bool>,
}

pub async fn summary(
    state: &AppState,
    caller: &Caller,
    s: &Sponsoring<'_>,
) -> ApiResult<MyOrganization> {
    let contact =
        lectern_operations::organizations::primary_contact(state, &s.organization).await?;
    let tags = Tags::new(roster_tags::all_of(state, &s.organization).await?);
    let contact = contact.map(|c| sponsor_summary(state, &c, &tags, caller.client.privileged));
    Ok(my_organization(
        state,
        &s.organization,
        contact,
        s.is_primary_contact(),
    ))
}

#[utoipa::path(
    get, path = "/v2/myOrganization", tag = "myOrganization",
    params(("api_key" = String, Query, description = "The client's API key")),
    responses(
        (status = 200, description = "The caller's organization", body = MyOrganization),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor of an organization", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn get_my_organization(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<MyOrganization>> {
    let s = sponsoring(&state, &caller).await?;
    Ok(Json(summary(&state, &caller, &s).await?))
}

#[utoipa::path(
    put, path = "/v2/myOrganization", tag = "myOrganization",
    params(("api_key" = String, Query, description = "The client's API key"), MyOrganizationChanges),
    responses(
        (status = 200, description = "The organization as changed", body = MyOrganization),
        (status = 400, description = "A bad parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not the organization's primary contact", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn update_my_organization(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<MyOrganization>> {
    let mut s = sponsoring(&state, &caller).await?;
    if !s.is_primary_contact() {
        return Err(ApiError::forbidden(
            "Only the organization's primary contact changes it",
        ));
    }
    let p: MyOrganizationChanges = caller.params.parse()?;
    let fields = OrganizationFields {
        organization_name: p.organization_name,
        address1: p.address1,
        address2: p.address2,
        city: p.city,
        state: p.state,
        country: p.country,
        postal_code: p.postal_code,
        phone_number: p.phone_number,
        web_site: p.website,
        safe_search: p.safe_search,
        allow_search_downloads: p.allow_search_downloads,
        ..OrganizationFields::default()
    };
    s.organization = organizations_house::change(
        &state,
        &s.organization.organization_id,
        OrganizationEditor::PrimaryContact,
        fields,
    )
    .await?;
    Ok(Json(summary(&state, &caller, &s).await?))
}
