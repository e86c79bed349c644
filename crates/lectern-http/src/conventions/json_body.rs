//! JSON text as every answer carries it, the errors' included. axum's `Json` writes through a
//! `BytesMut` that starts at 128 bytes, so a resource of a kilobyte or two grows its buffer
//! several times and pays a call per fragment serde_json writes; a profile of
//! `GET /v2/myAccount` found a fifth of the server's own time there (`docs/benchmarks.md`,
//! "Foundation"). This writes into a `Vec` sized for most resources at once.

use axum::body::Bytes;
use axum::http::{HeaderValue, header};
use axum::response::{IntoResponse, Response};
use serde::Serialize;

/// Most single resources fit; a page of titles grows the buffer a few times, which its own
/// serialization dwarfs.
const INITIAL_CAPACITY: usize = 2048;

/// `value` as JSON text.
pub fn to_bytes<T: Serialize>(value: &T) -> Result<Bytes, serde_json::Error> {
    let mut body = Vec::with_capacity(INITIAL_CAPACITY);
    serde_json::to_writer(&mut body, value)?;
    Ok(Bytes::from(body))
}

/// A JSON answer serialized before.
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
