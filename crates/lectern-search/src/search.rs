//! Reading the index: title searches and counts.

use lectern_domain::catalog::query::{Scope, TitleSearch};
use lectern_domain::paging::MAX_LIMIT;
use tantivy::query::AllQuery;

use crate::collector::{self, PageCollector};
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
            page: true,
            caches: &self.caches,
            counters: &self.counters,
        };
        let searcher = self.reader.searcher();
        // Only a first page: after a start key the floor cannot rise past that key's score, so
        // the pruned pass scores nearly every match and costs more than the single pass.
        let pruned = plan.uses_score() && plan.after.is_none() && query::prunable(&*query);
        let (page, hits, more) = if pruned {
            let counts = PageCollector {
                page: false,
                ..collector
            };
            let page = searcher.search(&*query, &counts)?;
            // One more than the page, to tell whether there is a next one.
            let best = PageCollector {
                limit: limit + 1,
                facets: false,
                ..collector
            };
            let mut hits = collector::best_scored(&best, &searcher, &*query)?;
            let more = hits.len() > limit;
            hits.truncate(limit);
            (page, hits, more)
        } else {
            let mut page = searcher.search(&*query, &collector)?;
            let hits = std::mem::take(&mut page.hits);
            let more = page.after > limit as u64;
            (page, hits, more)
        };
        let next = match hits.last() {
            Some(last) if more => Some(plan.token(last)),
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
            service_ids: hits.into_iter().map(|k| k.id).collect(),
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
