//! A reader's KOReader sync key: the secret KOReader's progress sync signs in with (KOReader
//! sends the MD5 of what was typed, so it cannot be the password, which is kept as argon2).
//! Shown once when made, kept hashed, replaced by a new one, removed on request.

use lectern_domain::Timestamp;
use lectern_domain::invalid::Why;
use lectern_domain::kosync::{new_sync_key, sync_key_hash};
use lectern_store::kosync;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// A new key for the actor, replacing any they had: the key, to show them once.
pub async fn make(house: &House, actor: &Actor) -> Outcome<String> {
    let me = actor.account()?;
    let key = new_sync_key();
    kosync::set_key(
        &mut *house.store.writer().await?,
        &me.user_account_id,
        &sync_key_hash(&key),
        Timestamp::now(),
    )
    .await?;
    Ok(key)
}

/// Removes the actor's key; absent when they had none.
pub async fn remove(house: &House, actor: &Actor) -> Outcome<()> {
    let me = actor.account()?;
    let removed =
        kosync::delete_key(&mut *house.store.writer().await?, &me.user_account_id).await?;
    if !removed {
        return Err(Failure::not_found(Why::of(
            "absent-sync-key",
            "You have no sync key",
        )));
    }
    Ok(())
}
