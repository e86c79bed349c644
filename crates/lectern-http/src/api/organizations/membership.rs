//! An account's organization, as membership assistants change it: `PUT
//! /v2/accounts/{userIdentifier}/organization` (joins or moves to an organization of its site,
//! as a member or a sponsor) and `DELETE` (leaves it). Document 3 adds members but shows no way
//! to move or remove one; the staff's pages need both (`docs/decisions.md`).

use axum::extract::{Path, State};
use lectern_domain::account::membership::OrganizationRole;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::api::accounts::view::UserAccount;
use crate::api::accounts::{managed, managed_view};
use crate::conventions::caller::Caller;
use crate::conventions::json::Json;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::organization_members::{self, Joining};

/// Where the account goes.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct JoinParams {
    /// An organization of the account's site
    organization_id: String,
    /// member (the default) or sponsor
    #[param(value_type = Option<String>, pattern = "^(member|sponsor)$")]
    role: Option<OrganizationRole>,
    /// A sponsor's title, such as "Teacher of the visually impaired"
    #[param(max_length = 100)]
    title: Option<String>,
}

#[utoipa::path(
    put, path = "/v2/accounts/{userIdentifier}/organization", tag = "organizations",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        JoinParams,
    ),
    responses(
        (status = 200, description = "The account in the organization", body = UserAccount),
        (status = 400, description = "A bad or missing parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account or organization for this caller", body = ErrorBody),
        (status = 409, description = "A member of staff, or its organization's primary contact", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn join_organization(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<UserAccount>> {
    let m = managed(
        &state,
        &caller,
        &user_identifier,
        "move accounts between organizations",
    )
    .await?;
    let p: JoinParams = caller.params.parse()?;
    let to = Joining {
        organization_id: p.organization_id,
        role: p.role,
        title: p.title,
    };
    let moved = organization_members::move_into(&state, m, to).await?;
    Ok(Json(managed_view(&state, &moved).await?))
}

#[utoipa::path(
    delete, path = "/v2/accounts/{userIdentifier}/organization", tag = "organizations",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The account, out of its organization", body = UserAccount),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller, or it is in no organization", body = ErrorBody),
        (status = 409, description = "A member of staff, or its organization's primary contact", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn leave_organization(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<UserAccount>> {
    let m = managed(
        &state,
        &caller,
        &user_identifier,
        "take accounts out of organizations",
    )
    .await?;
    let moved = organization_members::take_out(&state, m).await?;
    Ok(Json(managed_view(&state, &moved).await?))
}
