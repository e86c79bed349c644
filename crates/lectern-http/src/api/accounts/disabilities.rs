//! Proof of disability, the assistant's door: `GET`/`POST /v2/accounts/{userIdentifier}/pod`
//! and `PUT`/`DELETE .../pod/{disabilityType}`. Recording a disability closes the submissions
//! under review, so the account's proof becomes active at once.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::account::standing::{Disability, DisabilityType, ProofSource};
use lectern_operations::proof_of_disability;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::managed::{Managed, managed};
use crate::conventions::caller::Caller;
use crate::conventions::links::{Link, segment};
use crate::conventions::status::Created;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

/// A disability on file and who vouched for it.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserProofOfDisability {
    /// visual, learning, physical or nonspecific
    pub disability_type: String,
    /// schoolVerified, faxed, nls, learningOrg, partner, trainingOrg or marrakeshPartner
    pub proof_source: String,
}

/// Proof sent for review.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProofSubmission {
    /// YYYY-MM-DD
    pub date_submitted: String,
    pub note: String,
}

/// An account's proof of disability.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProofOfDisabilityList {
    pub disabilities: Vec<UserProofOfDisability>,
    /// Submissions still under review, the latest first
    pub proof_of_disability_submissions: Vec<ProofSubmission>,
    pub links: Vec<Link>,
}

fn pod_path(m: &Managed) -> String {
    format!("/accounts/{}/pod", segment(&m.account.user_account_id))
}

async fn proof_list(state: &AppState, m: &Managed) -> ApiResult<ProofOfDisabilityList> {
    proof_of(state, &m.account.user_account_id, &pod_path(m)).await
}

/// The proof list of an account, its `self` link at `path` (under `/v2`).
pub(super) async fn proof_of(
    state: &AppState,
    id: &str,
    path: &str,
) -> ApiResult<ProofOfDisabilityList> {
    let (on_file, under_review) = proof_of_disability::listed(state, id).await?;
    Ok(ProofOfDisabilityList {
        disabilities: on_file
            .into_iter()
            .map(|d| UserProofOfDisability {
                disability_type: d.disability_type.as_str().to_owned(),
                proof_source: d.proof_source.as_str().to_owned(),
            })
            .collect(),
        proof_of_disability_submissions: under_review
            .into_iter()
            .map(|s| ProofSubmission {
                date_submitted: s.date_submitted,
                note: s.note,
            })
            .collect(),
        links: vec![Link::new("self", state.v2_url(path))],
    })
}

#[utoipa::path(
    get, path = "/v2/accounts/{userIdentifier}/pod", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The account's proof of disability", body = ProofOfDisabilityList),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn list_pod(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<ProofOfDisabilityList>> {
    let m = managed(
        &state,
        &caller,
        &user_identifier,
        "read proof of disability",
    )
    .await?;
    Ok(Json(proof_list(&state, &m).await?))
}

/// A disability and its proof.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct PodParams {
    /// visual, learning, physical or nonspecific
    #[param(value_type = DisabilityType, inline)]
    disability_type: DisabilityType,
    /// schoolVerified, faxed, nls, learningOrg, partner, trainingOrg or marrakeshPartner
    #[param(value_type = ProofSource, inline)]
    proof_source: ProofSource,
}

/// The proof of a disability already named by the path.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ProofSourceParams {
    /// schoolVerified, faxed, nls, learningOrg, partner, trainingOrg or marrakeshPartner
    #[param(value_type = ProofSource, inline)]
    proof_source: ProofSource,
}

async fn put_disability(
    state: &AppState,
    m: &Managed,
    d: Disability,
    action: &str,
) -> ApiResult<ProofOfDisabilityList> {
    proof_of_disability::record(state, m, d, action).await?;
    proof_list(state, m).await
}

#[utoipa::path(
    post, path = "/v2/accounts/{userIdentifier}/pod", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        PodParams,
    ),
    responses(
        (status = 201, description = "Recorded (or its proof changed); the proof list", body = ProofOfDisabilityList),
        (status = 400, description = "A bad or missing parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn add_pod(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Created<ProofOfDisabilityList>> {
    let m = managed(
        &state,
        &caller,
        &user_identifier,
        "record proof of disability",
    )
    .await?;
    let p: PodParams = caller.params.parse()?;
    let d = Disability {
        disability_type: p.disability_type,
        proof_source: p.proof_source,
    };
    let list = put_disability(&state, &m, d, "POST /v2/accounts/{userIdentifier}/pod").await?;
    Ok(Created(state.v2_url(&pod_path(&m)), list))
}

#[utoipa::path(
    put, path = "/v2/accounts/{userIdentifier}/pod/{disabilityType}", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("disabilityType" = String, Path, description = "visual, learning, physical or nonspecific", pattern = "^(visual|learning|physical|nonspecific)$"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        ProofSourceParams,
    ),
    responses(
        (status = 200, description = "Recorded or changed; the proof list", body = ProofOfDisabilityList),
        (status = 400, description = "A bad or missing parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn change_pod(
    State(state): State<AppState>,
    caller: Caller,
    Path((user_identifier, disability_type)): Path<(String, String)>,
) -> ApiResult<Json<ProofOfDisabilityList>> {
    let m = managed(
        &state,
        &caller,
        &user_identifier,
        "change proof of disability",
    )
    .await?;
    let disability_type = parse_type(&disability_type)?;
    let p: ProofSourceParams = caller.params.parse()?;
    let d = Disability {
        disability_type,
        proof_source: p.proof_source,
    };
    let list = put_disability(
        &state,
        &m,
        d,
        "PUT /v2/accounts/{userIdentifier}/pod/{disabilityType}",
    )
    .await?;
    Ok(Json(list))
}

fn parse_type(raw: &str) -> ApiResult<DisabilityType> {
    raw.parse()
        .map_err(|why| ApiError::bad_param("disabilityType", why))
}

#[utoipa::path(
    delete, path = "/v2/accounts/{userIdentifier}/pod/{disabilityType}", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("disabilityType" = String, Path, description = "visual, learning, physical or nonspecific", pattern = "^(visual|learning|physical|nonspecific)$"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "Removed; the proof list", body = ProofOfDisabilityList),
        (status = 400, description = "Not a disability type", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller, or no such disability on file", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn remove_pod(
    State(state): State<AppState>,
    caller: Caller,
    Path((user_identifier, disability_type)): Path<(String, String)>,
) -> ApiResult<Json<ProofOfDisabilityList>> {
    let m = managed(
        &state,
        &caller,
        &user_identifier,
        "remove proof of disability",
    )
    .await?;
    let disability_type = parse_type(&disability_type)?;
    proof_of_disability::remove(
        &state,
        &m,
        disability_type,
        "DELETE /v2/accounts/{userIdentifier}/pod/{disabilityType}",
    )
    .await?;
    Ok(Json(proof_list(&state, &m).await?))
}
