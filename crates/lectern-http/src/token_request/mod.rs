//! RFC 6749's token request and its answers, as two doors take them: the token server
//! (`/oauth/token`) and a site's OPDS catalog (`/opds/{site}/token`, as the catalog's key). A
//! request's fields become the token service's typed grant (`lectern_operations::tokens`); its
//! tokens or its refusal are answered in document 1's shapes.

mod error;
mod response;

pub use error::TokenError;
pub use response::TokenResponse;

use lectern_domain::client::Client;
use lectern_operations::tokens::{self, Grant, GrantKind, Vouched};

use crate::conventions::params::Params;
use crate::partner_identity::Refused;
use crate::sign_in::ClientAddress;
use crate::state::AppState;

/// A token request of a client already known: the API's token endpoint after it authenticated
/// the client, or a site's OPDS catalog for the key it answers as. The request's fields become
/// the token service's typed grant (`lectern_operations::tokens`).
pub async fn grant_as(
    state: &AppState,
    client: &Client,
    params: &Params,
    from: &ClientAddress,
) -> Result<TokenResponse, TokenError> {
    if let Some(scope) = field(params, "scope")?
        && scope != "basic"
    {
        return Err(TokenError::new(
            "invalid_scope",
            "The only scope is 'basic'",
        ));
    }
    let required = |name| field(params, name)?.ok_or_else(|| missing(name));
    let grant_type = required("grant_type")?;
    let Some(kind) = [
        GrantKind::Password,
        GrantKind::Code,
        GrantKind::Refresh,
        GrantKind::Partner,
    ]
    .into_iter()
    .find(|k| k.name() == grant_type) else {
        return Err(TokenError::new(
            "unsupported_grant_type",
            format!(
                "grant_type '{grant_type}' is not supported; use authorization_code, refresh_token, password or {}",
                tokens::JWT_BEARER
            ),
        ));
    };
    let grant = match grant_of(state, client, kind, params).await {
        Ok(grant) => grant,
        Err(refused) => {
            tokens::counted(kind.name(), false);
            return Err(refused);
        }
    };
    let issued = tokens::grant(state, client, grant, &from.0).await?;
    Ok(TokenResponse::of(issued))
}

/// The grant the request's fields present, once the client may use it.
async fn grant_of<'a>(
    state: &AppState,
    client: &Client,
    kind: GrantKind,
    params: &'a Params,
) -> Result<Grant<'a>, TokenError> {
    tokens::may_use(client, kind)?;
    let required = |name| field(params, name)?.ok_or_else(|| missing(name));
    Ok(match kind {
        GrantKind::Password => Grant::Password {
            user_name: required("username")?,
            password: required("password")?,
        },
        GrantKind::Code => Grant::Code {
            code: required("code")?,
            redirect_uri: required("redirect_uri")?,
            verifier: field(params, "code_verifier")?,
        },
        GrantKind::Refresh => Grant::Refresh {
            refresh_token: required("refresh_token")?,
        },
        GrantKind::Partner => Grant::Partner(partner_vouched(state, required("assertion")?).await?),
    })
}

/// Who the identity partner's token (the JWT bearer grant's assertion) vouches for, once its
/// signature, issuer, audience and times are checked against the partner's keys.
async fn partner_vouched(state: &AppState, assertion: &str) -> Result<Vouched, TokenError> {
    let partner = state.settings.partner_identity.as_ref().ok_or_else(|| {
        TokenError::new(
            "unsupported_grant_type",
            "This library has no identity partner set up",
        )
    })?;
    let claims = partner.verify(assertion).await.map_err(refused_assertion)?;
    Ok(Vouched {
        issuer: claims.issuer,
        subject: claims.subject,
        replay_key: claims.replay_key,
        expires_at: claims.expires_at,
    })
}

fn refused_assertion(refused: Refused) -> TokenError {
    match refused {
        Refused::Invalid(why) => TokenError::new("invalid_grant", format!("The assertion {why}")),
        Refused::Unreachable(why) => TokenError::with_status(
            axum::http::StatusCode::SERVICE_UNAVAILABLE,
            "temporarily_unavailable",
            why.english,
        ),
    }
}

pub(crate) fn field<'a>(params: &'a Params, name: &str) -> Result<Option<&'a str>, TokenError> {
    params
        .one(name)
        .map(|v| v.filter(|s| !s.is_empty()))
        .map_err(|_| {
            TokenError::new(
                "invalid_request",
                format!("'{name}' was sent more than once"),
            )
        })
}

pub(crate) fn missing(name: &str) -> TokenError {
    TokenError::new(
        "invalid_request",
        format!("Missing required parameter '{name}'"),
    )
}
