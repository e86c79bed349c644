//! Signed agreements: the assistant's `GET`/`POST /v2/accounts/{userIdentifier}/agreements` and
//! `POST .../agreements/{id}/expired`, and the member's `POST /v2/myAccount/agreement` (signed by
//! the house's operation, `lectern_operations::agreements`, as the account page signs it).

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::account::Account;
use lectern_domain::account::standing::{Agreement, AgreementType, NewAgreement};
use lectern_operations::agreements;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::managed::{Managed, managed};
use crate::conventions::caller::Caller;
use crate::conventions::collection::Allows;
use crate::conventions::links::{Link, segment};
use crate::conventions::status::Created;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// A signed agreement (document 3's User Signed Agreement).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedAgreement {
    pub agreement_id: String,
    /// termsOfUse, volunteer or sponsor
    pub agreement_type: String,
    /// When it was signed, at midnight UTC
    pub date_signed: String,
    /// When it ended, at midnight UTC; null while in force
    pub date_expired: Option<String>,
    pub print_name: String,
    /// The user name of the account it belongs to
    pub username: Option<String>,
    /// Who recorded it: the member, or the assistant who entered it
    pub recording_user: Option<String>,
    pub signed_by_legal_guardian: bool,
    pub links: Vec<Link>,
}

/// An account's agreements.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SignedAgreementList {
    pub signed_agreements: Vec<SignedAgreement>,
    pub allows: Allows,
    pub links: Vec<Link>,
}

fn instant(date: &str) -> String {
    format!("{date}T00:00:00Z")
}

fn view(state: &AppState, owner: &Account, a: &Agreement) -> SignedAgreement {
    let base = format!("/accounts/{}/agreements", segment(&owner.user_account_id));
    SignedAgreement {
        agreement_id: a.agreement_id.clone(),
        agreement_type: a.agreement_type.as_str().to_owned(),
        date_signed: instant(&a.date_signed),
        date_expired: a.date_expired.as_deref().map(instant),
        print_name: a.print_name.clone(),
        username: owner.user_name.clone(),
        recording_user: a.recording_user.clone(),
        signed_by_legal_guardian: a.signed_by_legal_guardian,
        links: vec![
            Link::new("self", state.v2_url(&base)),
            Link::new(
                "expire",
                state.v2_url(&format!("{base}/{}/expired", segment(&a.agreement_id))),
            ),
        ],
    }
}

/// The caller's own agreement, as their own door shows it: its `self` is that door, and it has
/// no `expire` (assistants expire agreements).
fn own_view(state: &AppState, me: &Account, a: &Agreement) -> SignedAgreement {
    SignedAgreement {
        links: vec![Link::new("self", state.v2_url("/myAccount/agreement"))],
        ..view(state, me, a)
    }
}

#[utoipa::path(
    get, path = "/v2/accounts/{userIdentifier}/agreements", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The account's agreements, the latest signed first", body = SignedAgreementList),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn list_agreements(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<SignedAgreementList>> {
    let m = managed(&state, &caller, &user_identifier, "read agreements").await?;
    Ok(Json(SignedAgreementList {
        signed_agreements: agreements_of(&state, &m).await?,
        // Agreements are recorded by POST to this list, but document 3 shows none offered.
        allows: Allows::none(),
        links: vec![Link::new(
            "self",
            state.v2_url(&format!(
                "/accounts/{}/agreements",
                segment(&m.account.user_account_id)
            )),
        )],
    }))
}

/// An agreement to record.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct AgreementParams {
    /// termsOfUse (also read as `individual`, document 3's model value) or volunteer
    /// (sponsors sign their organization's agreement)
    #[param(value_type = String, pattern = "^(termsOfUse|individual|volunteer)$")]
    agreement_type: AgreementType,
    /// YYYY-MM-DD, not in the future
    #[param(format = Date)]
    date_signed: String,
    /// The name as the signer printed it
    #[param(max_length = 200)]
    print_name: String,
    /// true or false (default false)
    signed_by_legal_guardian: Option<bool>,
}

#[utoipa::path(
    post, path = "/v2/accounts/{userIdentifier}/agreements", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        AgreementParams,
    ),
    responses(
        (status = 201, description = "Recorded; Location names the account's agreements", body = SignedAgreement),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn record_agreement(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Created<SignedAgreement>> {
    let m = managed(&state, &caller, &user_identifier, "record agreements").await?;
    let p: AgreementParams = caller.params.parse()?;
    let new = NewAgreement {
        agreement_type: p.agreement_type,
        date_signed: p.date_signed,
        print_name: p.print_name,
        signed_by_legal_guardian: p.signed_by_legal_guardian.unwrap_or(false),
    };
    let recorded = agreements::record_for(&state, &m, new).await?;
    let agreement = view(&state, &m.account, &recorded);
    let location = state.v2_url(&format!(
        "/accounts/{}/agreements",
        segment(&m.account.user_account_id)
    ));
    Ok(Created(location, agreement))
}

/// The managed account's agreements, as the API shows them.
async fn agreements_of(state: &AppState, m: &Managed) -> ApiResult<Vec<SignedAgreement>> {
    let rows = agreements::of_managed(state, m).await?;
    Ok(rows.iter().map(|a| view(state, &m.account, a)).collect())
}

#[utoipa::path(
    post, path = "/v2/accounts/{userIdentifier}/agreements/{id}/expired", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("id" = String, Path, description = "The agreementId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The agreement, ended today (or earlier, if it had ended already)", body = SignedAgreement),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account or agreement for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn expire_agreement(
    State(state): State<AppState>,
    caller: Caller,
    Path((user_identifier, agreement_id)): Path<(String, String)>,
) -> ApiResult<Json<SignedAgreement>> {
    let m = managed(&state, &caller, &user_identifier, "expire agreements").await?;
    let ended = agreements::expire_for(&state, &m, &agreement_id).await?;
    Ok(Json(view(&state, &m.account, &ended)))
}

/// The member's signature.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct MyAgreementParams {
    /// The name as the member (or their guardian) types it to sign
    #[param(max_length = 200)]
    print_name: String,
    /// true when a legal guardian signs for a minor (default false)
    signed_by_legal_guardian: Option<bool>,
}

#[utoipa::path(
    get, path = "/v2/myAccount/agreement", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key")),
    responses(
        (status = 200, description = "The agreement the caller signed last", body = SignedAgreement),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "The caller has signed no agreement", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn my_agreement(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<SignedAgreement>> {
    let me = caller.signed_in()?;
    let latest = agreements::latest_mine(&state, &caller).await?;
    Ok(Json(own_view(&state, me, &latest)))
}

#[utoipa::path(
    post, path = "/v2/myAccount/agreement", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), MyAgreementParams),
    responses(
        (status = 201, description = "Signed and recorded, dated today", body = SignedAgreement),
        (status = 400, description = "A bad or missing parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn sign_my_agreement(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<SignedAgreement>> {
    let me = caller.signed_in()?;
    let p: MyAgreementParams = caller.params.parse()?;
    let by_guardian = p.signed_by_legal_guardian.unwrap_or(false);
    let agreement = agreements::sign_mine(&state, &caller, Some(p.print_name), by_guardian).await?;
    Ok(Created(
        state.v2_url("/myAccount/agreement"),
        own_view(&state, me, &agreement),
    ))
}
