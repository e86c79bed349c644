//! The books opened to read online that a node keeps (`streaming`), apart from the operations
//! so that the house can hold them.

use std::sync::Arc;
use std::time::Duration;

use lectern_jobs::webpub::{Publication, ZipDirectory};

use crate::ttl_cache::TtlCache;

/// An opened book as this node keeps it: its zip's directory and what the manifest says.
#[derive(Debug)]
pub struct Book {
    pub directory: ZipDirectory,
    pub publication: Publication,
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
