//! Why an operation did not do what it was asked, as every door needs to know it: which
//! parameters were wrong (a page puts each message beside its field), that the rules refused and
//! why, that the thing is absent to this actor, that it collides with what is stored. Each door
//! turns a `Failure` into its own answer in one place (the API: `lectern_http::error`); no door
//! reads the text to find out which it was.

use lectern_domain::invalid::{Invalid, Why};
use lectern_domain::title_access::Alert;
use lectern_store::StoreError;

#[derive(Debug)]
pub enum Failure {
    /// Parameters whose values cannot be used, each with what is wrong with it.
    Invalid(Vec<Invalid>),
    /// A required parameter was not given.
    Missing { param: &'static str },
    /// The operation needs a signed-in account, and the actor is a guest.
    SignInRequired,
    /// The credential no longer stands for an account (its account is gone): why.
    SignedOut(String),
    /// The access token's time is over (OAuth clients then refresh it): why.
    Expired(String),
    /// Too many requests, or failed sign-ins, for now: the seconds to wait, and why.
    TooMany { wait: u64, why: Why },
    /// The rules refuse the actor this: why, in the rules' words.
    Refused(Why),
    /// The access rules refuse the reader this title: the alerts that refuse it, each with its
    /// code and words.
    RefusedBy(Vec<Alert>),
    /// There is no such thing for this actor (whether it exists elsewhere is not revealed).
    NotFound(Why),
    /// What was sent collides with what is stored (a name taken): the parameter, when one
    /// parameter is at fault, and why.
    Conflict {
        param: Option<&'static str>,
        why: Why,
    },
    /// Parameters, each well formed, at odds with another sent or with what is stored: each
    /// named, with why (marked when it is one to send).
    Clash(Vec<Invalid>),
    /// What was sent cannot be used as a whole, no one parameter at fault (an edit that names
    /// nothing it could change): why.
    Unusable(Why),
    /// What was asked has a price the means offered do not cover: the amount still due, and
    /// why, in the rules' words.
    PaymentDue { amount: i64, why: String },
    /// The store could not do it.
    Store(StoreError),
    /// Something of ours failed that the request could not have caused (a hash that could not
    /// be made, a task that did not finish): the cause, for the log, never for the caller.
    Broken(String),
}

pub type Outcome<T> = Result<T, Failure>;

impl Failure {
    /// One parameter whose value cannot be used.
    pub fn invalid(param: &'static str, why: impl Into<Why>) -> Failure {
        Failure::Invalid(vec![Invalid::new(param, why)])
    }

    pub fn refused(why: impl Into<Why>) -> Failure {
        Failure::Refused(why.into())
    }

    /// A collision with what is stored that no one parameter is at fault for.
    pub fn conflict(why: impl Into<Why>) -> Failure {
        Failure::Conflict {
            param: None,
            why: why.into(),
        }
    }

    pub fn not_found(what: impl Into<Why>) -> Failure {
        Failure::NotFound(what.into())
    }

    pub fn broken(cause: impl std::fmt::Display) -> Failure {
        Failure::Broken(cause.to_string())
    }

    /// A store error from a write whose colliding key the door takes under another name (a
    /// user name sent as `emailAddress` or `username`): sorted as every store error is, with
    /// a collision naming `param`.
    pub fn collided_as(e: StoreError, param: &'static str) -> Failure {
        match Failure::from(e) {
            Failure::Conflict {
                param: Some(_),
                why,
            } => Failure::Conflict {
                param: Some(param),
                why,
            },
            other => other,
        }
    }
}

/// Store errors, sorted once for every operation: a write colliding with a key a caller's write
/// can collide with is a conflict naming the parameter of that key (`lectern_store::conflicts`);
/// any other is the store's.
impl From<StoreError> for Failure {
    fn from(e: StoreError) -> Self {
        match lectern_store::conflicts::unique_key(&e) {
            Some(key) => Failure::Conflict {
                param: Some(key.field),
                why: Why::of(key.message, key.meaning),
            },
            None => Failure::Store(e),
        }
    }
}

impl std::fmt::Display for Failure {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Failure::Invalid(problems) => {
                let named: Vec<String> = problems.iter().map(Invalid::to_string).collect();
                f.write_str(&named.join("; "))
            }
            Failure::Missing { param } => write!(f, "{param}: is required"),
            Failure::Clash(problems) => {
                let named: Vec<String> = problems.iter().map(Invalid::to_string).collect();
                f.write_str(&named.join("; "))
            }
            Failure::SignInRequired => f.write_str("a signed-in account is required"),
            Failure::SignedOut(why) | Failure::Expired(why) | Failure::PaymentDue { why, .. } => {
                f.write_str(why)
            }
            Failure::Refused(why) | Failure::Unusable(why) | Failure::NotFound(why) => {
                write!(f, "{why}")
            }
            Failure::TooMany { why, .. } => write!(f, "{why}"),
            Failure::RefusedBy(alerts) => {
                let words: Vec<&str> = alerts.iter().map(|a| a.message.as_str()).collect();
                f.write_str(&words.join(" "))
            }
            Failure::Conflict {
                param: Some(param),
                why,
            } => write!(f, "{param}: {why}"),
            Failure::Conflict { param: None, why } => write!(f, "{why}"),
            Failure::Store(e) => write!(f, "{e}"),
            Failure::Broken(cause) => f.write_str(cause),
        }
    }
}
