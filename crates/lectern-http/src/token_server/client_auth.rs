//! Who the client is, on the token server: `Authorization: Basic` with the API key and secret
//! (blank for a public client), or, for public clients, `client_id` in the form or `api_key` in
//! the query as existing clients send it.

use axum::http::{HeaderMap, header};
use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use lectern_domain::client::Client;
use lectern_domain::secret::verify_password;

use crate::conventions::params::{Params, text_without_controls};
use crate::state::AppState;
use crate::token_request::TokenError;

pub async fn authenticate(
    state: &AppState,
    headers: &HeaderMap,
    params: &Params,
) -> Result<Client, TokenError> {
    let (api_key, secret) = match basic_credentials(headers)? {
        Some(pair) => pair,
        None => {
            let id = params
                .one("client_id")
                .ok()
                .flatten()
                .or_else(|| params.one("api_key").ok().flatten())
                .ok_or_else(|| {
                    TokenError::invalid_client(
                        "Authenticate the client with 'Authorization: Basic' (API key and secret)",
                    )
                })?;
            let secret = params.one("client_secret").ok().flatten().unwrap_or("");
            (id.to_owned(), secret.to_owned())
        }
    };
    let client = state
        .clients
        .get(&state.store, &api_key)
        .await?
        .filter(|c| !c.disabled)
        .ok_or_else(|| TokenError::invalid_client("Unknown or disabled client"))?;
    let secret_ok = match &client.secret_hash {
        None => secret.is_empty(),
        Some(hash) => {
            let hash = hash.clone();
            tokio::task::spawn_blocking(move || verify_password(&secret, &hash))
                .await
                .map_err(TokenError::server_error)?
        }
    };
    if secret_ok {
        Ok(std::sync::Arc::unwrap_or_clone(client))
    } else {
        Err(TokenError::invalid_client("Client authentication failed"))
    }
}

fn basic_credentials(headers: &HeaderMap) -> Result<Option<(String, String)>, TokenError> {
    let Some(value) = headers.get(header::AUTHORIZATION) else {
        return Ok(None);
    };
    let bad = || {
        TokenError::invalid_client(
            "The Authorization header must be 'Basic base64(api_key:secret)'",
        )
    };
    let value = value.to_str().map_err(|_| bad())?;
    let (scheme, encoded) = value.split_once(' ').ok_or_else(bad)?;
    if !scheme.eq_ignore_ascii_case("basic") {
        return Err(bad());
    }
    let decoded = STANDARD.decode(encoded.trim()).map_err(|_| bad())?;
    let decoded = String::from_utf8(decoded).map_err(|_| bad())?;
    let (id, secret) = decoded.split_once(':').ok_or_else(bad)?;
    // RFC 6749 2.3.1: both parts are form-encoded before they are joined.
    let unescape = |s: &str| {
        url::form_urlencoded::parse(format!("v={s}").as_bytes())
            .next()
            .map(|(_, v)| v.into_owned())
    };
    let (id, secret) = (
        unescape(id).unwrap_or_default(),
        unescape(secret).unwrap_or_default(),
    );
    for (name, text) in [("client_id", &id), ("client_secret", &secret)] {
        text_without_controls(name, text).map_err(|e| {
            TokenError::new("invalid_request", format!("'{}' {}", e.name, e.message()))
        })?;
    }
    Ok(Some((id, secret)))
}
