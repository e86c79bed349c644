//! Facet counts from term ordinals.
//!
//! Per segment, a match adds one to the counter of each of its authors (categories): the values
//! are ordinals into the segment's sorted dictionary, so counting reads no text at all. Names are
//! looked up only for the few ordinals that can make the top ten. Segments number the same name
//! differently, so the top ten across segments is found Fagin-style: take each segment's best
//! `m`, count those names exactly everywhere, and stop once the tenth is ahead of what any name
//! outside the candidates could reach (the sum of each segment's next count); else widen `m`.

use std::collections::{BTreeMap, HashMap};
use std::io;

use tantivy::collector::{Collector, SegmentCollector};
use tantivy::columnar::{BytesColumn, StrColumn};
use tantivy::{DocId, Score, SegmentOrdinal, SegmentReader};

use crate::schema::col;

/// One segment's counts for one multi-valued string column.
pub(crate) struct Tally {
    column: StrColumn,
    counts: Vec<u32>,
    /// Ordinals counted at least once, so that a narrow match set is read without scanning
    /// a counter per name in the segment.
    touched: Vec<u32>,
}

impl Tally {
    pub fn open(reader: &SegmentReader, column: &str) -> tantivy::Result<Tally> {
        let column = match reader.fast_fields().str(column)? {
            Some(c) => c,
            None => StrColumn::wrap(BytesColumn::empty(reader.max_doc())),
        };
        Ok(Tally {
            counts: vec![0; column.num_terms()],
            column,
            touched: Vec::new(),
        })
    }

    #[inline]
    pub fn add(&mut self, doc: DocId) {
        for ord in self.column.ords().values_for_doc(doc) {
            if let Some(count) = self.counts.get_mut(ord as usize) {
                if *count == 0 {
                    self.touched.push(ord as u32);
                }
                *count += 1;
            }
        }
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

    fn name(&self, ord: u32) -> io::Result<String> {
        let mut out = String::new();
        self.column.ord_to_str(u64::from(ord), &mut out)?;
        Ok(out)
    }

    fn count_of(&self, name: &str) -> io::Result<u32> {
        Ok(match self.column.dictionary().term_ord(name)? {
            Some(ord) => self.counts.get(ord as usize).copied().unwrap_or(0),
            None => 0,
        })
    }
}

/// The `n` names counted most often across segments: count descending, then name ascending.
pub(crate) fn top(tallies: &[Tally], n: usize) -> io::Result<Vec<(String, u64)>> {
    let live: Vec<&Tally> = tallies.iter().filter(|t| !t.touched.is_empty()).collect();
    if let [only] = live.as_slice() {
        let mut ranked = only.ranked(n);
        ranked.truncate(n);
        return ranked
            .into_iter()
            .map(|(ord, count)| Ok((only.name(ord)?, u64::from(count))))
            .collect();
    }
    let mut m = n.max(1);
    loop {
        // Per candidate name, its count in each segment where it is already known.
        let mut candidates: HashMap<String, Vec<Option<u32>>> = HashMap::new();
        let mut threshold = 0u64;
        let mut exhausted = true;
        for (i, tally) in live.iter().enumerate() {
            let ranked = tally.ranked(m);
            for &(ord, count) in ranked.iter().take(m) {
                let known = candidates
                    .entry(tally.name(ord)?)
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
        scored.sort_unstable_by(|a, b| b.1.cmp(&a.1).then_with(|| a.0.cmp(&b.0)));
        // A name outside the candidates could tie the n-th and precede it by name, hence `>`.
        let settled = scored.len() >= n && scored[n - 1].1 > threshold;
        if exhausted || settled {
            scored.truncate(n);
            return Ok(scored);
        }
        m = m.saturating_mul(4);
    }
}

/// Every name counted, with its count across segments, by name.
pub(crate) fn all(tallies: &[Tally]) -> io::Result<Vec<(String, u64)>> {
    let mut totals: BTreeMap<String, u64> = BTreeMap::new();
    for tally in tallies {
        for &ord in &tally.touched {
            *totals.entry(tally.name(ord)?).or_default() += u64::from(tally.counts[ord as usize]);
        }
    }
    Ok(totals.into_iter().collect())
}

/// Tallies the categories of every match, for the counts of `GET /v2/categories`.
pub(crate) struct CategoryCollector;

pub(crate) struct SegmentCategories(Tally);

impl Collector for CategoryCollector {
    type Fruit = Vec<Tally>;
    type Child = SegmentCategories;

    fn for_segment(
        &self,
        _: SegmentOrdinal,
        reader: &SegmentReader,
    ) -> tantivy::Result<Self::Child> {
        Ok(SegmentCategories(Tally::open(reader, col::CATEGORY)?))
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
        self.0.add(doc);
    }

    fn harvest(self) -> Tally {
        self.0
    }
}
