//! Listening to the library's narration beside the text: `GET /{site}/read/{grant}/{n}/listen`
//! shows part n with the narration's player (`reader::listen`), or, while the narration is
//! made, a page that says so and asks again; `GET /{site}/read/{grant}/narration/{file}` is
//! one of its MP3s, with ranges for seeking. Without JavaScript the part's MP3s are the
//! browser's own players; with it (`assets/listen.js`) one player follows the text, the
//! paragraph being read highlighted, from the clips written into the page.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use lectern_domain::invalid::Why;
use serde_json::json;

use lectern_jobs::derive::{KeptNarration, Spoken};
use lectern_operations::listening;

use super::reading_book::{listen_path, part_path};
use crate::conventions::links::segment;
use crate::error::{ApiError, ApiResult};
use crate::i18n::Lang;
use crate::pages::render::{Chrome, Section, page, wants_json};
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use crate::streaming::{granted, kept_privately, ranged};

/// The narration's player on a part's page.
pub(super) struct Listen {
    /// The MP3s this part is heard in, each with its address and what it is called.
    pub tracks: Vec<Track>,
    /// The part's clips for the page's script, as JSON that holds no `<` (safe in a script
    /// element).
    pub clips: String,
    /// The part without the narration.
    pub read: String,
}

pub(super) struct Track {
    pub src: String,
    pub label: String,
}

impl Listen {
    /// Part `n`'s player: its clips, the MP3s they are in, and where listening goes on after
    /// it (part `n + 1`'s player, if the book has one).
    pub(super) fn of(
        kept: &KeptNarration,
        (site, grant, lang): (&WebSite, &str, Lang),
        n: usize,
        next: Option<usize>,
    ) -> Listen {
        let heard = &kept.listening;
        let mut files: Vec<usize> = heard.of_part(n).map(|c| c.section).collect();
        files.dedup();
        let clips: Vec<_> = heard
            .of_part(n)
            .map(|c| {
                let file = files.iter().position(|&f| f == c.section).unwrap_or(0);
                let (kind, page) = match &c.spoken {
                    Spoken::Heading => ("heading", None),
                    Spoken::Paragraph => ("paragraph", None),
                    Spoken::Image => ("image", None),
                    Spoken::Page(number) => ("page", Some(number.as_str())),
                };
                json!([file, seconds(c.begin), seconds(c.end), c.steps, kind, page])
            })
            .collect();
        let count = files.len();
        let tracks = files
            .iter()
            .enumerate()
            .map(|(i, &section)| Track {
                src: mp3_path(site, grant, &heard.files[section]),
                label: lang.t_numbers(
                    "reader-track",
                    &[("n", i as u32 + 1), ("count", count as u32)],
                ),
            })
            .collect::<Vec<_>>();
        let script = json!({
            "files": tracks.iter().map(|t| t.src.as_str()).collect::<Vec<_>>(),
            "clips": clips,
            "next": next.map(|m| listen_path(site, grant, m)),
        });
        Listen {
            tracks,
            clips: script.to_string().replace('<', "\\u003c"),
            read: part_path(site, grant, n),
        }
    }
}

/// Seconds to the millisecond: the clips' times as a player can reach them.
fn seconds(s: f64) -> f64 {
    (s * 1000.0).round() / 1000.0
}

fn mp3_path(site: &WebSite, grant: &str, name: &str) -> String {
    site.path(&format!(
        "/read/{}/narration/{}",
        segment(grant),
        segment(name)
    ))
}

#[derive(Template)]
#[template(path = "web/reader_narration_wait.html")]
struct WaitPage<'a> {
    chrome: &'a Chrome,
    book_title: &'a str,
    here: String,
    read: String,
    /// That the narration is being made, and about how long it takes, in words.
    wait: String,
}

/// The page of a narration being made: it says so, and asks again (with JavaScript, by itself;
/// without, by a button). Asked for as JSON, where it stands.
pub(super) fn being_made(
    (site, visitor): (&WebSite, &Visitor),
    (grant, n): (&str, usize),
    book_title: &str,
    seconds: u64,
    headers: &HeaderMap,
) -> Response {
    let here = listen_path(site, grant, n);
    if wants_json(headers) {
        return crate::conventions::json::Json(json!({ "status": "preparing" })).into_response();
    }
    let chrome = Chrome::of(site, visitor, &here, Section::Books);
    let seconds = u32::try_from(seconds).unwrap_or(u32::MAX);
    page(
        StatusCode::OK,
        &WaitPage {
            chrome: &chrome,
            book_title,
            here,
            read: part_path(site, grant, n),
            wait: visitor
                .lang
                .t_numbers("reader-narration-wait", &[("seconds", seconds)]),
        },
        visitor,
    )
}

/// The narration made, asked for as JSON by the waiting page's script: where to listen.
pub(super) fn made_json(site: &WebSite, grant: &str, n: usize) -> Response {
    let href = listen_path(site, grant, n);
    crate::conventions::json::Json(json!({ "status": "ready", "href": href })).into_response()
}

/// `GET /{site}/read/{grant}/narration/{file}`: one of the narration's MP3s.
pub async fn mp3(
    State(state): State<AppState>,
    Path((_, grant, name)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let opened = granted(&state, &grant).await?;
    let bytes = listening::mp3(&state, &opened, &name)
        .await?
        .ok_or_else(|| {
            ApiError::not_found(
                Why::of(
                    "absent-narration-file",
                    format!("The narration has no file '{name}'"),
                )
                .with("name", &name),
            )
        })?;
    let mut resp = ranged(bytes, &headers);
    let h = resp.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static("audio/mpeg"));
    kept_privately(h);
    Ok(resp)
}
