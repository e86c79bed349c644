//! HTML answers of the two doors that serve pages (the token server's sign-in and consent, and
//! the readers', sponsors' and staff's pages): rendered on the server, with the headers every
//! page carries.

use askama::Template;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

/// A rendered page with the headers every page carries: this content security policy and
/// referrer policy, no frames, no caching (pages show a person's own names and shelves), no
/// sniffing.
pub fn html_with_policy(
    status: StatusCode,
    page: &impl Template,
    policy: HeaderValue,
    referrer: &'static str,
) -> Response {
    match page.render() {
        Ok(body) => {
            let mut resp = (status, body).into_response();
            let h = resp.headers_mut();
            h.insert(
                header::CONTENT_TYPE,
                HeaderValue::from_static("text/html; charset=utf-8"),
            );
            h.insert(header::CONTENT_SECURITY_POLICY, policy);
            h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
            h.insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
            h.insert(header::REFERRER_POLICY, HeaderValue::from_static(referrer));
            h.insert(
                header::X_CONTENT_TYPE_OPTIONS,
                HeaderValue::from_static("nosniff"),
            );
            resp
        }
        Err(e) => {
            tracing::error!(error = %e, "page failed to render");
            StatusCode::INTERNAL_SERVER_ERROR.into_response()
        }
    }
}
