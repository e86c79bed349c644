//! Reading online: a title's EPUB 3 master (or a reader's own converted document) opened to be
//! read in the browser or streamed by a Readium app, file by file, without a package.
//!
//! Opening is where the rules are applied: the title as the reader may see it, offered in EPUB 3
//! with its file here, and the download rules (`downloads::open_to_stream`, which also counts
//! it). What the door then hands the reader is a signed, expiring link to the book; the book's
//! files are read through [`book`] and [`file`], which no longer ask who is reading.

use crate::absences;
use lectern_domain::invalid::Why;
use std::sync::Arc;

use bytes::Bytes;
use lectern_domain::Timestamp;
use lectern_domain::catalog::{Format, NotReady, TitleRecord};
use lectern_jobs::FileError;
use lectern_jobs::webpub::{Publication, WebpubError, ZipDirectory};

pub use crate::book_cache::Books;
use lectern_store::documents::DocumentStatus;
use lectern_store::downloads::SubjectKind;

use crate::actor::Actor;
use crate::book_cache::Book;
use crate::downloads::{self, Asked, Subject};
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::titles::{CatalogViewer, visible_title};

/// A book opened for the actor: the file it is read from, and the catalog's title it is (none
/// for the reader's own document, which has no reading position or marks in the API).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Opened {
    pub object_key: String,
    pub title: Option<String>,
}

/// Opens a title (or the actor's own document of that id) to be read online.
pub async fn open(house: &House, actor: &Actor, service_id: &str) -> Outcome<Opened> {
    let who = CatalogViewer::of(house, actor).await?;
    let record = match visible_title(house, &who, service_id).await {
        Ok(record) => record,
        Err(absent) => {
            return match crate::documents::owned(house, actor.user(), service_id).await? {
                Some(d) => own_document(&d),
                None => Err(absent),
            };
        }
    };
    let master = match record.offered_artifact(Format::Epub3) {
        Some(a) if a.not_ready().is_none() => a.file.clone(),
        Some(a) if a.not_ready() == Some(NotReady::FileNotArrived) => {
            return Err(Failure::refused(
                Why::of(
                    "refused-epub-not-here-yet",
                    format!(
                        "The EPUB 3 of title '{service_id}' is not here yet; it can be read online when it is"
                    ),
                )
                .with("id", service_id),
            ));
        }
        _ => None,
    };
    let Some(object_key) = master else {
        return Err(Failure::refused(
            Why::of(
                "refused-no-epub",
                format!(
                    "Title '{service_id}' has no EPUB 3, so it cannot be read online; download one of its formats"
                ),
            )
            .with("id", service_id),
        ));
    };
    counted(house, actor, &who, &record, Format::Epub3).await?;
    Ok(Opened {
        object_key,
        title: Some(record.service_id.clone()),
    })
}

/// A title opened in `format` to be read or heard online, by the download rules: checked, and
/// counted once a month for a reader (`downloads::open_to_stream`).
pub(crate) async fn counted(
    house: &House,
    actor: &Actor,
    who: &CatalogViewer,
    record: &TitleRecord,
    format: Format,
) -> Outcome<()> {
    let reader = downloads::reader_for(house, &who.viewer, None).await?;
    let subject = Subject {
        kind: SubjectKind::Title,
        id: record.service_id.clone(),
        facts: record.facts(who.in_global(&record.site)),
        format,
    };
    let requester = actor.user().map_or_else(
        || format!("guest:{}", actor.from),
        |u| u.user_account_id.clone(),
    );
    let asked = Asked {
        guests: None,
        requester: &requester,
        reader_id: reader.as_ref().map(|r| r.user_account_id.as_str()),
        subject: &subject,
        now: Timestamp::now(),
    };
    downloads::open_to_stream(house, &asked).await
}

