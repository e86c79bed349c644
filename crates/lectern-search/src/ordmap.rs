//! Global ordinals for the facet columns, per searcher generation.
//!
//! Each segment numbers its author (category) names in its own sorted dictionary. Merging the
//! segments' dictionaries once per generation gives every name one global ordinal, in name
//! order, and each segment a table from its ordinals to the global ones. Facet counts from all
//! segments then add up by global ordinal, and the top ten is a selection on (count, ordinal).
//! The merge keeps every name, by global ordinal, so that reading the ten costs no dictionary
//! lookups. It costs a pass over the dictionaries when a reload brings new segments, not on any
//! search.

use std::io;

use tantivy::columnar::{BytesColumn, StrColumn};
use tantivy::{Searcher, SegmentReader};

use crate::schema::col;
use crate::terms::Terms;

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
    /// The names, by global ordinal.
    names: Terms,
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
            streams.push((stream, live));
        }
        let mut map = OrdMap {
            to_global: columns
                .iter()
                .map(|c| Vec::with_capacity(c.num_terms()))
                .collect(),
            names: Terms::default(),
        };
        // A k-way merge: segments are few, so the smallest key is found by a scan.
        let mut key = Vec::new();
        loop {
            let mut smallest: Option<usize> = None;
            for (i, (stream, live)) in streams.iter().enumerate() {
                if *live && smallest.is_none_or(|s| stream.key() < streams[s].0.key()) {
                    smallest = Some(i);
                }
            }
            let Some(first) = smallest else { break };
            let global = map.names.len() as u32;
            key.clear();
            key.extend_from_slice(streams[first].0.key());
            map.names.push(&key);
            for (i, (stream, live)) in streams.iter_mut().enumerate() {
                if *live && stream.key() == key.as_slice() {
                    map.to_global[i].push(global);
                    *live = stream.advance();
                }
            }
        }
        map.names.shrink_to_fit();
        Ok(map)
    }

    pub fn len(&self) -> usize {
        self.names.len()
    }

    /// The global ordinals of one segment's local ones.
    pub fn segment(&self, segment: u32) -> &[u32] {
        self.to_global
            .get(segment as usize)
            .map_or(&[], Vec::as_slice)
    }

    pub fn name(&self, global: u32) -> io::Result<String> {
        self.names
            .get(u64::from(global))
            .map(str::to_owned)
            .ok_or_else(|| io::Error::other(format!("no facet name has global ordinal {global}")))
    }
}

pub(crate) fn str_column(reader: &SegmentReader, name: &str) -> tantivy::Result<StrColumn> {
    Ok(match reader.fast_fields().str(name)? {
        Some(c) => c,
        None => StrColumn::wrap(BytesColumn::empty(reader.max_doc())),
    })
}
