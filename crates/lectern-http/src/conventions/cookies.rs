//! Reading a cookie of a request: the token server's sign-in flow and the web pages' session.

use axum::http::{HeaderMap, header};

/// The value of the cookie `name`, if the request sent one that is not empty.
pub fn named(headers: &HeaderMap, name: &str) -> Option<String> {
    headers
        .get_all(header::COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(n, _)| *n == name)
        .map(|(_, v)| v.to_owned())
        .filter(|v| !v.is_empty())
}
