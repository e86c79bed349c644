//! An account's organization, as membership assistants change it: `PUT
//! /v2/accounts/{userIdentifier}/organization` (joins or moves to an organization of its site,
//! as a member or a sponsor) and `DELETE` (leaves it). Document 3 adds members but shows no way
//! to move or remove one; the staff's pages need both (`docs/decisions.md`).

use axum::extract::{Path, State};
use lectern_domain::account::membership::{OrganizationRole, join, leave};
use lectern_store::organizations;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::accounts::view::UserAccount;
use crate::accounts::{Managed, managed, managed_view};
use crate::conventions::caller::Caller;
use crate::conventions::json::Json;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::managed_accounts::shown;
use lectern_operations::organization_members;
use lectern_operations::refusals;

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
    if p.title.as_deref().is_some_and(|t| t.chars().count() > 100) {
        return Err(ApiError::bad_param(
            "title",
            "must be at most 100 characters",
        ));
    }
    let reads = state.store.reads();
    let absent =
        || ApiError::not_found(format!("There is no organization '{}'", p.organization_id));
    let to = organizations::get(reads, &p.organization_id)
        .await?
        .ok_or_else(absent)?;
    let current = current_organization(&state, &m).await?;
    let role = p.role.unwrap_or(OrganizationRole::Member);
    let mut next = join(&m.account, current.as_ref(), &to, role)
        .map_err(|r| refusals::organization_membership(&r, &p.organization_id))?;
    if let Some(title) = p.title.filter(|t| !t.trim().is_empty()) {
        next.details.sponsor_title = Some(title);
    }
    let moved = current.as_ref().map(|o| &o.organization_id) != Some(&to.organization_id);
    Ok(Json(write(&state, m, next, moved, "PUT").await?))
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
    let Some(current) = current_organization(&state, &m).await? else {
        return Err(ApiError::not_found("This account is in no organization"));
    };
    let next = leave(&m.account, Some(&current))
        .map_err(|r| refusals::organization_membership(&r, &current.organization_id))?;
    Ok(Json(write(&state, m, next, true, "DELETE").await?))
}

async fn current_organization(
    state: &AppState,
    m: &Managed,
) -> ApiResult<Option<lectern_domain::organization::Organization>> {
    Ok(match &m.account.organization_id {
        Some(id) => organizations::get(state.store.reads(), id).await?,
        None => None,
    })
}

/// Stores the account as it now is, and, when it changed organization, what belonged to the
/// old one (its roster tag, its place on the sponsors' quick lists) is let go; one transaction,
/// with the change recorded.
async fn write(
    state: &AppState,
    mut m: Managed,
    next: lectern_domain::account::Account,
    moved: bool,
    method: &str,
) -> ApiResult<UserAccount> {
    let before = managed_view(state, &m).await?;
    m.account = next;
    let after = managed_view(state, &m).await?;
    let action = format!("{method} /v2/accounts/{{userIdentifier}}/organization");
    let shown = (shown(&before)?, shown(&after)?);
    organization_members::move_account(state, &m, moved, &action, shown).await?;
    Ok(after)
}
