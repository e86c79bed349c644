//! The library's own setup (its sites, client keys, categories, BISAC codes and popular lists) is
//! the administrators' alone. An operation of it takes an [`Administrator`], which only
//! [`Administrator::of`] hands out, so no door can call one without the check having been made.

use lectern_domain::account::Account;
use lectern_domain::invalid::Why;
use lectern_domain::role::Role;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};

/// Proof that the actor is one of the library's administrators.
pub struct Administrator<'a> {
    pub account: &'a Account,
}

impl<'a> Administrator<'a> {
    /// The actor as an administrator; anyone else is refused (a guest: asked to sign in).
    pub fn of(actor: &'a Actor) -> Outcome<Administrator<'a>> {
        let account = actor.account()?;
        if account.has_role(Role::Administrator) {
            Ok(Administrator { account })
        } else {
            Err(Failure::refused(Why::of(
                "refused-administrators-only",
                "Only administrators manage the library's client keys and sites",
            )))
        }
    }
}
