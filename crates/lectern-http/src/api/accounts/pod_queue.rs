//! The proof-of-disability queue, which document 3 leaves out and the staff's pages need:
//! `GET /v2/proofOfDisabilitySubmissions` (every submission under review on the caller's site,
//! oldest first) and `POST /v2/proofOfDisabilitySubmissions/{submissionId}` (approved, the
//! disabilities recorded; or refused, with a note), each decision in the account's history.

use axum::extract::{Path, State};
use lectern_domain::account::standing::{Disability, DisabilityType, ProofSource};
use lectern_domain::paging::FixedOrder;
use lectern_store::pod_queue::{self, Decision, OpenSubmission};
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
use crate::error::{ApiError, ApiResult, ErrorBody, ParamProblem, ParamWhy};
use crate::state::AppState;
use lectern_operations::{Actor, Failure, managed_accounts, proof_review};

const QUEUE: &str = "/proofOfDisabilitySubmissions";
/// The longest note a decision keeps, in characters.
pub const NOTE_LIMIT: usize = 1000;

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
    let me = actor.account()?;
    let p: QueueParams = params.parse()?;
    let list: ListParams<FixedOrder> = params.parse()?;
    let site_id = p.site.unwrap_or_else(|| me.site_id.clone());
    lectern_operations::proof_review::may_review(actor, &site_id)?;
    let page = list.page()?;
    let after = page.after::<(i64, String)>()?;
    let reads = state.store.reads();
    let total = pod_queue::count(reads, &site_id).await?;
    let mut rows = pod_queue::page(
        reads,
        &site_id,
        after.as_ref().map(|(at, id)| (*at, id.as_str())),
        page.limit,
    )
    .await?;
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
    actor.account()?;
    let absent = || {
        ApiError::not_found(format!(
            "There is no submission '{submission_id}' under review"
        ))
    };
    let submission = pod_queue::open(state.store.reads(), submission_id)
        .await?
        .ok_or_else(absent)?;
    let m = managed_accounts::managed(
        state,
        actor,
        &submission.user_account_id,
        "decide proof of disability",
    )
    .await
    .map_err(|failure| match failure {
        Failure::NotFound(_) => absent(),
        other => other.into(),
    })?;
    let p: DecisionParams = params.parse()?;
    let note = p.note.trim();
    if note.chars().count() > NOTE_LIMIT {
        return Err(ApiError::bad_param(
            "note",
            format!("must be at most {NOTE_LIMIT} characters"),
        ));
    }
    let (decision, approved) = match p.decision {
        DecisionParam::Refused => (Decision::Refused, Vec::new()),
        DecisionParam::Approved => (Decision::Approved, approval(&submission, &p)?),
    };
    proof_review::decide(state, &m, submission_id, (decision, note), &approved).await?;
    let path = format!("/accounts/{}/pod", segment(&m.account.user_account_id));
    proof_of(state, &m.account.user_account_id, &path).await
}

/// The disabilities an approval records: those sent, else those submitted, with the proof
/// source sent, else the one submitted. A submission that named none leaves the approval
/// without them: a conflict with what was submitted (409), naming the parameter to send,
/// since the same request approves a submission that did name them.
fn approval(s: &OpenSubmission, p: &DecisionParams) -> ApiResult<Vec<Disability>> {
    let types = if p.disability_type.is_empty() {
        &s.disability_types
    } else {
        &p.disability_type
    };
    let unnamed = |param: &str| {
        let needed = ParamProblem {
            param: param.to_owned(),
            why: ParamWhy::Required("is required, since the submission names none".to_owned()),
        };
        ApiError::of_params(axum::http::StatusCode::CONFLICT, "CONFLICT", vec![needed])
    };
    if types.is_empty() {
        return Err(unnamed("disabilityType"));
    }
    let proof_source = p
        .proof_source
        .or(s.proof_source)
        .ok_or_else(|| unnamed("proofSource"))?;
    Ok(types
        .iter()
        .map(|t| Disability {
            disability_type: *t,
            proof_source,
        })
        .collect())
}
