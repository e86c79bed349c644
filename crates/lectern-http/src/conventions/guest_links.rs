//! A guest has no token to follow a link with: the link itself must say which application
//! follows it. Every `/v2` link in an answer to a key-only request gets that request's
//! `api_key`, whatever built it (a page's links, a cached title record's, a download's), by one
//! pass over the JSON answer: each string that starts with the API's own address and names no
//! `api_key` has it added. A signed-in caller's links need none: the token names the key.

use axum::body::{Body, to_bytes};
use axum::http::header;
use axum::response::Response;

use crate::state::AppState;

/// Answers larger than this are left as they are (no answer of the API comes near it).
const LARGEST: usize = 16 * 1024 * 1024;

/// `response` with `api_key` added to each of its links into the API.
pub async fn with_key(state: &AppState, response: Response, api_key: &str) -> Response {
    let json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|t| t.starts_with("application/json"));
    if !json {
        return response;
    }
    let (mut parts, body) = response.into_parts();
    let Ok(bytes) = to_bytes(body, LARGEST).await else {
        return Response::from_parts(parts, Body::empty());
    };
    let api = state.v2_url("");
    let Ok(text) = std::str::from_utf8(&bytes) else {
        return Response::from_parts(parts, Body::from(bytes));
    };
    if !text.contains(api.as_str()) {
        return Response::from_parts(parts, Body::from(bytes));
    }
    let key: String = url::form_urlencoded::byte_serialize(api_key.as_bytes()).collect();
    parts.headers.remove(header::CONTENT_LENGTH);
    Response::from_parts(parts, Body::from(keyed(text, &api, &key)))
}

/// `text` (JSON) with `api_key={key}` added to every string that starts with `api` (the API's
/// own address) and has none.
fn keyed(text: &str, api: &str, key: &str) -> String {
    let opening = format!("\"{api}");
    let mut out = String::with_capacity(text.len() + 64);
    let mut rest = text;
    while let Some(at) = rest.find(&opening) {
        let start = at + 1;
        // A JSON string ends at the first unescaped quote; a URL holds none escaped.
        let Some(len) = rest[start..].find('"') else {
            break;
        };
        let url = &rest[start..start + len];
        out.push_str(&rest[..start]);
        out.push_str(url);
        if !url.contains("api_key=") && !url.contains('\\') {
            let (before_fragment, fragment) = url
                .split_once('#')
                .map_or((url, None), |(u, f)| (u, Some(f)));
            out.truncate(out.len() - url.len());
            out.push_str(before_fragment);
            out.push(if before_fragment.contains('?') {
                '&'
            } else {
                '?'
            });
            out.push_str("api_key=");
            out.push_str(key);
            if let Some(f) = fragment {
                out.push('#');
                out.push_str(f);
            }
        }
        rest = &rest[start + len..];
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
mod tests {
    use super::keyed;

    #[test]
    fn each_link_into_the_api_gets_the_key_once() {
        let api = "http://lib.example/v2";
        let body = r#"{"links":[{"href":"http://lib.example/v2/titles/t1"},{"href":"http://lib.example/v2/titles?keyword=a&api_key=k"},{"href":"http://elsewhere.example/v2/x"},{"href":"http://lib.example/v2/titles?start=x"}],"note":"see http://lib.example/v2 later"}"#;
        assert_eq!(
            keyed(body, api, "k"),
            r#"{"links":[{"href":"http://lib.example/v2/titles/t1?api_key=k"},{"href":"http://lib.example/v2/titles?keyword=a&api_key=k"},{"href":"http://elsewhere.example/v2/x"},{"href":"http://lib.example/v2/titles?start=x&api_key=k"}],"note":"see http://lib.example/v2 later"}"#
        );
    }
}
