//! Per-segment copies, in plain arrays, of the columns every match reads: the scope's site and
//! state with the author and category ordinals the facets count (one row per document, `rows`),
//! and the title and author sort ordinals; of the service ids every page names; and of what
//! every search asks of a segment's dictionaries (its site names, how many authors and
//! categories it has).
//!
//! Opening a fast column reads its block index: opening the four a search used to open (site,
//! service id, author, category) took a tenth of a rare term's search (perf, 1,000,000 titles).
//!
//! Reading a multi-valued fast column costs a rank in its optional index and two bit-unpacked
//! offsets before the values: nearly half of a broad search's time went there. Segments never
//! change once written (deletes only hide documents), so the arrays are built once per segment,
//! by a tantivy warmer when a reload brings the segment in (searches never wait for it), and
//! dropped with the last searcher that uses the segment. About 50 bytes per title. The same
//! warmer merges the facet dictionaries of each new searcher generation (`ordmap`).

use std::collections::{HashMap, HashSet};
use std::sync::{Arc, PoisonError, RwLock, RwLockReadGuard};

use tantivy::columnar::{Column, StrColumn, TermOrdHit};
use tantivy::index::SegmentId;
use tantivy::{DocId, Searcher, SearcherGeneration, SegmentReader, Warmer};

use crate::filter_sets::FilterSets;
use crate::ordmap::{Facet, OrdMap};
use crate::rows::Rows;
use crate::schema::col;

pub(crate) struct SegmentCache {
    pub rows: Rows,
    pub title_sort: Ords,
    pub author_sort: Ords,
    /// Each document's service id, as its ordinal in `service_ids`.
    pub service_id: Ords,
    pub service_ids: Terms,
    /// The site names, by their ordinal in this segment (the rows' site ordinals).
    pub sites: Terms,
    author_names: usize,
    category_names: usize,
    /// The documents each recent set of filters admits.
    pub filters: FilterSets,
}

/// Terms by ordinal, in one buffer. A column's dictionary finds a term by decoding its block
/// from the start, and the ten service ids a page names cost a fifth of a selective search's
/// time that way (measured with perf on a rare term at 1,000,000 titles).
#[derive(Default)]
pub(crate) struct Terms {
    bytes: Vec<u8>,
    ends: Vec<u32>,
}

impl Terms {
    /// Adds the term of the next ordinal.
    pub fn push(&mut self, term: &[u8]) {
        self.bytes.extend_from_slice(term);
        self.ends.push(self.bytes.len() as u32);
    }

    pub fn len(&self) -> usize {
        self.ends.len()
    }

    /// Gives back the room left by growing: the terms live as long as their segment or searcher.
    pub fn shrink_to_fit(&mut self) {
        self.bytes.shrink_to_fit();
        self.ends.shrink_to_fit();
    }

    fn read(column: Option<&StrColumn>) -> std::io::Result<Terms> {
        let mut terms = Terms {
            bytes: Vec::new(),
            ends: Vec::with_capacity(column.map_or(0, |c| c.num_terms())),
        };
        if let Some(column) = column {
            let mut stream = column.dictionary().stream()?;
            while stream.advance() {
                terms.push(stream.key());
            }
        }
        terms.shrink_to_fit();
        Ok(terms)
    }

    /// The terms, by ordinal.
    pub fn iter(&self) -> impl Iterator<Item = &str> {
        (0..self.len() as u64).map(|ord| self.get(ord).unwrap_or_default())
    }

    pub fn get(&self, ord: u64) -> Option<&str> {
        std::str::from_utf8(self.bytes_of(usize::try_from(ord).ok()?)?).ok()
    }

    fn bytes_of(&self, ord: usize) -> Option<&[u8]> {
        let end = *self.ends.get(ord)? as usize;
        let start = match ord.checked_sub(1) {
            Some(before) => *self.ends.get(before)? as usize,
            None => 0,
        };
        self.bytes.get(start..end)
    }

    /// Where `term` is, or would be, among terms pushed in byte order (as a dictionary streams
    /// them).
    pub fn ord_or_next(&self, term: &str) -> TermOrdHit {
        let ord = partition_point(self.len(), |ord| {
            self.bytes_of(ord).is_some_and(|t| t < term.as_bytes())
        });
        match self.bytes_of(ord) {
            Some(t) if t == term.as_bytes() => TermOrdHit::Exact(ord as u64),
            _ => TermOrdHit::Next(ord as u64),
        }
    }
}

/// The first of `0..len` for which `before` is false, `before` being true up to some point.
fn partition_point(len: usize, before: impl Fn(usize) -> bool) -> usize {
    let (mut low, mut high) = (0, len);
    while low < high {
        let mid = low + (high - low) / 2;
        if before(mid) {
            low = mid + 1;
        } else {
            high = mid;
        }
    }
    low
}

/// A single-valued string column's ordinals, by document.
pub(crate) struct Ords(Vec<u32>);

const NO_ORD: u32 = u32::MAX;

impl Ords {
    fn read(column: Option<&Column<u64>>, max_doc: DocId) -> Ords {
        Ords(
            (0..max_doc)
                .map(|doc| {
                    column
                        .and_then(|c| c.first(doc))
                        .map_or(NO_ORD, |o| o as u32)
                })
                .collect(),
        )
    }

    #[inline]
    pub fn get(&self, doc: DocId) -> Option<u64> {
        match self.0.get(doc as usize) {
            Some(&o) if o != NO_ORD => Some(u64::from(o)),
            _ => None,
        }
    }
}

