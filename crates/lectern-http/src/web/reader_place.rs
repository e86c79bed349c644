//! The reader's place in a book read online, kept as the API keeps it: the reading position
//! (`lectern_operations::reading_activity`, the same events an app sends and KOReader's sync
//! reads back in its own terms) and bookmarks (`lectern_operations::marks`). A place is an EPUB
//! CFI (`lectern_jobs::webpub::places`); the chapter writes each paragraph's as `data-cfi`.
//!
//! Without JavaScript, showing a part keeps its start as the reader's place, unless the place
//! kept is already within that part, and "Bookmark this place" marks the part's start. With
//! it, the page's script sends the paragraph the reader is at as they read
//! (`POST …/{n}/place`), resending what a dropped connection lost, and a bookmark marks that
//! paragraph. Opening the book again starts where the place kept is.
//!
//! Highlights are the API's too: a part lists the reader's highlights in it, and the script
//! keeps the text selected as a new one (`POST …/{n}/highlight`, an EPUB CFI range).

use axum::extract::{Path, State};
use axum::http::{HeaderMap, StatusCode};
use axum::response::{IntoResponse, Response};
use lectern_domain::catalog::Format;
use lectern_domain::invalid::Why;
use lectern_domain::reading::HighlightColor;
use lectern_domain::reading::MetricType;
use lectern_jobs::webpub::places::{part_of, part_start};
use lectern_operations::book_cache::Book;
use lectern_operations::marks::{self, HighlightInput, MarkInput};
use lectern_operations::reading_activity::{self, NewReadingEvent};
use lectern_operations::streaming::Opened;
use std::sync::Arc;

use super::reading_book::{part_name, part_number, part_path};
use crate::conventions::links::segment;
use crate::error::{ApiError, ApiResult};
use crate::pages::forms::Posted;
use crate::pages::render::see_other;
use crate::pages::session::{Visitor, WebSite};
use crate::state::AppState;
use crate::streaming::granted;

/// What a part's page needs to keep a signed-in reader's place in a title of the catalog.
pub(super) struct Place {
    /// Where the script sends the place the reader is at.
    pub save: String,
    /// Where "Bookmark this place" posts.
    pub bookmark: String,
    /// Where the script posts the text selected to highlight it.
    pub highlight: String,
    /// The part's start, as a CFI: what a bookmark marks without the script.
    pub start: String,
    /// The part's steps in the spine (`/6/4`), which the script puts before a paragraph's.
    pub spine: String,
    /// What was just done here, said in the page's status message.
    pub done: Option<&'static str>,
}

impl Place {
    pub(super) fn of(site: &WebSite, grant: &str, n: usize, visitor: &Visitor) -> Option<Place> {
        visitor.caller.user()?;
        let base = format!("{}/{n}", site.path(&format!("/read/{}", segment(grant))));
        let done = match visitor.caller.params.one("done") {
            Ok(Some("bookmark")) => Some("reader-done-bookmark"),
            _ => None,
        };
        Some(Place {
            save: format!("{base}/place"),
            bookmark: format!("{base}/bookmark"),
            highlight: format!("{base}/highlight"),
            start: part_start(n),
            spine: format!("/6/{}", 2 * n),
            done,
        })
    }
}

/// Keeps the start of part `n` as the reader's place in `title`, when showing it to them: not
/// for a browser's prefetch (the reader is not there yet), nor when the place kept is already
/// within the part (the reader came back to it, or opened the book there).
pub(super) async fn keep_part_start(
    state: &AppState,
    visitor: &Visitor,
    headers: &HeaderMap,
    (title, n, part_name): (&str, usize, &str),
) -> ApiResult<()> {
    let prefetch = ["sec-purpose", "purpose"].iter().any(|h| {
        headers
            .get(*h)
            .and_then(|v| v.to_str().ok())
            .is_some_and(|v| v.contains("prefetch"))
    });
    if prefetch || visitor.caller.user().is_none() {
        return Ok(());
    }
    let kept = reading_activity::position_of(state, &visitor.caller, title, Format::Epub3).await?;
    if kept.is_some_and(|p| part_of(&p.location).map(|(k, _)| k) == Some(n)) {
        return Ok(());
    }
    record(state, visitor, title, n, part_start(n), part_name).await
}

/// Where opening `title` again starts: the part of the place kept, and the paragraph in it.
pub(super) async fn resume(
    state: &AppState,
    visitor: &Visitor,
    title: &str,
    parts: usize,
) -> ApiResult<Option<(usize, Option<String>)>> {
    if visitor.caller.user().is_none() {
        return Ok(None);
    }
    let kept = reading_activity::position_of(state, &visitor.caller, title, Format::Epub3).await?;
    Ok(kept
        .and_then(|p| part_of(&p.location))
        .filter(|(n, _)| (1..=parts).contains(n)))
}

