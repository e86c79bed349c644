//! The title search index: a tantivy index derived from the store's titles, which answers
//! `GET /v2/titles` (filters, the caller's scope, five sorts, keyset pages and the author and
//! category facets), `GET /v2/titles/count` and the counts of `GET /v2/categories`.
//!
//! The store stays the system of record. The index follows its change feed (`apply`) and
//! remembers, in its commit, the feed position it reflects (`last_applied_seq`), so a restart
//! resumes where it stopped; an index of another schema version is set aside and rebuilt from
//! the store (`needs_rebuild`, `rebuild`). Hits are serviceIds: callers read the records from
//! the store.
//!
//! How the parts work: `schema` (fields and analyzers), `document` (a record as indexed, with
//! its sort keys), `query` (text and filters as a tantivy query), `scope` (the caller's scope,
//! checked per match), `paging` (sort orders and page tokens), `collector` (the one pass that
//! counts, tallies facets and keeps the page), `facets` and `ordmap` (adding up facet counts by
//! global ordinal), `cache` (per-segment arrays and global ordinals, built by a warmer), `rows`
//! (what each match reads for the scope and the facets, one row per document), `index` (opening
//! and writing) and `search` (reading).

mod cache;
mod collector;
mod document;
mod facets;
mod filter_sets;
mod index;
mod ordmap;
mod paging;
mod query;
mod rows;
mod schema;
mod scope;
mod search;
mod stemming;
mod terms;

pub use search::Counted;

pub use document::{author_sort_key, normalize_isbn, title_sort_key};
pub use index::TitleIndex;
pub use schema::SCHEMA_VERSION;

/// How many authors and categories `authorFacets` and `categoryFacets` list.
pub const FACET_SIZE: usize = 10;

/// One page of a title search.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SearchPage {
    /// Titles matching the search (all pages).
    pub total: u64,
    /// The page's titles, in order.
    pub service_ids: Vec<String>,
    /// The token of the next page (`start`); `None` on the last page.
    pub next: Option<String>,
    /// The token of the page before (`start`); `None` on the first page.
    pub previous: Option<String>,
    /// The most frequent authors among all matches: count descending, then name.
    pub author_facets: Vec<(String, u64)>,
    /// The most frequent categories among all matches: count descending, then name.
    pub category_facets: Vec<(String, u64)>,
}

/// The index failed: files, locks or the commit record.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    #[error("search index: {0}")]
    Index(#[from] tantivy::TantivyError),
    #[error("search index files: {0}")]
    Io(#[from] std::io::Error),
    #[error("search index commit record: {0}")]
    Payload(String),
}

pub type Result<T, E = Error> = std::result::Result<T, E>;

#[derive(Debug, thiserror::Error)]
pub enum SearchError {
    /// `start` is not a token of this search (another sort or direction, or not a token at all).
    #[error("{}", lectern_domain::paging::PagingError::BadStart)]
    BadStart,
    #[error(transparent)]
    Index(#[from] Error),
}

impl From<tantivy::TantivyError> for SearchError {
    fn from(e: tantivy::TantivyError) -> Self {
        SearchError::Index(Error::Index(e))
    }
}
