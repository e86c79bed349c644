//! Proof of disability, the member's door: `POST /v2/myAccount/proofOfDisability` (another
//! organization's membership, for an assistant to check) and
//! `POST /v2/myAccount/proofOfDisabilityRequest` (a competent authority is e-mailed a request);
//! and the authority's side: `GET /v2/competentAuthority/{recordIdentifier}` and
//! `POST /v2/competentAuthority/{userIdentifier}` (one path in the document: see `routes`).

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::Timestamp;
use lectern_domain::account::standing::{DisabilityType, ProofSource};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::disabilities::{ProofOfDisabilityList, proof_of};
use super::name::Name;
use crate::conventions::caller::Caller;
use crate::conventions::links::{Link, segment};
use crate::conventions::status::Created;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::proof_submissions::{self, MembershipProof};

const MY_POD: &str = "/myAccount/proofOfDisability";

/// Another organization's membership, offered as proof.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct MembershipProofParams {
    /// The organization the member belongs to
    organization_name: String,
    /// The member's number or identifier there
    membership_id: String,
    /// learningOrg, trainingOrg, nls, marrakeshPartner or partner
    #[param(value_type = String, pattern = "^(learningOrg|trainingOrg|nls|marrakeshPartner|partner)$")]
    proof_source: ProofSource,
    /// The disabilities that membership attests (repeat per value)
    #[serde(default)]
    #[param(value_type = Vec<DisabilityType>, inline)]
    disability_type: Vec<DisabilityType>,
}

#[utoipa::path(
    post, path = "/v2/myAccount/proofOfDisability", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), MembershipProofParams),
    responses(
        (status = 201, description = "Submitted for review; the proof of disability is `submitted` until an assistant decides", body = ProofOfDisabilityList),
        (status = 400, description = "A bad or missing parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn submit_membership_proof(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<ProofOfDisabilityList>> {
    let me = caller.signed_in()?;
    let p: MembershipProofParams = caller.params.parse()?;
    let proof = MembershipProof {
        organization_name: &p.organization_name,
        membership_id: &p.membership_id,
        proof_source: p.proof_source,
        disability_types: &p.disability_type,
    };
    proof_submissions::submit_membership(&state, &caller, proof).await?;
    let list = proof_of(&state, &me.user_account_id, MY_POD).await?;
    Ok(Created(state.v2_url(MY_POD), list))
}

/// The competent authority to ask.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct AuthorityParams {
    /// The authority's e-mail address (a doctor, a teacher, a social worker)
    email_address: String,
}

#[utoipa::path(
    post, path = "/v2/myAccount/proofOfDisabilityRequest", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), AuthorityParams),
    responses(
        (status = 201, description = "The authority is e-mailed a request; the proof of disability is `submitted` until it answers", body = ProofOfDisabilityList),
        (status = 400, description = "Not an e-mail address", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn request_authority_proof(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<ProofOfDisabilityList>> {
    let me = caller.signed_in()?;
    let p: AuthorityParams = caller.params.parse()?;
    let name = format!("{} {}", me.first_name, me.last_name);
    let body = |record: &str| {
        format!(
            "{name} asks you to confirm that they have a print disability, so that they may borrow \
             books in accessible formats from the library.\n\nYour request number is {record}\n\n\
             The library's confirmation form shows their details and records your answer; \
             applications read the request at {}.\n",
            state.v2_url(&format!("/competentAuthority/{record}"))
        )
    };
    proof_submissions::ask_authority(&state, &caller, &p.email_address, body).await?;
    let list = proof_of(&state, &me.user_account_id, MY_POD).await?;
    Ok(Created(state.v2_url(MY_POD), list))
}

/// Who asked a competent authority for confirmation.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AuthorityRequestView {
    pub record_identifier: String,
    pub user_account_id: String,
    pub name: Name,
    pub date_of_birth: Option<String>,
    pub email_address: Option<String>,
    /// When the member asked
    #[schema(value_type = String)]
    pub date_requested: Timestamp,
    /// Whether the authority has answered already
    pub confirmed: bool,
    /// `confirm`: where the authority's answer is posted
    pub links: Vec<Link>,
}

#[utoipa::path(
    get, path = "/v2/competentAuthority/{recordIdentifier}", tag = "accounts",
    params(
        ("recordIdentifier" = String, Path, description = "The request number e-mailed to the authority"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The member who asked", body = AuthorityRequestView),
        (status = 403, description = "A client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such request", body = ErrorBody),
    ),
)]
pub async fn authority_request(
    State(state): State<AppState>,
    caller: Caller,
    Path(record): Path<String>,
) -> ApiResult<Json<AuthorityRequestView>> {
    let answering = proof_submissions::may_answer(&caller.client)?;
    let (member, request) = proof_submissions::requester(&state, &answering, None, &record).await?;
    Ok(Json(AuthorityRequestView {
        record_identifier: record,
        name: Name::from(&member),
        date_of_birth: member.date_of_birth.clone(),
        email_address: member
            .details
            .email_address
            .clone()
            .or(member.user_name.clone()),
        date_requested: Timestamp::from_unix(request.created_at),
        confirmed: request.confirmed_at.is_some(),
        links: vec![Link::new(
            "confirm",
            state.v2_url(&format!(
                "/competentAuthority/{}",
                segment(&member.user_account_id)
            )),
        )],
        user_account_id: member.user_account_id,
    }))
}

/// The authority's answer.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ConfirmationParams {
    /// The request number e-mailed to the authority
    record_identifier: String,
    /// The qualifying disabilities (repeat per value; at least one)
    #[param(value_type = Vec<DisabilityType>, inline, min_items = 1)]
    disability_type: Vec<DisabilityType>,
}

#[utoipa::path(
    post, path = "/v2/competentAuthority/{recordIdentifier}", tag = "accounts",
    params(
        ("recordIdentifier" = String, Path, description = "The member's user name or userAccountId (document 2's {userIdentifier})"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        ConfirmationParams,
    ),
    responses(
        (status = 200, description = "Recorded: the member's proof of disability is active", body = ProofOfDisabilityList),
        (status = 400, description = "A bad or missing parameter, named", body = ErrorBody),
        (status = 403, description = "A client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such request for this member", body = ErrorBody),
        (status = 409, description = "The request was answered already", body = ErrorBody),
    ),
)]
pub async fn confirm_authority_request(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<ProofOfDisabilityList>> {
    let answering = proof_submissions::may_answer(&caller.client)?;
    let p: ConfirmationParams = caller.params.parse()?;
    let member = proof_submissions::confirm(
        &state,
        &answering,
        &user_identifier,
        &p.record_identifier,
        &p.disability_type,
    )
    .await?;
    Ok(Json(
        proof_of(&state, &member.user_account_id, MY_POD).await?,
    ))
}
