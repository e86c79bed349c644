//! Reading a book on the library's pages, without JavaScript: `POST /{site}/titles/{id}/read`
//! (the title page's "Read online" form) opens the book by the download rules (counted as
//! `docs/access-rules.md` says) and sends the reader to its first part; `GET
//! /{site}/read/{grant}/{n}` shows the book's n-th document as a page of the site, its structure
//! intact (`lectern_jobs::webpub::chapter`), with the contents, the parts before and after, and
//! "go to print page". The reading link is the credential, as below `/read/`: a GET here
//! never opens or counts anything.

use askama::Template;
use axum::extract::{Path, Query, State};
use axum::http::StatusCode;
use axum::response::Response;
use lectern_domain::invalid::Why;
use std::sync::Arc;

use lectern_jobs::webpub::{Chapter, ID_PREFIX, NavPoint, Resource, Targets, chapter};
use lectern_operations::book_cache::Book;
use lectern_operations::listening::{self, Narration};
use lectern_operations::recording;
use lectern_operations::streaming::{self, Opened};
use serde::Deserialize;

use super::reader_listen::{self, Listen};
use super::reader_place::{self, Place};
use super::reader_recording::recording_path;
use super::reading_book::{Look, listen_path, part_name, part_number, part_path, split};
use crate::conventions::links::segment;
use crate::error::{ApiError, ApiResult};
use crate::pages::forms::Posted;
use crate::pages::render::{Chrome, Section, page, see_other, wants_json};
use crate::pages::session::{Here, Visitor, WebSite};
use crate::readium::manifest::href_of;
use crate::state::AppState;
use crate::streaming::{grant, granted, object_key};
use axum::http::HeaderMap;

#[derive(Template)]
#[template(path = "web/reader.html")]
struct PartPage<'a> {
    chrome: &'a Chrome,
    book_title: &'a str,
    /// The part's name: its entry in the contents, or "Part n of m".
    part: String,
    lang: Option<&'a str>,
    html: &'a str,
    /// A part shown as a link to its file rather than as text.
    file_only: Option<FileOnly>,
    contents: String,
    previous: Option<String>,
    next: Option<String>,
    /// Where "go to print page" asks; `None` for a book without print pages.
    go_to_page: Option<String>,
    look: Look,
    /// Where a signed-in reader's place and bookmarks in a title are kept from.
    place: Option<Place>,
    /// The narration's player, on the part's listening page.
    listen: Option<Listen>,
    /// The part's listening page, for a title the library narrates.
    listen_here: Option<String>,
    /// The signed-in reader's highlights in the part: each its place and its text.
    highlights: Vec<(String, String)>,
}

#[derive(Template)]
#[template(path = "web/reader_contents.html")]
struct ContentsPage<'a> {
    chrome: &'a Chrome,
    book_title: &'a str,
    toc: Option<TocList>,
    /// What a book without contents says, as HTML: where to start reading.
    no_contents: String,
    go_to_page: Option<String>,
    look: Look,
}

/// A list of the contents, its entries' lists within them.
#[derive(Template)]
#[template(path = "web/reader_toc.html")]
struct TocList {
    entries: Vec<TocEntry>,
}

/// A part of the reading order offered as its file: one that is not a document (an image, say,
/// which EPUB allows there), or a document whose markup is broken. The file itself is served
/// below the reading link, sandboxed, where a browser shows what it can of it.
struct FileOnly {
    href: String,
    media_type: String,
    /// Why, as a message key.
    why: &'static str,
}

struct TocEntry {
    title: String,
    /// Its address on these pages; `None` for a heading that only groups the entries below.
    href: Option<String>,
    children: Option<TocList>,
}

impl PartPage<'_> {
    /// The page's title: the part's name, then the book's.
    fn page_title(&self) -> String {
        let args = [("part", self.part.as_str()), ("book", self.book_title)];
        self.chrome.lang.t_with("reader-page-title", &args)
    }
}

/// `POST /{site}/titles/{serviceId}/read`: opens the book and goes to the reader's place in it,
/// or its first part.
pub async fn open(
    state: State<AppState>,
    path: Path<(String, String)>,
    posted: Posted,
) -> ApiResult<Response> {
    open_at(state, path, posted, part_path).await
}

