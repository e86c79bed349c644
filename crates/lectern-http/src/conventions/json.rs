//! The JSON answer of every resource and error. axum's `Json` writes through a `BytesMut` that
//! starts at 128 bytes, so a resource of a kilobyte or two grows its buffer several times and
//! pays a call per fragment serde_json writes; a profile of `GET /v2/myAccount` found a fifth of
//! the server's own time there (`docs/benchmarks.md`, "Foundation"). This one writes into a
//! `Vec` sized for most resources at once.

use axum::body::Bytes;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use crate::error::{ApiError, ApiResult};

/// Most single resources fit; a page of titles grows the buffer a few times, which its own
/// serialization dwarfs.
const INITIAL_CAPACITY: usize = 2048;

/// A value answered as `application/json`.
#[derive(Debug, Clone, Copy, Default)]
pub struct Json<T>(pub T);

impl<T: Serialize> IntoResponse for Json<T> {
    fn into_response(self) -> Response {
        match serialized(&self.0) {
            Ok(body) => Serialized(body).into_response(),
            // The error's own body is strings alone and always serializes: no second failure.
            Err(e) => e.into_response(),
        }
    }
}

/// `value` as JSON text, for an answer to keep and serve again. Only a map whose keys are not
/// strings, or a failing `Serialize`, fails: a bug, answered as a 500.
pub fn serialized<T: Serialize>(value: &T) -> ApiResult<Bytes> {
    let mut body = Vec::with_capacity(INITIAL_CAPACITY);
    serde_json::to_writer(&mut body, value).map_err(ApiError::internal)?;
    Ok(Bytes::from(body))
}

/// A JSON answer serialized before (see [`serialized`]).
pub struct Serialized(pub Bytes);

impl IntoResponse for Serialized {
    fn into_response(self) -> Response {
        (
            [(
                header::CONTENT_TYPE,
                HeaderValue::from_static("application/json"),
            )],
            self.0,
        )
            .into_response()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn answers_the_value_as_json() {
        let resp = Json(serde_json::json!({"key": "SUCCESS", "n": [1, 2]})).into_response();
        assert_eq!(resp.status(), axum::http::StatusCode::OK);
        assert_eq!(resp.headers()[header::CONTENT_TYPE], "application/json");
        let body = axum::body::to_bytes(resp.into_body(), usize::MAX)
            .await
            .expect("a body in memory");
        assert_eq!(&body[..], br#"{"key":"SUCCESS","n":[1,2]}"#);
    }
}
