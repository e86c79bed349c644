//! The membership assistant's door to organizations (document 3): `POST /v2/organizations`,
//! `GET`/`PUT /v2/organizations/{organizationId}` and `PUT .../primaryContact`.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::organization::{Organization, OrganizationForm};
use serde::Deserialize;
use utoipa::IntoParams;

use super::view::{
    OrganizationSponsor, OrganizationView, organization_path, organization_sponsor,
    organization_view,
};
use crate::conventions::caller::Caller;
use crate::conventions::status::Created;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::organization::NewOrganizationForm;
use lectern_operations::organizations as organizations_house;

async fn assistant_view(state: &AppState, o: &Organization) -> ApiResult<OrganizationView> {
    let contact = organizations_house::primary_contact(state, o).await?;
    Ok(organization_view(state, o, contact.as_ref()))
}

#[utoipa::path(
    post, path = "/v2/organizations", tag = "organizations",
    params(("api_key" = String, Query, description = "A client key with membership privileges"), NewOrganizationForm),
    responses(
        (status = 201, description = "Created with its primary contact; Location names it", body = OrganizationView),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 409, description = "The contact's e-mail address is another account's user name", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_organization(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<OrganizationView>> {
    caller.signed_in()?;
    let p: NewOrganizationForm = caller.params.parse()?;
    let (organization, contact) = organizations_house::create(&state, &caller, p).await?;
    let view = organization_view(&state, &organization, Some(&contact));
    Ok(Created(
        state.v2_url(&organization_path(&organization.organization_id)),
        view,
    ))
}

#[utoipa::path(
    get, path = "/v2/organizations/{organizationId}", tag = "organizations",
    params(
        ("organizationId" = String, Path, description = "The organization"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The organization", body = OrganizationView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such organization for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn get_organization(
    State(state): State<AppState>,
    caller: Caller,
    Path(organization_id): Path<String>,
) -> ApiResult<Json<OrganizationView>> {
    let o = organizations_house::managed(&state, &caller, &organization_id, "read organizations")
        .await?;
    Ok(Json(assistant_view(&state, &o).await?))
}

#[utoipa::path(
    put, path = "/v2/organizations/{organizationId}", tag = "organizations",
    params(
        ("organizationId" = String, Path, description = "The organization"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        OrganizationForm,
    ),
    responses(
        (status = 200, description = "The organization as changed; its members' access rules follow at once", body = OrganizationView),
        (status = 400, description = "A bad parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such organization for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn update_organization(
    State(state): State<AppState>,
    caller: Caller,
    Path(organization_id): Path<String>,
) -> ApiResult<Json<OrganizationView>> {
    let o = organizations_house::managed(&state, &caller, &organization_id, "change organizations")
        .await?;
    let p: OrganizationForm = caller.params.parse()?;
    let next = organizations_house::change_managed(&state, &o, p.into()).await?;
    Ok(Json(assistant_view(&state, &next).await?))
}

/// The new primary contact.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct PrimaryContactParams {
    /// A sponsor of the organization: user name or userAccountId
    pub user_identifier: String,
}

#[utoipa::path(
    put, path = "/v2/organizations/{organizationId}/primaryContact", tag = "organizations",
    params(
        ("organizationId" = String, Path, description = "The organization"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        PrimaryContactParams,
    ),
    responses(
        (status = 200, description = "The new primary contact", body = OrganizationSponsor),
        (status = 400, description = "Missing, or no sponsor of this organization", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such organization for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn set_primary_contact(
    State(state): State<AppState>,
    caller: Caller,
    Path(organization_id): Path<String>,
) -> ApiResult<Json<OrganizationSponsor>> {
    let o = organizations_house::managed(&state, &caller, &organization_id, "change organizations")
        .await?;
    let p: PrimaryContactParams = caller.params.parse()?;
    let sponsor = organizations_house::set_primary_contact(&state, &o, &p.user_identifier).await?;
    Ok(Json(organization_sponsor(&state, &sponsor)))
}
