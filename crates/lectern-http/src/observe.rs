//! Request ids, structured request logs and Prometheus counters for every request.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use axum::extract::{MatchedPath, Request, State};
use axum::http::{HeaderName, HeaderValue, Method};
use axum::middleware::Next;
use axum::response::Response;
use metrics::{Counter, Histogram};

const REQUEST_ID: HeaderName = HeaderName::from_static("x-request-id");
/// An answer slower than this is logged whatever its status.
const SLOW: std::time::Duration = std::time::Duration::from_millis(500);

/// The request's id: the caller's `x-request-id` if it sent one, else a new one, set on the
/// request so that what serves it (the log line below) reads the same.
pub fn request_id(req: &mut Request) -> HeaderValue {
    if let Some(id) = req.headers().get(&REQUEST_ID) {
        return id.clone();
    }
    let id = HeaderValue::from_str(&lectern_domain::ids::new_id())
        .unwrap_or_else(|_| HeaderValue::from_static("unnamed"));
    req.headers_mut().insert(REQUEST_ID, id.clone());
    id
}

/// Echoes the request's id on its answer, unless what answered set one.
pub fn echo_request_id(response: &mut Response, id: HeaderValue) {
    response.headers_mut().entry(REQUEST_ID).or_insert(id);
}

/// The counter and histogram of each route, method and status, registered once: looking a
/// labelled series up in the recorder (labels built, hashed and found under its lock) for every
/// answer cost as much as the rest of this layer.
#[derive(Default)]
pub struct RequestMetrics {
    by_route: RwLock<HashMap<Box<str>, Vec<Series>>>,
}

struct Series {
    method: &'static str,
    status: u16,
    count: Counter,
    duration: Histogram,
}

impl RequestMetrics {
    fn record(&self, method: &Method, route: &str, status: u16, elapsed: Duration) {
        let method = method_label(method);
        let seconds = elapsed.as_secs_f64();
        let known = |all: &Vec<Series>| {
            all.iter()
                .find(|s| s.status == status && s.method == method)
                .map(|s| {
                    s.count.increment(1);
                    s.duration.record(seconds);
                })
        };
        if let Ok(by_route) = self.by_route.read()
            && by_route.get(route).and_then(known).is_some()
        {
            return;
        }
        let series = Series::register(method, route, status);
        series.count.increment(1);
        series.duration.record(seconds);
        if let Ok(mut by_route) = self.by_route.write() {
            by_route.entry(route.into()).or_default().push(series);
        }
    }
}

impl Series {
    fn register(method: &'static str, route: &str, status: u16) -> Self {
        let route_label = route.to_owned();
        Series {
            method,
            status,
            count: metrics::counter!("lectern_http_requests_total", "method" => method, "route" => route_label.clone(), "status" => status.to_string()),
            duration: metrics::histogram!("lectern_http_request_duration_seconds", "method" => method, "route" => route_label),
        }
    }
}

/// The method as a label; any method HTTP does not define is `OTHER`, so that made-up methods
/// cannot make series without end.
fn method_label(method: &Method) -> &'static str {
    const DEFINED: [&str; 9] = [
        "GET", "HEAD", "POST", "PUT", "DELETE", "PATCH", "OPTIONS", "CONNECT", "TRACE",
    ];
    DEFINED
        .into_iter()
        .find(|m| *m == method.as_str())
        .unwrap_or("OTHER")
}

/// A log line (see below) and one sample per request, labelled by route pattern (never by raw
/// path, which would carry identifiers and make the series unbounded).
pub async fn record(
    State(metrics): State<Arc<RequestMetrics>>,
    req: Request,
    next: Next,
) -> Response {
    let started = Instant::now();
    let method = req.method().clone();
    let route = req.extensions().get::<MatchedPath>().cloned();
    let route = route.as_ref().map_or("unmatched", MatchedPath::as_str);
    // A header value's clone shares its bytes.
    let request_id = req.headers().get(&REQUEST_ID).cloned();
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
    metrics.record(&method, route, status, elapsed);
    resp
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn made_up_methods_share_one_label() {
        assert_eq!(method_label(&Method::GET), "GET");
        assert_eq!(method_label(&Method::DELETE), "DELETE");
        let made_up = Method::from_bytes(b"BREW").expect("a token is a method");
        assert_eq!(method_label(&made_up), "OTHER");
    }
}
