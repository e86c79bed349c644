//! The tokens a member's partner drive gave Lectern when they connected it (the drive itself,
//! an HTTP service, is the door's to reach): read, kept, renewed and forgotten.

use lectern_domain::invalid::Why;
use lectern_store::StoreError;
use lectern_store::partner_tokens::{self, PartnerToken};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// The member's kept tokens, when they connected a drive.
pub async fn kept(house: &House, user_account_id: &str) -> Outcome<Option<PartnerToken>> {
    Ok(partner_tokens::get(house.store.reads(), user_account_id).await?)
}

/// Keeps the member's tokens, in place of any kept before.
pub async fn keep(
    house: &House,
    user_account_id: &str,
    token: &PartnerToken,
) -> Result<(), StoreError> {
    partner_tokens::put(&mut *house.store.writer().await?, user_account_id, token).await
}

/// Forgets the actor's partner drive; absent when none was connected.
pub async fn forget_mine(house: &House, actor: &Actor) -> Outcome<()> {
    let me = actor.account()?;
    if !partner_tokens::remove(&mut *house.store.writer().await?, &me.user_account_id).await? {
        return Err(Failure::not_found(Why::of(
            "absent-partner-drive",
            "No partner drive is connected",
        )));
    }
    Ok(())
}
