//! My books: the titles assigned to me (organization members) and what I have downloaded, with
//! the state of each package; and on a title's page, where I am in it and my bookmarks and
//! highlights. What each shows is the API's own answer (`GET /v2/myAssignedTitles`,
//! `/v2/myAccount/history`, `/v2/myReadingPosition`, `/v2/myBookmarks`, `/v2/myHighlights`).

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::Response;
use lectern_domain::catalog::TitleRecord;
use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_domain::role::Role;

use super::catalog::title_path;
use super::forms;
use super::render::{Chrome, Section, page};
use super::session::{Here, Visitor};
use crate::accounts::my_history;
use crate::assigned_titles::my_assigned_titles;
use crate::bookmarks::list_bookmarks;
use crate::conventions::json::Json;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::highlights::list_highlights;
use crate::reading_activity::get_reading_position;
use crate::state::AppState;

#[derive(Template)]
#[template(path = "web/books.html")]
struct BooksPage<'a> {
    chrome: &'a Chrome,
    /// `None` for a reader outside any organization, to whom nothing is assigned.
    assigned: Option<Vec<Row>>,
    downloads: Vec<Row>,
    more_downloads: Option<String>,
}

struct Row {
    title: String,
    href: Option<String>,
    detail: String,
}

/// `GET /{site}/books`.
pub async fn show(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let me = visitor.caller.signed_in()?;
    let assigned = if me.has_role(Role::OrganizationMember) {
        let Json(assigned) = my_assigned_titles(
            State(state.clone()),
            forms::caller_with(&visitor, Params::default()),
        )
        .await?;
        Some(
            assigned
                .items
                .iter()
                .map(|a| Row {
                    title: a.summary.title.clone(),
                    href: Some(title_path(&site, &a.summary.service_id)),
                    detail: match (&a.assigned_by, a.date_downloaded.as_deref()) {
                        (Some(by), Some(d)) => {
                            format!("Assigned by {by}; downloaded {}", day(d))
                        }
                        (Some(by), None) => format!("Assigned by {by}; not downloaded yet"),
                        (None, Some(d)) => format!("Downloaded {}", day(d)),
                        (None, None) => "Not downloaded yet".to_owned(),
                    },
                })
                .collect(),
        )
    } else {
        None
    };
    let query = visitor.caller.params.only(&["start"]);
    let Json(history) =
        my_history(State(state.clone()), forms::caller_with(&visitor, query)).await?;
    let downloads = history
        .items
        .iter()
        .map(|d| Row {
            title: d.title.clone().unwrap_or_else(|| d.service_id.clone()),
            href: d.title.is_some().then(|| title_path(&site, &d.service_id)),
            detail: format!(
                "{}, {}; {}",
                d.format.as_ref().map_or("", |f| f.name),
                day(&d.date_downloaded.to_string()),
                if d.download_status.key == "AVAILABLE" {
                    "ready"
                } else {
                    "being prepared"
                }
            ),
        })
        .collect();
    let here = site.path("/books");
    let more_downloads = history.next.map(|t| {
        let t: String = url::form_urlencoded::byte_serialize(t.as_bytes()).collect();
        format!("{here}?start={t}")
    });
    let chrome = Chrome::of(&site, &visitor, &here, Section::Books);
    Ok(page(
        StatusCode::OK,
        &BooksPage {
            chrome: &chrome,
            assigned,
            downloads,
            more_downloads,
        },
        &visitor,
    ))
}

/// The date of an RFC 3339 instant.
fn day(instant: &str) -> &str {
    instant.get(..10).unwrap_or(instant)
}

/// Where the reader is in a title, and what they marked in it: for a title's page.
pub struct Reading {
    /// Each format read: its name, and where the reader is ("32% through", or the place).
    pub positions: Vec<(&'static str, String)>,
    pub bookmarks: Vec<Mark>,
    pub highlights: Vec<Mark>,
}

/// A bookmark or highlight: in words, and what names it to delete it.
pub struct Mark {
    pub words: String,
    /// The format's wire name.
    pub format: &'static str,
    pub location: String,
}

impl Reading {
    /// Each kind of mark (`bookmark`, `highlight`) with its heading and the reader's marks.
    pub fn mark_groups(&self) -> [(&'static str, &'static str, &[Mark]); 2] {
        [
            ("bookmark", "Bookmarks", &self.bookmarks),
            ("highlight", "Highlights", &self.highlights),
        ]
    }

    pub fn is_empty(&self) -> bool {
        self.positions.is_empty() && self.bookmarks.is_empty() && self.highlights.is_empty()
    }
}

/// The reader's place and marks in the title, in each format it has.
pub async fn reading(
    state: &AppState,
    visitor: &Visitor,
    record: &TitleRecord,
) -> ApiResult<Reading> {
    let mut reading = Reading {
        positions: Vec::new(),
        bookmarks: Vec::new(),
        highlights: Vec::new(),
    };
    let none = || forms::caller_with(visitor, Params::default());
    for a in record
        .offered()
        .iter()
        .filter(|a| a.status == ArtifactStatus::Available)
    {
        let format = a.format.as_str().to_owned();
        let at = Path((record.service_id.clone(), format.clone()));
        // A 404 is a format never read: nothing to say.
        if let Ok(Json(p)) = get_reading_position(State(state.clone()), none(), at).await {
            let place = p.location_description.unwrap_or(p.location);
            reading.positions.push((
                a.format.display_name(),
                format!("{place} (on {})", day(&p.date_modified)),
            ));
        }
        let marks = || {
            forms::caller_with(
                visitor,
                Params::from_pairs(vec![
                    ("serviceId".to_owned(), record.service_id.clone()),
                    ("format".to_owned(), format.clone()),
                    ("limit".to_owned(), "100".to_owned()),
                ]),
            )
        };
        let Json(bookmarks) = list_bookmarks(State(state.clone()), marks()).await?;
        reading
            .bookmarks
            .extend(bookmarks.items.iter().map(|b| Mark {
                words: format!(
                    "{}: {}, made {}",
                    a.format.display_name(),
                    through(b.progression, b.position, &b.location),
                    day(b.date_created.as_deref().unwrap_or(""))
                ),
                format: a.format.as_str(),
                location: b.location.clone(),
            }));
        let Json(highlights) = list_highlights(State(state.clone()), marks()).await?;
        reading.highlights.extend(highlights.items.iter().map(|h| {
            let text = h
                .range
                .highlight_text
                .as_deref()
                .unwrap_or("(no text kept)");
            let words = match h.note.as_deref().or(h.range.annotation_note.as_deref()) {
                Some(note) if !note.is_empty() => format!("\u{201c}{text}\u{201d}, noted: {note}"),
                _ => format!("\u{201c}{text}\u{201d}"),
            };
            Mark {
                words,
                format: a.format.as_str(),
                location: h.mark.location.clone(),
            }
        }));
    }
    Ok(reading)
}

/// A place in words: how far through, the page, or the place as the reading app wrote it.
fn through(progression: Option<f64>, position: Option<i64>, location: &str) -> String {
    match (progression, position) {
        (Some(p), _) => format!("{:.0}% through", (p * 100.0).clamp(0.0, 100.0)),
        (None, Some(n)) => format!("at position {n}"),
        _ => format!("at {location}"),
    }
}
