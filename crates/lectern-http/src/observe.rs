//! Request ids, structured request logs and Prometheus counters for every request.

use std::time::Instant;

use axum::extract::{MatchedPath, Request};
use axum::http::HeaderValue;
use axum::middleware::Next;
use axum::response::Response;
use tower_http::request_id::{
    MakeRequestId, PropagateRequestIdLayer, RequestId, SetRequestIdLayer,
};

const REQUEST_ID: &str = "x-request-id";
/// An answer slower than this is logged whatever its status.
const SLOW: std::time::Duration = std::time::Duration::from_millis(500);

#[derive(Clone, Copy)]
pub struct NewRequestId;

impl MakeRequestId for NewRequestId {
    fn make_request_id<B>(&mut self, _: &axum::http::Request<B>) -> Option<RequestId> {
        HeaderValue::from_str(&lectern_domain::ids::new_id())
            .ok()
            .map(RequestId::new)
    }
}

/// Gives each request an `x-request-id` (kept if the caller sent one) and echoes it back.
pub fn request_ids()
-> tower::layer::util::Stack<PropagateRequestIdLayer, SetRequestIdLayer<NewRequestId>> {
    let name = axum::http::HeaderName::from_static(REQUEST_ID);
    tower::layer::util::Stack::new(
        PropagateRequestIdLayer::new(name.clone()),
        SetRequestIdLayer::new(name, NewRequestId),
    )
}

/// A log line (see below) and one sample per request, labelled by route pattern (never by raw path, which
/// would carry identifiers and make the series unbounded).
pub async fn record(req: Request, next: Next) -> Response {
    let started = Instant::now();
    let method = req.method().to_string();
    let route = req
        .extensions()
        .get::<MatchedPath>()
        .map_or_else(|| "unmatched".to_owned(), |p| p.as_str().to_owned());
    // A header value's clone shares its bytes.
    let request_id = req.headers().get(REQUEST_ID).cloned();
    let resp = next.run(req).await;
    let request_id = request_id
        .as_ref()
        .and_then(|v| v.to_str().ok())
        .unwrap_or("");
    let status = resp.status().as_u16();
    let elapsed = started.elapsed();
    let elapsed_ms = elapsed.as_secs_f64() * 1e3;
    macro_rules! log_request {
        ($level:expr) => {
            tracing::event!(target: "lectern::http", $level, %method, %route, status, elapsed_ms, %request_id, "request")
        };
    }
    // A line for every answer cost a seventh of a signed-in read (`docs/benchmarks.md`), and the
    // counters below already count each one; so by default only what an operator acts on is
    // written, and `RUST_LOG=lectern::http=debug` writes the rest.
    if status >= 500 {
        log_request!(tracing::Level::WARN);
    } else if status >= 400 || elapsed >= SLOW {
        log_request!(tracing::Level::INFO);
    } else {
        log_request!(tracing::Level::DEBUG);
    }
    metrics::counter!("lectern_http_requests_total", "method" => method.clone(), "route" => route.clone(), "status" => status.to_string())
        .increment(1);
    metrics::histogram!("lectern_http_request_duration_seconds", "method" => method, "route" => route).record(elapsed.as_secs_f64());
    resp
}
