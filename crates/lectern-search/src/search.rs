//! Reading the index: title searches and counts.

use lectern_domain::catalog::query::{Scope, TitleSearch};
use lectern_domain::paging::MAX_LIMIT;
use tantivy::query::AllQuery;

use crate::collector::PageCollector;
use crate::facets::{self, CategoryCollector};
use crate::paging::SortPlan;
use crate::scope::ScopedCount;
use crate::{Error, FACET_SIZE, Result, SearchError, SearchPage, TitleIndex, query};

impl TitleIndex {
    /// One page of a title search, with its total and (if asked) its facets.
    pub fn search(&self, q: &TitleSearch) -> Result<SearchPage, SearchError> {
        let plan = SortPlan::new(q).map_err(|_| SearchError::BadStart)?;
        let limit = q.limit.clamp(1, MAX_LIMIT) as usize;
        let query = query::search(&self.fields, &q.filters, &self.caches);
        let collector = PageCollector {
            plan: &plan,
            scope: &q.scope,
            limit,
            facets: q.facets,
            caches: &self.caches,
            counters: &self.counters,
        };
        let searcher = self.reader.searcher();
        let page = searcher.search(&*query, &collector)?;
        let next = match page.hits.last() {
            Some(last) if page.after > limit as u64 => Some(plan.token(last)),
            _ => None,
        };
        let (author_facets, category_facets) = if q.facets {
            let globals = self.caches.globals(&searcher)?;
            let top = |tallies, map| facets::top(tallies, map, &self.counters, FACET_SIZE);
            (
                top(&page.authors, &globals.authors).map_err(Error::Io)?,
                top(&page.categories, &globals.categories).map_err(Error::Io)?,
            )
        } else {
            (Vec::new(), Vec::new())
        };
        for tally in page.authors.into_iter().chain(page.categories) {
            tally.recycle(&self.counters);
        }
        Ok(SearchPage {
            total: page.total,
            service_ids: page.hits.into_iter().map(|k| k.id).collect(),
            next,
            author_facets,
            category_facets,
        })
    }

    /// Live titles in the scope (managers' extra states not included), readable in `country`
    /// when one is given.
    pub fn count(&self, scope: &Scope, country: Option<&str>) -> Result<u64> {
        let query = query::live(&self.fields, country);
        Ok(self
            .reader
            .searcher()
            .search(&*query, &ScopedCount(scope, &self.caches))?)
    }

    /// Every category with at least one title in the scope, with how many, by name.
    pub fn category_counts(&self, scope: &Scope) -> Result<Vec<(String, u64)>> {
        let collector = CategoryCollector {
            scope,
            caches: &self.caches,
            counters: &self.counters,
        };
        let searcher = self.reader.searcher();
        let tallies = searcher.search(&AllQuery, &collector)?;
        let globals = self.caches.globals(&searcher)?;
        let counts = facets::all(&tallies, &globals.categories, &self.counters)?;
        for tally in tallies {
            tally.recycle(&self.counters);
        }
        Ok(counts)
    }
}
