//! The one layer around the whole application: what every request gets before it is routed and
//! every answer after, whatever route (or none) served it.
//!
//! Before: its request id (kept if sent), a path that decodes to a control character refused
//! (400 naming `path`: no route's segment may hold one), and the deprecated `/v2/myaccount`
//! spelling rewritten.
//! After: the caches a write may have made stale start a new generation, a framework error gets
//! the error envelope, and the request id is echoed.
//!
//! These were five layers of `from_fn` and tower-http around a second router; each cloned and
//! boxed the service inside it and boxed its future for every request, which came to a third of
//! what a signed-in read costs beyond a bare handler (`docs/benchmarks.md`, "Foundation"). Here
//! they are steps of one service with one boxed future. The steps themselves stay in their own
//! modules.

use std::convert::Infallible;
use std::future::Future;
use std::pin::Pin;
use std::task::{Context, Poll};

use axum::extract::Request;
use axum::response::{IntoResponse, Response};
use tower::{Layer, Service};

use super::stale_after_writes::{self, StaleAfterWrites};
use super::{aliases, json_errors};
use crate::observe;

/// Wraps a service (the application's router) in [`Edge`].
#[derive(Clone)]
pub struct EdgeLayer {
    caches: StaleAfterWrites,
    https: bool,
}

impl EdgeLayer {
    /// `caches`: what a write on this node may make stale; `https`: whether the public address
    /// is, in which case every answer says browsers are to keep to it (HSTS).
    pub fn new(caches: StaleAfterWrites, https: bool) -> Self {
        EdgeLayer { caches, https }
    }
}

impl<S> Layer<S> for EdgeLayer {
    type Service = Edge<S>;
    fn layer(&self, inner: S) -> Edge<S> {
        Edge {
            inner,
            caches: self.caches.clone(),
            https: self.https,
        }
    }
}

#[derive(Clone)]
pub struct Edge<S> {
    inner: S,
    caches: StaleAfterWrites,
    https: bool,
}

/// A year, as HSTS is commonly given (RFC 6797).
const HSTS: &str = "max-age=31536000";

impl<S> Service<Request> for Edge<S>
where
    S: Service<Request, Response = Response, Error = Infallible> + Clone + Send + 'static,
    S::Future: Send + 'static,
{
    type Response = Response;
    type Error = Infallible;
    type Future = Pin<Box<dyn Future<Output = Result<Response, Infallible>> + Send>>;

    fn poll_ready(&mut self, cx: &mut Context<'_>) -> Poll<Result<(), Infallible>> {
        self.inner.poll_ready(cx)
    }

    fn call(&mut self, mut req: Request) -> Self::Future {
        let request_id = observe::request_id(&mut req);
        aliases::rewrite(&mut req);
        let method = req.method().clone();
        let token_server = json_errors::is_token_server(req.uri().path());
        // The service polled ready is the one to call; a clone takes its place for the next.
        let ready = self.inner.clone();
        let mut inner = std::mem::replace(&mut self.inner, ready);
        let caches = self.caches.clone();
        let https = self.https;
        let refused = path_refusal(req.uri().path());
        Box::pin(async move {
            if let Some(refused) = refused {
                let mut response = refused.into_response();
                observe::echo_request_id(&mut response, request_id);
                return Ok(response);
            }
            let Ok(response) = inner.call(req).await;
            stale_after_writes::after_answer(&caches, &method, &response);
            let mut response = json_errors::envelope(&method, token_server, response).await;
            observe::echo_request_id(&mut response, request_id);
            if https {
                response.headers_mut().insert(
                    axum::http::header::STRICT_TRANSPORT_SECURITY,
                    axum::http::HeaderValue::from_static(HSTS),
                );
            }
            Ok(response)
        })
    }
}

/// A 400 for a path whose percent-decoded segments hold a control character (`%00` in a title's
/// id), before any route reads them.
fn path_refusal(path: &str) -> Option<crate::error::ApiError> {
    if !path.contains('%') {
        return None;
    }
    let decoded = percent_encoding::percent_decode_str(path).decode_utf8_lossy();
    super::params::text_without_controls("path", &decoded)
        .err()
        .map(crate::error::ApiError::from)
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use axum::Router;
    use axum::body::Body;
    use axum::extract::Request;
    use axum::routing::get;
    use tower::{Layer, ServiceExt};

    use super::EdgeLayer;

    async fn hsts(https: bool, path: &str) -> Option<String> {
        let edge = EdgeLayer::new(Arc::new([]), https);
        let app = edge.layer(Router::new().route("/v2/x", get(|| async {})));
        let request = Request::builder().uri(path).body(Body::empty()).unwrap();
        let response = app.oneshot(request).await.unwrap();
        response
            .headers()
            .get("strict-transport-security")
            .map(|v| v.to_str().unwrap().to_owned())
    }

    #[tokio::test]
    async fn an_https_library_tells_browsers_to_keep_to_https() {
        assert_eq!(
            hsts(true, "/v2/x").await.as_deref(),
            Some("max-age=31536000")
        );
        assert_eq!(
            hsts(true, "/nowhere").await.as_deref(),
            Some("max-age=31536000")
        );
        assert_eq!(hsts(false, "/v2/x").await, None);
    }
}
