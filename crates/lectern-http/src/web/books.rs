//! My books: the titles assigned to me (organization members) and what I have downloaded, with
//! the state of each package; and on a title's page, where I am in it and my bookmarks and
//! highlights. Each is read through the operation the API's answer is
//! read through (`GET /v2/myAssignedTitles`, `/v2/myAccount/history`, `/v2/myReadingPosition`,
//! `/v2/myBookmarks`, `/v2/myHighlights`).

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use lectern_domain::catalog::TitleRecord;
use lectern_domain::catalog::artifact::ArtifactStatus;
use lectern_domain::role::Role;

use super::catalog::title_path;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::ApiResult;
use crate::i18n::{Lang, format_name};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::state::AppState;
use lectern_domain::Timestamp;
use lectern_domain::assigned_titles::AssignedSortOrder;
use lectern_domain::catalog::Format;
use lectern_domain::paging::{Direction, FixedOrder};
use lectern_operations::assigned_titles;
use lectern_operations::download_history;
use lectern_operations::listing::{NewestPage, NewestWindow};
use lectern_operations::{marks, reading_activity};
use lectern_store::assigned_titles::Assignment;
use lectern_store::downloads::DownloadStatus;
use lectern_store::keyset::KeyedOrder;

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
        Some(assigned_rows(&state, &site, &visitor).await?)
    } else {
        None
    };
    let list: ListParams<FixedOrder> = visitor.caller.params.only(&["start"]).parse()?;
    let listing = list.page()?;
    let after = listing.after()?;
    let window = NewestWindow {
        after: after.as_ref(),
        reading: Direction::Desc,
        limit: listing.limit,
    };
    let NewestPage { mut rows, .. } =
        download_history::mine(&state, &visitor.caller, window).await?;
    let next = listing.next_token(&mut rows, download_history::key_of);
    let titles = download_history::titles_of(&state, &rows).await?;
    let lang = visitor.lang;
    let downloads = rows
        .iter()
        .map(|d| {
            let title = titles.iter().find(|t| t.service_id == d.subject);
            Row {
                title: title.map_or_else(|| d.subject.clone(), |t| t.title.clone()),
                href: title.map(|_| title_path(&site, &d.subject)),
                detail: lang.t_with(
                    "books-download-detail",
                    &[
                        (
                            "format",
                            &d.format
                                .parse::<Format>()
                                .map_or_else(|_| d.format.clone(), |f| format_name(lang, f)),
                        ),
                        ("date", &lang.date(&d.created_at.date())),
                        (
                            "status",
                            &lang.t(match d.status {
                                DownloadStatus::Ready => "books-status-ready",
                                DownloadStatus::Streamed => "books-status-read-online",
                                _ => "books-status-preparing",
                            }),
                        ),
                    ],
                ),
            }
        })
        .collect();
    let here = site.path("/books");
    let more_downloads = next.map(|t| {
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

/// The titles assigned to the reader, the first page in the list's own order.
async fn assigned_rows(state: &AppState, site: &WebSite, visitor: &Visitor) -> ApiResult<Vec<Row>> {
    let me = assigned_titles::assignee(&visitor.caller)?;
    let list: ListParams<AssignedSortOrder> = Params::default().parse()?;
    let (listing, window) = list.window::<Assignment>()?;
    let sort = window.sort;
    let lang = visitor.lang;
    let mut found = assigned_titles::page(state, &visitor.caller, me, window).await?;
    let mut rows = std::mem::take(&mut found.rows);
    listing.next_token(&mut rows, |a| sort.key_of(a));
    Ok(rows
        .iter()
        .filter_map(|a| {
            let t = found.shown.get(&a.service_id)?;
            let downloaded = a
                .date_downloaded
                .map(|d| lang.date(&Timestamp::from_unix(d).date()));
            Some(Row {
                title: t.title.clone(),
                href: Some(title_path(site, &t.service_id)),
                detail: match (&a.assigned_by_name, downloaded) {
                    (Some(by), Some(d)) => lang.t_with(
                        "books-assigned-by-downloaded",
                        &[("name", by), ("date", &d)],
                    ),
                    (Some(by), None) => lang.t1("books-assigned-by-not-downloaded", "name", by),
                    (None, Some(d)) => lang.t1("books-downloaded", "date", &d),
                    (None, None) => lang.t("books-not-downloaded"),
                },
            })
        })
        .collect())
}

/// Where the reader is in a title, and what they marked in it: for a title's page.
pub struct Reading {
    /// Each format read, and where the reader is ("32% through", or the place), in words.
    pub positions: Vec<String>,
    pub bookmarks: Vec<Mark>,
    pub highlights: Vec<Mark>,
}

/// A bookmark or highlight: in words, and what names it to delete it.
pub struct Mark {
    pub words: String,
    /// What its delete button says to a screen reader: which mark it deletes.
    pub delete_label: String,
    /// The format's wire name.
    pub format: &'static str,
    pub location: String,
}

impl Reading {
    /// Each kind of mark (`bookmark`, `highlight`) with its heading's message and the reader's
    /// marks.
    pub fn mark_groups(&self) -> [(&'static str, &'static str, &[Mark]); 2] {
        [
            ("bookmark", "mark-bookmarks", &self.bookmarks),
            ("highlight", "mark-highlights", &self.highlights),
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
    let me = &visitor.caller;
    let lang = visitor.lang;
    for a in record
        .offered()
        .iter()
        .filter(|a| a.status == ArtifactStatus::Available)
    {
        let id = &record.service_id;
        let format = format_name(lang, a.format);
        if let Some(p) = reading_activity::position_of(state, me, id, a.format).await? {
            let place = p.location_description.unwrap_or(p.location);
            reading.positions.push(lang.t_with(
                "mark-position",
                &[
                    ("format", &format),
                    ("place", &place),
                    ("date", &lang.date(&p.date_modified.date())),
                ],
            ));
        }
        let (bookmarks, _) = marks::bookmarks_of(state, me, (id, a.format), MARKS).await?;
        reading
            .bookmarks
            .extend(bookmarks.iter().take(MARKS.1 as usize).map(|b| {
                let words = lang.t_with(
                    "mark-bookmark",
                    &[
                        ("format", &format),
                        (
                            "place",
                            &through(lang, b.progression, b.position, &b.location),
                        ),
                        ("date", &lang.date(&b.date_created.date())),
                    ],
                );
                Mark {
                    delete_label: lang.t_with("mark-delete-bookmark", &[("words", &words)]),
                    words,
                    format: a.format.as_str(),
                    location: b.location.clone(),
                }
            }));
        let (highlights, _) = marks::highlights_of(state, me, (id, a.format), MARKS).await?;
        reading
            .highlights
            .extend(highlights.iter().take(MARKS.1 as usize).map(|h| {
                let no_text = lang.t("mark-no-text");
                let text = h.mark.text.as_deref().unwrap_or(&no_text);
                let words = match h.note.as_deref() {
                    Some(note) if !note.is_empty() => {
                        lang.t_with("mark-highlight-noted", &[("text", text), ("note", note)])
                    }
                    _ => lang.t_with("mark-highlight", &[("text", text)]),
                };
                Mark {
                    delete_label: lang.t_with("mark-delete-highlight", &[("words", &words)]),
                    words,
                    format: a.format.as_str(),
                    location: h.mark.location.clone(),
                }
            }));
    }
    Ok(reading)
}

/// The marks a title's page shows of each kind and format: the first, in the order made.
const MARKS: (Option<(i64, String)>, u32) = (None, 100);

/// A place in words: how far through, the page, or the place as the reading app wrote it.
fn through(lang: Lang, progression: Option<f64>, position: Option<i64>, location: &str) -> String {
    match (progression, position) {
        (Some(p), _) => {
            let percent = (p * 100.0).clamp(0.0, 100.0).round() as u32;
            lang.t_numbers("mark-through", &[("percent", percent)])
        }
        (None, Some(n)) => lang.t_with("mark-at-position", &[("position", &n.to_string())]),
        _ => lang.t_with("mark-at", &[("place", location)]),
    }
}
