//! Proof of disability, the member's door: `POST /v2/myAccount/proofOfDisability` (another
//! organization's membership, for an assistant to check) and
//! `POST /v2/myAccount/proofOfDisabilityRequest` (a competent authority is e-mailed a request);
//! and the authority's side: `GET /v2/competentAuthority/{recordIdentifier}` and
//! `POST /v2/competentAuthority/{userIdentifier}` (one path in the document: see `routes`).

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::Timestamp;
use lectern_domain::account::check_email;
use lectern_domain::account::standing::{Disability, DisabilityType, ProofSource};
use lectern_domain::ids;
use lectern_domain::secret::{new_token, token_hash};
use lectern_store::{accounts, disabilities, outbox};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::disabilities::{ProofOfDisabilityList, proof_of};
use super::name::Name;
use crate::conventions::caller::Caller;
use crate::conventions::links::{Link, segment};
use crate::conventions::status::Created;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

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
    if matches!(
        p.proof_source,
        ProofSource::SchoolVerified | ProofSource::Faxed
    ) {
        return Err(ApiError::bad_param(
            "proofSource",
            "must name the kind of organization: learningOrg, trainingOrg, nls, marrakeshPartner or partner",
        ));
    }
    for (param, value) in [
        ("organizationName", &p.organization_name),
        ("membershipId", &p.membership_id),
    ] {
        if value.chars().count() > 200 {
            return Err(ApiError::bad_param(param, "must be at most 200 characters"));
        }
    }
    let kinds: Vec<&str> = p.disability_type.iter().map(|d| d.as_str()).collect();
    let note = format!(
        "{}: member {} of {}{}",
        p.proof_source,
        p.membership_id.trim(),
        p.organization_name.trim(),
        if kinds.is_empty() {
            String::new()
        } else {
            format!(" ({})", kinds.join(", "))
        }
    );
    disabilities::submit(
        &mut *state.store.writer().await?,
        &ids::new_id(),
        &me.user_account_id,
        &note,
        disabilities::Proposed {
            proof_source: Some(p.proof_source),
            disability_types: &p.disability_type,
        },
        Timestamp::now(),
    )
    .await?;
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
    let email = p.email_address.trim().to_owned();
    check_email(&email).map_err(|why| ApiError::bad_param("emailAddress", why))?;
    // The identifier is the authority's only credential: random, and kept only as a hash.
    let record = new_token();
    let submission_id = ids::new_id();
    let name = format!("{} {}", me.first_name, me.last_name);
    let body = format!(
        "{name} asks you to confirm that they have a print disability, so that they may borrow \
         books in accessible formats from the library.\n\nYour request number is {record}\n\n\
         The library's confirmation form shows their details and records your answer; \
         applications read the request at {}.\n",
        state.v2_url(&format!("/competentAuthority/{record}"))
    );
    let mut tx = state.store.begin().await?;
    disabilities::submit(
        &mut tx,
        &submission_id,
        &me.user_account_id,
        &format!("confirmation asked of {email}"),
        // A competent authority's written confirmation is what `faxed` has always recorded.
        disabilities::Proposed {
            proof_source: Some(ProofSource::Faxed),
            disability_types: &[],
        },
        Timestamp::now(),
    )
    .await?;
    disabilities::open_authority_request(
        &mut tx,
        &token_hash(&record),
        &me.user_account_id,
        &submission_id,
        &email,
    )
    .await?;
    outbox::enqueue(
        &mut tx,
        &me.site_id,
        &email,
        &format!("Please confirm {name}'s print disability"),
        &body,
    )
    .await?;
    tx.commit().await?;
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

fn privileged_only(caller: &Caller) -> ApiResult<()> {
    if caller.client.privileged {
        Ok(())
    } else {
        Err(ApiError::forbidden(
            "Competent authorities answer through the library's own applications (client keys with membership privileges)",
        ))
    }
}

fn unknown_record() -> ApiError {
    ApiError::not_found("There is no such request; check the number in the e-mail")
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
    privileged_only(&caller)?;
    let reads = state.store.reads();
    let request = disabilities::authority_request(reads, &token_hash(&record))
        .await?
        .ok_or_else(unknown_record)?;
    let member = accounts::get(reads, &request.user_account_id)
        .await?
        .ok_or_else(unknown_record)?;
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
    privileged_only(&caller)?;
    let p: ConfirmationParams = caller.params.parse()?;
    if p.disability_type.is_empty() {
        return Err(ApiError::missing_param("disabilityType"));
    }
    let hash = token_hash(&p.record_identifier);
    let reads = state.store.reads();
    let request = disabilities::authority_request(reads, &hash)
        .await?
        .ok_or_else(unknown_record)?;
    let member = accounts::by_identifier(reads, &user_identifier)
        .await?
        .filter(|m| m.user_account_id == request.user_account_id)
        .ok_or_else(unknown_record)?;
    let mut tx = state.store.begin().await?;
    if !disabilities::confirm_authority_request(&mut tx, &hash).await? {
        return Err(ApiError::conflict("This request was answered already"));
    }
    for disability_type in p.disability_type {
        // A competent authority's written confirmation is what `faxed` has always recorded;
        // the form replaces the fax.
        let d = Disability {
            disability_type,
            proof_source: ProofSource::Faxed,
        };
        disabilities::put(&mut tx, &member.user_account_id, d).await?;
    }
    tx.commit().await?;
    Ok(Json(
        proof_of(&state, &member.user_account_id, MY_POD).await?,
    ))
}
