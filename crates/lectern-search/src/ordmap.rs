//! Global ordinals for the facet columns, per searcher generation.
//!
//! Each segment numbers its author (category) names in its own sorted dictionary. Merging the
//! segments' dictionaries once per generation gives every name one global ordinal, in name
//! order, and each segment a table from its ordinals to the global ones. Facet counts from all
//! segments then add up by global ordinal, the top ten is a selection on (count, ordinal), and
//! only those ten names are ever read. The merge costs a pass over the dictionaries when a
//! reload brings new segments, not on any search.

use std::io;

use tantivy::columnar::{BytesColumn, StrColumn};
use tantivy::{Searcher, SegmentReader};

use crate::schema::col;

/// Which facet a tally counts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(crate) enum Facet {
    Authors,
    Categories,
}

impl Facet {
    pub fn column(self) -> &'static str {
        match self {
            Facet::Authors => col::AUTHOR,
            Facet::Categories => col::CATEGORY,
        }
    }
}

pub(crate) struct OrdMap {
    /// By segment ordinal in the searcher: its local ordinals' global ones.
    to_global: Vec<Vec<u32>>,
    /// By global ordinal: a segment that has the name, and its ordinal there.
    source: Vec<(u32, u32)>,
    columns: Vec<StrColumn>,
}

impl OrdMap {
    pub fn build(searcher: &Searcher, facet: Facet) -> tantivy::Result<OrdMap> {
        let columns: Vec<StrColumn> = searcher
            .segment_readers()
            .iter()
            .map(|r| str_column(r, facet.column()))
            .collect::<tantivy::Result<_>>()?;
        let mut streams = Vec::with_capacity(columns.len());
        for column in &columns {
            let mut stream = column.dictionary().stream()?;
            let live = stream.advance();
            streams.push((stream, live, 0u32));
        }
        let mut map = OrdMap {
            to_global: columns
                .iter()
                .map(|c| Vec::with_capacity(c.num_terms()))
                .collect(),
            source: Vec::new(),
            columns: Vec::new(),
        };
        // A k-way merge: segments are few, so the smallest key is found by a scan.
        let mut key = Vec::new();
        loop {
            let mut smallest: Option<usize> = None;
            for (i, (stream, live, _)) in streams.iter().enumerate() {
                if *live && smallest.is_none_or(|s| stream.key() < streams[s].0.key()) {
                    smallest = Some(i);
                }
            }
            let Some(first) = smallest else { break };
            let global = map.source.len() as u32;
            map.source.push((first as u32, streams[first].2));
            key.clear();
            key.extend_from_slice(streams[first].0.key());
            for (i, (stream, live, local)) in streams.iter_mut().enumerate() {
                if *live && stream.key() == key.as_slice() {
                    map.to_global[i].push(global);
                    *local += 1;
                    *live = stream.advance();
                }
            }
        }
        map.columns = columns;
        Ok(map)
    }

    pub fn len(&self) -> usize {
        self.source.len()
    }

    /// The global ordinals of one segment's local ones.
    pub fn segment(&self, segment: u32) -> &[u32] {
        self.to_global
            .get(segment as usize)
            .map_or(&[], Vec::as_slice)
    }

    pub fn name(&self, global: u32) -> io::Result<String> {
        let mut out = String::new();
        if let Some(&(segment, local)) = self.source.get(global as usize)
            && let Some(column) = self.columns.get(segment as usize)
        {
            column.ord_to_str(u64::from(local), &mut out)?;
        }
        Ok(out)
    }
}

pub(crate) fn str_column(reader: &SegmentReader, name: &str) -> tantivy::Result<StrColumn> {
    Ok(match reader.fast_fields().str(name)? {
        Some(c) => c,
        None => StrColumn::wrap(BytesColumn::empty(reader.max_doc())),
    })
}
