//! The staff's work is theirs alone, and on their own site: on another site's pages, what they
//! changed would be their own site's records under the other site's name. Operations and pages
//! that are the staff's take a [`StaffMember`], which only [`StaffMember::of`] hands out.

use lectern_domain::account::Account;
use lectern_domain::invalid::Why;
use lectern_domain::site::Site;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};

/// Proof that the actor is one of the staff of the site they act on.
pub struct StaffMember<'a> {
    pub account: &'a Account,
}

impl<'a> StaffMember<'a> {
    /// The actor as staff of `site`; a guest is asked to sign in, anyone else refused.
    pub fn of(actor: &'a Actor, site: &Site) -> Outcome<StaffMember<'a>> {
        let account = actor.account()?;
        if !account.is_staff() {
            return Err(Failure::refused(Why::of(
                "refused-staff-pages",
                "These pages are for the library's membership assistants, collection assistants and administrators",
            )));
        }
        if account.site_id != site.id {
            // A site id is letters, digits, '-' and '_' (`check_site_id`): a path segment as it is.
            return Err(Failure::refused(
                Why::of(
                    "refused-staff-pages-elsewhere",
                    format!(
                        "These are the staff pages of {}; yours are at /{}/staff",
                        site.name, account.site_id
                    ),
                )
                .with("site", &site.name)
                .with("yours", &account.site_id),
            ));
        }
        Ok(StaffMember { account })
    }
}
