//! A reader's own documents (the files they uploaded to be made accessible): added, and
//! deleted with their files, through the API (`/v2/myDocuments`) or the documents page.

use lectern_domain::account::Account;
use lectern_domain::catalog::TitleRecord;
use lectern_domain::documents::DocumentType;
use lectern_domain::invalid::Why;
use lectern_domain::{Timestamp, ids};
use lectern_store::StoreError;
use lectern_store::documents::{self, Document, DocumentStatus};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::listing::{NewestPage, NewestWindow};

/// The actor's document `service_id` and its files, gone; absent when they have no such one.
pub async fn delete_mine(house: &House, actor: &Actor, service_id: &str) -> Outcome<()> {
    let me = actor.account()?;
    let gone = documents::delete(
        &mut *house.store.writer().await?,
        service_id,
        &me.user_account_id,
    )
    .await?
    .ok_or_else(|| {
        Failure::not_found(
            Why::of(
                "absent-document",
                format!("You have no document '{service_id}'"),
            )
            .with("id", service_id),
        )
    })?;
    // The record is gone: a file left behind is only space, so it is logged, not refused.
    for key in std::iter::once(&gone.source_key).chain(gone.epub_key.as_ref()) {
        if let Err(e) = house.files.delete(key).await {
            tracing::warn!(key, error = %e, "a deleted document's file could not be removed");
        }
    }
    Ok(())
}

/// A document `me` uploaded (its name, type and bytes checked by the door that read them),
/// kept and queued for conversion: its file first, then its record, so that the worker never
/// finds a record without its file; a record that cannot be written takes the file back with
/// it.
pub async fn add(
    house: &House,
    me: &Account,
    new: NewDocument,
    bytes: Vec<u8>,
) -> Outcome<Document> {
    let document_id = format!("doc-{}", ids::new_id());
    let document = Document {
        source_key: format!("documents/{document_id}/source"),
        document_id,
        owner_id: me.user_account_id.clone(),
        name: new.name,
        mime_type: new.kind,
        status: DocumentStatus::Queued,
        epub_key: None,
        error: None,
        created_at: Timestamp::now(),
    };
    house
        .files
        .put(&document.source_key, bytes)
        .await
        .map_err(Failure::broken)?;
    let inserted = documents::insert(&mut *house.store.writer().await?, &document).await;
    if let Err(e) = inserted {
        let _ = house.files.delete(&document.source_key).await;
        return Err(e.into());
    }
    Ok(document)
}

/// What a reader uploads a document as, checked by the door that read it.
pub struct NewDocument {
    pub name: String,
    pub kind: DocumentType,
}

/// The document `service_id` if it is `me`'s own; `None` when there is none, or when it is
/// another's, which must look the same.
pub async fn owned(
    house: &House,
    me: Option<&Account>,
    service_id: &str,
) -> Outcome<Option<Document>> {
    let Some(me) = me else { return Ok(None) };
    Ok(documents::get(house.store.reads(), service_id)
        .await?
        .filter(|d| d.owner_id == me.user_account_id))
}

/// A page of the actor's own documents, the newest first.
pub async fn mine(
    house: &House,
    actor: &Actor,
    w: NewestWindow<'_>,
) -> Outcome<NewestPage<Document>> {
    let (reads, owner) = (house.store.reads(), &actor.account()?.user_account_id);
    let total = documents::owned_count(reads, owner).await?;
    let rows = documents::owned_page(reads, owner, w.after, w.reading, w.limit).await?;
    Ok(NewestPage { rows, total })
}

/// The key a page of documents is continued after.
pub fn key_of(d: &Document) -> (i64, String) {
    (d.created_at.unix(), d.document_id.clone())
}

/// The title record of a document: its name as title, its owner, and one EPUB 3 artifact,
/// available once converted.
pub fn as_title_record(owner: &Account, d: &Document) -> Outcome<TitleRecord> {
    let status = match d.status {
        DocumentStatus::Ready => "available",
        DocumentStatus::Failed => "failed",
        DocumentStatus::Queued | DocumentStatus::Converting => "inProduction",
    };
    let record = serde_json::json!({
        "serviceId": d.document_id,
        "site": owner.site_id,
        "status": "live",
        "title": d.name,
        "usageRestriction": "copyright",
        "owner": format!("{} {}", owner.first_name, owner.last_name),
        "allowRecommend": false,
        "dateAdded": d.created_at.to_string(),
        "artifacts": [{ "format": "EPUB3", "status": status, "file": d.epub_key }],
    });
    Ok(serde_json::from_value(record).map_err(StoreError::Record)?)
}
