//! Facet counts from term ordinals.
//!
//! Per segment, a match adds one to the counter of each of its authors (categories): the values
//! are ordinals into the segment's sorted dictionary, so counting reads no text at all. Names are
//! looked up only for the few ordinals that can make the top ten. Segments number the same name
//! differently, so the top ten across segments is found Fagin-style: take each segment's best
//! `m`, count those names exactly everywhere, and stop once the tenth is ahead of what any name
//! outside the candidates could reach (the sum of each segment's next count); else widen `m`,
//! or, when ties keep it from settling and the names are not too many, read them all.

use std::collections::{BTreeMap, HashMap};
use std::io;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};

use lectern_domain::catalog::query::Scope;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::{BytesColumn, StrColumn};
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

use crate::cache::{Caches, SegmentCache};
use crate::schema::col;
use crate::scope::SegmentScope;

/// Zeroed counter arrays kept between searches, one pool per facet: allocating and zeroing a
/// counter per name in a segment on every search cost more than the counting itself.
#[derive(Default)]
pub(crate) struct Counters([Mutex<Vec<Vec<u32>>>; 2]);

impl Counters {
    fn pool(&self, facet: Facet) -> MutexGuard<'_, Vec<Vec<u32>>> {
        self.0[facet as usize]
            .lock()
            .unwrap_or_else(PoisonError::into_inner)
    }

    /// At least `len` zeros (arrays only grow, so a pool settles at its largest segment's size).
    fn take(&self, facet: Facet, len: usize) -> Vec<u32> {
        let mut counts = self.pool(facet).pop().unwrap_or_default();
        if counts.len() < len {
            counts.resize(len, 0);
        }
        counts
    }

    fn give_back(&self, facet: Facet, mut counts: Vec<u32>, touched: &[u32]) {
        for &ord in touched {
            counts[ord as usize] = 0;
        }
        let mut pool = self.pool(facet);
        if pool.len() < 32 {
            pool.push(counts);
        }
    }
}

/// Which facet a tally counts.
#[derive(Debug, Clone, Copy)]
pub(crate) enum Facet {
    Authors,
    Categories,
}

/// One segment's counts for one facet.
pub(crate) struct Tally {
    facet: Facet,
    cache: Arc<SegmentCache>,
    /// For the names behind the ordinals.
    column: StrColumn,
    counts: Vec<u32>,
    /// Ordinals counted at least once, so that a narrow match set is read without scanning
    /// a counter per name in the segment.
    touched: Vec<u32>,
}

impl Tally {
    pub fn open(
        reader: &SegmentReader,
        facet: Facet,
        caches: &Caches,
        counters: &Counters,
    ) -> tantivy::Result<Tally> {
        let name = match facet {
            Facet::Authors => col::AUTHOR,
            Facet::Categories => col::CATEGORY,
        };
        let column = match reader.fast_fields().str(name)? {
            Some(c) => c,
            None => StrColumn::wrap(BytesColumn::empty(reader.max_doc())),
        };
        Ok(Tally {
            facet,
            cache: caches.get(reader)?,
            counts: counters.take(facet, column.num_terms()),
            column,
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
        counters.give_back(self.facet, self.counts, &self.touched);
    }

    /// (ordinal, count) of every name counted, best first up to `m`: count descending, then
    /// ordinal, which within a segment is name order.
    fn ranked(&self, m: usize) -> Vec<(u32, u32)> {
        let mut pairs: Vec<(u32, u32)> = self
            .touched
            .iter()
            .map(|&ord| (ord, self.counts[ord as usize]))
            .collect();
        let better = |a: &(u32, u32), b: &(u32, u32)| b.1.cmp(&a.1).then(a.0.cmp(&b.0));
        if pairs.len() > m + 1 {
            pairs.select_nth_unstable_by(m, better);
            pairs.truncate(m + 1);
        }
        pairs.sort_unstable_by(better);
        pairs
    }

    /// The names of `ords`, which must be sorted: one pass over the dictionary's blocks instead
    /// of a block decoded per name.
    fn names(&self, ords: &[u32]) -> io::Result<Vec<String>> {
        let ords: Vec<u64> = ords.iter().map(|&o| u64::from(o)).collect();
        let mut out = Vec::with_capacity(ords.len());
        self.column
            .dictionary()
            .sorted_ords_to_term_cb(&ords, |bytes| {
                out.push(String::from_utf8_lossy(bytes).into_owned());
            })?;
        Ok(out)
    }

    /// (name, count) of every name counted.
    fn named_counts(&self) -> io::Result<Vec<(String, u32)>> {
        let mut ords = self.touched.clone();
        ords.sort_unstable();
        let names = self.names(&ords)?;
        Ok(names
            .into_iter()
            .zip(ords)
            .map(|(name, ord)| (name, self.counts[ord as usize]))
            .collect())
    }

    fn count_of(&self, name: &str) -> io::Result<u32> {
        Ok(match self.column.dictionary().term_ord(name)? {
            Some(ord) => self.counts.get(ord as usize).copied().unwrap_or(0),
            None => 0,
        })
    }
}

/// Below this many names counted in all, reading them all beats narrowing down candidates.
const READ_ALL: usize = 20_000;

/// The `n` names counted most often across segments: count descending, then name ascending.
pub(crate) fn top(tallies: &[Tally], n: usize) -> io::Result<Vec<(String, u64)>> {
    let live: Vec<&Tally> = tallies.iter().filter(|t| !t.touched.is_empty()).collect();
    if let [only] = live.as_slice() {
        let mut ranked = only.ranked(n);
        ranked.truncate(n);
        let mut ords: Vec<u32> = ranked.iter().map(|&(ord, _)| ord).collect();
        ords.sort_unstable();
        let names = only.names(&ords)?;
        let mut out: Vec<(String, u64)> = ranked
            .iter()
            .map(|&(ord, count)| {
                let at = ords.binary_search(&ord).unwrap_or(0);
                (names[at].clone(), u64::from(count))
            })
            .collect();
        out.sort_unstable_by(better);
        return Ok(out);
    }
    let counted: usize = live.iter().map(|t| t.touched.len()).sum();
    let mut m = n.max(1);
    loop {
        if let Some(found) = candidates_settle(&live, n, m)? {
            return Ok(found);
        }
        // Ties at the tenth place keep candidates from settling; past a point, count them all.
        if counted <= READ_ALL || m * live.len() >= counted {
            return read_all(&live, n);
        }
        m = m.saturating_mul(8);
    }
}

fn better(a: &(String, u64), b: &(String, u64)) -> std::cmp::Ordering {
    b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0))
}

