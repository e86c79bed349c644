//! A keyword search's filters (language, format, categories, ...) as bitsets kept per segment.
//!
//! Intersected with the keyword's postings, a filter that most titles pass (`language=eng`:
//! 813,000 of 1,000,000) cost a skip-list seek in its postings per match: perf put a third of
//! `keyword=the&language=eng` (518,614 matches) in the intersection, which made it half as slow
//! again as `keyword=the` alone. A segment never changes once written (deletes only hide
//! documents, and the collectors skip those), so the documents each filter admits in it are
//! worked out once, and so are those of each combination of filters, from its filters' sets, a
//! word at a time. A search then checks each match with one bit.

use std::fmt;
use std::sync::{Arc, Mutex, PoisonError};

use tantivy::query::{ConstScorer, EnableScoring, Explanation, Occur, Query, Scorer, Weight};
use tantivy::{DocId, DocSet, Score, SeekDangerResult, SegmentReader, TERMINATED};

/// Where each segment's sets are kept (with the segment's other cached arrays), found by the
/// segment.
pub(crate) trait SegmentSets: Send + Sync {
    fn sets_of(&self, reader: &SegmentReader) -> tantivy::Result<Arc<FilterSets>>;
}

/// Sets kept per segment (filters and combinations). At one bit per document, 64 of them cost
/// 8 MB per million titles.
const KEPT: usize = 64;

/// The documents that pass every `Must` filter and no `MustNot` one, from each segment's kept
/// bitsets; scores 0.
#[derive(Clone)]
pub(crate) struct CachedFilter {
    filters: Vec<Filter>,
    /// The filters' keys together: equal for equal combinations.
    key: Arc<str>,
    caches: Arc<dyn SegmentSets>,
}

#[derive(Clone)]
struct Filter {
    must: bool,
    query: Arc<dyn Query>,
    /// The query's debug form: equal for equal filters.
    key: Arc<str>,
}

impl CachedFilter {
    /// `filters` are `Must` or `MustNot` clauses, with at least one `Must`.
    pub fn new(
        filters: Vec<(Occur, Box<dyn Query>)>,
        caches: Arc<dyn SegmentSets>,
    ) -> CachedFilter {
        let filters: Vec<Filter> = filters
            .into_iter()
            .map(|(occur, query)| Filter {
                must: occur != Occur::MustNot,
                key: format!("{query:?}").into(),
                query: query.into(),
            })
            .collect();
        let key = filters
            .iter()
            .map(|f| format!("{}{}", if f.must { '+' } else { '-' }, f.key))
            .collect::<Vec<_>>()
            .join(" ");
        CachedFilter {
            filters,
            key: key.into(),
            caches,
        }
    }
}

impl fmt::Debug for CachedFilter {
    fn fmt(&self, f: &mut fmt::Formatter) -> fmt::Result {
        write!(f, "CachedFilter({})", self.key)
    }
}

impl Query for CachedFilter {
    fn weight(&self, scoring: EnableScoring<'_>) -> tantivy::Result<Box<dyn Weight>> {
        let unscored = EnableScoring::Disabled {
            schema: scoring.schema(),
            searcher_opt: scoring.searcher(),
        };
        let weights = self
            .filters
            .iter()
            .map(|f| f.query.weight(unscored))
            .collect::<tantivy::Result<_>>()?;
        Ok(Box::new(FilterWeight {
            filters: self.filters.clone(),
            weights,
            key: self.key.clone(),
            caches: self.caches.clone(),
        }))
    }
}

struct FilterWeight {
    filters: Vec<Filter>,
    weights: Vec<Box<dyn Weight>>,
    key: Arc<str>,
    caches: Arc<dyn SegmentSets>,
}

impl FilterWeight {
    /// The documents of the segment that pass the filters.
    fn bits(&self, reader: &SegmentReader) -> tantivy::Result<Arc<Bits>> {
        let sets = self.caches.sets_of(reader)?;
        let one = |i: usize| {
            sets.get_or_build(&self.filters[i].key, || {
                let mut bits = Bits::empty(reader.max_doc());
                self.weights[i].for_each_no_score(reader, &mut |docs| {
                    docs.iter().for_each(|&doc| bits.insert(doc))
                })?;
                Ok(bits)
            })
        };
        if let [filter] = self.filters.as_slice()
            && filter.must
        {
            return one(0);
        }
        sets.get_or_build(&self.key, || {
            let mut all = Bits::full(reader.max_doc());
            for (i, filter) in self.filters.iter().enumerate() {
                all.combine(&*one(i)?, filter.must);
            }
            Ok(all)
        })
    }
}

impl Weight for FilterWeight {
    fn scorer(&self, reader: &SegmentReader, _boost: Score) -> tantivy::Result<Box<dyn Scorer>> {
        let bits = self.bits(reader)?;
        Ok(Box::new(ConstScorer::new(BitsDocSet::new(bits), 0.0)))
    }

