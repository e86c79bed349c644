//! Proof of disability waiting for review: membership assistants review their own site's
//! (administrators any site's), through the API's queue or the staff's pages, and decide it.

use lectern_domain::access::membership_management;
use lectern_domain::account::standing::Disability;
use lectern_store::disabilities;
use lectern_store::pod_queue::{self, Decision};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::managed_accounts::{Managed, shown};
use crate::refusals;

/// Whether the actor may review the proof submitted on `site_id`.
pub fn may_review(actor: &Actor, site_id: &str) -> Outcome<()> {
    let me = actor.account()?;
    refusals::membership(
        membership_management(&actor.client, me, site_id),
        "review proof of disability",
        || Failure::refused("Membership assistants review the proof of their own site"),
    )
}

/// How many submissions of `site_id` wait for review.
pub async fn waiting(house: &House, actor: &Actor, site_id: &str) -> Outcome<u64> {
    may_review(actor, site_id)?;
    Ok(pod_queue::count(house.store.reads(), site_id).await?)
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
pub async fn decide(
    house: &House,
    m: &Managed,
    submission_id: &str,
    (decision, note): (Decision, &str),
    approved: &[Disability],
) -> Outcome<()> {
    let mut tx = house.store.begin().await?;
    if !pod_queue::decide(&mut tx, submission_id, decision, note, &m.by).await? {
        return Err(Failure::conflict("This submission was decided already"));
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
