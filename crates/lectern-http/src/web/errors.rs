//! Every refusal of a page is a page: the handlers answer with the API's errors (the same rules,
//! the same words), and this one layer turns each into HTML in the site's frame. A 401 is the
//! sign-in page, coming back to where the visitor was.

use askama::Template;
use axum::body::to_bytes;
use axum::extract::{Path, Request, State};
use axum::http::{Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use super::render::{Chrome, Section, html, page, see_other, sign_in_path};
use super::session::{Visit, WebSite};
use crate::state::AppState;

/// An error body is a few messages; anything longer is not ours to show.
const ERROR_BODY_LIMIT: usize = 64 * 1024;

#[derive(Template)]
#[template(path = "web/error.html")]
pub struct ErrorPage<'a> {
    pub chrome: &'a Chrome,
    pub heading: &'a str,
    pub messages: &'a [String],
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
        let messages = messages_of(response).await;
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
    let messages = messages_of(response).await;
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

fn heading(status: StatusCode) -> &'static str {
    match status {
        StatusCode::NOT_FOUND => "Page not found",
        StatusCode::FORBIDDEN => "You cannot do this",
        StatusCode::TOO_MANY_REQUESTS => "Too many requests",
        StatusCode::CONFLICT => "This has changed",
        s if s.is_server_error() => "Something went wrong",
        _ => "There is a problem",
    }
}

/// The messages of the API's error envelope; the alert codes of a refusal (`NO_AGREEMENT: ...`)
/// are left out, since people read the words.
async fn messages_of(response: Response) -> Vec<String> {
    let Ok(body) = to_bytes(response.into_body(), ERROR_BODY_LIMIT).await else {
        return Vec::new();
    };
    let parsed: serde_json::Value = serde_json::from_slice(&body).unwrap_or_default();
    parsed["messages"]
        .as_array()
        .map(|all| {
            all.iter()
                .filter_map(|m| m.as_str())
                .map(|m| in_words(m).to_owned())
                .collect()
        })
        .unwrap_or_default()
}

/// An alert as the API writes it (`CODE: words`) without its code.
pub fn in_words(message: &str) -> &str {
    match message.split_once(": ") {
        Some((code, words))
            if !code.is_empty() && code.bytes().all(|b| b.is_ascii_uppercase() || b == b'_') =>
        {
            words
        }
        _ => message,
    }
}

fn plain(status: StatusCode, messages: &[String]) -> Response {
    (status, messages.join("\n")).into_response()
}

#[cfg(test)]
mod tests {
    use super::in_words;

    #[test]
    fn an_alert_code_is_left_out_and_other_text_kept() {
        assert_eq!(
            in_words("NO_AGREEMENT: Accept the agreement first."),
            "Accept the agreement first."
        );
        assert_eq!(
            in_words("Invalid parameter 'format': no such format"),
            "Invalid parameter 'format': no such format"
        );
    }
}
