//! The doors' side of the one sign-in service (`lectern_operations::sign_in`): the address a
//! request came from, which failed sign-ins are counted against with the user name; and what is
//! wrong with a sign-in form, as the token server's login page and the web pages' sign-in say
//! it.

pub use lectern_operations::sign_in::{Secret, SignIn};
use lectern_store::StoreError;

use crate::state::AppState;

/// The address the request came from, which failed sign-ins are counted against (with the user
/// name). Behind a proxy every request shares the proxy's address, so the per-address share is
/// the proxy's too: see `docs/decisions.md`.
pub struct ClientAddress(pub String);

impl ClientAddress {
    /// The address of the request these parts are of ("unknown" when served without it).
    pub fn of(parts: &axum::http::request::Parts) -> std::sync::Arc<str> {
        parts
            .extensions
            .get::<axum::extract::ConnectInfo<std::net::SocketAddr>>()
            .map_or_else(|| "unknown".into(), |c| c.0.ip().to_string().into())
    }
}

impl<S: Send + Sync> axum::extract::FromRequestParts<S> for ClientAddress {
    type Rejection = std::convert::Infallible;
    async fn from_request_parts(
        parts: &mut axum::http::request::Parts,
        _: &S,
    ) -> Result<Self, Self::Rejection> {
        Ok(ClientAddress(Self::of(parts).to_string()))
    }
}

/// Checks a credential sent from `from` (`lectern_operations::sign_in::check`).
pub async fn check(
    state: &AppState,
    user_name: &str,
    secret: Secret<'_>,
    from: &ClientAddress,
) -> Result<SignIn, StoreError> {
    lectern_operations::sign_in::check(state, user_name, secret, &from.0).await
}

/// What is wrong with a sign-in form, field by field, as the keys of the messages that say it:
/// the token server's login page and the web pages' sign-in say the same.
#[derive(Default)]
pub struct LoginErrors<'a> {
    pub username: Option<&'a str>,
    pub password: Option<&'a str>,
    pub form: Option<&'a str>,
}

impl LoginErrors<'static> {
    /// The fields left empty; `None` when both are filled in.
    pub fn of_blanks(username: &str, password: &str) -> Option<Self> {
        (username.is_empty() || password.is_empty()).then(|| LoginErrors {
            username: username.is_empty().then_some("sign-in-enter-username"),
            password: password.is_empty().then_some("sign-in-enter-password"),
            form: None,
        })
    }

    /// Why credentials were refused.
    pub fn of_refusal(refused: &SignIn) -> Self {
        let form = match refused {
            SignIn::Ok(_) => None,
            SignIn::BadCredentials => Some("sign-in-not-right"),
            SignIn::TooManyAttempts(_) => Some("sign-in-too-many"),
            SignIn::Locked => Some("sign-in-locked"),
        };
        LoginErrors {
            form,
            ..Default::default()
        }
    }
}

impl LoginErrors<'_> {
    pub fn any(&self) -> bool {
        self.username.is_some() || self.password.is_some() || self.form.is_some()
    }
}
