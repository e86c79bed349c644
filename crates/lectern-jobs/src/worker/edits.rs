//! Applies collection assistants' accepted edits, oldest first, each in one transaction with
//! its record in the queue (see `lectern_store::catalog_edits`): a crash before the commit
//! leaves the edit queued, so it is applied exactly once.

use std::collections::HashSet;

use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::catalog::edit::{EditContext, EditTarget, edit_title};
use lectern_store::catalog_edits::{self, EditKind, Outcome, Taken};
use lectern_store::{Store, StoreError, Transaction, categories, periodicals, titles};

/// Applies the next edit; false when none waits.
pub async fn apply_one(store: &Store) -> Result<bool, StoreError> {
    let mut tx = store.begin().await?;
    let Some(edit) = catalog_edits::take_next(&mut tx, store.backend()).await? else {
        tx.rollback().await?;
        return Ok(false);
    };
    let outcome = match edit.kind {
        EditKind::Title | EditKind::Artifact => apply_to_title(&mut tx, &edit).await?,
        EditKind::EditionWithdrawal => withdraw_edition(&mut tx, &edit).await?,
    };
    catalog_edits::finish(&mut tx, &edit.edit_id, &outcome).await?;
    tx.commit().await?;
    metrics::counter!("lectern_catalog_edits_total", "applied" => outcome.applied.to_string())
        .increment(1);
    tracing::info!(edit = %edit.edit_id, target = %edit.target_id, applied = outcome.applied,
        action = %outcome.action, reason = ?outcome.reason, "catalog edit");
    Ok(true)
}

fn not_applied(reason: String) -> Outcome {
    Outcome {
        applied: false,
        action: "updateNotApplied".to_owned(),
        changes: Vec::new(),
        reason: Some(reason),
    }
}

async fn apply_to_title(tx: &mut Transaction, edit: &Taken) -> Result<Outcome, StoreError> {
    let Some(title) = titles::get(&mut **tx, &edit.target_id).await? else {
        return Ok(not_applied("the title no longer exists".to_owned()));
    };
    if title.site != edit.site_id {
        return Ok(not_applied(format!(
            "the title moved to the site '{}'",
            title.site
        )));
    }
    let target = match (edit.kind, edit.detail.as_deref()) {
        (EditKind::Artifact, Some(format)) => {
            EditTarget::Artifact(format.parse::<Format>().map_err(StoreError::Corrupt)?)
        }
        _ => EditTarget::Metadata,
    };
    let categories: HashSet<String> = categories::categories(&mut **tx)
        .await?
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let cx = EditContext {
        categories: &categories,
        now: Timestamp::now(),
    };
    let edited = match edit_title(&title, target, &edit.form, &cx) {
        Ok(edited) => edited,
        Err(refusal) => return Ok(not_applied(refusal.reason())),
    };
    if edited.changes.contains(&"productIdentifier") {
        let pid = edited.record.product_identifier.as_deref();
        if let Some(pid) = pid
            && let Some(owner) =
                catalog_edits::product_identifier_owner(&mut **tx, &title.site, pid).await?
            && owner != title.service_id
        {
            return Ok(not_applied(format!(
                "the product identifier '{pid}' is the title '{owner}''s"
            )));
        }
        catalog_edits::set_product_identifier(tx, &title.site, &title.service_id, pid).await?;
    }
    if !edited.changes.is_empty() {
        titles::upsert(tx, std::slice::from_ref(&edited.record)).await?;
    }
    Ok(Outcome {
        applied: true,
        action: edited.action.to_owned(),
        changes: edited.changes.iter().map(|c| (*c).to_owned()).collect(),
        reason: None,
    })
}

async fn withdraw_edition(tx: &mut Transaction, edit: &Taken) -> Result<Outcome, StoreError> {
    let edition = edit.detail.as_deref().unwrap_or_default();
    if periodicals::withdraw_edition(tx, &edit.target_id, edition).await? {
        Ok(Outcome {
            applied: true,
            action: "editionWithdrawn".to_owned(),
            changes: Vec::new(),
            reason: None,
        })
    } else {
        Ok(not_applied(format!(
            "the edition '{edition}' was withdrawn already or is gone"
        )))
    }
}
