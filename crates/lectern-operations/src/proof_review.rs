//! Proof of disability waiting for review: membership assistants review their own site's
//! (administrators any site's), through the API's queue or the staff's pages, and decide it.

use lectern_domain::access::membership_management;
use lectern_domain::account::standing::{Disability, DisabilityType, ProofSource};
use lectern_domain::invalid::Invalid;
use lectern_domain::invalid::Why;
use lectern_store::disabilities;
use lectern_store::pod_queue::{self, Decision, OpenSubmission};
use serde::Deserialize;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::listing;
use crate::managed_accounts::{self, Managed, shown};
use crate::refusals;

/// Proof that the actor reviews the proof of disability submitted on a site: handed out by
/// `Reviewer::of` alone.
pub struct Reviewer {
    site_id: String,
}

impl Reviewer {
    /// The actor as a reviewer of `site` (their own when absent; another is for
    /// administrators).
    pub fn of(actor: &Actor, site: Option<String>) -> Outcome<Reviewer> {
        let me = actor.account()?;
        let site_id = site.unwrap_or_else(|| me.site_id.clone());
        refusals::membership(
            membership_management(&actor.client, me, &site_id),
            "review proof of disability",
            || {
                Failure::refused(Why::of(
                    "refused-proof-elsewhere",
                    "Membership assistants review the proof of their own site",
                ))
            },
        )?;
        Ok(Reviewer { site_id })
    }

    /// How many submissions wait for review.
    pub async fn waiting(&self, house: &House) -> Outcome<u64> {
        Ok(pod_queue::count(house.store.reads(), &self.site_id).await?)
    }

    /// A page of the submissions under review, oldest first, after `after` (the time and id of
    /// the last one shown): `limit` of them and one more when there are more; and how many
    /// there are.
    pub async fn queue(
        &self,
        house: &House,
        after: Option<(i64, &str)>,
        limit: u32,
    ) -> Outcome<(Vec<OpenSubmission>, u64)> {
        let reads = house.store.reads();
        let rows = pod_queue::page(reads, &self.site_id, after, limit).await?;
        let count = pod_queue::count(reads, &self.site_id);
        let total = listing::total(after.is_none(), limit, rows.len(), count).await?;
        Ok((rows, total))
    }
}

/// The longest note a decision takes.
pub const NOTE_LIMIT: usize = 1000;

/// What a reviewer decides, as sent.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Deserialize)]
#[serde(rename_all = "camelCase")]
pub enum Verdict {
    /// The disabilities are recorded.
    Approved,
    Refused,
}

/// A reviewer's decision on a submission, as sent.
#[derive(Debug, Clone, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct DecisionAsked {
    pub decision: Verdict,
    /// What the proof showed, or why it is refused; the member reads it.
    pub note: String,
    /// On approval, the disabilities to record; those submitted when none are sent.
    #[serde(default)]
    pub disability_type: Vec<DisabilityType>,
    /// On approval, who vouches; the one submitted when none is sent.
    pub proof_source: Option<ProofSource>,
}

/// A submission under review, found for an assistant who manages its account (another's is not
/// there): handed out before the decision is read, so that a refusal comes before a bad
/// parameter.
pub struct Reviewing {
    submission: OpenSubmission,
    /// The account, as managed.
    pub managed: Managed,
}

impl Reviewing {
    pub async fn of(house: &House, actor: &Actor, submission_id: &str) -> Outcome<Reviewing> {
        actor.account()?;
        let absent = || {
            Failure::not_found(
                Why::of(
                    "absent-submission",
                    format!("There is no submission '{submission_id}' under review"),
                )
                .with("id", submission_id),
            )
        };
        let submission = pod_queue::open(house.store.reads(), submission_id)
            .await?
            .ok_or_else(absent)?;
        let managed = managed_accounts::managed(
            house,
            actor,
            &submission.user_account_id,
            "decide proof of disability",
        )
        .await
        .map_err(|failure| match failure {
            Failure::NotFound(_) => absent(),
            other => other,
        })?;
        Ok(Reviewing {
            submission,
            managed,
        })
    }

    /// The decision, its note and approval checked, then decided (`decide`).
    pub async fn decide(&self, house: &House, asked: DecisionAsked) -> Outcome<()> {
        let note = asked.note.trim();
        if note.chars().count() > NOTE_LIMIT {
            return Err(Failure::invalid("note", Why::at_most_chars(NOTE_LIMIT)));
        }
        let (decision, approved) = match asked.decision {
            Verdict::Refused => (Decision::Refused, Vec::new()),
            Verdict::Approved => (Decision::Approved, approval(&self.submission, &asked)?),
        };
        let id = &self.submission.submission_id;
        decide(house, &self.managed, id, (decision, note), &approved).await
    }
}

/// The disabilities an approval records: those sent, else those submitted, with the proof
/// source sent, else the one submitted. A submission that named none leaves the approval
/// without them: a clash with what was submitted, naming the parameter to send, since the same
/// request approves a submission that did name them.
fn approval(s: &OpenSubmission, asked: &DecisionAsked) -> Outcome<Vec<Disability>> {
    let types = if asked.disability_type.is_empty() {
        &s.disability_types
    } else {
        &asked.disability_type
    };
    let unnamed = |param| {
        Failure::Clash(vec![Invalid::required_because(
            param,
            "is required, since the submission names none",
        )])
    };
    if types.is_empty() {
        return Err(unnamed("disabilityType"));
    }
    let proof_source = asked
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

/// What a decision did, as the account's history records it.
#[derive(serde::Serialize)]
#[serde(rename_all = "camelCase")]
struct Decided<'a> {
    submission_id: &'a str,
    decision: &'static str,
    note: &'a str,
    disabilities: Vec<&'static str>,
    proof_source: Option<&'static str>,
}

/// The submission under review, decided by the assistant who manages its account: on approval
/// the disabilities are recorded (`approved`), and either way the member reads the note and the
/// account's history keeps the decision. A submission decided meanwhile (in another tab, by
/// another assistant) is a conflict, and nothing is written.
async fn decide(
    house: &House,
    m: &Managed,
    submission_id: &str,
    (decision, note): (Decision, &str),
    approved: &[Disability],
) -> Outcome<()> {
    let mut tx = house.store.begin().await?;
    if !pod_queue::decide(&mut tx, submission_id, decision, note, &m.by).await? {
        return Err(Failure::conflict(Why::of(
            "conflict-submission-decided",
            "This submission was decided already",
        )));
    }
    for d in approved {
        disabilities::put(&mut tx, &m.account.user_account_id, *d).await?;
    }
    let record = Decided {
        submission_id,
        decision: decision.as_str(),
        note,
        disabilities: approved
            .iter()
            .map(|d| d.disability_type.as_str())
            .collect(),
        proof_source: approved.first().map(|d| d.proof_source.as_str()),
    };
    let action = "POST /v2/proofOfDisabilitySubmissions/{submissionId}";
    m.record(&mut tx, action, None, Some(shown(&record)?))
        .await?;
    tx.commit().await?;
    Ok(())
}
