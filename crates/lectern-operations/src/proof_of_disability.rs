//! The disabilities on an account's file and who vouched for each, as a membership assistant or
//! administrator records them: recording one closes the submissions under review, so the
//! account's proof is active at once. Each change is written with its record (before and
//! after) in one transaction.

use lectern_domain::account::standing::{Disability, DisabilityType, Submission};
use lectern_domain::invalid::Why;
use lectern_store::{disabilities, pod_queue};

use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::managed_accounts::{Managed, shown};

/// Records the disability (or changes who vouched for it); `action` names the request in the
/// record of changes.
pub async fn record(house: &House, m: &Managed, d: Disability, action: &str) -> Outcome<()> {
    let id = &m.account.user_account_id;
    let before = disabilities::list(house.store.reads(), id).await?;
    let mut tx = house.store.begin().await?;
    disabilities::put(&mut tx, id, d).await?;
    m.record(&mut tx, action, Some(shown(&before)?), Some(shown(&d)?))
        .await?;
    tx.commit().await?;
    Ok(())
}

/// Takes the disability off the account's file; absent when it was not on it.
pub async fn remove(
    house: &House,
    m: &Managed,
    disability_type: DisabilityType,
    action: &str,
) -> Outcome<()> {
    let mut tx = house.store.begin().await?;
    if !disabilities::remove(&mut tx, &m.account.user_account_id, disability_type).await? {
        return Err(Failure::not_found(
            Why::of(
                "absent-disability",
                format!("The account has no '{disability_type}' disability on file"),
            )
            .with("kind", disability_type),
        ));
    }
    let removed = serde_json::json!({ "disabilityType": disability_type.as_str() });
    m.record(&mut tx, action, Some(removed), None).await?;
    tx.commit().await?;
    Ok(())
}

/// The managed account's proof, as its assistant reads it: the disabilities on file, the
/// submissions still under review, and those decided.
pub struct ProofOnFile {
    pub disabilities: Vec<Disability>,
    pub under_review: Vec<Submission>,
    pub decided: Vec<pod_queue::Decided>,
}

pub async fn on_file(house: &House, m: &Managed) -> Outcome<ProofOnFile> {
    let id = &m.account.user_account_id;
    let (disabilities, under_review) = listed(house, id).await?;
    Ok(ProofOnFile {
        disabilities,
        under_review,
        decided: pod_queue::decided(house.store.reads(), id).await?,
    })
}

/// An account's proof as the API lists it: the disabilities on file and the submissions still
/// under review. The door found the account through the rules: the actor's own, one they
/// manage, or the member an authority just answered for.
pub async fn listed(
    house: &House,
    account_id: &str,
) -> Outcome<(Vec<Disability>, Vec<Submission>)> {
    let reads = house.store.reads();
    let on_file = disabilities::list(reads, account_id).await?;
    let under_review = disabilities::submissions(reads, account_id)
        .await?
        .into_iter()
        .filter(|s| s.open)
        .collect();
    Ok((on_file, under_review))
}
