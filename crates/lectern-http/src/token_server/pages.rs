//! The token server's HTML: rendering and the headers every page carries.

use askama::Template;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};

use crate::html::html_with_policy;

pub const STYLESHEET_PATH: &str = "/oauth/assets/lectern.css";

#[derive(Template)]
#[template(path = "login.html")]
pub struct LoginPage<'a> {
    /// The page's language.
    pub lang: crate::i18n::Lang,
    pub stylesheet: &'a str,
    pub action: &'a str,
    pub client_name: &'a str,
    pub csrf: &'a str,
    pub username: &'a str,
    pub has_errors: bool,
    pub username_error: Option<&'a str>,
    pub password_error: Option<&'a str>,
    pub form_error: Option<&'a str>,
    /// Where the web pages' sign-in goes afterwards.
    pub next: Option<&'a str>,
}

#[derive(Template)]
#[template(path = "consent.html")]
pub struct ConsentPage<'a> {
    pub lang: crate::i18n::Lang,
    pub stylesheet: &'a str,
    pub action: &'a str,
    pub client_name: &'a str,
    pub user_display: &'a str,
    pub csrf: &'a str,
}

#[derive(Template)]
#[template(path = "error.html")]
pub struct ErrorPage<'a> {
    /// The browser's language (`Accept-Language`): an error may come before the app, and so
    /// its library, is known.
    pub lang: crate::i18n::Lang,
    pub stylesheet: &'a str,
    /// The heading's and the message's keys.
    pub heading: &'a str,
    pub message: &'a str,
}

/// The pages' content security policy: nothing but our own stylesheet and images, no frames,
/// and forms that post only here.
const POLICY: &str = "default-src 'none'; style-src 'self'; img-src 'self'; frame-ancestors 'none'; base-uri 'none'; form-action 'self'";

/// A rendered page with the headers that keep it out of frames, caches and referrers.
pub fn html(status: StatusCode, page: &impl Template) -> Response {
    html_with_policy(
        status,
        page,
        HeaderValue::from_static(POLICY),
        "no-referrer",
    )
}

/// A page whose form is answered with a redirect to the client (the consent page): browsers
/// hold that redirect to `form-action` too, so the client's redirect URI is allowed beside our
/// own origin, and nothing else.
pub fn html_posting_to(status: StatusCode, page: &impl Template, redirect_uri: &str) -> Response {
    let policy = form_target(redirect_uri)
        .and_then(|target| HeaderValue::from_str(&format!("{POLICY} {target}")).ok())
        .unwrap_or(HeaderValue::from_static(POLICY));
    html_with_policy(status, page, policy, "no-referrer")
}

/// The CSP source naming where a redirect URI points: its origin, or for an app's own scheme
/// (`org.example.reader:/cb`) the scheme.
fn form_target(redirect_uri: &str) -> Option<String> {
    let url = url::Url::parse(redirect_uri).ok()?;
    match url.origin() {
        url::Origin::Tuple(..) => Some(url.origin().ascii_serialization()),
        url::Origin::Opaque(_) => Some(format!("{}:", url.scheme())),
    }
}

/// An error page, its heading and message the messages `heading` and `message`, in the language
/// the browser asks for.
pub fn error_page(status: StatusCode, stylesheet: &str, heading: &str, message: &str) -> Response {
    html(
        status,
        &ErrorPage {
            lang: crate::i18n::asked(),
            stylesheet,
            heading,
            message,
        },
    )
}

/// The pages' stylesheet.
#[utoipa::path(get, path = "/oauth/assets/lectern.css", tag = "oauth",
    responses((status = 200, description = "The stylesheet of the sign-in pages", content_type = "text/css")))]
pub async fn stylesheet() -> Response {
    (
        [
            (header::CONTENT_TYPE, "text/css; charset=utf-8"),
            (header::CACHE_CONTROL, "public, max-age=3600"),
            (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
        ],
        include_str!("../../assets/lectern.css"),
    )
        .into_response()
}

#[cfg(test)]
mod tests {
    use super::form_target;

    #[test]
    fn the_stylesheet_lays_out_by_logical_sides_so_arabic_pages_mirror() {
        let css = include_str!("../../assets/lectern.css");
        // Comments aside, no property or value names a physical side (`padding-left`,
        // `left:`, `text-align: right`): an Arabic page, `dir="rtl"`, lays out from the right.
        let mut rules = String::new();
        let mut rest = css;
        while let Some(at) = rest.find("/*") {
            rules.push_str(&rest[..at]);
            rest = rest[at..]
                .find("*/")
                .map_or("", |end| &rest[at + end + 2..]);
        }
        rules.push_str(rest);
        for side in ["left", "right"] {
            assert!(!rules.contains(side), "the stylesheet names `{side}`");
        }
    }

    #[test]
    fn a_redirect_uri_is_allowed_as_its_origin_or_scheme() {
        assert_eq!(
            form_target("https://app.example:8443/cb?x=1").as_deref(),
            Some("https://app.example:8443")
        );
        assert_eq!(
            form_target("org.example.reader:/cb").as_deref(),
            Some("org.example.reader:")
        );
        assert_eq!(form_target("not a uri"), None);
    }
}
