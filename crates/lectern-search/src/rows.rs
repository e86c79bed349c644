//! What every match reads for the caller's scope and the facets, kept together in one 16-byte
//! row per document: four rows to a cache line.
//!
//! Kept as five arrays (the scope, then an offset array and a value array per facet), a sparse
//! match set paid a cache miss in each: perf on a filtered search at 1,000,000 titles put four
//! fifths of the collector's time on those five loads. Most titles have one or two authors and
//! one or two categories, which fit in the row; a title with more keeps its list in a side array,
//! which only its matches read.

use tantivy::DocId;
use tantivy::columnar::Column;

/// One document's site, state and facet ordinals.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[repr(C, align(16))]
pub(crate) struct DocRow {
    /// Site ordinal << 4 | the two overflow flags | the `state` bits.
    bits: u32,
    /// Up to two author ordinals, then `NO_AUTHOR`; or, with `MORE_AUTHORS`, where the list
    /// starts in `Rows::more`.
    authors: [u32; 2],
    /// Up to two category ordinals, then `NO_CATEGORY`; or, with `MORE_CATEGORIES`, where the
    /// list starts in `Rows::more` (high half first).
    categories: [u16; 2],
}

const STATE: u32 = 3;
const MORE_AUTHORS: u32 = 4;
const MORE_CATEGORIES: u32 = 8;
const SITE_SHIFT: u32 = 4;
/// The site ordinal of a document without a site: past the end of any site list.
const NO_SITE: u32 = u32::MAX >> SITE_SHIFT;
const NO_AUTHOR: u32 = u32::MAX;
const NO_CATEGORY: u16 = u16::MAX;

impl DocRow {
    /// The row of a document that is not there: no site, so no scope admits it.
    pub const ABSENT: DocRow = DocRow {
        bits: NO_SITE << SITE_SHIFT,
        authors: [NO_AUTHOR; 2],
        categories: [NO_CATEGORY; 2],
    };

    #[inline]
    pub fn site(&self) -> usize {
        (self.bits >> SITE_SHIFT) as usize
    }

    /// The `scope::LIVE` and `scope::ADULT` bits.
    #[inline]
    pub fn state(&self) -> u64 {
        u64::from(self.bits & STATE)
    }
}

/// The rows of a segment, by document, and the lists too long for them.
pub(crate) struct Rows {
    rows: Vec<DocRow>,
    /// Length-prefixed ordinal lists.
    more: Vec<u32>,
}

impl Rows {
    /// From the segment's site ordinals, `state` values and the two facets' ordinals.
    pub fn read(
        max_doc: DocId,
        sites: Option<&Column<u64>>,
        state: Option<&Column<u64>>,
        authors: Option<&Column<u64>>,
        categories: Option<&Column<u64>>,
    ) -> Rows {
        let mut rows = Rows {
            rows: Vec::with_capacity(max_doc as usize),
            more: Vec::new(),
        };
        let (mut authors_of, mut categories_of) = (Vec::new(), Vec::new());
        for doc in 0..max_doc {
            let site = sites.and_then(|c| c.first(doc));
            let state = state.and_then(|c| c.first(doc)).unwrap_or(0);
            values(authors, doc, &mut authors_of);
            values(categories, doc, &mut categories_of);
            rows.push(site, state, &authors_of, &categories_of);
        }
        rows.more.shrink_to_fit();
        rows
    }

    /// Adds the next document's row.
    fn push(&mut self, site: Option<u64>, state: u64, authors: &[u32], categories: &[u32]) {
        let site = site.map_or(NO_SITE, |s| {
            u32::try_from(s).unwrap_or(NO_SITE).min(NO_SITE)
        });
        let mut row = DocRow {
            bits: site << SITE_SHIFT | (state as u32 & STATE),
            ..DocRow::ABSENT
        };
        match *authors {
            [] => {}
            [a] if a < NO_AUTHOR => row.authors[0] = a,
            [a, b] if a.max(b) < NO_AUTHOR => row.authors = [a, b],
            _ => {
                row.bits |= MORE_AUTHORS;
                row.authors[0] = self.spill(authors);
            }
        }
        let small = |o: u32| o < u32::from(NO_CATEGORY);
        match *categories {
            [] => {}
            [a] if small(a) => row.categories[0] = a as u16,
            [a, b] if small(a.max(b)) => row.categories = [a as u16, b as u16],
            _ => {
                row.bits |= MORE_CATEGORIES;
                let start = self.spill(categories);
                row.categories = [(start >> 16) as u16, start as u16];
            }
        }
        self.rows.push(row);
    }

