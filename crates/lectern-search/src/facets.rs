//! Facet counts from term ordinals.
//!
//! Per segment, a match adds one to the counter of each of its authors (categories), by the
//! name's ordinal in the segment's dictionary, read from the segment's cache: counting reads no
//! text at all. The segments' counts then add up by global ordinal (`ordmap`), which orders
//! names like their text, so the top ten is a selection on (count descending, ordinal) and only
//! those ten names are looked up.

use std::collections::BTreeMap;
use std::io;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use lectern_domain::catalog::query::Scope;
use tantivy::collector::{Collector, SegmentCollector};
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

use crate::cache::{Caches, SegmentCache};
use crate::ordmap::{Facet, OrdMap, str_column};
use crate::scope::SegmentScope;

/// Zeroed counter arrays kept between searches (per facet, per segment or global): allocating
/// and zeroing a counter per name on every search cost more than the counting itself.
#[derive(Default)]
pub(crate) struct Counters([Mutex<Vec<Vec<u32>>>; 4]);

impl Counters {
    fn pool(&self, facet: Facet, global: bool) -> MutexGuard<'_, Vec<Vec<u32>>> {
        self.0[facet as usize * 2 + usize::from(global)]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// At least `len` zeros (arrays only grow, so a pool settles at its largest size).
    fn take(&self, facet: Facet, global: bool, len: usize) -> Vec<u32> {
        let mut counts = self.pool(facet, global).pop().unwrap_or_default();
        if counts.len() < len {
            counts.resize(len, 0);
        }
        counts
    }

    fn give_back(&self, facet: Facet, global: bool, mut counts: Vec<u32>, touched: &[u32]) {
        for &ord in touched {
            counts[ord as usize] = 0;
        }
        let mut pool = self.pool(facet, global);
        if pool.len() < 32 {
            pool.push(counts);
        }
    }
}

/// One segment's counts for one facet.
pub(crate) struct Tally {
    facet: Facet,
    segment: SegmentOrdinal,
    cache: Arc<SegmentCache>,
    counts: Vec<u32>,
    /// Ordinals counted at least once, so that a narrow match set is merged without scanning
    /// a counter per name in the segment.
    touched: Vec<u32>,
}

impl Tally {
    pub fn open(
        facet: Facet,
        segment: SegmentOrdinal,
        reader: &SegmentReader,
        caches: &Caches,
        counters: &Counters,
    ) -> tantivy::Result<Tally> {
        let names = str_column(reader, facet.column())?.num_terms();
        Ok(Tally {
            facet,
            segment,
            cache: caches.get(reader)?,
            counts: counters.take(facet, false, names),
            touched: Vec::new(),
        })
    }

    #[inline]
    pub fn add(&mut self, doc: DocId) {
        let ords = match self.facet {
            Facet::Authors => self.cache.authors.of(doc),
            Facet::Categories => self.cache.categories.of(doc),
        };
        for &ord in ords {
            if let Some(count) = self.counts.get_mut(ord as usize) {
                if *count == 0 {
                    self.touched.push(ord);
                }
                *count += 1;
            }
        }
    }

    pub fn recycle(self, counters: &Counters) {
        counters.give_back(self.facet, false, self.counts, &self.touched);
    }
}

/// Runs `f` on the segments' counts added up by global ordinal: (global ordinal, count) of
/// every name counted.
fn merged<T>(
    tallies: &[Tally],
    map: &OrdMap,
    counters: &Counters,
    f: impl FnOnce(Vec<(u32, u64)>) -> T,
) -> T {
    let facet = tallies.first().map_or(Facet::Authors, |t| t.facet);
    let mut totals = counters.take(facet, true, map.len());
    let mut touched = Vec::new();
    for tally in tallies {
        let to_global = map.segment(tally.segment);
        for &local in &tally.touched {
            if let Some(&global) = to_global.get(local as usize) {
                if totals[global as usize] == 0 {
                    touched.push(global);
                }
                totals[global as usize] += tally.counts[local as usize];
            }
        }
    }
    let counted = touched
        .iter()
        .map(|&g| (g, u64::from(totals[g as usize])))
        .collect();
    counters.give_back(facet, true, totals, &touched);
    f(counted)
}

/// The `n` names counted most often: count descending, then name ascending.
pub(crate) fn top(
    tallies: &[Tally],
    map: &OrdMap,
    counters: &Counters,
    n: usize,
) -> io::Result<Vec<(String, u64)>> {
    let mut best = merged(tallies, map, counters, |counted| counted);
    // Global ordinals are in name order, so this is the order of the answer.
    let order = |a: &(u32, u64), b: &(u32, u64)| b.1.cmp(&a.1).then(a.0.cmp(&b.0));
    if best.len() > n {
        best.select_nth_unstable_by(n, order);
        best.truncate(n);
    }
    best.sort_unstable_by(order);
    best.into_iter()
        .map(|(global, count)| Ok((map.name(global)?, count)))
        .collect()
}

/// Every name counted, with its count, by name.
pub(crate) fn all(
    tallies: &[Tally],
    map: &OrdMap,
    counters: &Counters,
) -> io::Result<Vec<(String, u64)>> {
    let counted: BTreeMap<u32, u64> = merged(tallies, map, counters, |c| c.into_iter().collect());
    counted
        .into_iter()
        .map(|(global, count)| Ok((map.name(global)?, count)))
        .collect()
}

/// Tallies the categories of every match in the scope, for `GET /v2/categories`.
pub(crate) struct CategoryCollector<'a> {
    pub scope: &'a Scope,
    pub caches: &'a Caches,
    pub counters: &'a Counters,
}

pub(crate) struct SegmentCategories(Tally, Option<SegmentScope>);

impl Collector for CategoryCollector<'_> {
    type Fruit = Vec<Tally>;
    type Child = SegmentCategories;

    fn for_segment(
        &self,
        segment: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<Self::Child> {
        Ok(SegmentCategories(
            Tally::open(
                Facet::Categories,
                segment,
                reader,
                self.caches,
                self.counters,
            )?,
            SegmentScope::open(self.scope, reader, self.caches)?,
        ))
    }

    fn requires_scoring(&self) -> bool {
        false
    }

    fn merge_fruits(&self, tallies: Vec<Tally>) -> tantivy::Result<Vec<Tally>> {
        Ok(tallies)
    }
}

impl SegmentCollector for SegmentCategories {
    type Fruit = Tally;

    fn collect(&mut self, doc: DocId, _: Score) {
        if self.1.as_ref().is_none_or(|s| s.admits(doc)) {
            self.0.add(doc);
        }
    }

    fn harvest(self) -> Tally {
        self.0
    }
}
