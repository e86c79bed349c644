//! The proof-of-disability queue, which document 3 leaves out and the staff's pages need:
//! `GET /v2/proofOfDisabilitySubmissions` (every submission under review on the caller's site,
//! oldest first) and `POST /v2/proofOfDisabilitySubmissions/{submissionId}` (approved, the
//! disabilities recorded; or refused, with a note), each decision in the account's history.

use axum::extract::{Path, State};
use lectern_domain::account::standing::{DisabilityType, ProofSource};
use lectern_domain::paging::FixedOrder;
use lectern_store::pod_queue::OpenSubmission;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::disabilities::{ProofOfDisabilityList, proof_of};
use super::name::Name;
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::json::Json;
use crate::conventions::links::{Link, segment};
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::Actor;
use lectern_operations::proof_review::{DecisionAsked, Reviewer, Reviewing, Verdict};

const QUEUE: &str = "/proofOfDisabilitySubmissions";

/// A submission under review.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ProofUnderReview {
    pub submission_id: String,
    pub user_account_id: String,
    pub name: Name,
    pub user_name: Option<String>,
    /// YYYY-MM-DD
    pub date_submitted: String,
    pub note: String,
    /// Who the member says vouches for them
    pub proof_source: Option<String>,
    /// The disabilities the member says the proof shows
    pub disability_types: Vec<String>,
    /// The competent authority asked to confirm, for a request sent to one
    pub authority_email_address: Option<String>,
    pub links: Vec<Link>,
}

impl Listed for ProofUnderReview {
    const ITEMS: &'static str = "proofOfDisabilitySubmissions";
    const LIST: &'static str = "ProofUnderReviewList";
}

/// A page of the queue.
pub type ProofUnderReviewList = Collection<ProofUnderReview>;

fn view(state: &AppState, s: OpenSubmission) -> ProofUnderReview {
    let account = format!("/accounts/{}", segment(&s.user_account_id));
    ProofUnderReview {
        links: vec![
            Link::new(
                "self",
                state.v2_url(&format!("{QUEUE}/{}", segment(&s.submission_id))),
            ),
            Link::new("account", state.v2_url(&account)),
            Link::new("disabilities", state.v2_url(&format!("{account}/pod"))),
        ],
        name: Name::of(s.first_name, s.last_name),
        proof_source: s.proof_source.map(|p| p.as_str().to_owned()),
        disability_types: s
            .disability_types
            .iter()
            .map(|d| d.as_str().to_owned())
            .collect(),
        authority_email_address: s.authority,
        submission_id: s.submission_id,
        user_account_id: s.user_account_id,
        user_name: s.user_name,
        date_submitted: s.date_submitted,
        note: s.note,
    }
}

/// Whose queue.
#[derive(Deserialize, IntoParams, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct QueueParams {
    /// Administrators only; default the caller's site
    pub site: Option<String>,
}

#[utoipa::path(
    get, path = "/v2/proofOfDisabilitySubmissions", tag = "accounts",
    params(
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        QueueParams,
        ListParams<FixedOrder>,
    ),
    responses(
        (status = 200, description = "The submissions under review, oldest first", body = ProofUnderReviewList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn proof_queue(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<ProofUnderReviewList>> {
    Ok(Json(queue(&state, &caller, &caller.params).await?))
}

/// A page of the submissions under review on a site the actor reviews, as `params` ask.
pub async fn queue(
    state: &AppState,
    actor: &Actor,
    params: &Params,
) -> ApiResult<ProofUnderReviewList> {
    let p: QueueParams = params.parse()?;
    let list: ListParams<FixedOrder> = params.parse()?;
    let reviewer = Reviewer::of(actor, p.site)?;
    let page = list.page()?;
    let after = page.after::<(i64, String)>()?;
    let after = after.as_ref().map(|(at, id)| (*at, id.as_str()));
    let (mut rows, total) = reviewer.queue(state, after, page.limit).await?;
    let next = page.next_token(&mut rows, |s| (s.created_at, s.submission_id.clone()));
    let items = rows.into_iter().map(|s| view(state, s)).collect();
    Ok(Collection::page(
        state,
        QUEUE,
        params,
        &page,
        (items, next),
        total,
    ))
}

/// approved or refused.
#[derive(Deserialize, ToSchema, Clone, Copy, PartialEq, Eq)]
#[serde(rename_all = "camelCase")]
pub enum DecisionParam {
    Approved,
    Refused,
}

/// A decision on a submission.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct DecisionParams {
    /// approved (the disabilities recorded) or refused
    #[param(value_type = DecisionParam, inline)]
    decision: DecisionParam,
    /// What the proof showed, or why it is refused; at most 1000 characters. The member reads
    /// it, and the account's history keeps it.
    note: String,
    /// On approval, the disabilities to record (repeat per value); default those submitted
    #[serde(default)]
    #[param(value_type = Option<Vec<DisabilityType>>, inline)]
    disability_type: Vec<DisabilityType>,
    /// On approval, who vouches; default the one submitted
    #[param(value_type = Option<ProofSource>, inline)]
    proof_source: Option<ProofSource>,
}

impl From<DecisionParams> for DecisionAsked {
    fn from(p: DecisionParams) -> Self {
        DecisionAsked {
            decision: match p.decision {
                DecisionParam::Approved => Verdict::Approved,
                DecisionParam::Refused => Verdict::Refused,
            },
            note: p.note,
            disability_type: p.disability_type,
            proof_source: p.proof_source,
        }
    }
}

#[utoipa::path(
    post, path = "/v2/proofOfDisabilitySubmissions/{submissionId}", tag = "accounts",
    params(
        ("submissionId" = String, Path, description = "A submission under review"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        DecisionParams,
    ),
    responses(
        (status = 200, description = "Decided: the member's proof of disability as it now stands", body = ProofOfDisabilityList),
        (status = 400, description = "A bad or missing parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such submission under review for this caller", body = ErrorBody),
        (status = 409, description = "Decided already", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn decide_proof(
    State(state): State<AppState>,
    caller: Caller,
    Path(submission_id): Path<String>,
) -> ApiResult<Json<ProofOfDisabilityList>> {
    Ok(Json(
        decide(&state, &caller, &submission_id, &caller.params).await?,
    ))
}

/// The actor's decision on a submission under review, as `params` say: the account's proof
/// as it now is.
pub async fn decide(
    state: &AppState,
    actor: &Actor,
    submission_id: &str,
    params: &Params,
) -> ApiResult<ProofOfDisabilityList> {
    let reviewing = Reviewing::of(state, actor, submission_id).await?;
    let p: DecisionParams = params.parse()?;
    reviewing.decide(state, p.into()).await?;
    let m = &reviewing.managed;
    let path = format!("/accounts/{}/pod", segment(&m.account.user_account_id));
    proof_of(state, &m.account.user_account_id, &path).await
}