    fn explain(&self, reader: &SegmentReader, doc: DocId) -> tantivy::Result<Explanation> {
        if !self.bits(reader)?.contains(doc) {
            return Err(tantivy::TantivyError::InvalidArgument(format!(
                "document {doc} does not pass the filters"
            )));
        }
        Ok(Explanation::new("filters", 0.0))
    }
}

/// The kept bitsets of one segment, the least recently used dropped first.
#[derive(Default)]
pub(crate) struct FilterSets(Mutex<Kept>);

#[derive(Default)]
struct Kept {
    /// (key, last use, documents)
    sets: Vec<(Arc<str>, u64, Arc<Bits>)>,
    uses: u64,
}

impl FilterSets {
    fn get_or_build(
        &self,
        key: &Arc<str>,
        build: impl FnOnce() -> tantivy::Result<Bits>,
    ) -> tantivy::Result<Arc<Bits>> {
        if let Some(found) = self.lock().find(key) {
            return Ok(found);
        }
        // Built outside the lock: two searches may both build a new filter's set, but no search
        // waits for another's, and the set built second is not kept twice.
        let bits = Arc::new(build()?);
        let mut kept = self.lock();
        if let Some(found) = kept.find(key) {
            return Ok(found);
        }
        if kept.sets.len() >= KEPT
            && let Some(oldest) = (0..kept.sets.len()).min_by_key(|&i| kept.sets[i].1)
        {
            kept.sets.swap_remove(oldest);
        }
        kept.uses += 1;
        let used = kept.uses;
        kept.sets.push((key.clone(), used, bits.clone()));
        Ok(bits)
    }

    fn lock(&self) -> std::sync::MutexGuard<'_, Kept> {
        self.0.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

impl Kept {
    fn find(&mut self, key: &str) -> Option<Arc<Bits>> {
        self.uses += 1;
        let used = self.uses;
        let (_, last, bits) = self.sets.iter_mut().find(|(k, ..)| &**k == key)?;
        *last = used;
        Some(bits.clone())
    }
}

/// One bit per document of a segment.
pub(crate) struct Bits {
    words: Box<[u64]>,
    /// Documents set.
    len: u32,
    max_doc: DocId,
}

impl Bits {
    fn empty(max_doc: DocId) -> Bits {
        Bits {
            words: vec![0; max_doc.div_ceil(64) as usize].into(),
            len: 0,
            max_doc,
        }
    }

    fn insert(&mut self, doc: DocId) {
        if let Some(word) = self.words.get_mut(doc as usize / 64) {
            let bit = 1 << (doc % 64);
            self.len += u32::from(*word & bit == 0);
            *word |= bit;
        }
    }

    /// Every document of the segment.
    fn full(max_doc: DocId) -> Bits {
        let mut bits = Bits::empty(max_doc);
        bits.words.fill(u64::MAX);
        if !max_doc.is_multiple_of(64)
            && let Some(last) = bits.words.last_mut()
        {
            *last = (1 << (max_doc % 64)) - 1;
        }
        bits.len = max_doc;
        bits
    }

    /// Keeps the documents also in `other` (`keep`), or those not in it.
    fn combine(&mut self, other: &Bits, keep: bool) {
        let flip = if keep { 0 } else { u64::MAX };
        for (word, theirs) in self.words.iter_mut().zip(other.words.iter()) {
            *word &= theirs ^ flip;
        }
        self.len = self.words.iter().map(|w| w.count_ones()).sum();
    }

    fn contains(&self, doc: DocId) -> bool {
        self.words
            .get(doc as usize / 64)
            .is_some_and(|word| word & (1 << (doc % 64)) != 0)
    }

    /// The first document at or after `from` that is set.
    fn first_from(&self, from: DocId) -> DocId {
        if from >= self.max_doc {
            return TERMINATED;
        }
        let start = from as usize / 64;
        // The bits below `from` in its word cleared.
        let first = self.words[start] & (u64::MAX << (from % 64));
        std::iter::once(first)
            .chain(self.words[start + 1..].iter().copied())
            .enumerate()
            .find(|(_, word)| *word != 0)
            .map_or(TERMINATED, |(i, word)| {
                ((start + i) * 64) as DocId + word.trailing_zeros()
            })
    }
}

/// A shared bitset as a doc set. Unlike tantivy's `BitSetDocSet`, which owns its bitset, it
/// answers `seek_danger` (how an intersection checks a match against the other clauses) with
/// one bit, without moving on to the next document that passes.
struct BitsDocSet {
    bits: Arc<Bits>,
    doc: DocId,
}

impl BitsDocSet {
    fn new(bits: Arc<Bits>) -> BitsDocSet {
        let doc = bits.first_from(0);
        BitsDocSet { bits, doc }
    }
}

impl DocSet for BitsDocSet {
    fn advance(&mut self) -> DocId {
        self.doc = self.bits.first_from(self.doc.saturating_add(1));
        self.doc
    }

