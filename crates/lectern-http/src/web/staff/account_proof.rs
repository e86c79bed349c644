//! An account's proof of disability: the disabilities on file (who vouches changed, or taken
//! off), one recorded, what is under review, and the decisions made before, through
//! `/v2/accounts/{id}/pod`.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::Timestamp;
use lectern_store::pod_queue;

use super::home::{Staff, StaffForm};
use super::proof::{DISABILITIES, SOURCES};
use super::records::{Owner, Records, account, done};
use crate::accounts::{add_pod, change_pod, list_pod, remove_pod};
use crate::conventions::json::Json;
use crate::conventions::links::segment;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::state::AppState;
use crate::web::forms::{self, Choice, FormErrors, choices};
use crate::web::render::{Chrome, Section, page};
use crate::web::session::{Visitor, WebSite};

#[derive(Template)]
#[template(path = "web/staff/account_proof.html")]
struct ProofPage<'a> {
    chrome: &'a Chrome,
    owner: Owner,
    on_file: Vec<OnFile>,
    under_review: Vec<(String, String)>,
    decided: Vec<String>,
    queue: String,
    action: String,
    errors: FormErrors,
    types: Vec<Choice>,
    sources: Vec<Choice>,
    done: Option<&'static str>,
}

struct OnFile {
    id: String,
    kind: &'static str,
    source: &'static str,
    action: String,
    sources: Vec<Choice>,
}

fn words(all: &'static [(&'static str, &'static str)], value: &str) -> &'static str {
    all.iter().find(|(v, _)| *v == value).map_or("", |(_, l)| l)
}

/// `GET /{site}/staff/accounts/{account}/proof`.
pub async fn show(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    proof_page(
        &state,
        &site,
        &visitor,
        &id,
        FormErrors::default(),
        Params::default(),
    )
    .await
}

/// `POST /{site}/staff/accounts/{account}/proof`: a disability recorded (closing what is under
/// review, as the API does).
pub async fn record(
    State(state): State<AppState>,
    Path((_, id)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let params = form.only(&["disabilityType", "proofSource"]);
    match add_pod(
        State(state.clone()),
        forms::caller_with(&visitor, params),
        Path(id.clone()),
    )
    .await
    {
        Ok(_) => Ok(done(&site, &visitor, &id, Records::Proof, "recorded")),
        Err(e) => {
            let errors = FormErrors::of(e)?
                .missing_as("disabilityType", "Choose the disability")
                .missing_as("proofSource", "Choose who vouches for it");
            proof_page(&state, &site, &visitor, &id, errors, form).await
        }
    }
}

/// `POST /{site}/staff/accounts/{account}/proof/{type}`: who vouches changed, or (`remove`)
/// the disability taken off.
pub async fn change(
    State(state): State<AppState>,
    Path((_, id, kind)): Path<(String, String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let caller = forms::caller_with(&visitor, form.only(&["proofSource"]));
    let path = Path((id.clone(), kind));
    let what = if forms::field(&form, "remove") == "true" {
        remove_pod(State(state), caller, path).await?;
        "removed"
    } else {
        change_pod(State(state), caller, path).await?;
        "changed"
    };
    Ok(done(&site, &visitor, &id, Records::Proof, what))
}

async fn proof_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    id: &str,
    errors: FormErrors,
    asked: Params,
) -> ApiResult<Response> {
    let a = account(state, visitor, id).await?;
    let Json(list) = list_pod(
        State(state.clone()),
        forms::caller_with(visitor, Params::default()),
        Path(a.user_account_id.clone()),
    )
    .await?;
    // The account was read through the API's rules above: the caller manages it.
    let decided = pod_queue::decided(state.store.reads(), &a.user_account_id).await?;
    let action = Records::Proof.path(site, &a.user_account_id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let status = errors.status();
    Ok(page(
        status,
        &ProofPage {
            chrome: &chrome,
            owner: Owner::of(site, visitor, &a, Records::Proof),
            on_file: list
                .disabilities
                .iter()
                .enumerate()
                .map(|(n, d)| OnFile {
                    id: format!("d{n}"),
                    kind: words(&DISABILITIES, &d.disability_type),
                    source: words(&SOURCES, &d.proof_source),
                    action: format!("{action}/{}", segment(&d.disability_type)),
                    sources: choices(&SOURCES, &d.proof_source),
                })
                .collect(),
            under_review: list
                .proof_of_disability_submissions
                .iter()
                .map(|s| (s.date_submitted.clone(), s.note.clone()))
                .collect(),
            decided: decided
                .iter()
                .map(|d| {
                    let when = Timestamp::from_unix(d.decided_at).date();
                    let by = d.decided_by.as_deref().unwrap_or("an answer on file");
                    let what = d.decision.as_deref().unwrap_or("closed");
                    let note = d.decision_note.as_deref().filter(|n| !n.is_empty());
                    format!(
                        "{when}: {what} by {by}{} (sent {}: {})",
                        note.map(|n| format!(", \u{201c}{n}\u{201d}"))
                            .unwrap_or_default(),
                        d.date_submitted,
                        d.note
                    )
                })
                .collect(),
            queue: site.path("/staff/proof"),
            types: choices(&DISABILITIES, &forms::field(&asked, "disabilityType")),
            sources: choices(&SOURCES, &forms::field(&asked, "proofSource")),
            done: match forms::field(&visitor.caller.params, "done").as_str() {
                "recorded" => Some("The disability was recorded: the proof is active."),
                "changed" => Some("Who vouches for it was changed."),
                "removed" => Some("The disability was taken off."),
                _ => None,
            },
            action,
            errors,
        },
        visitor,
    ))
}
