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
use crate::ordmap::{Facet, OrdMap};
use crate::rows::DocRow;
use crate::scope::SegmentScope;

/// Arrays kept between searches, per facet: zeroed counters (per segment or global) and the
/// segments' lists of counted ordinals. Allocating and zeroing a counter per name on every
/// search cost more than the counting itself.
#[derive(Default)]
pub(crate) struct Counters([Mutex<Vec<Vec<u32>>>; 6]);

#[derive(Clone, Copy)]
enum Pool {
    Segment,
    Global,
    /// Room for a segment's counted ordinals; its contents do not matter.
    Touched,
}

impl Counters {
    fn pool(&self, facet: Facet, pool: Pool) -> MutexGuard<'_, Vec<Vec<u32>>> {
        self.0[facet as usize * 3 + pool as usize]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// At least `len` zeros (arrays only grow, so a pool settles at its largest size).
    fn take(&self, facet: Facet, pool: Pool, len: usize) -> Vec<u32> {
        let mut counts = self.pool(facet, pool).pop().unwrap_or_default();
        if counts.len() < len {
            counts.resize(len, 0);
        }
        counts
    }

    /// Gives back a counter array, zeroing the ordinals in `touched`.
    fn give_back(&self, facet: Facet, pool: Pool, mut counts: Vec<u32>, touched: &[u32]) {
        for &ord in touched {
            counts[ord as usize] = 0;
        }
        let mut pool = self.pool(facet, pool);
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
    /// `touched[..counted]` holds the ordinals counted at least once, so that a narrow match
    /// set is merged without scanning a counter per name in the segment. It has a slot per name
    /// and one more.
    touched: Vec<u32>,
    counted: usize,
}

impl Tally {
    pub fn open(
        facet: Facet,
        segment: SegmentOrdinal,
        reader: &SegmentReader,
        caches: &Caches,
        counters: &Counters,
    ) -> tantivy::Result<Tally> {
        let cache = caches.get(reader)?;
        let names = cache.names(facet);
        Ok(Tally {
            facet,
            segment,
            cache,
            counts: counters.take(facet, Pool::Segment, names),
            touched: counters.take(facet, Pool::Touched, names + 1),
            counted: 0,
        })
    }

    /// Counts the rows' names of this facet.
    ///
    /// Without a branch on the counter's value: whether a name is counted for the first time is
    /// a coin toss for the long tail of authors, and a mispredicted branch on a load that missed
    /// the cache kept the next matches' loads from overlapping it (a broad search spent a third
    /// of its time on that one load). A batch of rows at a time, so that the number of names
    /// counted stays in a register: kept in the tally between single rows, each count waited
    /// for the store of the one before.
    #[inline]
    pub fn add(&mut self, rows: &[DocRow]) {
        let (counts, touched) = (&mut self.counts, &mut self.touched);
        let mut counted = self.counted;
        let mut count = |ord: u32| {
            if let Some(count) = counts.get_mut(ord as usize) {
                // Each name takes one slot at most, so `counted` stays below `touched.len()`.
                if let Some(slot) = touched.get_mut(counted) {
                    *slot = ord;
                }
                counted += usize::from(*count == 0);
                *count += 1;
            }
        };
        let all = &self.cache.rows;
        match self.facet {
            Facet::Authors => rows.iter().for_each(|r| all.for_each_author(r, &mut count)),
            Facet::Categories => rows
                .iter()
                .for_each(|r| all.for_each_category(r, &mut count)),
        }
        self.counted = counted;
    }

    /// The row of `doc` in this tally's segment.
    #[inline]
    pub fn row(&self, doc: DocId) -> &DocRow {
        self.cache.rows.get(doc)
    }

    fn touched(&self) -> &[u32] {
        &self.touched[..self.counted]
    }

    pub fn recycle(self, counters: &Counters) {
        let Tally {
            facet,
            counts,
            touched,
            counted,
            ..
        } = self;
        counters.give_back(facet, Pool::Segment, counts, &touched[..counted]);
        counters.give_back(facet, Pool::Touched, touched, &[]);
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
    let mut totals = counters.take(facet, Pool::Global, map.len());
    let mut touched = Vec::new();
    for tally in tallies {
        let to_global = map.segment(tally.segment);
        for &local in tally.touched() {
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
    counters.give_back(facet, Pool::Global, totals, &touched);
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
        let row = *self.0.row(doc);
        if self.1.as_ref().is_none_or(|s| s.admits_row(&row)) {
            self.0.add(std::slice::from_ref(&row));
        }
    }

    fn harvest(self) -> Tally {
        self.0
    }
}