/// `POST /{site}/titles/{serviceId}/listen`: opens the book as "Read online" does, and goes to
/// the narration's player at the reader's place.
/// A title with the library's own recording goes to the recording's page instead.
pub async fn open_to_listen(
    state: State<AppState>,
    path: Path<(String, String)>,
    posted: Posted,
) -> ApiResult<Response> {
    let (site, visitor, service_id) = (&posted.site, &posted.visitor, &path.1);
    if let Some(opened) = recording::open(&state, &visitor.caller, service_id).await? {
        let to = recording_path(site, &grant(&state, &opened).await?);
        return Ok(see_other(&to, &visitor.set_cookies));
    }
    open_at(state, path, posted, listen_path).await
}

/// Opens the book and goes to the page `page_of` names for the part of the reader's place.
async fn open_at(
    State(state): State<AppState>,
    Path((_, service_id)): Path<(String, String)>,
    Posted { site, visitor, .. }: Posted,
    page_of: fn(&WebSite, &str, usize) -> String,
) -> ApiResult<Response> {
    let (grant, n, at) = opened_at_place(&state, &visitor, &service_id).await?;
    let to = with_place(page_of(&site, &grant, n), at);
    Ok(see_other(&to, &visitor.set_cookies))
}

/// Opens the book by the rules: its reading link, and the part (and place in it) the reader
/// was at.
async fn opened_at_place(
    state: &AppState,
    visitor: &Visitor,
    service_id: &str,
) -> ApiResult<(String, usize, Option<String>)> {
    let opened = streaming::open(state, &visitor.caller, service_id).await?;
    let grant = grant(state, &opened).await?;
    let parts = streaming::book(state, &opened.object_key)
        .await?
        .publication
        .reading_order
        .len();
    let (n, at) = match &opened.title {
        Some(title) => reader_place::resume(state, visitor, title, parts).await?,
        None => None,
    }
    .unwrap_or((1, None));
    Ok((grant, n, at))
}

fn with_place(path: String, at: Option<String>) -> String {
    match at {
        Some(at) => format!("{path}?at={at}"),
        None => path,
    }
}

/// `GET /{site}/read/{grant}/{n}`: the book's n-th document, from 1.
pub async fn part(
    State(state): State<AppState>,
    Path((_, grant, n)): Path<(String, String, String)>,
    headers: HeaderMap,
    here: Here,
) -> ApiResult<Response> {
    let opened = granted(&state, &grant).await?;
    let book = streaming::book(&state, &opened.object_key).await?;
    let n = part_number(&n, book.publication.reading_order.len())?;
    show_part(&state, (&here, &headers), (&grant, &opened, &book), n, None).await
}

/// `GET /{site}/read/{grant}/{n}/listen`: part n with the narration's player; while the
/// narration is being made, a page that says so.
pub async fn listen(
    State(state): State<AppState>,
    Path((_, grant, n)): Path<(String, String, String)>,
    headers: HeaderMap,
    here: Here,
) -> ApiResult<Response> {
    let opened = granted(&state, &grant).await?;
    let book = streaming::book(&state, &opened.object_key).await?;
    let parts = book.publication.reading_order.len();
    let n = part_number(&n, parts)?;
    let (site, visitor) = (&here.site, &here.visitor);
    match listening::narration(&state, &opened).await? {
        Narration::Making(seconds) => {
            let title = &book.publication.metadata.title;
            let who = (site, visitor);
            Ok(reader_listen::being_made(
                who,
                (&grant, n),
                title,
                seconds,
                &headers,
            ))
        }
        Narration::Ready(_) if wants_json(&headers) => {
            Ok(reader_listen::made_json(site, &grant, n))
        }
        Narration::Ready(kept) => {
            let next = (n < parts).then_some(n + 1);
            let listen = Listen::of(&kept, (site, &grant, here.visitor.lang), n, next);
            show_part(
                &state,
                (&here, &headers),
                (&grant, &opened, &book),
                n,
                Some(listen),
            )
            .await
        }
    }
}

