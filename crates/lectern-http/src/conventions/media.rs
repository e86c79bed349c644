//! 406 when `Accept` rules out JSON, 415 when a body is of a type we do not read.

use axum::http::{HeaderMap, StatusCode, header};

use crate::error::{ApiError, ApiResult};

/// Checked before a `/v2` request is served (`caller::resolve`).
pub fn negotiate(headers: &HeaderMap) -> ApiResult<()> {
    if !accepts_json(headers) {
        return Err(ApiError::new(
            StatusCode::NOT_ACCEPTABLE,
            "NOT_ACCEPTABLE",
            "This API answers only in application/json; send 'Accept: application/json' or leave Accept out",
        ));
    }
    if has_body(headers) && !readable_body(headers) {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "UNSUPPORTED_MEDIA_TYPE",
            "Send the body as application/x-www-form-urlencoded, multipart/form-data or application/json",
        ));
    }
    Ok(())
}

fn accepts_json(headers: &HeaderMap) -> bool {
    let values: Vec<&str> = headers
        .get_all(header::ACCEPT)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .collect();
    if values.is_empty() {
        return true;
    }
    values.iter().flat_map(|v| v.split(',')).any(|range| {
        let mut parts = range.split(';').map(str::trim);
        let media = parts.next().unwrap_or("").to_ascii_lowercase();
        let refused = parts.any(|p| {
            p.strip_prefix("q=")
                .is_some_and(|q| q.parse::<f32>().is_ok_and(|q| q <= 0.0))
        });
        !refused && matches!(media.as_str(), "*/*" | "application/*" | "application/json")
    })
}

fn has_body(headers: &HeaderMap) -> bool {
    let length = headers
        .get(header::CONTENT_LENGTH)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse::<u64>().ok())
        .unwrap_or(0);
    length > 0 || headers.contains_key(header::TRANSFER_ENCODING)
}

fn readable_body(headers: &HeaderMap) -> bool {
    let Some(ct) = headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
    else {
        return false;
    };
    let media = ct
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    matches!(
        media.as_str(),
        "application/x-www-form-urlencoded" | "multipart/form-data" | "application/json"
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

    fn accept(v: &str) -> HeaderMap {
        let mut h = HeaderMap::new();
        h.insert(
            header::ACCEPT,
            HeaderValue::from_str(v).unwrap_or(HeaderValue::from_static("")),
        );
        h
    }

    #[test]
    fn accept_headers_that_admit_json() {
        assert!(accepts_json(&HeaderMap::new()));
        assert!(accepts_json(&accept("application/json")));
        assert!(accepts_json(&accept("text/html, */*;q=0.8")));
        assert!(accepts_json(&accept("application/*")));
        assert!(!accepts_json(&accept("text/html")));
        assert!(!accepts_json(&accept("application/json;q=0")));
    }
}
