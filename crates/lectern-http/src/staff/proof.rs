//! The proof-of-disability queue: every submission under review on the site, oldest first,
//! each decided on the page in one step (approved, with the disabilities and who vouches; or
//! refused, with a note the member reads), as `/v2/proofOfDisabilitySubmissions` decides it.

use askama::Template;
use axum::extract::{Path, State};
use axum::response::Response;

use super::home::{Staff, StaffForm};
use super::paths::account_page_path;
use crate::conventions::paging::ListParams;
use crate::error::ApiResult;
use crate::pages::forms::{self, FormErrors};
use crate::pages::render::{Chrome, Section, page, see_other, with_query};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::paging::FixedOrder;
use lectern_operations::proof_review::{DecisionAsked, NOTE_LIMIT, Reviewer, Reviewing};
use lectern_store::pod_queue::OpenSubmission;

/// The print disabilities, and their messages (the sponsors' member form says them the same).
pub const DISABILITIES: [(&str, &str); 4] = [
    ("visual", "member-disability-visual"),
    ("learning", "member-disability-learning"),
    ("physical", "member-disability-physical"),
    ("nonspecific", "member-disability-nonspecific"),
];

/// Who may vouch for a disability, and their messages.
pub const SOURCES: [(&str, &str); 7] = [
    ("schoolVerified", "staff-source-schoolVerified"),
    ("faxed", "staff-source-faxed"),
    ("nls", "staff-source-nls"),
    ("learningOrg", "staff-source-learningOrg"),
    ("trainingOrg", "staff-source-trainingOrg"),
    ("partner", "staff-source-partner"),
    ("marrakeshPartner", "staff-source-marrakeshPartner"),
];

#[derive(Template)]
#[template(path = "web/staff/proof.html")]
struct QueuePage<'a> {
    chrome: &'a Chrome,
    count: String,
    items: Vec<Item>,
    next: Option<String>,
    first: Option<String>,
    done: Option<&'static str>,
    disabilities: &'static [(&'static str, &'static str)],
    sources: &'static [(&'static str, &'static str)],
    note_limit: u64,
    in_error: bool,
}

/// A submission and its form; `errors` when the form came back refused.
struct Item {
    /// Prefixes the ids of the item's fields, unique on the page.
    id: String,
    name: String,
    href: String,
    /// Their user name; `None`, they have none.
    user_name: Option<String>,
    date_submitted: String,
    note: String,
    authority: Option<String>,
    action: String,
    decision: String,
    types: Vec<String>,
    source: String,
    decision_note: String,
    errors: FormErrors,
}

impl Item {
    fn of(site: &WebSite, n: usize, s: &OpenSubmission) -> Item {
        Item {
            id: format!("s{n}"),
            name: format!("{} {}", s.first_name, s.last_name),
            href: account_page_path(site, &s.user_account_id),
            user_name: s.user_name.clone(),
            date_submitted: s.date_submitted.clone(),
            note: s.note.clone(),
            authority: s.authority.clone(),
            action: site.path(&format!(
                "/staff/proof/{}",
                crate::conventions::links::segment(&s.submission_id)
            )),
            decision: String::new(),
            types: s
                .disability_types
                .iter()
                .map(|d| d.as_str().to_owned())
                .collect(),
            source: s
                .proof_source
                .map(|p| p.as_str().to_owned())
                .unwrap_or_default(),
            decision_note: String::new(),
            errors: FormErrors::default(),
        }
    }

    pub fn has_type(&self, t: &&str) -> bool {
        self.types.iter().any(|x| x == t)
    }

    /// An error's field id within this item.
    pub fn field_id(&self, field: &str) -> String {
        format!("{}-{field}", self.id)
    }
}

/// `GET /{site}/staff/proof`.
pub async fn queue(
    State(state): State<AppState>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    queue_page(&state, &site, &visitor, None).await
}

