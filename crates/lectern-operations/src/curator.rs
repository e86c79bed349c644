//! The collection is its curators': collection assistants on their own site, administrators on
//! every site (`lectern_domain::access::collection_management`). Operations on the collection
//! take a [`Curator`], which only [`Curator::of`] hands out.

use lectern_domain::access::collection_management;
use lectern_domain::account::Account;
use lectern_domain::catalog::edit::{self, EditForm};
use lectern_domain::invalid::Why;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::refusals;

/// Proof that the actor may manage the collection of the site it was asked about.
pub struct Curator<'a> {
    pub account: &'a Account,
}

impl<'a> Curator<'a> {
    /// The actor as a curator of `site` (`None`: of some site); `what` names the attempt in a
    /// refusal, and `absent` is what a thing of another site is to them.
    pub fn of(
        actor: &'a Actor,
        site: Option<&str>,
        what: &str,
        absent: impl FnOnce() -> Failure,
    ) -> Outcome<Curator<'a>> {
        let account = actor.account()?;
        refusals::collection(collection_management(account, site), what, absent)?;
        Ok(Curator { account })
    }
}

/// Who asked for an edit, as the history names them: their name, else their user name.
pub fn person_name(account: &Account) -> String {
    let name = format!("{} {}", account.first_name, account.last_name);
    let name = name.trim();
    if name.is_empty() {
        account.user_name.clone().unwrap_or_default()
    } else {
        name.to_owned()
    }
}

/// An edit's form names something the edit can change (one of `params`): an edit that changes
/// nothing is a mistake.
pub fn names_something(form: &EditForm, params: &[&str]) -> Outcome<()> {
    if edit::known(form, params) {
        return Ok(());
    }
    Err(names_nothing(params))
}

/// The refusal of an edit that names none of the parameters it takes.
pub fn names_nothing(params: &[&str]) -> Failure {
    let params = params.join(", ");
    Failure::Unusable(
        Why::of(
            "refused-edit-names-nothing",
            format!("Send at least one of the parameters: {params}"),
        )
        .with("params", params),
    )
}
