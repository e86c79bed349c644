//! Signing in from a reading app (Authentication for OPDS 1.0): the site's authentication
//! document, the 401 that carries it, the token endpoint apps post the password grant to, and
//! HTTP Basic credentials sent with every request (KOReader, Librera).

use axum::body::Bytes;
use axum::extract::{Path, Request, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

use super::site::{OpdsAsk, OpdsSite};
use crate::conventions::params::Params;
use crate::error::{ApiResult, RefusedBecause};
use crate::sign_in::ClientAddress;
use crate::state::AppState;
use crate::token_request::{TokenError, grant_as};

pub const MEDIA_TYPE: &str = "application/opds-authentication+json";
pub const PASSWORD_FLOW: &str = "http://opds-spec.org/auth/oauth/password";
pub const BASIC_FLOW: &str = "http://opds-spec.org/auth/basic";
const DOCUMENT_REL: &str = "http://opds-spec.org/auth/document";

/// The authentication document: the password flow first (apps keep a token and refresh it),
/// HTTP Basic second (apps that send the credentials with every request). `refused` is why the
/// credentials the app sent were not taken; it leads the description apps show the reader.
pub fn document(
    (site, lang): (&OpdsSite, crate::i18n::Lang),
    help: &str,
    refused: Option<&str>,
) -> Value {
    let token = site.url("/token");
    let labels = json!({
        "login": lang.t("sign-in-username"),
        "password": lang.t("sign-in-password"),
    });
    let invitation = lang.t1("opds-sign-in-invitation", "site", &site.site.name);
    let description = match refused {
        Some(why) => format!("{why}. {invitation}"),
        None => invitation,
    };
    json!({
        "id": site.url("/authentication"),
        "title": site.site.name,
        "description": description,
        "links": [
            { "rel": "start", "href": site.url(""), "type": super::opds2::MEDIA_TYPE },
            {
                "rel": "logo", "href": site.url(super::logo::PATH), "type": "image/png",
                "width": super::logo::SIDE, "height": super::logo::SIDE,
            },
            { "rel": "help", "href": help, "type": "text/html" },
        ],
        "authentication": [
            {
                "type": PASSWORD_FLOW,
                "links": [
                    { "rel": "authenticate", "href": token, "type": "application/json" },
                    { "rel": "refresh", "href": token, "type": "application/json" },
                ],
                "labels": labels,
            },
            { "type": BASIC_FLOW, "labels": labels },
        ],
    })
}

/// `GET /opds/{siteId}/authentication`.
pub async fn authentication(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let lang = site.lang(&ask.headers);
    Ok(with_document(&state, (&site, lang), StatusCode::OK, None))
}

fn with_document(
    state: &AppState,
    (site, lang): (&OpdsSite, crate::i18n::Lang),
    status: StatusCode,
    refused: Option<&str>,
) -> Response {
    let help = state.web_url(&site.site.id, HELP_PAGE);
    let body = document((site, lang), &help, refused).to_string();
    let mut response = (status, body).into_response();
    if let Some(phrase) = refused.and_then(reason_phrase) {
        response.extensions_mut().insert(phrase);
    }
    let h = response.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(MEDIA_TYPE));
    if let Ok(link) = HeaderValue::from_str(&format!(
        "<{}>; rel=\"{DOCUMENT_REL}\"; type=\"{MEDIA_TYPE}\"",
        site.url("/authentication")
    )) {
        h.insert(header::LINK, link);
    }
    let realm = site.site.name.replace(['"', '\\'], "");
    if let Ok(challenge) = HeaderValue::from_str(&format!("Basic realm=\"{realm}\"")) {
        h.insert(header::WWW_AUTHENTICATE, challenge);
    }
    h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
    h.insert(header::VARY, HeaderValue::from_static("Accept-Language"));
    response
}

/// Where a reader learns how to sign in from a reading app: a section of the site's sign-in page.
const HELP_PAGE: &str = "/sign-in#reading-apps";

