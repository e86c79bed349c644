//! Per-segment copies, in plain arrays, of the columns every match reads: the scope's site and
//! state with the author and category ordinals the facets count (one row per document, `rows`),
//! and the title and author sort ordinals; of the service ids every page names; and of what
//! every search asks of a segment's dictionaries (its site names, how many authors and
//! categories it has, its titles' words by their stems).
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

use tantivy::columnar::Column;
use tantivy::index::SegmentId;
use tantivy::{DocId, Searcher, SearcherGeneration, SegmentReader, Warmer};

use crate::filter_sets::{FilterSets, SegmentSets};
use crate::ordmap::{Facet, OrdMap};
use crate::rows::Rows;
use crate::schema::col;
use crate::stemming::SegmentForms;
use crate::terms::Terms;

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
    pub filters: Arc<FilterSets>,
    /// The titles' words by their stems (`stemming`).
    pub forms: SegmentForms,
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
            filters: Arc::default(),
            forms: SegmentForms::read(reader)?,
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

impl SegmentSets for Caches {
    fn sets_of(&self, reader: &SegmentReader) -> tantivy::Result<Arc<FilterSets>> {
        Ok(self.get(reader)?.filters.clone())
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