/// Part n of the book as a page, with the narration's player when it is the listening page.
async fn show_part(
    state: &AppState,
    (here, headers): (&Here, &HeaderMap),
    (grant, opened, book): (&str, &Opened, &Book),
    n: usize,
    listen: Option<Listen>,
) -> ApiResult<Response> {
    let (site, visitor) = (&here.site, &here.visitor);
    let key = &opened.object_key;
    let order = &book.publication.reading_order;
    let part = &order[n - 1];
    let path = &part.path;
    let targets = OnThesePages { site, grant, book };
    let (shown, file_only) = if part.media_type == "application/xhtml+xml" {
        match shown_part(state, key, book, path).await? {
            Some(shown) => (shown, None),
            None => (
                Default::default(),
                Some(FileOnly::of(&targets, part, BROKEN)),
            ),
        }
    } else {
        (
            Default::default(),
            Some(FileOnly::of(&targets, part, NOT_TEXT)),
        )
    };
    let listening = listen.is_some();
    let here_path = if listening {
        listen_path(site, grant, n)
    } else {
        part_path(site, grant, n)
    };
    let chrome = Chrome::of(site, visitor, &here_path, Section::Books);
    let title = &book.publication.metadata.title;
    let part_name = part_name(visitor.lang, book, n);
    let (place, highlights) = match &opened.title {
        Some(title) => {
            reader_place::keep_part_start(state, visitor, headers, (title, n, &part_name)).await?;
            let highlights = reader_place::highlights_in(state, visitor, title, n).await?;
            (Place::of(site, grant, n, visitor), highlights)
        }
        None => (None, Vec::new()),
    };
    // Moving on while listening keeps to the listening pages.
    let part_at = |m: usize| {
        if listening {
            listen_path(site, grant, m)
        } else {
            part_path(site, grant, m)
        }
    };
    let listen_here = (!listening && listening::offered(state, opened).await?)
        .then(|| listen_path(site, grant, n));
    Ok(page(
        StatusCode::OK,
        &PartPage {
            chrome: &chrome,
            book_title: title,
            part: part_name,
            lang: shown.lang.as_deref(),
            html: &shown.html,
            file_only,
            contents: contents_path(site, grant),
            previous: (n > 1).then(|| part_at(n - 1)),
            next: (n < order.len()).then(|| part_at(n + 1)),
            go_to_page: has_pages(book).then(|| go_to_page_path(site, grant)),
            look: Look::of(site, visitor, grant, n),
            place,
            listen,
            listen_here,
            highlights,
        },
        visitor,
    ))
}

/// `GET /{site}/read/{grant}/contents`: the book's table of contents.
pub async fn contents(
    State(state): State<AppState>,
    Path((_, grant)): Path<(String, String)>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let key = object_key(&state, &grant).await?;
    let book = streaming::book(&state, &key).await?;
    let targets = OnThesePages {
        site: &site,
        grant: &grant,
        book: &book,
    };
    let toc = toc_list(&book.publication.toc, &targets);
    let here = contents_path(&site, &grant);
    let chrome = Chrome::of(&site, &visitor, &here, Section::Books);
    let lang = visitor.lang;
    let first = part_path(&site, &grant, 1);
    Ok(page(
        StatusCode::OK,
        &ContentsPage {
            chrome: &chrome,
            book_title: &book.publication.metadata.title,
            toc,
            no_contents: lang.t_link(
                "reader-no-contents",
                "start",
                (&lang.t("reader-start"), &first),
            ),
            go_to_page: has_pages(&book).then(|| go_to_page_path(&site, &grant)),
            look: Look::of(&site, &visitor, &grant, 1),
        },
        &visitor,
    ))
}

#[derive(Deserialize)]
pub struct PrintPage {
    number: Option<String>,
}

/// `GET /{site}/read/{grant}/page?number=12`: where print page 12 starts.
pub async fn print_page(
    State(state): State<AppState>,
    Path((_, grant)): Path<(String, String)>,
    Query(q): Query<PrintPage>,
    here: Here,
) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let key = object_key(&state, &grant).await?;
    let book = streaming::book(&state, &key).await?;
    let number = q.number.as_deref().map(str::trim).unwrap_or_default();
    if number.is_empty() {
        return Err(ApiError::bad_param(
            "number",
            Why::of("why-print-page-number", "give the number of a print page"),
        ));
    }
    let found = book
        .publication
        .page_list
        .iter()
        .find(|p| p.title.eq_ignore_ascii_case(number))
        .ok_or_else(|| {
            ApiError::not_found(
                Why::of(
                    "absent-print-page",
                    format!("This book has no print page {number}"),
                )
                .with("page", number),
            )
        })?;
    let targets = OnThesePages {
        site: &site,
        grant: &grant,
        book: &book,
    };
    let (path, fragment) = split(&found.href);
    Ok(see_other(
        &targets.link(path, fragment),
        &visitor.set_cookies,
    ))
}