/// The owner's converted document, which is theirs to read without being counted.
fn own_document(d: &lectern_store::documents::Document) -> Outcome<Opened> {
    match (d.status, &d.epub_key) {
        (DocumentStatus::Ready, Some(key)) => Ok(Opened {
            object_key: key.clone(),
            title: None,
        }),
        (DocumentStatus::Failed, _) => Err(Failure::refused(
            Why::of(
                "refused-document-failed",
                format!(
                    "Document '{}' could not be made accessible, so it cannot be read",
                    d.document_id
                ),
            )
            .with("id", &d.document_id),
        )),
        _ => Err(Failure::refused(
            Why::of(
                "refused-document-in-progress",
                format!(
                    "Document '{}' is still being made accessible; open it again in a few seconds",
                    d.document_id
                ),
            )
            .with("id", &d.document_id),
        )),
    }
}

/// The book at `object_key`.
pub async fn book(house: &House, object_key: &str) -> Outcome<Arc<Book>> {
    // A folder is a recording's (`recording`): a link to one has no book to read.
    if object_key.ends_with('/') {
        return Err(Failure::not_found(Why::of(
            "absent-book-at-recording-link",
            "This link opened a recording to hear, not a book to read",
        )));
    }
    house
        .books
        .recall_or(object_key, read_book(house, object_key))
        .await
}

async fn read_book(house: &House, object_key: &str) -> Outcome<Arc<Book>> {
    let (size, _) = house
        .files
        .head(object_key)
        .await
        .map_err(file_failure)?
        .ok_or_else(absences::book_file)?;
    let directory = ZipDirectory::read(&house.files, object_key, size)
        .await
        .map_err(book_failure)?;
    let publication = Publication::read(&house.files, object_key, &directory)
        .await
        .map_err(book_failure)?;
    Ok(Arc::new(Book {
        directory,
        publication,
        rendered: Default::default(),
        narration: Default::default(),
    }))
}

/// One file of the book at `object_key`, by its path in the book, with its media type as the
/// package declares it; `None` when the book has no such file.
pub async fn file(house: &House, object_key: &str, path: &str) -> Outcome<Option<(Bytes, String)>> {
    let book = book(house, object_key).await?;
    let media_type = media_type_of(&book.publication, path);
    let read = book.directory.entry(&house.files, object_key, path).await;
    match read {
        Ok(found) => Ok(found.map(|bytes| (bytes, media_type))),
        // The file was replaced since this node read its directory: read it again, once.
        Err(WebpubError::Zip(_)) => {
            house.books.forget(object_key);
            let book = self::book(house, object_key).await?;
            let found = book
                .directory
                .entry(&house.files, object_key, path)
                .await
                .map_err(book_failure)?;
            Ok(found.map(|bytes| (bytes, media_type)))
        }
        Err(e) => Err(book_failure(e)),
    }
}

/// The media type the package gives a file, or one from its name for a file it does not list.
fn media_type_of(publication: &Publication, path: &str) -> String {
    publication
        .reading_order
        .iter()
        .chain(&publication.resources)
        .find(|r| r.path == path)
        .map(|r| r.media_type.clone())
        .unwrap_or_else(|| {
            match path
                .rsplit_once('.')
                .map(|(_, e)| e.to_ascii_lowercase())
                .as_deref()
            {
                Some("xhtml") => "application/xhtml+xml",
                Some("css") => "text/css",
                Some("xml" | "opf" | "ncx") => "application/xml",
                _ => "application/octet-stream",
            }
            .to_owned()
        })
}

fn file_failure(e: FileError) -> Failure {
    match e {
        FileError::NotFound(_) => absences::book_file(),
        e => Failure::Broken(format!("the file store: {e}")),
    }
}

fn book_failure(e: WebpubError) -> Failure {
    match e {
        WebpubError::Files(e) => file_failure(e),
        WebpubError::TooLarge(name) => Failure::refused(
            Why::of(
                "refused-part-too-large",
                format!("{name} is too large to be read online; download the book"),
            )
            .with("name", name),
        ),
        e => Failure::Broken(format!("a book that cannot be read online: {e}")),
    }
}
