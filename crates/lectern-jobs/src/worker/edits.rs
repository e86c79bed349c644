//! Applies collection assistants' accepted edits, oldest first, each in one transaction with
//! its record in the queue (see `lectern_store::catalog_edits`): a crash before the commit
//! leaves the edit queued, so it is applied exactly once.

use std::collections::HashSet;

use lectern_domain::Timestamp;
use lectern_domain::catalog::edit::EditContext;
use lectern_domain::catalog::title_edit::{
    EditRefusal, EditTarget, Edited, KeptEdit, not_applied, read_edit,
};
use lectern_domain::catalog::{Format, TitleRecord};
use lectern_domain::invalid::Why;
use lectern_store::catalog_edits::{self, EditKind, Outcome, Taken};
use lectern_store::{Store, StoreError, Transaction, categories, periodicals, titles};

use crate::files::FileStore;

/// Applies the next edit; false when none waits. A new file's edit leaves files no title names
/// (the replaced ones, or the new ones when it is not applied): they are removed once the edit
/// is committed.
pub async fn apply_one(store: &Store, files: &FileStore) -> Result<bool, StoreError> {
    let mut tx = store.begin().await?;
    let Some(edit) = catalog_edits::take_next(&mut tx, store.backend()).await? else {
        tx.rollback().await?;
        return Ok(false);
    };
    let (outcome, unnamed) = match edit.kind {
        EditKind::Title | EditKind::Artifact | EditKind::File => {
            apply_to_title(&mut tx, &edit).await?
        }
        EditKind::EditionWithdrawal => (withdraw_edition(&mut tx, &edit).await?, None),
    };
    catalog_edits::finish(&mut tx, &edit.edit_id, &outcome).await?;
    tx.commit().await?;
    if let Some(key) = unnamed {
        remove_files(files, &key).await;
    }
    metrics::counter!("lectern_catalog_edits_total", "applied" => outcome.applied.to_string())
        .increment(1);
    tracing::info!(edit = %edit.edit_id, target = %edit.target_id, applied = outcome.applied,
        action = %outcome.action, reason = ?outcome.reason.as_ref().map(|why| &why.english),
        "catalog edit");
    Ok(true)
}

fn outcome_not_applied(reason: Why) -> Outcome {
    Outcome {
        applied: false,
        action: "updateNotApplied".to_owned(),
        changes: Vec::new(),
        reason: Some(reason),
    }
}

/// The outcome, and the file store key (a folder when it ends in `/`) of files no title names
/// once it is committed.
async fn apply_to_title(
    tx: &mut Transaction,
    edit: &Taken,
) -> Result<(Outcome, Option<String>), StoreError> {
    let (outcome, before) = edit_one_title(tx, edit).await?;
    if edit.kind != EditKind::File {
        return Ok((outcome, None));
    }
    let sent = match &edit.edit {
        KeptEdit::Change(change) => change.new_file().map(str::to_owned),
        KeptEdit::Sent(form) => form.get("file").and_then(|v| v.first()).cloned(),
    };
    let unnamed = if outcome.applied {
        before.filter(|old| sent.as_ref() != Some(old))
    } else {
        sent
    };
    Ok((outcome, unnamed))
}

/// Removes a file, or every file under a folder key; a failure leaves an orphan, not an error.
async fn remove_files(files: &FileStore, key: &str) {
    let keys = if let Some(folder) = key.strip_suffix('/') {
        match files.list(folder).await {
            Ok(found) => found.into_iter().map(|(k, ..)| k).collect(),
            Err(e) => {
                tracing::warn!(key, "could not list replaced files: {e}");
                Vec::new()
            }
        }
    } else {
        vec![key.to_owned()]
    };
    for key in keys {
        if let Err(e) = files.delete(&key).await {
            tracing::warn!(key, "could not remove a replaced file: {e}");
        }
    }
}

/// The edit applied to its title, with the file the edited format had before.
async fn edit_one_title(
    tx: &mut Transaction,
    edit: &Taken,
) -> Result<(Outcome, Option<String>), StoreError> {
    let Some(title) = titles::get(&mut **tx, &edit.target_id).await? else {
        return Ok((outcome_not_applied(not_applied::title_gone()), None));
    };
    if title.site != edit.site_id {
        let moved = not_applied::title_moved(&title.site);
        return Ok((outcome_not_applied(moved), None));
    }
    let format = || -> Result<Format, StoreError> {
        let raw = edit.detail.as_deref().unwrap_or_default();
        raw.parse::<Format>().map_err(StoreError::Corrupt)
    };
    let target = match edit.kind {
        EditKind::Artifact => EditTarget::Artifact(format()?),
        EditKind::File => EditTarget::File(format()?),
        _ => EditTarget::Metadata,
    };
    let before = match target {
        EditTarget::File(f) => title.artifact(f).and_then(|a| a.file.clone()),
        _ => None,
    };
    let edited = match applied(tx, &title, target, &edit.edit).await? {
        Ok(edited) => edited,
        Err(refusal) => return Ok((outcome_not_applied(refusal.why()), None)),
    };
    if edited.changes.contains(&"productIdentifier") {
        let pid = edited.claimed_product_identifier();
        if let Some(pid) = pid
            && let Some(owner) =
                catalog_edits::product_identifier_owner(&mut **tx, &title.site, pid).await?
            && owner != title.service_id
        {
            let taken = not_applied::product_identifier_taken(pid, &owner);
            return Ok((outcome_not_applied(taken), None));
        }
        catalog_edits::set_product_identifier(tx, &title.site, &title.service_id, pid).await?;
    }
    if !edited.changes.is_empty() {
        titles::upsert(tx, std::slice::from_ref(&edited.record)).await?;
    }
    let outcome = Outcome {
        applied: true,
        action: edited.action.to_owned(),
        changes: edited.changes.iter().map(|c| (*c).to_owned()).collect(),
        reason: None,
    };
    Ok((outcome, before))
}

/// The kept edit applied to a copy of the title as it is now: the typed change as it was
/// checked when it was asked for; a form an earlier version kept is read as it was then.
async fn applied(
    tx: &mut Transaction,
    title: &TitleRecord,
    target: EditTarget,
    kept: &KeptEdit,
) -> Result<Result<Edited, EditRefusal>, StoreError> {
    let now = Timestamp::now();
    Ok(match kept {
        KeptEdit::Change(change) => change.apply(title, now),
        KeptEdit::Sent(form) => {
            let categories: HashSet<String> = categories::categories(&mut **tx)
                .await?
                .into_iter()
                .map(|(name, _)| name)
                .collect();
            let cx = EditContext {
                categories: &categories,
                now,
            };
            read_edit(title, target, form, &cx).map(|(_, edited)| edited)
        }
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
        Ok(outcome_not_applied(not_applied::edition_gone(edition)))
    }
}