#[derive(Debug, Clone, Copy)]
pub(crate) enum SortText {
    Title,
    Author,
}

impl SegmentCache {
    pub fn sort_ords(&self, text: SortText) -> &Ords {
        match text {
            SortText::Title => &self.title_sort,
            SortText::Author => &self.author_sort,
        }
    }

    /// How many names the facet has in this segment.
    pub fn names(&self, facet: Facet) -> usize {
        match facet {
            Facet::Authors => self.author_names,
            Facet::Categories => self.category_names,
        }
    }

    fn build(reader: &SegmentReader) -> tantivy::Result<SegmentCache> {
        let fast = reader.fast_fields();
        let max_doc = reader.max_doc();
        let sites = fast.str(col::SITE)?;
        let state = fast.column_opt::<u64>(col::STATE)?;
        let authors = fast.str(col::AUTHOR)?;
        let categories = fast.str(col::CATEGORY)?;
        let rows = Rows::read(
            max_doc,
            sites.as_ref().map(|c| c.ords()),
            state.as_ref(),
            authors.as_ref().map(|c| c.ords()),
            categories.as_ref().map(|c| c.ords()),
        );
        let title_sort = fast.str(col::TITLE_SORT)?;
        let author_sort = fast.str(col::AUTHOR_SORT)?;
        let service_id = fast.str(col::SERVICE_ID)?;
        Ok(SegmentCache {
            rows,
            title_sort: Ords::read(title_sort.as_ref().map(|c| c.ords()), max_doc),
            author_sort: Ords::read(author_sort.as_ref().map(|c| c.ords()), max_doc),
            service_id: Ords::read(service_id.as_ref().map(|c| c.ords()), max_doc),
            service_ids: Terms::read(service_id.as_ref())?,
            sites: Terms::read(sites.as_ref())?,
            author_names: authors.as_ref().map_or(0, |c| c.num_terms()),
            category_names: categories.as_ref().map_or(0, |c| c.num_terms()),
            filters: FilterSets::default(),
        })
    }
}

/// The facets' global ordinals of one searcher generation.
pub(crate) struct Globals {
    pub authors: OrdMap,
    pub categories: OrdMap,
}

#[derive(Default)]
pub(crate) struct Caches {
    segments: RwLock<HashMap<SegmentId, Arc<SegmentCache>>>,
    generations: RwLock<HashMap<u64, Arc<Globals>>>,
}

impl Caches {
    /// The global ordinals of the searcher's generation; built here if the warmer has not.
    pub fn globals(&self, searcher: &Searcher) -> tantivy::Result<Arc<Globals>> {
        let id = searcher.generation().generation_id();
        if let Some(found) = read(&self.generations).get(&id) {
            return Ok(found.clone());
        }
        let built = Arc::new(Globals {
            authors: OrdMap::build(searcher, Facet::Authors)?,
            categories: OrdMap::build(searcher, Facet::Categories)?,
        });
        let mut map = self
            .generations
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        Ok(map.entry(id).or_insert(built).clone())
    }

    /// The segment's arrays; built here if the warmer has not (the first searcher of a reader
    /// is warmed too, so this is a fallback).
    pub fn get(&self, reader: &SegmentReader) -> tantivy::Result<Arc<SegmentCache>> {
        let id = reader.segment_id();
        if let Some(found) = read(&self.segments).get(&id) {
            return Ok(found.clone());
        }
        let built = Arc::new(SegmentCache::build(reader)?);
        let mut map = self
            .segments
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        Ok(map.entry(id).or_insert(built).clone())
    }
}

impl Warmer for Caches {
    fn warm(&self, searcher: &Searcher) -> tantivy::Result<()> {
        for reader in searcher.segment_readers() {
            self.get(reader)?;
        }
        self.globals(searcher)?;
        Ok(())
    }

    fn garbage_collect(&self, live_generations: &[&SearcherGeneration]) {
        let live: HashSet<SegmentId> = live_generations
            .iter()
            .flat_map(|g| g.segments().keys().copied())
            .collect();
        let mut segments = self
            .segments
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        segments.retain(|id, _| live.contains(id));
        drop(segments);
        let generations: HashSet<u64> =
            live_generations.iter().map(|g| g.generation_id()).collect();
        let mut globals = self
            .generations
            .write()
            .unwrap_or_else(PoisonError::into_inner);
        globals.retain(|id, _| generations.contains(id));
    }
}

fn read<T>(lock: &RwLock<T>) -> RwLockReadGuard<'_, T> {
    lock.read().unwrap_or_else(PoisonError::into_inner)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(words: &[&str]) -> Terms {
        let mut terms = Terms::default();
        for w in words {
            terms.push(w.as_bytes());
        }
        terms
    }

    #[test]
    fn a_term_is_found_by_its_ordinal_and_its_ordinal_by_it() {
        let t = terms(&["b", "bb", "d"]);
        assert_eq!(t.get(1), Some("bb"));
        assert_eq!(t.get(3), None);
        let at = |s| match t.ord_or_next(s) {
            TermOrdHit::Exact(o) => (true, o),
            TermOrdHit::Next(o) => (false, o),
        };
        assert_eq!(at("b"), (true, 0));
        assert_eq!(at("bb"), (true, 1));
        assert_eq!(at("d"), (true, 2));
        assert_eq!(at("a"), (false, 0));
        assert_eq!(at("ba"), (false, 1));
        assert_eq!(at("c"), (false, 2));
        assert_eq!(at("e"), (false, 3));
        assert!(matches!(terms(&[]).ord_or_next("a"), TermOrdHit::Next(0)));
    }
}
