use super::client_auth;
use crate::conventions::json::Json;
use crate::conventions::params::Params;
use crate::sign_in::ClientAddress;
use crate::state::AppState;
use crate::token_request::{TokenError, TokenResponse, grant_as};
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};

/// Form fields of a token request (application/x-www-form-urlencoded).
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct TokenRequest {
    /// authorization_code, refresh_token, password (trusted clients only), or
    /// urn:ietf:params:oauth:grant-type:jwt-bearer (privileged clients only, RFC 7523)
    grant_type: String,
    code: Option<String>,
    redirect_uri: Option<String>,
    /// PKCE verifier, when the authorization request carried a code_challenge
    code_verifier: Option<String>,
    refresh_token: Option<String>,
    username: Option<String>,
    password: Option<String>,
    /// With the JWT bearer grant: an identity token of the library's identity partner, for a
    /// member whose account was created with it
    assertion: Option<String>,
    /// basic (the default and only scope)
    scope: Option<String>,
}

/// Exchanges a code, a refresh token or (trusted clients) a user name and password for tokens.
#[utoipa::path(
    post, path = "/oauth/token", tag = "oauth",
    request_body(content = TokenRequest, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "Tokens issued", body = TokenResponse),
        (status = 400, description = "Token Error", body = TokenError),
        (status = 401, description = "Client authentication failed", body = TokenError),
    ),
    security(("basic" = []))
)]
pub async fn token(
    State(state): State<AppState>,
    from: ClientAddress,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    match grant(&state, &from, query, &headers, &body).await {
        Ok(tokens) => (
            [
                (header::CACHE_CONTROL, "no-store"),
                (header::PRAGMA, "no-cache"),
            ],
            Json(tokens),
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

async fn grant(
    state: &AppState,
    from: &ClientAddress,
    query: Option<String>,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<TokenResponse, TokenError> {
    let params = form_params(query, headers, body)?;
    let client = client_auth::authenticate(state, headers, &params).await?;
    grant_as(state, &client, &params, from).await
}

/// The form body, plus the query string where existing clients put `api_key`. Nothing else may
/// come in the query (RFC 6749 section 2.3.1: a password or secret there ends up in logs), and no
/// parameter may be sent twice (section 3.2).
pub(super) fn form_params(
    query: Option<String>,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<Params, TokenError> {
    let is_form = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| {
            ct.to_ascii_lowercase()
                .starts_with("application/x-www-form-urlencoded")
        });
    if !is_form && !body.is_empty() {
        return Err(TokenError::new(
            "invalid_request",
            "Send the request as application/x-www-form-urlencoded",
        ));
    }
    let not_text = |e: crate::conventions::params::NotText| {
        TokenError::new("invalid_request", format!("'{}' {}", e.name, e.message()))
    };
    let in_query =
        Params::parse_urlencoded(query.unwrap_or_default().as_bytes()).map_err(not_text)?;
    if let Some((name, _)) = in_query.iter().find(|(k, _)| k != "api_key") {
        return Err(TokenError::new(
            "invalid_request",
            format!(
                "'{name}' must be sent in the form body, not in the URL; only api_key may come in the query"
            ),
        ));
    }
    let mut params = Params::from_pairs(Params::parse_urlencoded(body).map_err(not_text)?);
    params.extend(in_query);
    if let Some(name) = params.repeated_name() {
        return Err(TokenError::new(
            "invalid_request",
            format!("'{name}' was sent more than once"),
        ));
    }
    Ok(params)
}
