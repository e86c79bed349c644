//! One pass over the match set that counts it, counts its facets and keeps the page: the best
//! `limit` hits strictly after the start key.
//!
//! Total and facets cover the whole match set, so every match is visited whatever the page; the
//! start key costs one comparison per match instead of a skip, and page 5,000 costs what page 1
//! does. (Turning the start key into a range query on the sort column would narrow the pass only
//! by giving up the total and the facets, or by running a second one.)
//!
//! The first page of a relevance search for one word is the exception (`best_scored`): the pass
//! counts without scoring, and a second one, pruned by score, finds the page.
//!
//! Within a segment a hit's key is a pair of integers (term ordinals for strings, which sort
//! like the strings in that segment; the score's bits; the number); the start key is turned into
//! the same integers once per segment, by a dictionary lookup. Only the page's hits are turned
//! back into strings, and segments' pages are merged by those.

use std::collections::BinaryHeap;
use std::io;
use std::sync::Arc;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::{Column, StrColumn, TermOrdHit};
use tantivy::query::{EnableScoring, Query};
use tantivy::{DocId, Score, Searcher, SegmentOrdinal, SegmentReader};

use lectern_domain::catalog::query::Scope;

use crate::cache::{Caches, SegmentCache, SortText};
use crate::facets::{Counters, Tally};
use crate::ordmap::{Facet, str_column};
use crate::paging::{Key, KeyKind, KeyValue, SortPlan};
use crate::rows::DocRow;
use crate::schema::col;
use crate::scope::SegmentScope;

pub(crate) struct PageCollector<'a> {
    pub plan: &'a SortPlan,
    pub scope: &'a Scope,
    pub limit: usize,
    pub facets: bool,
    /// Whether this pass keeps the page; without it, only the total and the facets, unscored
    /// (the page then comes from `best_scored`).
    pub page: bool,
    pub caches: &'a Caches,
    pub counters: &'a Counters,
}

pub(crate) struct Page {
    pub total: u64,
    /// Matches after the start key: more than `limit` means there is a next page.
    pub after: u64,
    pub hits: Vec<Key>,
    pub authors: Vec<Tally>,
    pub categories: Vec<Tally>,
}

/// (primary, secondary), compared as a pair: smaller comes first.
type SegKey = (u128, u64);

const MISSING: u128 = 1 << 64;

/// Matches looked at together (`SegmentPage::flush`).
const BATCH: usize = 64;

enum Values {
    /// The column (for its dictionary); its ordinals are in the segment's cache.
    Str(StrColumn, SortText),
    Num(Column<i64>),
    Score,
}

pub(crate) struct SegmentPage {
    scope: Option<SegmentScope>,
    values: Values,
    cache: Arc<SegmentCache>,
    desc: bool,
    /// Keys complemented, so that the heap keeps the hits just before the bound.
    reverse: bool,
    bound: Option<SegKey>,
    limit: usize,
    page: bool,
    heap: BinaryHeap<(SegKey, DocId)>,
    /// Matches not yet looked at (see `flush`).
    pending: Vec<(DocId, Score)>,
    total: u64,
    after: u64,
    facets: Option<(Tally, Tally)>,
}

impl Collector for PageCollector<'_> {
    type Fruit = Page;
    type Child = SegmentPage;

    fn for_segment(
        &self,
        segment: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<SegmentPage> {
        let values = match self.plan.kind {
            KeyKind::Str(name) => {
                let text = if name == col::AUTHOR_SORT {
                    SortText::Author
                } else {
                    SortText::Title
                };
                Values::Str(str_column(reader, name)?, text)
            }
            KeyKind::Num(name) => Values::Num(
                reader
                    .fast_fields()
                    .column_opt::<i64>(name)?
                    .unwrap_or_else(|| Column::build_empty_column(reader.max_doc())),
            ),
            KeyKind::Score => Values::Score,
        };
        let mut page = SegmentPage {
            scope: SegmentScope::open(self.scope, reader, self.caches)?,
            values,
            cache: self.caches.get(reader)?,
            desc: self.plan.desc,
            reverse: self.plan.reverse,
            bound: None,
            limit: self.limit,
            page: self.page,
            heap: BinaryHeap::with_capacity(self.limit + 1),
            pending: Vec::with_capacity(BATCH),
            total: 0,
            after: 0,
            facets: None,
        };
        if let Some(after) = &self.plan.after {
            page.bound = Some(page.bound_of(after)?);
        }
        if self.facets {
            page.facets = Some((
                Tally::open(Facet::Authors, segment, reader, self.caches, self.counters)?,
                Tally::open(
                    Facet::Categories,
                    segment,
                    reader,
                    self.caches,
                    self.counters,
                )?,
            ));
        }
        Ok(page)
    }

    fn requires_scoring(&self) -> bool {
        self.page && self.plan.uses_score()
    }

    fn merge_fruits(&self, fruits: Vec<io::Result<SegmentFruit>>) -> tantivy::Result<Page> {
        let mut page = Page {
            total: 0,
            after: 0,
            hits: Vec::new(),
            authors: Vec::new(),
            categories: Vec::new(),
        };
        for fruit in fruits {
            let fruit = fruit?;
            page.total += fruit.total;
            page.after += fruit.after;
            page.hits.extend(fruit.hits);
            if let Some((authors, categories)) = fruit.facets {
                page.authors.push(authors);
                page.categories.push(categories);
            }
        }
        page.hits.sort_by(|a, b| self.plan.cmp(a, b));
        page.hits.truncate(self.limit);
        Ok(page)
    }
}

