//! The membership assistant's door to accounts (document 3): `POST /v2/accounts`,
//! `GET`/`PUT /v2/accounts/{userIdentifier}`, `PUT .../password` and `GET /v2/userNames/{userName}`.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::account::fields::{AccountFields, AssignableRole};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::managed::{Managed, managed};
use super::view::{OrganizationContext, UserAccount, account_path, user_account};
use crate::conventions::caller::Caller;
use crate::conventions::collection::Allows;
use crate::conventions::links::{Link, segment};
use crate::conventions::status::{Created, Status};
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::managed_account_writes;
use lectern_operations::managed_accounts;

/// Every field of account creation (document 3); on update, all optional.
#[derive(Deserialize, IntoParams, ToSchema, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct AccountParams {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    /// Also the user name
    pub email_address: Option<String>,
    /// ISO 3166 alpha-2
    #[param(pattern = "^[A-Z]{2}$")]
    #[schema(pattern = "^[A-Z]{2}$")]
    pub country: Option<String>,
    pub phone_number: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub guardian_first_name: Option<String>,
    pub guardian_last_name: Option<String>,
    /// YYYY-MM-DD; required for individual members
    #[param(format = Date)]
    #[schema(format = Date)]
    pub date_of_birth: Option<String>,
    /// ISO 639-2 alpha-3
    #[param(pattern = "^[a-z]{3}$")]
    #[schema(pattern = "^[a-z]{3}$")]
    pub language: Option<String>,
    /// Default true for adults by their birth date, else false
    pub allow_adult_content: Option<bool>,
    /// Administrators only; default the caller's site
    pub site: Option<String>,
    /// individual (default), volunteer, trustedVolunteer, collectionAssistant, membershipAssistant
    #[param(value_type = Option<AssignableRole>, inline)]
    #[schema(value_type = Option<AssignableRole>, inline)]
    pub role: Option<AssignableRole>,
    /// 8 to 32 characters with a letter and a number
    pub password: Option<String>,
    /// true locks the account (it cannot sign in), false unlocks it
    pub locked: Option<bool>,
}

impl From<AccountParams> for AccountFields {
    fn from(p: AccountParams) -> Self {
        AccountFields {
            first_name: p.first_name,
            last_name: p.last_name,
            email_address: p.email_address,
            country: p.country,
            phone_number: p.phone_number,
            address1: p.address1,
            address2: p.address2,
            city: p.city,
            state: p.state,
            postal_code: p.postal_code,
            guardian_first_name: p.guardian_first_name,
            guardian_last_name: p.guardian_last_name,
            date_of_birth: p.date_of_birth,
            language: p.language,
            allow_adult_content: p.allow_adult_content,
            role: p.role,
            site: p.site,
            password: p.password,
            locked: p.locked,
        }
    }
}

/// The account as its managers see it; PUT is offered to them.
pub async fn managed_view(state: &AppState, m: &Managed) -> ApiResult<UserAccount> {
    let org = OrganizationContext::of(state, &m.account).await?;
    Ok(user_account(
        state,
        &m.account,
        &org,
        Allows::of(&[("PUT", true)]),
    ))
}

#[utoipa::path(
    post, path = "/v2/accounts", tag = "accounts",
    params(("api_key" = String, Query, description = "A client key with membership privileges"), AccountParams),
    responses(
        (status = 201, description = "Created; Location names the account", body = UserAccount),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 409, description = "The e-mail address is another account's user name", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_account(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<UserAccount>> {
    caller.signed_in()?;
    let p: AccountParams = caller.params.parse()?;
    let m = managed_account_writes::create(&state, &caller, AccountFields::from(p)).await?;
    let view = managed_view(&state, &m).await?;
    Ok(Created(state.v2_url(&account_path(&m.account)), view))
}

#[utoipa::path(
    get, path = "/v2/accounts/{userIdentifier}", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The account", body = UserAccount),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn get_account(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<UserAccount>> {
    let m = managed(&state, &caller, &user_identifier, "read accounts").await?;
    Ok(Json(managed_view(&state, &m).await?))
}

#[utoipa::path(
    put, path = "/v2/accounts/{userIdentifier}", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        AccountParams,
    ),
    responses(
        (status = 200, description = "The account as changed", body = UserAccount),
        (status = 400, description = "A bad parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
        (status = 409, description = "The e-mail address is another account's user name", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn update_account(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<UserAccount>> {
    let m = managed(&state, &caller, &user_identifier, "change accounts").await?;
    let p: AccountParams = caller.params.parse()?;
    let changed = managed_account_writes::change(&state, m, AccountFields::from(p)).await?;
    Ok(Json(managed_view(&state, &changed).await?))
}

/// The new password.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct PasswordParams {
    /// 8 to 32 characters with a letter and a number
    password: String,
}

#[utoipa::path(
    put, path = "/v2/accounts/{userIdentifier}/password", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        PasswordParams,
    ),
    responses(
        (status = 200, description = "Changed; the account's refresh tokens are ended", body = Status),
        (status = 400, description = "Missing, or not 8 to 32 characters with a letter and a number", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn set_password(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<Status>> {
    let m = managed(&state, &caller, &user_identifier, "change passwords").await?;
    let p: PasswordParams = caller.params.parse()?;
    managed_account_writes::set_password(&state, m, p.password).await?;
    Ok(Json(Status::success("The password was changed")))
}

/// A user name that exists.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserNameView {
    pub user_name: String,
    pub links: Vec<Link>,
}

#[utoipa::path(
    get, path = "/v2/userNames/{userName}", tag = "accounts",
    params(
        ("userName" = String, Path, description = "The user name to look up"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The user name exists", body = UserNameView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No account has this user name", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn user_name(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_name): Path<String>,
) -> ApiResult<Json<UserNameView>> {
    let (account, manages) =
        managed_accounts::user_name_holder(&state, &caller, &user_name).await?;
    let stored = account.user_name.clone().unwrap_or(user_name);
    let mut links = vec![Link::new(
        "self",
        state.v2_url(&format!("/userNames/{}", segment(&stored))),
    )];
    if manages {
        links.push(Link::new("account", state.v2_url(&account_path(&account))));
    }
    Ok(Json(UserNameView {
        user_name: stored,
        links,
    }))
}
