//! The member's door to their account: `GET`, `POST` and `PUT /v2/myAccount` (and the deprecated
//! `/v2/myaccount`). The fields and rules are the assistant's (`fields.rs`), through the member's
//! door: no roles, no sites, and a new password only with the current one.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::account::Account;
use lectern_domain::account::fields::AccountFields;
use lectern_domain::invalid::Why;
use lectern_domain::role::Role;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::account::AccountParams;
use super::view::{OrganizationContext, UserAccount, linked_user_account};
use crate::api::titles::GradeView;
use crate::conventions::caller::Caller;
use crate::conventions::collection::Allows;
use crate::conventions::links::Link;
use crate::conventions::status::Created;
use crate::error::ApiError;
use crate::error::{ApiResult, ErrorBody};
use crate::partner_identity::{PartnerClaims, refused_token};
use crate::state::AppState;
use lectern_operations::my_account;
use lectern_operations::tokens::Vouched;

/// A student's school and grade.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StudentSummary {
    pub school_name: Option<String>,
    pub grade: Option<String>,
}

/// A student's organization and grade, as the upstream service writes them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct StudentStatus {
    pub organization_name: Option<String>,
    pub grade: Option<GradeView>,
}

/// The caller's account summary: the User Account of document 3 with what the member needs
/// besides (see `docs/decisions.md`).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyAccountSummary {
    #[serde(flatten)]
    pub account: UserAccount,
    pub user_name: Option<String>,
    pub organization_id: Option<String>,
    /// The member must choose a new password before going on
    pub needs_new_password: bool,
    /// Null unless the account has a school or a grade
    pub student_summary: Option<StudentSummary>,
    /// The upstream's shape of a student's school: null for a reader who belongs to no
    /// organization and has no school (clients take a non-null value for an organizational
    /// account)
    pub student_status: Option<StudentStatus>,
    /// The same as `userName`, under the upstream's name
    pub username: Option<String>,
    /// Credits that pay for subscriptions; shown to client keys with membership privileges only
    pub credits: Option<i64>,
}

pub(super) async fn summary(
    state: &AppState,
    caller: &Caller,
    me: &Account,
) -> ApiResult<MyAccountSummary> {
    let org = OrganizationContext::of(state, me).await?;
    let links = [
        ("self", "/myAccount"),
        ("agreement", "/myAccount/agreement"),
        ("subscription", "/myAccount/subscription"),
        ("preferences", "/myAccount/preferences"),
        ("recommendationProfile", "/myAccount/recommendationProfile"),
        ("history", "/myAccount/history"),
    ]
    .into_iter()
    .map(|(rel, path)| Link::new(rel, state.v2_url(path)))
    .collect();
    let account = linked_user_account(state, me, &org, Allows::of(&[("PUT", true)]), links);
    let school = me.details.school_name.clone().or_else(|| {
        org.organization
            .as_ref()
            .map(|o| o.organization_name.clone())
            .filter(|_| me.grade.is_some())
    });
    let organization_name = org
        .organization
        .as_ref()
        .map(|o| o.organization_name.clone())
        .or_else(|| me.details.school_name.clone());
    // Only a student's: Clusive reads any `studentStatus` as "organization member", and a
    // sponsor who got one was signed in as a student.
    let is_student = me.has_role(Role::OrganizationMember);
    let student_status =
        (is_student && (organization_name.is_some() || me.grade.is_some())).then(|| {
            StudentStatus {
                organization_name,
                grade: me.grade.as_deref().map(GradeView::of),
            }
        });
    Ok(MyAccountSummary {
        account,
        student_status,
        username: me.user_name.clone(),
        user_name: me.user_name.clone(),
        organization_id: me.organization_id.clone(),
        needs_new_password: me.details.needs_new_password,
        student_summary: (school.is_some() || me.grade.is_some()).then(|| StudentSummary {
            school_name: school,
            grade: me.grade.clone(),
        }),
        credits: caller.client.privileged.then_some(me.details.credits),
    })
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
    Ok(Json(summary(&state, &caller, me).await?))
}

/// A new member's account: the fields of account creation, a password, and optionally a
/// partner's identity token.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct NewMemberParams {
    #[serde(flatten)]
    #[param(inline)]
    fields: AccountParams,
    /// An identity token (a JWT) of the library's identity partner, vouching for the new
    /// member's verified e-mail address: it gives the user name and, when not sent, the names;
    /// the password may then be left out (the member signs in with the partner's tokens)
    partner_id_token: Option<String>,
}

