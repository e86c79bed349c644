//! `GET`/`PUT /v2/myOrganization`: the sponsor's organization.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::organization::MyOrganizationForm;

use super::sponsoring::{Sponsoring, sponsoring};
use super::view::{MyOrganization, Tags, my_organization, sponsor_summary};
use crate::conventions::caller::Caller;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::organizations::{self as organizations_house, PrimaryContact};
use lectern_operations::roster_tags;

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
    params(("api_key" = String, Query, description = "The client's API key"), MyOrganizationForm),
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
    let contact = PrimaryContact::of(&s)?;
    let p: MyOrganizationForm = caller.params.parse()?;
    let changed = organizations_house::change_mine(&state, &contact, p.into()).await?;
    s.organization = changed;
    Ok(Json(summary(&state, &caller, &s).await?))
}