    /// Keeps a list in `more`; where it starts.
    fn spill(&mut self, ords: &[u32]) -> u32 {
        let start = self.more.len() as u32;
        self.more.push(ords.len() as u32);
        self.more.extend_from_slice(ords);
        start
    }

    /// The document's row; a document past the segment's end has no site and no facets.
    #[inline]
    pub fn get(&self, doc: DocId) -> &DocRow {
        self.rows.get(doc as usize).unwrap_or(&DocRow::ABSENT)
    }

    #[inline]
    pub fn for_each_author(&self, row: &DocRow, f: impl FnMut(u32)) {
        if row.bits & MORE_AUTHORS != 0 {
            self.spilled(row.authors[0], f);
        } else {
            row.authors
                .iter()
                .take_while(|&&a| a != NO_AUTHOR)
                .copied()
                .for_each(f);
        }
    }

    #[inline]
    pub fn for_each_category(&self, row: &DocRow, f: impl FnMut(u32)) {
        if row.bits & MORE_CATEGORIES != 0 {
            let [high, low] = row.categories;
            self.spilled(u32::from(high) << 16 | u32::from(low), f);
        } else {
            row.categories
                .iter()
                .take_while(|&&c| c != NO_CATEGORY)
                .map(|&c| u32::from(c))
                .for_each(f);
        }
    }

    fn spilled(&self, start: u32, f: impl FnMut(u32)) {
        let start = start as usize;
        let len = self.more.get(start).map_or(0, |&n| n as usize);
        if let Some(list) = self.more.get(start + 1..start + 1 + len) {
            list.iter().copied().for_each(f);
        }
    }
}

fn values(column: Option<&Column<u64>>, doc: DocId, out: &mut Vec<u32>) {
    out.clear();
    if let Some(column) = column {
        out.extend(column.values_for_doc(doc).map(|v| v as u32));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn rows_of(authors: &[&[u32]], categories: &[&[u32]]) -> Rows {
        let mut rows = Rows {
            rows: Vec::new(),
            more: Vec::new(),
        };
        for (a, c) in authors.iter().zip(categories) {
            rows.push(Some(5), 1, a, c);
        }
        rows
    }

    fn listed(rows: &Rows, doc: DocId) -> (Vec<u32>, Vec<u32>) {
        let (mut a, mut c) = (Vec::new(), Vec::new());
        let row = rows.get(doc);
        rows.for_each_author(row, |o| a.push(o));
        rows.for_each_category(row, |o| c.push(o));
        (a, c)
    }

    #[test]
    fn short_and_long_lists_read_back_whole() {
        let rows = rows_of(
            &[&[], &[7], &[7, 0], &[1, 2, 3, 4]],
            &[&[3, 1], &[], &[65_535, 2], &[0, 1, 2]],
        );
        assert_eq!(listed(&rows, 0), (vec![], vec![3, 1]));
        assert_eq!(listed(&rows, 1), (vec![7], vec![]));
        assert_eq!(listed(&rows, 2), (vec![7, 0], vec![65_535, 2]));
        assert_eq!(listed(&rows, 3), (vec![1, 2, 3, 4], vec![0, 1, 2]));
        assert_eq!((rows.get(3).site(), rows.get(3).state()), (5, 1));
    }

    #[test]
    fn a_document_past_the_end_has_no_site_and_no_facets() {
        let rows = rows_of(&[&[1]], &[&[1]]);
        assert_eq!(listed(&rows, 9), (vec![], vec![]));
        assert_eq!(rows.get(9).site(), NO_SITE as usize);
    }

    #[test]
    fn a_row_is_sixteen_bytes() {
        assert_eq!(std::mem::size_of::<DocRow>(), 16);
    }
}
