//! An account's proof of disability: the disabilities on file (who vouches changed, or taken
//! off), one recorded, what is under review, and the decisions made before, through
//! `/v2/accounts/{id}/pod`.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::Timestamp;

use super::home::{Staff, StaffForm};
use super::proof::{DISABILITIES, SOURCES};
use super::records::{Owner, Records, done, managed_account};
use crate::conventions::links::segment;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::pages::forms::{self, Choice, FormErrors, choices_in};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::account::standing::{Disability, DisabilityType, ProofSource};
use lectern_operations::managed_accounts::managed;
use lectern_operations::proof_of_disability::{self, ProofOnFile};

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
    let m = managed(&state, &visitor.caller, &id, "record proof of disability").await?;
    let recorded = match disability(&form) {
        Ok(d) => {
            proof_of_disability::record(&state, &m, d, "POST /v2/accounts/{userIdentifier}/pod")
                .await
                .map_err(ApiError::from)
        }
        Err(e) => Err(e),
    };
    match recorded {
        Ok(_) => Ok(done(&site, &visitor, &id, Records::Proof, "recorded")),
        Err(e) => {
            let errors = FormErrors::of(e)?
                .missing_as("disabilityType", "staff-proof-disability-missing")
                .missing_as("proofSource", "staff-proof-source-missing");
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
    let removing = forms::field(&form, "remove") == "true";
    let what = if removing {
        "remove proof of disability"
    } else {
        "change proof of disability"
    };
    let m = managed(&state, &visitor.caller, &id, what).await?;
    let disability_type = parse_type(&kind)?;
    let what = if removing {
        let action = "DELETE /v2/accounts/{userIdentifier}/pod/{disabilityType}";
        proof_of_disability::remove(&state, &m, disability_type, action).await?;
        "removed"
    } else {
        let d = Disability {
            disability_type,
            proof_source: proof_source(&form)?,
        };
        let action = "PUT /v2/accounts/{userIdentifier}/pod/{disabilityType}";
        proof_of_disability::record(&state, &m, d, action).await?;
        "changed"
    };
    Ok(done(&site, &visitor, &id, Records::Proof, what))
}

/// The disability the form names and who vouches for it, each asked for in the form's order.
fn disability(form: &Params) -> ApiResult<Disability> {
    let kind = form.required("disabilityType")?;
    let proof_source = form.required("proofSource")?;
    Ok(Disability {
        disability_type: parse_type(kind)?,
        proof_source: parse_source(proof_source)?,
    })
}

/// Who vouches, as the form names them.
fn proof_source(form: &Params) -> ApiResult<ProofSource> {
    parse_source(form.required("proofSource")?)
}

fn parse_type(raw: &str) -> ApiResult<DisabilityType> {
    raw.parse()
        .map_err(|why| ApiError::bad_param("disabilityType", why))
}

fn parse_source(raw: &str) -> ApiResult<ProofSource> {
    raw.parse()
        .map_err(|why| ApiError::bad_param("proofSource", why))
}

async fn proof_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    id: &str,
    errors: FormErrors,
    asked: Params,
) -> ApiResult<Response> {
    let m = managed_account(state, visitor, id).await?;
    let a = &m.account;
    let ProofOnFile {
        disabilities,
        under_review,
        decided,
    } = proof_of_disability::on_file(state, &m).await?;
    let action = Records::Proof.path(site, &a.user_account_id);
    let chrome = Chrome::of(site, visitor, &action, Section::Staff);
    let lang = chrome.lang;
    let status = errors.status();
    Ok(page(
        status,
        &ProofPage {
            chrome: &chrome,
            owner: Owner::of(site, visitor, a, Records::Proof),
            on_file: disabilities
                .iter()
                .enumerate()
                .map(|(n, d)| {
                    let (kind, source) = (d.disability_type.as_str(), d.proof_source.as_str());
                    OnFile {
                        id: format!("d{n}"),
                        kind: words(&DISABILITIES, kind),
                        source: words(&SOURCES, source),
                        action: format!("{action}/{}", segment(kind)),
                        sources: choices_in(lang, &SOURCES, source),
                    }
                })
                .collect(),
            under_review: under_review
                .iter()
                .map(|s| (lang.date(&s.date_submitted), s.note.clone()))
                .collect(),
            decided: decided
                .iter()
                .map(|d| {
                    let when = lang.date(&Timestamp::from_unix(d.decided_at).date());
                    let what = lang.t(match d.decision.as_deref() {
                        Some("approved") => "staff-proof-decided-approved",
                        Some("refused") => "staff-proof-decided-refused",
                        _ => "staff-proof-decided-closed",
                    });
                    let by = match d.decided_by.as_deref() {
                        Some(who) => lang.t1("staff-proof-decided-by", "name", who),
                        None => lang.t("staff-proof-decided-by-answer"),
                    };
                    let note = d.decision_note.as_deref().filter(|n| !n.is_empty());
                    lang.t_with(
                        if note.is_some() {
                            "staff-proof-decided-noted"
                        } else {
                            "staff-proof-decided"
                        },
                        &[
                            ("when", &when),
                            ("what", &what),
                            ("by", &by),
                            ("note", note.unwrap_or("")),
                            ("sent", &lang.date(&d.date_submitted)),
                            ("sent_note", &d.note),
                        ],
                    )
                })
                .collect(),
            queue: site.path("/staff/proof"),
            types: choices_in(lang, &DISABILITIES, &forms::field(&asked, "disabilityType")),
            sources: choices_in(lang, &SOURCES, &forms::field(&asked, "proofSource")),
            done: match forms::field(&visitor.caller.params, "done").as_str() {
                "recorded" => Some("staff-proof-done-recorded"),
                "changed" => Some("staff-proof-done-changed"),
                "removed" => Some("staff-proof-done-removed"),
                _ => None,
            },
            action,
            errors,
        },
        visitor,
    ))
}
