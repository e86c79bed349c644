//! The caller's scope, applied per document from fast columns while collecting.
//!
//! As a query, the scope (a site list, then "live and not adult" outside the managed sites)
//! made tantivy gather every document of the listed sites into a bitset on each search, however
//! few documents the text matched. Read per match from the segment's cache, it costs one lookup.

use lectern_domain::catalog::query::Scope;
use std::sync::Arc;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

use crate::cache::{Caches, SegmentCache};
use crate::rows::DocRow;

/// Bits of the `state` column.
pub(crate) const LIVE: u64 = 1;
pub(crate) const ADULT: u64 = 2;

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Access {
    Hidden,
    /// Live titles, and only those without adult content if the scope hides it.
    Public,
    /// Every title (the caller manages the site).
    Managed,
}

pub(crate) struct SegmentScope {
    cache: Arc<SegmentCache>,
    /// By site ordinal in this segment.
    access: Vec<Access>,
    hide_adult: bool,
}

impl SegmentScope {
    /// `None` when the scope admits every title.
    pub fn open(
        scope: &Scope,
        reader: &SegmentReader,
        caches: &Caches,
    ) -> tantivy::Result<Option<SegmentScope>> {
        if scope.sites.is_none() && scope.managed_sites.is_none() {
            return Ok(None);
        }
        let cache = caches.get(reader)?;
        let access = cache.sites.iter().map(|s| access_of(scope, s)).collect();
        Ok(Some(SegmentScope {
            cache,
            access,
            hide_adult: scope.hide_adult,
        }))
    }

    #[inline]
    pub fn admits(&self, doc: DocId) -> bool {
        self.admits_row(self.cache.rows.get(doc))
    }

    /// For a collector that reads the row anyway, for the facets.
    #[inline]
    pub fn admits_row(&self, row: &DocRow) -> bool {
        match self.access.get(row.site()) {
            Some(Access::Managed) => true,
            Some(Access::Public) => {
                let state = row.state();
                state & LIVE != 0 && !(self.hide_adult && state & ADULT != 0)
            }
            Some(Access::Hidden) | None => false,
        }
    }
}

/// `title_access::scope_admits`, for all titles of one site.
fn access_of(scope: &Scope, site: &str) -> Access {
    let listed =
        |sites: &Option<Vec<String>>| sites.as_ref().is_none_or(|s| s.iter().any(|x| x == site));
    if !listed(&scope.sites) {
        Access::Hidden
    } else if listed(&scope.managed_sites) {
        Access::Managed
    } else {
        Access::Public
    }
}

/// Counts the matches in a scope.
pub(crate) struct ScopedCount<'a>(pub &'a Scope, pub &'a Caches);

pub(crate) struct SegmentCount(u64, Option<SegmentScope>);

impl Collector for ScopedCount<'_> {
    type Fruit = u64;
    type Child = SegmentCount;

    fn for_segment(
        &self,
        _: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<SegmentCount> {
        Ok(SegmentCount(0, SegmentScope::open(self.0, reader, self.1)?))
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, counts: Vec<u64>) -> tantivy::Result<u64> {
        Ok(counts.into_iter().sum())
    }
}

impl SegmentCollector for SegmentCount {
    type Fruit = u64;

    fn collect(&mut self, doc: DocId, _: Score) {
        if self.1.as_ref().is_none_or(|s| s.admits(doc)) {
            self.0 += 1;
        }
    }

    fn harvest(self) -> u64 {
        self.0
    }
}