/// The refusal as the status line's reason, which KOReader shows when a download fails (its
/// catalog browser shows a fixed text per status). HTTP/1 allows visible ASCII and spaces only.
fn reason_phrase(why: &str) -> Option<hyper::ext::ReasonPhrase> {
    let printable = why.bytes().all(|b| b == b' ' || b.is_ascii_graphic());
    printable
        .then(|| hyper::ext::ReasonPhrase::try_from(why.as_bytes().to_vec()).ok())
        .flatten()
}

/// Every 401 of a site's catalog is Authentication for OPDS' answer: the authentication
/// document as the body, with the `Link` and `WWW-Authenticate` headers. When the app sent
/// credentials, the document's description and the status line say why they were refused.
/// One layer, so no handler answers a 401 its own way.
pub async fn unauthorized_is_the_document(
    State(state): State<AppState>,
    Path(params): Path<Vec<(String, String)>>,
    request: Request,
    next: Next,
) -> Response {
    let sent_credentials = request.headers().contains_key(header::AUTHORIZATION);
    let headers = request.headers().clone();
    let response = next.run(request).await;
    if response.status() != StatusCode::UNAUTHORIZED {
        return response;
    }
    let Some((_, site_id)) = params.iter().find(|(k, _)| k == "site_id") else {
        return response;
    };
    let refused = response
        .extensions()
        .get::<RefusedBecause>()
        .filter(|_| sent_credentials)
        .map(|r| r.0.trim_end_matches('.').to_owned());
    match OpdsSite::named(&state, site_id).await {
        Ok(site) => {
            let lang = site.lang(&headers);
            with_document(
                &state,
                (&site, lang),
                StatusCode::UNAUTHORIZED,
                refused.as_deref(),
            )
        }
        Err(_) => response,
    }
}

/// `POST /opds/{siteId}/token`: the API's token endpoint for the site's OPDS key, taking a form
/// or a JSON body: apps post the password grant with no `client_id` (Thorium Reader) and refresh
/// with JSON. The same grants, throttling and lockout as `/oauth/token`.
pub async fn token(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    from: ClientAddress,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    let answer = async {
        let site = OpdsSite::named(&state, &site_id)
            .await
            .map_err(|_| TokenError::invalid_client("There is no catalog here"))?;
        let params = token_params(&headers, &body)?;
        if let Some(id) = params.one("client_id").ok().flatten()
            && id != site.client.api_key
        {
            return Err(TokenError::invalid_client(
                "This token endpoint is the catalog's own; leave out client_id",
            ));
        }
        grant_as(&state, &site.client, &params, &from).await
    };
    match answer.await {
        Ok(tokens) => (
            [
                (header::CACHE_CONTROL, "no-store"),
                (header::PRAGMA, "no-cache"),
            ],
            crate::conventions::json::Json(tokens),
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

fn token_params(headers: &HeaderMap, body: &[u8]) -> Result<Params, TokenError> {
    let media = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .map(|v| {
            v.split(';')
                .next()
                .unwrap_or("")
                .trim()
                .to_ascii_lowercase()
        });
    let pairs = match media.as_deref() {
        Some("application/json") => Params::parse_json_object(body)
            .map_err(|_| TokenError::new("invalid_request", "The body is not a JSON object"))?,
        Some("application/x-www-form-urlencoded") => {
            Params::parse_urlencoded(body).map_err(|e| {
                TokenError::new("invalid_request", format!("'{}' {}", e.name, e.message()))
            })?
        }
        _ => {
            return Err(TokenError::new(
                "invalid_request",
                "Send the request as application/x-www-form-urlencoded or application/json",
            ));
        }
    };
    let params = Params::from_pairs(pairs);
    if let Some(name) = params.repeated_name() {
        return Err(TokenError::new(
            "invalid_request",
            format!("'{name}' was sent more than once"),
        ));
    }
    Ok(params)
}
