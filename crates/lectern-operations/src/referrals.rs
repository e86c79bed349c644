//! Where a member or visitor came from (UTM parameters), recorded by the library's own
//! applications, with the signed-in user if there is one.

use lectern_domain::invalid::Why;
use lectern_store::utm::{self, Referral};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;

/// Whether the actor may record referrals: through the library's own applications. A door
/// asks it before reading the request; [`record`] asks it again.
pub fn may_record(actor: &Actor) -> Outcome<()> {
    if actor.client.privileged {
        Ok(())
    } else {
        Err(Failure::refused(Why::of(
            "refused-referrals-privileged",
            "Referrals are recorded by the library's own applications (client keys with membership privileges)",
        )))
    }
}

/// Records the referral.
pub async fn record(house: &House, actor: &Actor, referral: Referral) -> Outcome<()> {
    may_record(actor)?;
    for (param, value) in [
        ("utm_source", Some(&referral.source)),
        ("utm_medium", referral.medium.as_ref()),
        ("utm_campaign", referral.campaign.as_ref()),
        ("utm_term", referral.term.as_ref()),
        ("utm_content", referral.content.as_ref()),
    ] {
        if value.is_some_and(|v| v.chars().count() > 200) {
            return Err(Failure::invalid(param, Why::at_most_chars(200)));
        }
    }
    let user = actor.user().map(|u| u.user_account_id.as_str());
    let mut writer = house.store.writer().await?;
    utm::record(&mut writer, &actor.client.api_key, user, &referral).await?;
    Ok(())
}