pub(crate) struct SegmentFruit {
    total: u64,
    after: u64,
    hits: Vec<Key>,
    facets: Option<(Tally, Tally)>,
}

impl SegmentCollector for SegmentPage {
    type Fruit = io::Result<SegmentFruit>;

    #[inline]
    fn collect(&mut self, doc: DocId, score: Score) {
        self.pending.push((doc, score));
        if self.pending.len() == BATCH {
            self.flush();
        }
    }

    fn harvest(mut self) -> io::Result<SegmentFruit> {
        self.flush();
        let mut hits = Vec::with_capacity(self.heap.len());
        for ((primary, _), doc) in self.heap.iter() {
            hits.push(self.key_of(*doc, self.turned(*primary))?);
        }
        Ok(SegmentFruit {
            total: self.total,
            after: self.after,
            hits,
            facets: self.facets,
        })
    }
}

impl SegmentPage {
    /// Looks at the pending matches in tight loops: their rows, all together; then the scope;
    /// then each facet; then the page. A row (and a facet counter) is a cache miss for a
    /// sparse match set: read one match at a time, between postings and scoring, each miss was
    /// waited for alone, while loops of independent loads let the processor overlap them.
    fn flush(&mut self) {
        let mut pending = std::mem::take(&mut self.pending);
        let mut rows = [DocRow::ABSENT; BATCH];
        for (row, &(doc, _)) in rows.iter_mut().zip(&pending) {
            *row = *self.cache.rows.get(doc);
        }
        let mut admitted = 0;
        for i in 0..pending.len() {
            let row = rows[i];
            if self.scope.as_ref().is_none_or(|s| s.admits_row(&row)) {
                rows[admitted] = row;
                pending[admitted] = pending[i];
                admitted += 1;
            }
        }
        if let Some((authors, categories)) = &mut self.facets {
            authors.add(&rows[..admitted]);
            categories.add(&rows[..admitted]);
        }
        self.total += admitted as u64;
        if self.page {
            for &(doc, score) in &pending[..admitted] {
                self.take(doc, score);
            }
        }
        pending.clear();
        self.pending = pending;
    }

    fn admits(&self, doc: DocId) -> bool {
        self.scope.as_ref().is_none_or(|s| s.admits(doc))
    }

    /// The score a match must exceed to be worth keeping: once the page is full, the next score
    /// below its worst one, so that a match tied with it still gets to compare service ids.
    fn floor(&self) -> Score {
        match self.heap.peek() {
            Some(&((worst, _), _)) if self.heap.len() >= self.limit => {
                let bits = u32::MAX - worst as u32;
                bits.checked_sub(1).map_or(Score::MIN, f32::from_bits)
            }
            _ => Score::MIN,
        }
    }

    /// Keeps an admitted match if it belongs on the page.
    #[inline]
    fn take(&mut self, doc: DocId, score: Score) {
        let primary = self.primary(doc, score);
        let mut secondary = None;
        if let Some((bound, bound_id)) = self.bound {
            if primary < bound {
                return;
            }
            if primary == bound {
                let id = self.secondary(doc);
                if id <= bound_id {
                    return;
                }
                secondary = Some(id);
            }
        }
        self.after += 1;
        if self.heap.len() < self.limit {
            let id = secondary.unwrap_or_else(|| self.secondary(doc));
            self.heap.push(((primary, id), doc));
            return;
        }
        let Some(&((worst, worst_id), _)) = self.heap.peek() else {
            return;
        };
        if primary > worst {
            return;
        }
        let id = secondary.unwrap_or_else(|| self.secondary(doc));
        if (primary, id) < (worst, worst_id)
            && let Some(mut top) = self.heap.peek_mut()
        {
            *top = ((primary, id), doc);
        }
    }

    fn directed(&self, v: u64) -> u64 {
        if self.desc { u64::MAX - v } else { v }
    }

    /// A primary key as the heap compares it: complemented when reading backwards (its own
    /// inverse, so it also turns a kept key back).
    #[inline]
    fn turned(&self, primary: u128) -> u128 {
        if self.reverse {
            u128::MAX - primary
        } else {
            primary
        }
    }

