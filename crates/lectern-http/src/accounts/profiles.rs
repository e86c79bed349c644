//! The member's profile changes: `GET`/`PUT`/`DELETE /v2/myAccount/studentProfile` (school and
//! grade) and `POST /v2/myAccount/individualProfile` (an organization member becomes an
//! individual member).

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::account::fields::{AccountFields, Door};
use lectern_domain::role::{Role, Roles};
use lectern_store::subscriptions;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::my_account::{MyAccountSummary, summary};
use super::subscriptions::{UserSubscription, subscription_view};
use crate::conventions::caller::Caller;
use crate::conventions::collection::Allows;
use crate::conventions::links::Link;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::account_writes::{Write, password_hash, save};

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
    let active = subscriptions::active(
        state.store.reads(),
        &me.user_account_id,
        &Timestamp::now().date(),
    )
    .await?;
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

fn own_profile(me: &Account) -> ApiResult<()> {
    if me.has_role(Role::OrganizationMember) {
        Err(ApiError::forbidden(
            "Your organization keeps your school and grade; ask your sponsor to change them",
        ))
    } else {
        Ok(())
    }
}

async fn write_profile(
    state: &AppState,
    me: &Account,
    school: Option<String>,
    grade: Option<String>,
) -> ApiResult<Account> {
    let mut account = me.clone();
    account.details.school_name = school;
    account.grade = grade;
    let prepared = lectern_domain::account::fields::Prepared {
        account,
        password: None,
        // The user name is not changed here.
        user_name_param: "userName",
    };
    let mut tx = state.store.begin().await?;
    save(&mut tx, &prepared, None, Write::Update).await?;
    tx.commit().await?;
    Ok(prepared.account)
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
    let me = caller.signed_in()?;
    own_profile(me)?;
    let p: StudentParams = caller.params.parse()?;
    if let Some(school) = &p.school_name
        && school.chars().count() > 200
    {
        return Err(ApiError::bad_param(
            "schoolName",
            "must be at most 200 characters",
        ));
    }
    if let Some(grade) = &p.grade {
        lectern_domain::account::check_grade(grade)
            .map_err(|why| ApiError::bad_param("grade", why))?;
    }
    let school = p.school_name.or_else(|| me.details.school_name.clone());
    let grade = p.grade.or_else(|| me.grade.clone());
    let changed = write_profile(&state, me, school, grade).await?;
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
    let me = caller.signed_in()?;
    own_profile(me)?;
    let changed = write_profile(&state, me, None, None).await?;
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
    let me = caller.signed_in()?;
    if !me.has_role(Role::OrganizationMember) {
        return Err(ApiError::forbidden(
            "Only organization members become individual members",
        ));
    }
    let p: IndividualParams = caller.params.parse()?;
    let has_password =
        lectern_store::accounts::password_hash(state.store.reads(), &me.user_account_id)
            .await?
            .is_some();
    let mut missing = Vec::new();
    for (param, needed) in [
        (
            "emailAddress",
            me.user_name.is_none() && p.email_address.is_none(),
        ),
        ("password", !has_password && p.password.is_none()),
        (
            "dateOfBirth",
            me.date_of_birth.is_none() && p.date_of_birth.is_none(),
        ),
        ("country", me.country.is_none() && p.country.is_none()),
    ] {
        if needed {
            missing.push(lectern_domain::invalid::Invalid::required_because(
                param,
                "is required for an individual member",
            ));
        }
    }
    if !missing.is_empty() {
        return Err(missing.into());
    }
    let mut prepared = AccountFields {
        email_address: p.email_address,
        password: p.password,
        date_of_birth: p.date_of_birth,
        country: p.country,
        ..AccountFields::default()
    }
    .apply(Door::Member, me, &Timestamp::now().date())?;
    let account = &mut prepared.account;
    account.roles = Roles::new(
        account
            .roles
            .iter()
            .filter(|r| *r != Role::OrganizationMember)
            .chain([Role::IndividualMember]),
    );
    account.organization_id = None;
    let hash = password_hash(&prepared).await?;
    let mut tx = state.store.begin().await?;
    save(&mut tx, &prepared, hash.as_deref(), Write::Update).await?;
    tx.commit().await?;
    Ok(Json(summary(&state, &caller, &prepared.account).await?))
}
