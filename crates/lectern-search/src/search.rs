//! Reading the index: title searches and counts.

use lectern_domain::catalog::query::{Scope, TitleSearch};
use lectern_domain::paging::MAX_LIMIT;
use tantivy::query::AllQuery;
use tantivy::schema::IndexRecordOption;
use tantivy::{DocSet, TERMINATED};

use crate::collector::{self, PageCollector};
use crate::facets::{self, CategoryCollector};
use crate::paging::{Key, SortPlan};
use crate::scope::{ScopedCount, SegmentScope};
use crate::{Error, FACET_SIZE, Result, SearchError, SearchPage, TitleIndex, query};

impl TitleIndex {
    /// One page of a title search, with its total and (if asked) its facets.
    pub fn search(&self, q: &TitleSearch) -> Result<SearchPage, SearchError> {
        let plan = SortPlan::new(q).map_err(|_| SearchError::BadStart)?;
        let limit = q.limit.clamp(1, MAX_LIMIT) as usize;
        let searcher = self.reader.searcher();
        let searched = query::search(&self.fields, &q.filters, &self.caches, &searcher)?;
        let query = searched.typed;
        let collector = PageCollector {
            plan: &plan,
            scope: &q.scope,
            limit,
            facets: q.facets,
            page: true,
            caches: &self.caches,
            counters: &self.counters,
        };
        // Only a first page: after a start key the floor cannot rise past that key's score, so
        // the pruned pass scores nearly every match and costs more than the single pass.
        let pruned = plan.uses_score() && plan.after.is_none() && query::prunable(&*query);
        let (mut page, mut hits, mut more) = if pruned {
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
        // The titles found only through other forms of the words: apart from the others, so
        // that these keep their own speed, and merged into the page by the sort's keys.
        if let Some(other_forms) = &searched.other_forms {
            let mut others = searcher.search(&**other_forms, &collector)?;
            more = more || hits.len() as u64 + others.after > limit as u64;
            page.total += others.total;
            page.authors.append(&mut others.authors);
            page.categories.append(&mut others.categories);
            hits.append(&mut others.hits);
            hits.sort_by(|a, b| plan.cmp(a, b));
            hits.truncate(limit);
        }
        let (next, previous) = turn_page(&plan, &mut hits, more);
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
            previous,
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

    /// Every value of a field matched whole (`Counted`) with at least one title in the scope,
    /// with how many, by value as indexed (lower case). It reads each value's postings once,
    /// checking the scope per title: languages and BISAC codes are few beside the titles.
    pub fn term_counts(&self, field: Counted, scope: &Scope) -> Result<Vec<(String, u64)>> {
        let field = match field {
            Counted::Language => self.fields.language,
            Counted::BisacCode => self.fields.bisac_code,
        };
        let searcher = self.reader.searcher();
        let mut counts = std::collections::BTreeMap::<String, u64>::new();
        for segment in searcher.segment_readers() {
            let in_scope = SegmentScope::open(scope, segment, &self.caches)?;
            let alive = segment.alive_bitset();
            let inverted = segment.inverted_index(field)?;
            let mut terms = inverted.terms().stream()?;
            while terms.advance() {
                let mut postings = inverted
                    .read_postings_from_terminfo(terms.value(), IndexRecordOption::Basic)?;
                let mut n = 0u64;
                let mut doc = postings.doc();
                while doc != TERMINATED {
                    let admitted = alive.is_none_or(|a| a.is_alive(doc))
                        && in_scope.as_ref().is_none_or(|s| s.admits(doc));
                    n += u64::from(admitted);
                    doc = postings.advance();
                }
                if n > 0 {
                    let value = String::from_utf8_lossy(terms.key()).into_owned();
                    *counts.entry(value).or_default() += n;
                }
            }
        }
        Ok(counts.into_iter().collect())
    }
}

/// Puts a page's hits in the order's direction and gives the tokens of the pages after and
/// before it. `more`: hits beyond the page in the direction read.
fn turn_page(plan: &SortPlan, hits: &mut [Key], more: bool) -> (Option<String>, Option<String>) {
    if plan.reverse {
        hits.reverse();
        let previous = hits.first().filter(|_| more).map(|k| plan.token_before(k));
        (hits.last().map(|k| plan.token(k)), previous)
    } else {
        let next = hits.last().filter(|_| more).map(|k| plan.token(k));
        let previous = hits
            .first()
            .filter(|_| plan.after.is_some())
            .map(|k| plan.token_before(k));
        (next, previous)
    }
}

/// The fields `TitleIndex::term_counts` counts the values of.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Counted {
    Language,
    BisacCode,
}
