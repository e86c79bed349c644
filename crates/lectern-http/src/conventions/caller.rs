//! Who is calling: the client (from `api_key`, which also fixes the site) and the user (from the
//! bearer token, or the deprecated `access_token` parameter; none means a guest). Resolved once
//! per `/v2` request, before the handler, and handed to it as [`Caller`].

use std::sync::Arc;

use axum::body::{Body, to_bytes};
use axum::extract::{FromRequestParts, Request, State};
use axum::http::request::Parts;
use axum::http::{HeaderMap, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use lectern_domain::account::Account;
use lectern_domain::client::Client;
use lectern_operations::{Actor, SignedIn, sign_in};

use super::params::Params;
use crate::error::{ApiError, ApiResult};
use crate::sign_in::ClientAddress;
use crate::state::AppState;

/// Form bodies larger than this are refused before they are read for `api_key`.
const FORM_LIMIT: usize = 1024 * 1024;

/// The caller of a `/v2` request: who acts (the operations' [`Actor`], which the caller reads
/// through to) and the parameters they sent.
// Clone only because request extensions must be; the extractor takes it out, never clones.
#[derive(Debug, Clone)]
pub struct Caller {
    pub actor: Actor,
    pub params: Params,
}

impl std::ops::Deref for Caller {
    type Target = Actor;
    fn deref(&self) -> &Actor {
        &self.actor
    }
}

impl Caller {
    /// The signed-in user, or `None` for a guest.
    pub fn user(&self) -> Option<&Account> {
        self.session.as_deref().map(|s| &*s.account)
    }

    /// The signed-in user, or a 401 for a guest.
    pub fn signed_in(&self) -> ApiResult<&Account> {
        self.user().ok_or_else(ApiError::sign_in_required)
    }
}

impl<S: Send + Sync> FromRequestParts<S> for Caller {
    type Rejection = ApiError;
    async fn from_request_parts(parts: &mut Parts, _: &S) -> Result<Self, ApiError> {
        // Taken, not cloned: a handler reads its caller once.
        parts
            .extensions
            .remove::<Caller>()
            .ok_or_else(|| ApiError::internal("a /v2 route was served without the caller layer"))
    }
}

/// The `/v2` conventions a request meets before its handler: media types (`media`), then who
/// is calling.
pub async fn resolve(State(state): State<AppState>, req: Request, next: Next) -> Response {
    if let Err(refused) = super::media::negotiate(req.headers()) {
        return refused.into_response();
    }
    let write = !req.method().is_safe();
    match resolve_context(&state, req).await {
        Ok((req, signed_in)) => {
            let guest_key = (!signed_in)
                .then(|| {
                    req.extensions()
                        .get::<Caller>()
                        .map(|c| c.client.api_key.clone())
                })
                .flatten();
            let mut response = next.run(req).await;
            if signed_in || write {
                keep_out_of_caches(&mut response);
            }
            match guest_key {
                Some(key) => super::guest_links::with_key(&state, response, &key).await,
                None => response,
            }
        }
        Err(e) => e.into_response(),
    }
}

/// An answer to a signed-in request may carry the person's data (their account, lists, marks,
/// what they may download), and so may the answer to a write (an account just created): no cache
/// along the way may keep it. Answers that say how they may be kept (a cover image) keep their
/// own word.
fn keep_out_of_caches(response: &mut Response) {
    response
        .headers_mut()
        .entry(header::CACHE_CONTROL)
        .or_insert(header::HeaderValue::from_static("no-store"));
}

/// The request with its [`Caller`], and whether it is signed in.
async fn resolve_context(state: &AppState, req: Request) -> ApiResult<(Request, bool)> {
    let (mut parts, body) = req.into_parts();
    let mut params = Params::from_pairs(Params::parse_urlencoded(
        parts.uri.query().unwrap_or("").as_bytes(),
    )?);
    let body = match body_kind(&parts.headers) {
        BodyKind::Other => body,
        kind => {
            let bytes = to_bytes(body, FORM_LIMIT).await.map_err(|_| {
                ApiError::bad_param("body", "form and JSON bodies are limited to 1 MiB")
            })?;
            params.extend(match kind {
                BodyKind::Json => Params::parse_json_object(&bytes)?,
                _ => Params::parse_urlencoded(&bytes)?,
            });
            Body::from(bytes)
        }
    };

    let token = bearer_token(&parts.headers, &params)?;
    let (client, session) = client_and_session(state, &params, token.as_deref()).await?;

    let signed_in = session.is_some();
    if !signed_in {
        params.for_guest_of(&client.api_key);
    }
    let from = ClientAddress::of(&parts);
    parts.extensions.insert(Caller {
        actor: Actor {
            client,
            session,
            from,
        },
        params,
    });
    Ok((Request::from_parts(parts, body), signed_in))
}

/// The client key of the request and the signed-in session, if any. The key is `api_key` as
/// sent or, when a signed-in request leaves it out (a link followed as given, as document 1 asks
/// of clients), the key its token was issued to: every token is bound to one key.
async fn client_and_session(
    state: &AppState,
    params: &Params,
    token: Option<&str>,
) -> ApiResult<(Arc<Client>, Option<Arc<SignedIn>>)> {
    let sent_key = params.one("api_key")?.filter(|k| !k.trim().is_empty());
    let (client, found) = match (sent_key, token) {
        (Some(key), _) => {
            let client = client_by_key(state, key).await?;
            let found = match token {
                Some(t) => Some(sign_in::token_found(state, t).await?),
                None => None,
            };
            (client, found)
        }
        (None, Some(t)) => {
            let found = sign_in::token_found(state, t).await?;
            (
                client_by_key(state, &found.token.api_key).await?,
                Some(found),
            )
        }
        (None, None) => return Err(ApiError::missing_param("api_key")),
    };
    if let Err(wait) = state
        .limits
        .check_client(&client.api_key, client.rate_limit_per_minute)
        .await
    {
        return Err(ApiError::too_many_requests(
            wait,
            "Too many requests for this api_key; retry later",
        ));
    }
    let session = match (found, token) {
        (Some(s), Some(t)) => Some(sign_in::session(state, s, &client, t).await?),
        _ => None,
    };
    Ok((client, session))
}

async fn client_by_key(state: &AppState, api_key: &str) -> ApiResult<Arc<Client>> {
    let client = state
        .clients
        .get(&state.store, api_key)
        .await?
        .ok_or_else(|| {
            ApiError::unknown_client(
                "The api_key is not known here; register the application to get one",
            )
        })?;
    if client.disabled {
        return Err(ApiError::forbidden(lectern_domain::invalid::Why::of(
            "refused-key-disabled",
            "This api_key has been disabled",
        )));
    }
    Ok(client)
}

enum BodyKind {
    Form,
    Json,
    /// Read by the handler, if at all (multipart uploads), or refused by `media`.
    Other,
}

fn body_kind(headers: &HeaderMap) -> BodyKind {
    match super::media::body_media_type(headers).as_deref() {
        Some("application/x-www-form-urlencoded") => BodyKind::Form,
        Some("application/json") => BodyKind::Json,
        _ => BodyKind::Other,
    }
}

/// The token from `Authorization: Bearer`, or from the deprecated `access_token` parameter.
fn bearer_token(headers: &HeaderMap, params: &Params) -> ApiResult<Option<String>> {
    let from_header = match headers.get(header::AUTHORIZATION).map(|v| v.to_str()) {
        None => None,
        Some(Ok(v)) => match v.split_once(' ') {
            Some((scheme, token))
                if scheme.eq_ignore_ascii_case("bearer") && !token.trim().is_empty() =>
            {
                Some(token.trim().to_owned())
            }
            _ => {
                return Err(ApiError::unauthorized(
                    "The Authorization header must be 'Bearer <access token>'",
                ));
            }
        },
        Some(Err(_)) => {
            return Err(ApiError::unauthorized(
                "The Authorization header is not readable text",
            ));
        }
    };
    let from_param = params.one("access_token")?.map(str::to_owned);
    match (from_header, from_param) {
        (Some(h), Some(p)) if h != p => Err(ApiError::bad_param(
            "access_token",
            "differs from the token in the Authorization header; send one token",
        )),
        (h, p) => Ok(h.or(p)),
    }
}
