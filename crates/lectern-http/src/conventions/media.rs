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
    if has_body(headers) {
        let media = body_media_type(headers);
        if !media.as_deref().is_some_and(|m| READABLE.contains(&m)) {
            let sent = match media {
                Some(m) => format!("A body of type '{m}' is not read here"),
                None => "A body without a Content-Type is not read here".to_owned(),
            };
            return Err(ApiError::new(
                StatusCode::UNSUPPORTED_MEDIA_TYPE,
                "UNSUPPORTED_MEDIA_TYPE",
                format!(
                    "{sent}; send it as application/json, application/x-www-form-urlencoded or multipart/form-data"
                ),
            ));
        }
    }
    Ok(())
}

/// The media types a `/v2` body may have.
const READABLE: [&str; 3] = [
    "application/json",
    "application/x-www-form-urlencoded",
    "multipart/form-data",
];

/// The body's media type, lower case and without parameters, if it says one.
pub fn body_media_type(headers: &HeaderMap) -> Option<String> {
    let ct = headers.get(header::CONTENT_TYPE)?.to_str().ok()?;
    let media = ct
        .split(';')
        .next()
        .unwrap_or("")
        .trim()
        .to_ascii_lowercase();
    (!media.is_empty()).then_some(media)
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
