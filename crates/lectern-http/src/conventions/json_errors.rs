//! Errors that the framework answers by itself (a method not allowed, a body it could not
//! read) come back as plain text; this layer gives them the error envelope, keeping their
//! status and headers such as `Allow`.

use axum::body::{Body, to_bytes};
use axum::extract::Request;
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::error::ApiError;
use crate::token_request::TokenError;

/// `resp`, answered to `method` on the token server or not, with the error envelope if it is an
/// error without a body of its own.
pub async fn envelope(method: &Method, token_server: bool, resp: Response) -> Response {
    let status = resp.status();
    if !(status.is_client_error() || status.is_server_error()) || has_own_body(&resp) {
        return resp;
    }
    let (parts, body) = resp.into_parts();
    let text = to_bytes(body, 16 * 1024)
        .await
        .map(|b| String::from_utf8_lossy(&b).trim().to_owned())
        .unwrap_or_default();
    let message = match status {
        StatusCode::METHOD_NOT_ALLOWED => {
            format!(
                "Method {method} is not supported here; supported: {}",
                allowed(&parts.headers)
            )
        }
        _ if !text.is_empty() => text,
        _ => status.canonical_reason().unwrap_or("Error").to_owned(),
    };
    let mut error = if token_server {
        TokenError::with_status(status, token_error_for(status), message).into_response()
    } else {
        ApiError::new(status, key_for(status), message).into_response()
    };
    for (name, value) in parts.headers.iter() {
        if name != header::CONTENT_TYPE
            && name != header::CONTENT_LENGTH
            && name != header::ALLOW
            && !error.headers().contains_key(name)
        {
            error.headers_mut().append(name.clone(), value.clone());
        }
    }
    if status == StatusCode::METHOD_NOT_ALLOWED
        && let Ok(v) = HeaderValue::from_str(&allowed(&parts.headers))
    {
        error.headers_mut().insert(header::ALLOW, v);
    }
    error
}

/// The methods of every `Allow` value the router set (it may set more than one), as one list.
fn allowed(headers: &HeaderMap) -> String {
    let mut methods: Vec<&str> = headers
        .get_all(header::ALLOW)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(str::trim)
        .filter(|m| !m.is_empty())
        .collect();
    methods.dedup();
    methods.join(", ")
}

fn has_own_body(resp: &Response) -> bool {
    resp.headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|ct| {
            let media = ct.split(';').next().unwrap_or("").trim();
            // `+json` types too: the OPDS catalog's 401 is its authentication document.
            media == "application/json" || media.ends_with("+json") || media == "text/html"
        })
}

fn key_for(status: StatusCode) -> &'static str {
    match status {
        StatusCode::BAD_REQUEST | StatusCode::UNPROCESSABLE_ENTITY => "BAD_REQUEST",
        StatusCode::UNAUTHORIZED => "UNAUTHORIZED",
        StatusCode::FORBIDDEN => "FORBIDDEN",
        StatusCode::NOT_FOUND => "NOT_FOUND",
        StatusCode::METHOD_NOT_ALLOWED => "METHOD_NOT_ALLOWED",
        StatusCode::NOT_ACCEPTABLE => "NOT_ACCEPTABLE",
        StatusCode::PAYLOAD_TOO_LARGE => "PAYLOAD_TOO_LARGE",
        StatusCode::UNSUPPORTED_MEDIA_TYPE => "UNSUPPORTED_MEDIA_TYPE",
        StatusCode::TOO_MANY_REQUESTS => "TOO_MANY_REQUESTS",
        _ if status.is_server_error() => "INTERNAL_SERVER_ERROR",
        _ => "BAD_REQUEST",
    }
}

/// The token server's errors have document 1's Token Error shape, whatever raised them.
pub fn is_token_server(path: &str) -> bool {
    path == "/oauth" || path.starts_with("/oauth/")
}

fn token_error_for(status: StatusCode) -> &'static str {
    match status {
        StatusCode::UNAUTHORIZED => "invalid_client",
        StatusCode::TOO_MANY_REQUESTS | StatusCode::SERVICE_UNAVAILABLE => {
            "temporarily_unavailable"
        }
        _ if status.is_server_error() => "server_error",
        _ => "invalid_request",
    }
}

/// The answer for a path no route serves.
pub async fn no_route(req: Request<Body>) -> Response {
    let path = req.uri().path();
    let message = format!("There is no resource at {path}");
    if is_token_server(path) {
        TokenError::with_status(StatusCode::NOT_FOUND, "invalid_request", message).into_response()
    } else {
        let why = lectern_domain::invalid::Why::of("absent-route", message).with("path", path);
        ApiError::not_found(why).into_response()
    }
}