/// `POST /{site}/read/{grant}/{n}/place`: the page's script says where the reader is.
pub async fn save(
    State(state): State<AppState>,
    Path((_, grant, n)): Path<(String, String, String)>,
    Posted { visitor, form, .. }: Posted,
) -> ApiResult<Response> {
    let (title, book, n, location) = marked(&state, &grant, &n, &form).await?;
    record(
        &state,
        &visitor,
        &title,
        n,
        location,
        &part_name(visitor.lang, &book, n),
    )
    .await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// `POST /{site}/read/{grant}/{n}/bookmark`: a bookmark at the place sent (the part's start
/// without the script), then back to the part.
pub async fn bookmark(
    State(state): State<AppState>,
    Path((_, grant, n)): Path<(String, String, String)>,
    Posted {
        site,
        visitor,
        form,
        ..
    }: Posted,
) -> ApiResult<Response> {
    let (title, _, n, location) = marked(&state, &grant, &n, &form).await?;
    let at = part_of(&location).and_then(|(_, inside)| inside);
    let input = MarkInput {
        service_id: title,
        location,
        format: Some(Format::Epub3),
        text: None,
        position: Some(i64::try_from(n).unwrap_or(i64::MAX)),
        progression: None,
        total_progression: None,
    };
    marks::save_bookmark(&state, &visitor.caller, input).await?;
    let mut back = format!("{}?done=bookmark", part_path(&site, &grant, n));
    if let Some(at) = at {
        back += &format!("&at={at}");
    }
    Ok(see_other(&back, &visitor.set_cookies))
}

/// `POST /{site}/read/{grant}/{n}/highlight`: the script keeps the passage selected (`location`,
/// a CFI range in part n, and its `text`) as a highlight.
pub async fn highlight(
    State(state): State<AppState>,
    Path((_, grant, n)): Path<(String, String, String)>,
    Posted { visitor, form, .. }: Posted,
) -> ApiResult<Response> {
    let (title, _, n, location) = marked(&state, &grant, &n, &form).await?;
    let text = form.one("text")?.map(str::trim).filter(|t| !t.is_empty());
    let color = match form.one("color")? {
        Some(c) => Some(c.parse::<HighlightColor>().map_err(|_| {
            ApiError::bad_param(
                "color",
                Why::of(
                    "why-highlight-colour",
                    "must be yellow, green, blue, pink, purple or orange",
                ),
            )
        })?),
        None => None,
    };
    let input = HighlightInput {
        start: MarkInput {
            service_id: title,
            location,
            format: Some(Format::Epub3),
            text: text.map(str::to_owned),
            position: Some(i64::try_from(n).unwrap_or(i64::MAX)),
            progression: None,
            total_progression: None,
        },
        end_location: None,
        end_position: None,
        end_progression: None,
        end_total_progression: None,
        color,
        note: None,
    };
    marks::create_highlight(&state, &visitor.caller, input).await?;
    Ok(StatusCode::NO_CONTENT.into_response())
}

/// The signed-in reader's highlights in part `n` of `title`, each its place and its text.
pub(super) async fn highlights_in(
    state: &AppState,
    visitor: &Visitor,
    title: &str,
    n: usize,
) -> ApiResult<Vec<(String, String)>> {
    if visitor.caller.user().is_none() {
        return Ok(Vec::new());
    }
    let (kept, _) = marks::highlights_of(
        state,
        &visitor.caller,
        (title, Format::Epub3),
        (None, HIGHLIGHTS_SHOWN),
    )
    .await?;
    Ok(kept
        .into_iter()
        .filter(|h| part_of(&h.mark.location).map(|(k, _)| k) == Some(n))
        .map(|h| (h.mark.location, h.mark.text.unwrap_or_default()))
        .collect())
}

/// The most of a reader's highlights in a title a part looks through: more than a reader
/// makes in a book; the title's page and the API list them all.
const HIGHLIGHTS_SHOWN: u32 = 500;

/// What a place or mark posted to part `n` of a reading link names: the title, the book, the
/// part and the `location` sent, which must be in that part.
async fn marked(
    state: &AppState,
    grant: &str,
    n: &str,
    form: &crate::conventions::params::Params,
) -> ApiResult<(String, Arc<Book>, usize, String)> {
    let opened = granted(state, grant).await?;
    let title = title_of(&opened)?;
    let book = lectern_operations::streaming::book(state, &opened.object_key).await?;
    let n = part_number(n, book.publication.reading_order.len())?;
    let location = location_in(form, n)?;
    Ok((title, book, n, location))
}

/// The catalog's title a reading link opened; a reader's own document keeps no place.
fn title_of(opened: &Opened) -> ApiResult<String> {
    opened.title.clone().ok_or_else(|| {
        ApiError::bad_param(
            "grant",
            Why::of(
                "why-document-keeps-no-place",
                "a document of your own keeps no place or bookmarks",
            ),
        )
    })
}

/// The form's `location`: a place in part `n`.
fn location_in(form: &crate::conventions::params::Params, n: usize) -> ApiResult<String> {
    let location = form
        .one("location")?
        .map(str::trim)
        .filter(|l| !l.is_empty())
        .ok_or_else(|| ApiError::bad_param("location", Why::required()))?;
    match part_of(location) {
        Some((k, _)) if k == n => Ok(location.to_owned()),
        _ => Err(ApiError::bad_param(
            "location",
            Why::of(
                "why-place-in-part",
                format!("must be a place in part {n} of the book, as an EPUB CFI"),
            )
            .with_number("part", n as u64),
        )),
    }
}

async fn record(
    state: &AppState,
    visitor: &Visitor,
    title: &str,
    n: usize,
    location: String,
    part_name: &str,
) -> ApiResult<()> {
    let event = NewReadingEvent {
        service_id: title.to_owned(),
        format: Format::Epub3,
        location,
        metric: i64::try_from(n).unwrap_or(i64::MAX),
        metric_type: MetricType::Chapter,
        location_description: Some(format!("{part_name}, read online")),
    };
    reading_activity::record_event(state, &visitor.caller, event).await?;
    Ok(())
}