/// A document of the book as a part's page shows it, made once a node (`Book::rendered`); `None`
/// when its markup is broken.
async fn shown_part(
    state: &AppState,
    key: &str,
    book: &Book,
    path: &str,
) -> ApiResult<Option<Arc<Chapter>>> {
    if let Some(shown) = book.rendered.get(path) {
        return Ok(Some(shown));
    }
    let (bytes, _) = streaming::file(state, key, path).await?.ok_or_else(|| {
        ApiError::not_found(Why::of(
            "absent-part-in-file",
            "The book's part is missing from its file",
        ))
    })?;
    match chapter(
        &String::from_utf8_lossy(&bytes),
        path,
        &WithinTheBook { book },
    ) {
        Ok(shown) => Ok(Some(book.rendered.keep(path, shown))),
        Err(e) => {
            tracing::warn!(path = %path, error = %e, "a part of a book that cannot be shown as a page");
            Ok(None)
        }
    }
}

/// Where a part's links go, relative to the part's page (`/{site}/read/{grant}/{n}`): another
/// part beside it (`3#b-note`), any other file below it (`file/OEBPS/map.png`). Nothing of the
/// reader's link or site is in them, so every reader is shown the same part.
struct WithinTheBook<'a> {
    book: &'a Book,
}

impl Targets for WithinTheBook<'_> {
    fn link(&self, path: &str, fragment: Option<&str>) -> String {
        let order = &self.book.publication.reading_order;
        let at = fragment.map_or(String::new(), |f| format!("#{ID_PREFIX}{f}"));
        match order.iter().position(|r| r.path == path) {
            Some(i) => format!("{}{at}", i + 1),
            None => self.file(path),
        }
    }

    fn file(&self, path: &str) -> String {
        format!("file/{}", href_of(path))
    }
}

/// `GET /{site}/read/{grant}/file/{path}`: a file a part shows (an image), as below `/read/`.
pub async fn file(
    State(state): State<AppState>,
    Path((_, grant, path)): Path<(String, String, String)>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    crate::streaming::serve_file(&state, &grant, &path, &headers).await
}

/// Where the book's links go on these pages: a document of the reading order to its part, any
/// other file to itself below the reading link.
struct OnThesePages<'a> {
    site: &'a WebSite,
    grant: &'a str,
    book: &'a Book,
}

impl Targets for OnThesePages<'_> {
    fn link(&self, path: &str, fragment: Option<&str>) -> String {
        let order = &self.book.publication.reading_order;
        let at = fragment.map_or(String::new(), |f| format!("#{ID_PREFIX}{f}"));
        match order.iter().position(|r| r.path == path) {
            Some(i) => format!("{}{at}", part_path(self.site, self.grant, i + 1)),
            None => self.file(path),
        }
    }

    /// Root-relative, as every address on the pages is: the page and the book's files are
    /// then of one origin, whatever name the browser reached the library by.
    fn file(&self, path: &str) -> String {
        format!("/read/{}/{}", self.grant, href_of(path))
    }
}

const NOT_TEXT: &str = "reader-not-text";
const BROKEN: &str = "reader-broken";

impl FileOnly {
    fn of(targets: &OnThesePages<'_>, part: &Resource, why: &'static str) -> Self {
        FileOnly {
            href: targets.file(&part.path),
            media_type: part.media_type.clone(),
            why,
        }
    }
}

fn contents_path(site: &WebSite, grant: &str) -> String {
    site.path(&format!("/read/{}/contents", segment(grant)))
}

fn go_to_page_path(site: &WebSite, grant: &str) -> String {
    site.path(&format!("/read/{}/page", segment(grant)))
}

fn has_pages(book: &Book) -> bool {
    !book.publication.page_list.is_empty()
}

/// The contents' entries as nested lists; `None` for none.
fn toc_list(points: &[NavPoint], targets: &OnThesePages<'_>) -> Option<TocList> {
    let entries: Vec<TocEntry> = points
        .iter()
        .map(|p| {
            let (path, fragment) = split(&p.href);
            TocEntry {
                title: p.title.clone(),
                href: (!p.href.is_empty()).then(|| targets.link(path, fragment)),
                children: toc_list(&p.children, targets),
            }
        })
        .collect();
    (!entries.is_empty()).then_some(TocList { entries })
}