    #[inline]
    fn turned_id(&self, id: u64) -> u64 {
        if self.reverse { u64::MAX - id } else { id }
    }

    #[inline]
    fn primary(&self, doc: DocId, score: Score) -> u128 {
        let value = match &self.values {
            // Odd, so that a start value absent from this segment can sit between two (even).
            Values::Str(_, text) => self.cache.sort_ords(*text).get(doc).map(|ord| 2 * ord + 1),
            Values::Num(c) => c.first(doc).map(num_key),
            Values::Score => return self.turned(u128::from(u32::MAX - score_bits(score))),
        };
        self.turned(value.map_or(MISSING, |v| u128::from(self.directed(v))))
    }

    #[inline]
    fn secondary(&self, doc: DocId) -> u64 {
        let ord = self.cache.service_id.get(doc).unwrap_or(0);
        self.turned_id(self.directed(2 * ord + 1))
    }

    /// The start key in this segment's terms.
    fn bound_of(&self, after: &Key) -> io::Result<SegKey> {
        let primary = match (&after.value, &self.values) {
            (None, _) => MISSING,
            (Some(KeyValue::Str(s)), Values::Str(c, _)) => {
                let hit = c.dictionary().term_ord_or_next(s)?;
                u128::from(self.directed(ord_bound(hit, c.num_terms())))
            }
            (Some(KeyValue::Num(n)), Values::Num(_)) => u128::from(self.directed(num_key(*n))),
            (Some(KeyValue::Score(bits)), Values::Score) => u128::from(u32::MAX - bits),
            // `SortPlan` only accepts tokens whose value fits its sort.
            _ => MISSING,
        };
        let ids = &self.cache.service_ids;
        let id = ord_bound(ids.ord_or_next(&after.id), ids.len());
        Ok((self.turned(primary), self.turned_id(self.directed(id))))
    }

    fn key_of(&self, doc: DocId, primary: u128) -> io::Result<Key> {
        let value = match &self.values {
            Values::Str(c, text) => match self.cache.sort_ords(*text).get(doc) {
                Some(ord) => Some(KeyValue::Str(term(c, ord)?)),
                None => None,
            },
            Values::Num(c) => c.first(doc).map(KeyValue::Num),
            // The primary is u32::MAX - bits: the bits are exactly what was compared.
            Values::Score => Some(KeyValue::Score(u32::MAX - primary as u32)),
        };
        let id = match self.cache.service_id.get(doc) {
            Some(ord) => self
                .cache
                .service_ids
                .get(ord)
                .map(str::to_owned)
                .ok_or_else(|| io::Error::other(format!("no service id has ordinal {ord}")))?,
            None => String::new(),
        };
        Ok(Key { value, id })
    }
}

/// The page of a relevance search whose query tantivy can prune (`query::prunable`): block-max
/// WAND scores only the matches that may still reach the page, the best the segments so far
/// have kept setting the floor for the next. The total and facets come from an unscored pass of
/// their own; scoring every one of a broad search's matches, only to keep ten, took a fifth of
/// its time.
pub(crate) fn best_scored(
    collector: &PageCollector,
    searcher: &Searcher,
    query: &dyn Query,
) -> tantivy::Result<Vec<Key>> {
    let weight = query.weight(EnableScoring::enabled_from_searcher(searcher))?;
    let mut floor = Score::MIN;
    let mut fruits = Vec::new();
    for (segment, reader) in searcher.segment_readers().iter().enumerate() {
        let mut page = collector.for_segment(segment as SegmentOrdinal, reader)?;
        let alive = reader.alive_bitset();
        weight.for_each_pruning(floor, reader, &mut |doc, score| {
            if alive.is_none_or(|a| a.is_alive(doc)) && page.admits(doc) {
                page.take(doc, score);
            }
            page.floor().max(floor)
        })?;
        floor = floor.max(page.floor());
        fruits.push(page.harvest());
    }
    Ok(collector.merge_fruits(fruits)?.hits)
}

pub(crate) fn score_bits(score: Score) -> u32 {
    // BM25 scores are non-negative, and their bits then order like them.
    score.max(0.0).to_bits()
}

fn num_key(n: i64) -> u64 {
    (n as u64) ^ (1 << 63)
}

/// 2·ord + 1 for a value this segment holds (as hits are keyed); otherwise 2·(the number of
/// smaller values), which falls between the neighbours' keys.
fn ord_bound(hit: TermOrdHit, terms: usize) -> u64 {
    match hit {
        TermOrdHit::Exact(ord) => 2 * ord + 1,
        TermOrdHit::Next(ord) => 2 * ord.min(terms as u64),
    }
}

fn term(column: &StrColumn, ord: u64) -> io::Result<String> {
    let mut out = String::new();
    column.ord_to_str(ord, &mut out)?;
    Ok(out)
}
