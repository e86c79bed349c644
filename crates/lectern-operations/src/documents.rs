//! A reader's own documents (the files they uploaded to be made accessible): deleted, with
//! their files, through the API (`DELETE /v2/myDocuments/{serviceId}`) or the documents page.

use lectern_store::documents;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// The actor's document `service_id` and its files, gone; absent when they have no such one.
pub async fn delete_mine(house: &House, actor: &Actor, service_id: &str) -> Outcome<()> {
    let me = actor.account()?;
    let gone = documents::delete(
        &mut *house.store.writer().await?,
        service_id,
        &me.user_account_id,
    )
    .await?
    .ok_or_else(|| Failure::not_found(format!("You have no document '{service_id}'")))?;
    // The record is gone: a file left behind is only space, so it is logged, not refused.
    for key in std::iter::once(&gone.source_key).chain(gone.epub_key.as_ref()) {
        if let Err(e) = house.files.delete(key).await {
            tracing::warn!(key, error = %e, "a deleted document's file could not be removed");
        }
    }
    Ok(())
}
