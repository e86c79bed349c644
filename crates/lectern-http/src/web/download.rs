//! Downloading from a title's page: the form (a POST with the page's token) asks for the format
//! as the API's download does (`GET /v2/titles/{serviceId}/{format}`: the same rules, allowance
//! and package); a package's page only looks (a GET never starts or counts one), and one
//! being prepared says so, in a live region a little script updates,
//! and with a "Check again" button that does the same without it (never a timed refresh, which
//! WCAG 2.2.1 fails).

use askama::Template;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use lectern_domain::invalid::Why;
use lectern_operations::absences;
use serde_json::json;

use super::catalog::title_path;
use crate::downloads::parse_format;
use crate::downloads::title_download;
use crate::downloads::{Asking, NOT_REQUESTED};
use crate::error::{ApiError, ApiResult};
use crate::i18n::format_name;
use crate::pages::forms::Posted;
use crate::pages::render::{Chrome, Section, page, see_other, wants_json};
use crate::pages::session::Here;
use crate::state::AppState;
use lectern_domain::catalog::{Format, TitleRecord};

#[derive(Template)]
#[template(path = "web/download.html")]
struct PackagePage<'a> {
    chrome: &'a Chrome,
    title_href: &'a str,
    format_code: &'static str,
    /// What the page says, in its language.
    words: PackageWords,
    /// The file's address once it is ready.
    file: Option<String>,
    /// Whether a package has been asked for; if not, the page offers the form that asks.
    asked: bool,
    here: &'a str,
    /// Where the form that starts a package posts.
    start: &'a str,
}

/// The words of a package's page; `heading` and `back` are HTML (the title marked with its
/// language where that is not the page's).
struct PackageWords {
    page_title: String,
    heading: String,
    ready: String,
    link: String,
    preparing: String,
    not_asked: String,
    ask: String,
    back: String,
}

impl PackageWords {
    fn of(chrome: &Chrome, record: &TitleRecord, format: Format, state: &str) -> PackageWords {
        let lang = chrome.lang;
        let name = format_name(lang, format);
        let title = record.title.as_str();
        let title_lang = super::catalog::title_lang(record);
        let with_format = |key: &str| lang.t_with(key, &[("format", &name)]);
        PackageWords {
            page_title: lang.t_with(state, &[("title", title), ("format", &name)]),
            heading: lang.t_marked("download-heading", "title", title, &title_lang),
            ready: with_format("download-ready"),
            link: with_format("download-link"),
            preparing: with_format("download-preparing"),
            not_asked: with_format("download-not-asked"),
            ask: with_format("download-ask"),
            back: lang.t_marked("download-back", "title", title, &title_lang),
        }
    }
}

/// `POST /{site}/titles/{serviceId}/download`: a ready package is the file straight away;
/// one being prepared, its page.
pub async fn start(
    State(state): State<AppState>,
    Path((_, service_id)): Path<(String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let format = form
        .one("format")?
        .filter(|f| !f.is_empty())
        .ok_or_else(|| {
            ApiError::bad_param(
                "format",
                Why::of("why-choose-format", "choose the format to download"),
            )
        })?;
    let format = parse_format(format)?;
    let answer = title_download(
        &state,
        &visitor.caller,
        &service_id,
        format.as_str(),
        Asking::Start,
    )
    .await?;
    let status_page = format!(
        "{}/download/{}",
        title_path(&site, &service_id),
        format.as_str()
    );
    Ok(match answer.status() {
        StatusCode::FOUND => see_other(&location(&answer)?, &visitor.set_cookies),
        _ => see_other(&status_page, &visitor.set_cookies),
    })
}

/// `GET /{site}/titles/{serviceId}/download/{format}`: how the package is coming along; as JSON
/// for the page's script (`Accept: application/json`).
pub async fn status(
    State(state): State<AppState>,
    Path((_, service_id, format)): Path<(String, String, String)>,
    here: Here,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let format = parse_format(&format)?;
    // A GET only looks: a link on another site can make a signed-in browser send one, and it
    // must not spend the reader's allowance. The title page's form (a POST) starts a package.
    let answer = match title_download(
        &state,
        &visitor.caller,
        &service_id,
        format.as_str(),
        Asking::Look,
    )
    .await
    {
        Err(e) if e.key == NOT_REQUESTED => None,
        answer => Some(answer?),
    };
    // The download has checked that the caller may see the title: its record is the cache's.
    let record = state
        .titles
        .record(&state.store, &service_id)
        .await?
        .ok_or_else(|| ApiError::from(absences::title(&service_id)))?;
    let file = match &answer {
        Some(a) if a.status() == StatusCode::FOUND => Some(location(a)?),
        _ => None,
    };
    let asked = answer.is_some();
    if wants_json(&headers) {
        let body = match (&file, asked) {
            (Some(href), _) => json!({ "status": "ready", "href": href }),
            (None, true) => json!({ "status": "preparing" }),
            (None, false) => json!({ "status": "notRequested" }),
        };
        let mut resp = crate::conventions::json::Json(body).into_response();
        resp.headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-store"));
        return Ok(resp);
    }
    let title_href = title_path(&site, &service_id);
    let here = format!("{title_href}/download/{}", format.as_str());
    let chrome = Chrome::of(&site, &visitor, &here, Section::Other);
    let state_words = match (&file, asked) {
        (Some(_), _) => "download-ready-title",
        (None, true) => "download-preparing-title",
        (None, false) => "download-not-asked-title",
    };
    Ok(page(
        StatusCode::OK,
        &PackagePage {
            words: PackageWords::of(&chrome, &record, format, state_words),
            chrome: &chrome,
            title_href: &title_href,
            format_code: format.as_str(),
            file,
            asked,
            here: &here,
            start: &format!("{title_href}/download"),
        },
        &visitor,
    ))
}

fn location(answer: &Response) -> ApiResult<String> {
    answer
        .headers()
        .get(header::LOCATION)
        .and_then(|v| v.to_str().ok())
        .map(str::to_owned)
        .ok_or_else(|| ApiError::internal("a ready download without its address"))
}
