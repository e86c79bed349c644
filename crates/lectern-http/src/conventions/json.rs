//! The JSON answer of every resource: written as `json_body` writes it, and, should a value
//! fail to serialize (a bug), answered as the API's 500.

use axum::body::Bytes;
use axum::response::{IntoResponse, Response};
use serde::Serialize;

use super::json_body;
use super::json_body::Serialized;
use crate::error::{ApiError, ApiResult};

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

/// `value` as JSON text. Only a map whose keys are not strings, or a failing `Serialize`,
/// fails: a bug, answered as a 500.
fn serialized<T: Serialize>(value: &T) -> ApiResult<Bytes> {
    json_body::to_bytes(value).map_err(ApiError::internal)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[tokio::test]
    async fn answers_the_value_as_json() {
        let resp = Json(serde_json::json!({"key": "SUCCESS", "n": [1, 2]})).into_response();
        assert_eq!(resp.status(), axum::http::StatusCode::OK);
        assert_eq!(
            resp.headers()[axum::http::header::CONTENT_TYPE],
            "application/json"
        );
        let body = axum::body::to_bytes(resp.into_body(), usize::MAX)
            .await
            .expect("a body in memory");
        assert_eq!(&body[..], br#"{"key":"SUCCESS","n":[1,2]}"#);
    }
}