/// The top `n` if each segment's best `m` are enough to tell it.
fn candidates_settle(
    live: &[&Tally],
    n: usize,
    m: usize,
) -> io::Result<Option<Vec<(String, u64)>>> {
    // Per candidate name, its count in each segment where it is already known.
    let mut candidates: HashMap<String, Vec<Option<u32>>> = HashMap::new();
    let mut threshold = 0u64;
    let mut exhausted = true;
    for (i, tally) in live.iter().enumerate() {
        let ranked = tally.ranked(m);
        let mut best: Vec<(u32, u32)> = ranked.iter().take(m).copied().collect();
        best.sort_unstable();
        let ords: Vec<u32> = best.iter().map(|&(ord, _)| ord).collect();
        for (name, (_, count)) in tally.names(&ords)?.into_iter().zip(best) {
            let known = candidates
                .entry(name)
                .or_insert_with(|| vec![None; live.len()]);
            known[i] = Some(count);
        }
        if let Some(&(_, next)) = ranked.get(m) {
            exhausted = false;
            threshold += u64::from(next);
        }
    }
    let mut scored = Vec::with_capacity(candidates.len());
    for (name, known) in candidates {
        let mut total = 0u64;
        for (tally, count) in live.iter().zip(known) {
            total += u64::from(match count {
                Some(c) => c,
                None => tally.count_of(&name)?,
            });
        }
        scored.push((name, total));
    }
    scored.sort_unstable_by(better);
    // A name outside the candidates could tie the n-th and precede it by name, hence `>`.
    let settled = scored.len() >= n && scored[n - 1].1 > threshold;
    if exhausted || settled {
        scored.truncate(n);
        Ok(Some(scored))
    } else {
        Ok(None)
    }
}

fn read_all(live: &[&Tally], n: usize) -> io::Result<Vec<(String, u64)>> {
    let mut totals: HashMap<String, u64> = HashMap::new();
    for tally in live {
        for (name, count) in tally.named_counts()? {
            *totals.entry(name).or_default() += u64::from(count);
        }
    }
    let mut all: Vec<(String, u64)> = totals.into_iter().collect();
    if all.len() > n {
        all.select_nth_unstable_by(n, better);
        all.truncate(n);
    }
    all.sort_unstable_by(better);
    Ok(all)
}

/// Every name counted, with its count across segments, by name.
pub(crate) fn all(tallies: &[Tally]) -> io::Result<Vec<(String, u64)>> {
    let mut totals: BTreeMap<String, u64> = BTreeMap::new();
    for tally in tallies {
        for (name, count) in tally.named_counts()? {
            *totals.entry(name).or_default() += u64::from(count);
        }
    }
    Ok(totals.into_iter().collect())
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
        _: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<Self::Child> {
        Ok(SegmentCategories(
            Tally::open(reader, Facet::Categories, self.caches, self.counters)?,
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
