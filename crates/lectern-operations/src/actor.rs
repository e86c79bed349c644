//! Who acts: the application (its client key, which fixes the site) and, when someone signed in,
//! their account and the token that proves it. Each door makes one per request from its own
//! credential (a bearer token, the pages' session cookie, HTTP Basic, KOReader's sync key) and
//! hands it to the operations, which ask the rules about it and nothing else.

use lectern_domain::invalid::Why;
use std::sync::Arc;

use lectern_domain::account::Account;
use lectern_domain::client::Client;
use lectern_store::oauth::AccessToken;

use crate::failure::{Failure, Outcome};

#[derive(Debug, Clone)]
pub struct Actor {
    pub client: Arc<Client>,
    /// The signed-in account and its token, or `None` for a guest.
    pub session: Option<Arc<SignedIn>>,
    /// The address the request came from: a guest's own share of what guests may ask for, and
    /// what failed sign-ins are counted against.
    pub from: Arc<str>,
}

impl Actor {
    /// The signed-in account, or `None` for a guest.
    pub fn user(&self) -> Option<&Account> {
        self.session.as_deref().map(|s| &*s.account)
    }

    /// The signed-in account; a guest is refused.
    pub fn account(&self) -> Outcome<&Account> {
        self.user().ok_or(Failure::SignInRequired)
    }

    /// Refuses, saying `what`, unless the client is one of the library's own applications
    /// (a client key with membership privileges), as document 2 reserves some actions to them.
    pub fn privileged(&self, what: &str) -> Outcome<()> {
        if self.client.privileged {
            Ok(())
        } else {
            Err(Failure::refused(
                Why::of(
                    "refused-privileged-clients",
                    format!(
                        "Only the library's own applications (client keys with membership privileges) may {what}"
                    ),
                )
                .with("what", what),
            ))
        }
    }
}

/// A token as found in the store, with its account and what is made from them alone.
#[derive(Debug)]
pub struct SignedIn {
    pub token: AccessToken,
    pub account: Arc<Account>,
}

impl SignedIn {
    /// A sign-in by a credential sent with the request itself (HTTP Basic, KOReader's sync key)
    /// to `client`: it lasts the request, and its token record is never stored.
    pub fn for_request(client: &Client, account: Account) -> Arc<SignedIn> {
        Arc::new(SignedIn {
            token: AccessToken {
                api_key: client.api_key.clone(),
                expires_at: lectern_domain::Timestamp::now().plus_seconds(60).unix(),
                revoked: 0,
            },
            account: Arc::new(account),
        })
    }
}
