//! Listening to the library's own recording of a title: `GET /{site}/read/{grant}/recording`
//! lists its headings and print pages, each a link that plays the recording from its place (a
//! media fragment, `#t=`, which the browser's own player honours without JavaScript); with
//! JavaScript, `assets/listen.js` plays the whole book in one player, the heading or page being
//! heard highlighted, moving by heading and page. `GET /{site}/read/{grant}/recording/{n}` is
//! its n-th track, read a part at a time.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::{HeaderMap, HeaderValue, StatusCode, header};
use axum::response::Response;
use lectern_domain::catalog::artifact::NarratorType;
use lectern_domain::invalid::Why;
use lectern_jobs::recording::{MarkKind, Recording};
use lectern_operations::recording::{self, About};
use serde_json::json;

use super::reading_book::Look;
use crate::conventions::links::segment;
use crate::error::{ApiError, ApiResult};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Here, WebSite};
use crate::state::AppState;
use crate::streaming::{granted, kept_privately, ranged_by_parts};

#[derive(Template)]
#[template(path = "web/reader_recording.html")]
struct RecordingPage<'a> {
    chrome: &'a Chrome,
    book_title: &'a str,
    read_by: String,
    marks: Vec<Shown>,
    /// The clips for the page's script, as JSON that holds no `<`.
    clips: String,
    look: Look,
}

/// A heading or print page as the page lists it.
struct Shown {
    id: String,
    /// The heading's element (`h3`..`h6`); `None` for a print page.
    heading: Option<String>,
    label: String,
    /// Its place in the recording: the track at that second, and the clip the script plays.
    href: Option<String>,
    clip: usize,
}

/// The page of a recording, below its reading link.
pub(super) fn recording_path(site: &WebSite, grant: &str) -> String {
    site.path(&format!("/read/{}/recording", segment(grant)))
}

/// A track's address relative to the recording's page, which then holds nothing of one
/// listener's link.
fn track_href(track: usize) -> String {
    format!("recording/{}", track + 1)
}

/// `GET /{site}/read/{grant}/recording`: the recording's headings and pages, with its player.
pub async fn show(
    State(state): State<AppState>,
    Path((_, grant)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let opened = granted(&state, &grant).await?;
    let heard = recording::heard(&state, &opened).await?;
    let About { title, narrator } = recording::about(&state, &opened).await?;
    let (site, visitor) = (&here.site, &here.visitor);
    let (marks, clips) = listed(&heard);
    let here_path = recording_path(site, &grant);
    let chrome = Chrome::of(site, visitor, &here_path, Section::Books);
    let mut look = Look::of(site, visitor, &grant, 1);
    // The reading settings are set beside a book's text; the recording's page takes them.
    look.settings = None;
    let lang = visitor.lang;
    let read_by = match narrator {
        Some(n) if n.kind == NarratorType::Tts => {
            lang.t_work("reader-read-by-synthetic", "name", &n.name)
        }
        Some(n) => lang.t_work("reader-read-by", "name", &n.name),
        None => crate::i18n::escaped(&lang.t("reader-library-recording")),
    };
    Ok(page(
        StatusCode::OK,
        &RecordingPage {
            chrome: &chrome,
            book_title: &title,
            read_by,
            marks,
            clips,
            look,
        },
        visitor,
    ))
}

/// The marks as listed, and the clips the script follows: one for each stretch a mark is heard
/// in (the ones after its first are `more` of it), and one of no length where a mark is heard
/// from the next one's place.
fn listed(heard: &Recording) -> (Vec<Shown>, String) {
    let mut marks = Vec::with_capacity(heard.marks.len());
    let mut clips = Vec::new();
    for (i, mark) in heard.marks.iter().enumerate() {
        let id = format!("mark-{}", i + 1);
        let (kind, page) = match mark.kind {
            MarkKind::Heading(_) => ("heading", None),
            MarkKind::Page => ("page", Some(mark.label.as_str())),
        };
        let start = heard.start_of(i);
        let clip = clips.len();
        match (mark.heard.as_slice(), start) {
            ([], Some(s)) => clips.push(json!([s.track, s.begin, s.begin, id, kind, page])),
            (stretches, _) => {
                for (j, s) in stretches.iter().enumerate() {
                    let kind = if j == 0 { kind } else { "more" };
                    clips.push(json!([s.track, s.begin, s.end, id, kind, page]));
                }
            }
        }
        marks.push(Shown {
            heading: match mark.kind {
                MarkKind::Heading(level) => Some(format!("h{}", (level + 2).min(6))),
                MarkKind::Page => None,
            },
            label: mark.label.clone(),
            href: start.map(|s| format!("{}#t={}", track_href(s.track), s.begin)),
            clip,
            id,
        });
    }
    let files: Vec<_> = (0..heard.tracks.len()).map(track_href).collect();
    let script = json!({ "files": files, "clips": clips, "next": null });
    (marks, script.to_string().replace('<', "\\u003c"))
}

/// `GET /{site}/read/{grant}/recording/{n}`: the recording's n-th track, from 1, with ranges.
pub async fn track(
    State(state): State<AppState>,
    Path((_, grant, n)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let opened = granted(&state, &grant).await?;
    let no_track = || {
        ApiError::not_found(
            Why::of(
                "absent-track-number",
                format!("The recording has no track {n}"),
            )
            .with("number", &n),
        )
    };
    let index = n
        .parse::<usize>()
        .ok()
        .and_then(|n| n.checked_sub(1))
        .ok_or_else(no_track)?;
    let track = recording::track(&state, &opened, index)
        .await?
        .ok_or_else(no_track)?;
    let media_type = track.media_type();
    let reading = (state.clone(), track.clone());
    let mut resp = ranged_by_parts(track.size, &headers, move |range| {
        let (state, track) = reading.clone();
        async move {
            recording::track_part(&state, &track, range)
                .await
                .map_err(|e| std::io::Error::other(format!("{e:?}")))
        }
    });
    let h = resp.headers_mut();
    h.insert(header::CONTENT_TYPE, HeaderValue::from_static(media_type));
    kept_privately(h);
    Ok(resp)
}
