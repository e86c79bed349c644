//! Reading a multipart form's parts within the body's limit.

use axum::body::Bytes;
use axum::extract::multipart::Field;
use axum::http::StatusCode;

use crate::error::{ApiError, ApiResult};

/// The bytes of the part named `name`: a body over its limit is `too_large` (413), anything
/// else that cannot be read is that part's fault.
pub async fn field_bytes(
    field: Field<'_>,
    name: &str,
    too_large: impl Fn() -> ApiError,
) -> ApiResult<Bytes> {
    field.bytes().await.map_err(|e| {
        if e.status() == StatusCode::PAYLOAD_TOO_LARGE {
            too_large()
        } else {
            ApiError::bad_param(name, e.body_text())
        }
    })
}
