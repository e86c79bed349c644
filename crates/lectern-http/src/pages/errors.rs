//! Every refusal of a page is a page: the handlers answer with the API's errors (the same rules,
//! the same words), and this one layer turns each into HTML in the site's frame, with the words
//! the error keeps for people (`error::InWords`). A 401 is the sign-in page, coming back to
//! where the visitor was.

use askama::Template;
use axum::extract::{Path, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::forms::Said;
use super::render::{Chrome, Section, html, page, see_other, sign_in_path};
use super::session::{Visit, WebSite};
use crate::error::InWords;
use crate::i18n::Lang;
use crate::state::AppState;

#[derive(Template)]
#[template(path = "web/error.html")]
pub struct ErrorPage<'a> {
    pub chrome: &'a Chrome,
    /// The key of the heading's message.
    pub heading: &'a str,
    /// The error's own words, in the page's language where the files have them.
    pub messages: &'a [Said],
}

pub async fn as_pages(
    State(state): State<AppState>,
    Path(params): Path<Vec<(String, String)>>,
    visit: Visit,
    request: Request,
    next: Next,
) -> Response {
    let here = request.uri().path_and_query().map_or_else(
        || request.uri().path().to_owned(),
        |p| p.as_str().to_owned(),
    );
    let was_get = request.method() == Method::GET;
    let response = next.run(request).await;
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("application/json"));
    if !(status.is_client_error() || status.is_server_error()) || !is_json {
        return response;
    }
    let Some((_, site_id)) = params.iter().find(|(k, _)| k == "site_id") else {
        return response;
    };
    let Ok(site) = WebSite::named(&state, site_id).await else {
        let chrome = Chrome::lost();
        let messages = messages_of(&response);
        return html(
            status,
            &ErrorPage {
                chrome: &chrome,
                heading: heading(status),
                messages: &messages,
            },
        );
    };
    let retry_after = response.headers().get(header::RETRY_AFTER).cloned();
    let messages = messages_of(&response);
    let Ok(visitor) = site.visitor(&state, &visit).await else {
        return plain(status, &messages);
    };
    if status == StatusCode::UNAUTHORIZED {
        // After a form, back to the page it was on is unknown: the sign-in leads home.
        let back = if was_get { here } else { site.path("/") };
        return see_other(&sign_in_path(&site, &back), &visitor.set_cookies);
    }
    let chrome = Chrome::of(&site, &visitor, &here, Section::Other);
    let mut answer = page(
        status,
        &ErrorPage {
            chrome: &chrome,
            heading: heading(status),
            messages: &messages,
        },
        &visitor,
    );
    if let Some(v) = retry_after {
        answer.headers_mut().insert(header::RETRY_AFTER, v);
    }
    answer
}

/// The key of the heading's message.
fn heading(status: StatusCode) -> &'static str {
    match status {
        StatusCode::NOT_FOUND => "error-not-found",
        StatusCode::FORBIDDEN => "error-forbidden",
        StatusCode::TOO_MANY_REQUESTS => "error-too-many",
        StatusCode::CONFLICT => "error-changed",
        s if s.is_server_error() => "error-went-wrong",
        _ => "form-problem",
    }
}

/// The words the error keeps for people (a refused download's alerts without their codes).
fn messages_of(response: &Response) -> Vec<Said> {
    response
        .extensions()
        .get::<InWords>()
        .map(|w| w.0.iter().cloned().map(Said::refusal).collect())
        .unwrap_or_default()
}

/// The error's words alone, for a visitor whose frame could not be made: in English, which
/// every message has.
fn plain(status: StatusCode, messages: &[Said]) -> Response {
    let english: Vec<String> = messages.iter().map(|m| m.in_language(Lang::En)).collect();
    (status, english.join("\n")).into_response()
}
