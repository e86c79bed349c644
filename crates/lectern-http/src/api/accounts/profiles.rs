//! The member's profile changes: `GET`/`PUT`/`DELETE /v2/myAccount/studentProfile` (school and
//! grade) and `POST /v2/myAccount/individualProfile` (an organization member becomes an
//! individual member).

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::account::Account;
use lectern_domain::role::Role;
use lectern_operations::subscriptions;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::my_account::{MyAccountSummary, summary};
use super::subscriptions::{UserSubscription, subscription_view};
use crate::conventions::caller::Caller;
use crate::conventions::collection::Allows;
use crate::conventions::links::Link;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::student_profile::{self, IndividualFields};

const PATH: &str = "/myAccount/studentProfile";

/// A student's school and grade, with the subscription in force.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StudentProfile {
    pub school_name: Option<String>,
    /// ONIX code list 77 (US) or BIC (UK)
    pub grade: Option<String>,
    pub active_subscription: Option<UserSubscription>,
    pub links: Vec<Link>,
    pub allows: Allows,
}

async fn profile(state: &AppState, me: &Account) -> ApiResult<StudentProfile> {
    let active = subscriptions::in_force(state, me).await?;
    let active_subscription = match active {
        None => None,
        Some(s) => Some(subscription_view(state, me, &s).await?),
    };
    // An organization's members have the school their organization gives them.
    let managed = me.has_role(Role::OrganizationMember);
    Ok(StudentProfile {
        school_name: me.details.school_name.clone(),
        grade: me.grade.clone(),
        active_subscription,
        links: vec![Link::new("self", state.v2_url(PATH))],
        allows: Allows::of(&[("PUT", !managed), ("DELETE", !managed)]),
    })
}

#[utoipa::path(
    get, path = "/v2/myAccount/studentProfile", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key")),
    responses(
        (status = 200, description = "The caller's school, grade and subscription", body = StudentProfile),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn student_profile(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<StudentProfile>> {
    let me = caller.signed_in()?;
    Ok(Json(profile(&state, me).await?))
}

/// A school and a grade.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct StudentParams {
    school_name: Option<String>,
    /// ONIX code list 77 (US) or BIC (UK), e.g. 05 or P
    #[param(pattern = "^[A-Za-z0-9]{1,4}$")]
    grade: Option<String>,
}

#[utoipa::path(
    put, path = "/v2/myAccount/studentProfile", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), StudentParams),
    responses(
        (status = 200, description = "The profile as changed", body = StudentProfile),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "An organization member, whose organization keeps the school and grade", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn change_student_profile(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<StudentProfile>> {
    let p: StudentParams = caller.params.parse()?;
    let changed = student_profile::change_mine(&state, &caller, p.school_name, p.grade).await?;
    Ok(Json(profile(&state, &changed).await?))
}

#[utoipa::path(
    delete, path = "/v2/myAccount/studentProfile", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key")),
    responses(
        (status = 200, description = "The school and grade are removed; the profile now", body = StudentProfile),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "An organization member, whose organization keeps the school and grade", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn remove_student_profile(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<StudentProfile>> {
    let changed = student_profile::remove_mine(&state, &caller).await?;
    Ok(Json(profile(&state, &changed).await?))
}

/// What an individual member needs that an organization member may not have.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct IndividualParams {
    /// Required when the account has no user name; it becomes the user name
    email_address: Option<String>,
    /// Required when the account has no password
    password: Option<String>,
    /// Required when the account has no birth date (YYYY-MM-DD)
    #[param(format = Date)]
    date_of_birth: Option<String>,
    /// ISO 3166 alpha-2; required when the account has none
    #[param(pattern = "^[A-Z]{2}$")]
    country: Option<String>,
}

#[utoipa::path(
    post, path = "/v2/myAccount/individualProfile", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), IndividualParams),
    responses(
        (status = 200, description = "The caller is now an individual member, no longer in the organization", body = MyAccountSummary),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not an organization member", body = ErrorBody),
        (status = 409, description = "The e-mail address is another account's user name", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn become_individual(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<MyAccountSummary>> {
    caller.signed_in()?;
    let p: IndividualParams = caller.params.parse()?;
    let sent = IndividualFields {
        email_address: p.email_address,
        password: p.password,
        date_of_birth: p.date_of_birth,
        country: p.country,
    };
    let account = student_profile::become_individual(&state, &caller, sent).await?;
    Ok(Json(summary(&state, &caller, &account).await?))
}