/// `POST /{site}/staff/proof/{submission}`: the decision, then the queue.
pub async fn decide(
    State(state): State<AppState>,
    Path((_, submission)): Path<(String, String)>,
    StaffForm {
        site,
        visitor,
        form,
    }: StaffForm,
) -> ApiResult<Response> {
    let decision = forms::field(&form, "decision");
    let asked = (
        decision.clone(),
        form.all("disabilityType")
            .into_iter()
            .map(str::to_owned)
            .collect(),
        forms::field(&form, "proofSource"),
        forms::field(&form, "note"),
    );
    let reviewing = Reviewing::of(&state, &visitor.caller, &submission).await?;
    let decided = match form.parse::<DecisionAsked>() {
        Ok(asked) => reviewing
            .decide(&state, asked)
            .await
            .map_err(FormErrors::of_failure),
        Err(e) => Err(FormErrors::of(e)),
    };
    match decided {
        Ok(_) => {
            let done = if decision == "refused" {
                "refused"
            } else {
                "approved"
            };
            Ok(see_other(
                &with_query(&site.path("/staff/proof"), &[("done", done)]),
                &visitor.set_cookies,
            ))
        }
        Err(errors) => {
            let errors = errors?
                .missing_as("decision", "staff-proof-decision-missing")
                .missing_as("disabilityType", "staff-proof-disabilities-missing")
                .missing_as("proofSource", "staff-proof-source-missing")
                .missing_as("note", "staff-proof-note-missing");
            let back = Refused {
                submission,
                errors,
                asked,
            };
            queue_page(&state, &site, &visitor, Some(back)).await
        }
    }
}

/// A decision refused, to show on its submission with what was chosen.
struct Refused {
    submission: String,
    errors: FormErrors,
    asked: (String, Vec<String>, String, String),
}

async fn queue_page(
    state: &AppState,
    site: &WebSite,
    visitor: &Visitor,
    refused: Option<Refused>,
) -> ApiResult<Response> {
    let listing = visitor.caller.params.only(&["start"]);
    let reviewer = Reviewer::of(&visitor.caller, None)?;
    let shown = listing.parse::<ListParams<FixedOrder>>()?.page()?;
    let after = shown.after::<(i64, String)>()?;
    let after = after.as_ref().map(|(at, id)| (*at, id.as_str()));
    let (mut found, total) = reviewer.queue(state, after, shown.limit).await?;
    let next = shown.next_token(&mut found, |s| (s.created_at, s.submission_id.clone()));
    let mut status = axum::http::StatusCode::OK;
    let mut items: Vec<Item> = found
        .iter()
        .enumerate()
        .map(|(n, s)| Item::of(site, n, s))
        .collect();
    if let Some(r) = refused {
        status = r.errors.status();
        if let Some((item, _)) = items
            .iter_mut()
            .zip(&found)
            .find(|(_, s)| s.submission_id == r.submission)
        {
            (item.decision, item.types, item.source, item.decision_note) = r.asked;
            item.errors = r.errors;
        }
    }
    let here = site.path("/staff/proof");
    let next = next.as_deref().map(|n| with_query(&here, &[("start", n)]));
    let first = listing.one("start").ok().flatten().map(|_| here.clone());
    let chrome = Chrome::of(site, visitor, &here, Section::Staff);
    let done = match forms::field(&visitor.caller.params, "done").as_str() {
        "approved" => Some("staff-proof-done-approved"),
        "refused" => Some("staff-proof-done-refused"),
        _ => None,
    };
    Ok(page(
        status,
        &QueuePage {
            chrome: &chrome,
            count: chrome.lang.t_count("staff-proof-waiting", total),
            items,
            next,
            first,
            done,
            disabilities: &DISABILITIES,
            sources: &SOURCES,
            note_limit: NOTE_LIMIT as u64,
            in_error: status != axum::http::StatusCode::OK,
        },
        visitor,
    ))
}
