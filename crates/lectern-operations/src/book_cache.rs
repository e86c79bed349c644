//! The books opened to read online that a node keeps (`streaming`), apart from the operations
//! so that the house can hold them.

use std::collections::HashMap;
use std::sync::{Arc, Mutex};
use std::time::Duration;

use lectern_jobs::derive::KeptNarration;
use lectern_jobs::recording::Recording;
use lectern_jobs::webpub::{Chapter, Publication, ZipDirectory};

use crate::ttl_cache::TtlCache;

/// An opened book as this node keeps it: its zip's directory, what the manifest says, its
/// parts as the pages showed them, and its narration once it is made.
#[derive(Debug)]
pub struct Book {
    pub directory: ZipDirectory,
    pub publication: Publication,
    pub rendered: Rendered,
    pub narration: Narrated,
}

/// A book's narration, clip by clip, once a node read it: a kept narration never changes (a
/// replaced master is narrated anew under another digest), so it is read once for as long as
/// the node keeps the book, and a replaced master's is read when the book is read again.
#[derive(Debug, Default)]
pub struct Narrated(Mutex<Option<Arc<KeptNarration>>>);

impl Narrated {
    pub fn get(&self) -> Option<Arc<KeptNarration>> {
        self.0.lock().unwrap_or_else(|e| e.into_inner()).clone()
    }

    pub fn keep(&self, narration: KeptNarration) -> Arc<KeptNarration> {
        let narration = Arc::new(narration);
        *self.0.lock().unwrap_or_else(|e| e.into_inner()) = Some(Arc::clone(&narration));
        narration
    }
}

/// The most of a book's parts kept as shown, in bytes of HTML: a 300-page novel's whole text
/// is about a megabyte, and a node keeps at most 256 books.
const RENDERED_BYTES: usize = 2 << 20;

/// A book's parts made fit for the pages (`webpub::chapter`: inflated, parsed, sanitized),
/// by path: every reader of the book is shown the same, so a part is made once a node. Once
/// `RENDERED_BYTES` are kept, further parts are made each time they are asked for.
#[derive(Debug, Default)]
pub struct Rendered(Mutex<(HashMap<String, Arc<Chapter>>, usize)>);

impl Rendered {
    pub fn get(&self, path: &str) -> Option<Arc<Chapter>> {
        let kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        kept.0.get(path).cloned()
    }

    /// Keeps a part as shown, when there is room; the part, to show.
    pub fn keep(&self, path: &str, chapter: Chapter) -> Arc<Chapter> {
        let chapter = Arc::new(chapter);
        let mut kept = self.0.lock().unwrap_or_else(|e| e.into_inner());
        let (parts, bytes) = &mut *kept;
        if *bytes + chapter.html.len() <= RENDERED_BYTES && !parts.contains_key(path) {
            *bytes += chapter.html.len();
            parts.insert(path.to_owned(), Arc::clone(&chapter));
        }
        chapter
    }
}

/// Books this node read lately, by file key: a reader turning pages asks for the same book's
/// files again and again, and its directory is two reads of the file store.
pub struct Books(TtlCache<Arc<Book>>);

impl std::ops::Deref for Books {
    type Target = TtlCache<Arc<Book>>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl Default for Books {
    fn default() -> Self {
        Books(TtlCache::new(Duration::from_secs(600), 256))
    }
}

/// The library's own recordings this node read lately, by their folder's key: a recording's
/// navigation and SMIL files are read once for its listeners, not once a page.
pub struct Recordings(TtlCache<Arc<Recording>>);

impl std::ops::Deref for Recordings {
    type Target = TtlCache<Arc<Recording>>;
    fn deref(&self) -> &Self::Target {
        &self.0
    }
}

impl Default for Recordings {
    fn default() -> Self {
        Recordings(TtlCache::new(Duration::from_secs(600), 64))
    }
}