    fn seek(&mut self, target: DocId) -> DocId {
        if target > self.doc {
            self.doc = self.bits.first_from(target);
        }
        self.doc
    }

    fn seek_danger(&mut self, target: DocId) -> SeekDangerResult {
        if self.bits.contains(target) {
            self.doc = target;
            return SeekDangerResult::Found;
        }
        if target >= TERMINATED {
            return SeekDangerResult::SeekLowerBound(TERMINATED);
        }
        SeekDangerResult::SeekLowerBound(target + 1)
    }

    fn doc(&self) -> DocId {
        self.doc
    }

    fn size_hint(&self) -> u32 {
        self.bits.len
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn set_of(docs: &[DocId], max: DocId) -> BitsDocSet {
        let mut bits = Bits::empty(max);
        docs.iter().for_each(|&d| bits.insert(d));
        BitsDocSet::new(Arc::new(bits))
    }

    fn all(mut set: BitsDocSet) -> Vec<DocId> {
        let mut out = Vec::new();
        while set.doc() != TERMINATED {
            out.push(set.doc());
            set.advance();
        }
        out
    }

    #[test]
    fn walks_every_document_in_order_across_words() {
        let docs = [0, 1, 63, 64, 200, 4095, 4096, 9999];
        assert_eq!(set_of(&docs, 10_000).size_hint(), 8);
        assert_eq!(all(set_of(&docs, 10_000)), docs);
        assert_eq!(all(set_of(&[], 10_000)), Vec::<DocId>::new());
        assert_eq!(all(set_of(&[], 0)), Vec::<DocId>::new());
    }

    #[test]
    fn combined_sets_keep_what_passes_every_filter() {
        let bits = |docs: &[DocId]| {
            let mut b = Bits::empty(130);
            docs.iter().for_each(|&d| b.insert(d));
            b
        };
        let mut passing = Bits::full(130);
        assert_eq!(passing.len, 130);
        assert!(passing.contains(129) && !passing.contains(130));
        passing.combine(&bits(&[0, 64, 65, 129]), true);
        passing.combine(&bits(&[65, 100]), false);
        assert_eq!(passing.len, 3);
        assert_eq!(all(BitsDocSet::new(Arc::new(passing))), vec![0, 64, 129]);
    }

    #[test]
    fn seek_lands_on_the_first_document_at_or_after_the_target() {
        let mut set = set_of(&[5, 70, 130, 900], 1000);
        assert_eq!(set.seek(6), 70);
        assert_eq!(set.seek(70), 70);
        assert_eq!(set.seek(129), 130);
        assert_eq!(set.seek(901), TERMINATED);
        assert_eq!(set.advance(), TERMINATED);
    }

    #[test]
    fn seek_danger_checks_one_document_and_stays_usable_when_found() {
        let mut set = set_of(&[5, 70, 130, 900], 1000);
        assert_eq!(set.seek_danger(6), SeekDangerResult::SeekLowerBound(7));
        assert_eq!(set.seek_danger(71), SeekDangerResult::SeekLowerBound(72));
        assert_eq!(set.seek_danger(130), SeekDangerResult::Found);
        assert_eq!(set.doc(), 130);
        assert_eq!(set.advance(), 900);
        assert_eq!(
            set.seek_danger(5000),
            SeekDangerResult::SeekLowerBound(5001)
        );
        assert_eq!(
            set.seek_danger(TERMINATED),
            SeekDangerResult::SeekLowerBound(TERMINATED)
        );
    }

    #[test]
    fn the_least_recently_used_set_goes_first() {
        let sets = FilterSets::default();
        let key = |i: usize| -> Arc<str> { format!("filter {i}").into() };
        let build = |n: u32| move || Ok(Bits::empty(n));
        for i in 0..KEPT {
            sets.get_or_build(&key(i), build(i as u32 + 1)).unwrap();
        }
        // Filter 0 used again, so filter 1 is the one dropped for a new one.
        sets.get_or_build(&key(0), build(999)).unwrap();
        sets.get_or_build(&key(KEPT), build(7)).unwrap();
        let rebuilt =
            |i: usize| sets.get_or_build(&key(i), build(12_345)).unwrap().max_doc == 12_345;
        // Each check uses its filter, and the last one drops another to build filter 1 again.
        assert!(!rebuilt(0));
        assert!(!rebuilt(2));
        assert!(!rebuilt(KEPT));
        assert!(rebuilt(1));
        assert_eq!(sets.lock().sets.len(), KEPT);
    }

    #[test]
    fn a_set_built_by_two_searches_at_once_is_kept_once() {
        let sets = FilterSets::default();
        let key: Arc<str> = "filter".into();
        // Another search builds and keeps the same filter while this one is building it.
        let got = sets
            .get_or_build(&key, || {
                sets.get_or_build(&key, || Ok(Bits::empty(1)))?;
                Ok(Bits::empty(2))
            })
            .unwrap();
        assert_eq!(got.max_doc, 1);
        assert_eq!(sets.lock().sets.len(), 1);
    }
}
