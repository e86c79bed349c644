//! What a node tidies now and then: the rate limits' idle entries, and the tokens, codes and
//! sign-in flows whose time is over.

use lectern_domain::Timestamp;
use lectern_store::StoreError;

use crate::house::House;

/// Tidies once: how many expired tokens and flows were deleted.
pub async fn tidy(house: &House) -> Result<u64, StoreError> {
    house.limits.forget_idle();
    let mut conn = house.store.writer().await?;
    lectern_store::oauth::delete_expired(&mut conn, Timestamp::now()).await
}