#[utoipa::path(
    post, path = "/v2/myAccount", tag = "accounts",
    params(("api_key" = String, Query, description = "A client key with membership privileges"), NewMemberParams),
    responses(
        (status = 201, description = "Created an individual member's account on the client key's site; Location names it", body = MyAccountSummary),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 403, description = "A client key without membership privileges, or a signed-in caller", body = ErrorBody),
        (status = 409, description = "The e-mail address is another account's user name, or the partner identity has an account already", body = ErrorBody),
        (status = 502, description = "The identity partner's keys could not be fetched", body = ErrorBody),
    ),
)]
pub async fn create_my_account(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<MyAccountSummary>> {
    my_account::may_create(&caller)?;
    let mut p: NewMemberParams = caller.params.parse()?;
    let vouched = match p.partner_id_token.take() {
        Some(token) => Some(vouch(&state, &token, &mut p.fields).await?),
        None => None,
    };
    let vouched = vouched.map(|claims| Vouched {
        issuer: claims.issuer,
        subject: claims.subject,
        replay_key: claims.replay_key,
        expires_at: claims.expires_at,
    });
    let fields = AccountFields::from(p.fields);
    let account = my_account::create_mine(&state, &caller, fields, vouched.as_ref()).await?;
    let created = summary(&state, &caller, &account).await?;
    Ok(Created(state.v2_url("/myAccount"), created))
}

/// What a member may change of their account.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct MyAccountParams {
    first_name: Option<String>,
    last_name: Option<String>,
    /// Also the user name they sign in with
    email_address: Option<String>,
    #[param(pattern = "^[A-Z]{2}$")]
    country: Option<String>,
    phone_number: Option<String>,
    address1: Option<String>,
    address2: Option<String>,
    city: Option<String>,
    state: Option<String>,
    postal_code: Option<String>,
    guardian_first_name: Option<String>,
    guardian_last_name: Option<String>,
    #[param(format = Date)]
    date_of_birth: Option<String>,
    #[param(pattern = "^[a-z]{3}$")]
    language: Option<String>,
    allow_adult_content: Option<bool>,
    /// A new password: 8 to 32 characters with a letter and a number
    password: Option<String>,
    /// Required with `password`: the one in use now
    current_password: Option<String>,
}

impl From<MyAccountParams> for AccountFields {
    fn from(p: MyAccountParams) -> Self {
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
            role: None,
            site: None,
            password: p.password,
            locked: None,
        }
    }
}

#[utoipa::path(
    put, path = "/v2/myAccount", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), MyAccountParams),
    responses(
        (status = 200, description = "The caller's account as changed", body = MyAccountSummary),
        (status = 400, description = "A bad parameter, each named; a new password without the current one", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "The current password is wrong", body = ErrorBody),
        (status = 409, description = "The e-mail address is another account's user name", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn update_my_account(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<MyAccountSummary>> {
    caller.signed_in()?;
    let p: MyAccountParams = caller.params.parse()?;
    let current_password = p.current_password.clone();
    let account = my_account::change_mine(&state, &caller, p.into(), current_password).await?;
    Ok(Json(summary(&state, &caller, &account).await?))
}

/// Checks a `partnerIdToken` and fills the new account's fields from it: the verified address is
/// the user name (a different `emailAddress` is refused, since the partner vouched for this one),
/// and the partner's names stand in for names not sent.
async fn vouch(
    state: &AppState,
    token: &str,
    fields: &mut AccountParams,
) -> ApiResult<PartnerClaims> {
    let partner = state.settings.partner_identity.as_ref().ok_or_else(|| {
        let why = "this library has no identity partner set up; create the account with a password";
        ApiError::bad_param("partnerIdToken", Why::of("why-no-identity-partner", why))
    })?;
    let claims = partner.verify(token).await.map_err(refused_token)?;
    if let Some(sent) = &fields.email_address
        && !sent.trim().eq_ignore_ascii_case(&claims.email)
    {
        return Err(ApiError::bad_param(
            "emailAddress",
            "differs from the address the partner verified; leave it out or send that one",
        ));
    }
    fields.email_address = Some(claims.email.clone());
    fields.first_name = fields.first_name.take().or(claims.given_name.clone());
    fields.last_name = fields.last_name.take().or(claims.family_name.clone());
    Ok(claims)
}
