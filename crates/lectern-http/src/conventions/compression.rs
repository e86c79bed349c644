//! Answers compressed (gzip or Brotli, as the client's `Accept-Encoding` prefers) by tower-http:
//! text that compresses (JSON, OPDS feeds, pages, stylesheets and scripts) and nothing else.
//! Files are zips, MP3s and images already compressed, and the framework's plain-text errors
//! are read back by the edge to put them in the envelope.

use axum::http::header;
use tower_http::compression::predicate::{Predicate, SizeAbove};
use tower_http::compression::{CompressionLayer, DefaultPredicate};

/// Media types worth compressing; each answer's `Content-Type` starts with one of them.
const TEXT: [&str; 8] = [
    "application/json",
    "application/opds+json",
    "application/opds-authentication+json",
    "application/atom+xml",
    "application/opensearchdescription+xml",
    "text/html",
    "text/css",
    "text/javascript",
];

/// Compresses what is text, beyond a few hundred bytes (smaller gains nothing).
#[derive(Clone, Copy)]
pub struct TextOnly;

impl Predicate for TextOnly {
    fn should_compress<B>(&self, response: &axum::http::Response<B>) -> bool
    where
        B: axum::body::HttpBody,
    {
        let text = response
            .headers()
            .get(header::CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|t| TEXT.iter().any(|m| t.starts_with(m)));
        text && DefaultPredicate::new()
            .and(SizeAbove::new(256))
            .should_compress(response)
    }
}

pub fn layer() -> CompressionLayer<TextOnly> {
    CompressionLayer::new().compress_when(TextOnly)
}
