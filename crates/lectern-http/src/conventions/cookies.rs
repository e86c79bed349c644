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

/// The name a cookie goes by: with the `__Secure-` prefix when served over HTTPS, so that a
/// browser takes it only from a secure page (a page of the host over plain HTTP, or anyone on
/// the network, cannot plant or overwrite it). `__Host-` would also pin it to the host, but it
/// requires `Path=/`, and Lectern's cookies are kept to their site's (or the token server's)
/// path, so that two sites of one server do not share a sign-in.
pub fn name_of(name: &str, https: bool) -> String {
    if https {
        format!("__Secure-{name}")
    } else {
        name.to_owned()
    }
}

#[cfg(test)]
mod tests {
    use super::name_of;

    #[test]
    fn cookies_over_https_are_secure_prefixed() {
        assert_eq!(name_of("lectern_session", true), "__Secure-lectern_session");
        assert_eq!(name_of("lectern_session", false), "lectern_session");
    }
}
