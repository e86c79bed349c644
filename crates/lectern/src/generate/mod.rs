//! A deterministic synthetic catalog for benchmarks and demos (`lectern generate`).
//!
//! Title `i` is a pure function of the seed and `i`: each title draws from its own ChaCha8
//! stream, so titles can be made in any order, in batches, and made again later (the popular
//! lists do that) without holding the catalog in memory. Series, authors and lists draw from
//! streams of their own, apart from the titles'.

mod artifacts;
mod bisac;
mod categories;
mod isbn;
mod lifecycle;
mod lists;
mod names;
mod people;
mod readers;
mod sample_files;
mod tables;
mod title;
mod vocabulary;
mod zipf;

use lectern_domain::catalog::TitleRecord;
use rand::{Rng, SeedableRng};
use rand_chacha::ChaCha8Rng;

pub use lists::Newest;
pub use sample_files::sample_file;

use categories::CATEGORIES;
use names::Names;
use vocabulary::Vocabulary;

/// Service ids are this prefix and a zero-padded number: the demo's titles and anything a
/// fixture loads never start with it, and ids in insertion order keep the primary key's index
/// appending at its end instead of splitting pages all over it.
pub const ID_PREFIX: &str = "gen-";

/// The largest catalog the ids' eight digits number.
pub const MAX_TITLES: u64 = 99_999_999;

/// Titles take ChaCha streams below this; series and lists take streams above it (authors
/// take theirs from 2^62 up, in `names`).
const SERIES_STREAMS: u64 = 1 << 60;
const LIST_STREAMS: u64 = 1 << 61;
/// Titles in a run of this many may form one series.
const SERIES_SPAN: u64 = 8;

pub fn service_id(index: u64) -> String {
    format!("{ID_PREFIX}{:08}", index + 1)
}

pub struct Generator {
    key: [u8; 32],
    site: String,
    vocabulary: Vocabulary,
    names: Names,
    bisac: Vec<(&'static str, &'static str)>,
    bisac_by_category: Vec<Vec<usize>>,
    /// Running totals of the categories' weights.
    category_totals: Vec<u32>,
}

/// A title's place in a series, shared by the titles of one run.
struct Series {
    title: String,
    number: u64,
    author: String,
    category: usize,
}

impl Generator {
    pub fn new(seed: u64, site: &str) -> Generator {
        let mut key = [0u8; 32];
        ChaCha8Rng::seed_from_u64(seed).fill(&mut key);
        let bisac = bisac::codes();
        let mut total = 0;
        Generator {
            key,
            site: site.to_owned(),
            vocabulary: Vocabulary::new(),
            names: Names::new(key),
            bisac_by_category: categories::bisac_index(&bisac),
            bisac,
            category_totals: CATEGORIES
                .iter()
                .map(|c| {
                    total += c.weight;
                    total
                })
                .collect(),
        }
    }

    /// Title `index` (counting from 0) of the catalog.
    pub fn title(&self, index: u64) -> TitleRecord {
        title::build(self, index)
    }

    /// The service's categories, with descriptions.
    pub fn categories(&self) -> impl Iterator<Item = (&'static str, &'static str)> {
        CATEGORIES.iter().map(|c| (c.name, c.description))
    }

    pub fn bisac_codes(&self) -> &[(&'static str, &'static str)] {
        &self.bisac
    }

    fn stream(&self, stream: u64) -> ChaCha8Rng {
        let mut rng = ChaCha8Rng::from_seed(self.key);
        rng.set_stream(stream);
        rng
    }

    fn category(&self, rng: &mut impl Rng) -> usize {
        let total = self.category_totals.last().copied().unwrap_or(1);
        let u = rng.random_range(0..total);
        self.category_totals.partition_point(|&t| t <= u)
    }

    /// The series title `index` belongs to, if any: each run of `SERIES_SPAN` titles is a
    /// series of its first 2 to 8 titles or none, decided by the run's own stream.
    fn series(&self, index: u64) -> Option<Series> {
        let mut rng = self.stream(SERIES_STREAMS | (index / SERIES_SPAN));
        let category = self.category(&mut rng);
        let share = if CATEGORIES[category].fiction {
            0.4
        } else {
            0.05
        };
        if !rng.random_bool(share) {
            return None;
        }
        let length = rng.random_range(2..=SERIES_SPAN);
        let number = index % SERIES_SPAN + 1;
        (number <= length).then(|| Series {
            title: self.vocabulary.title(&mut rng),
            number,
            author: self.names.author(&mut rng),
            category,
        })
    }
}

/// One of `choices` by weight.
fn pick<T: Copy>(rng: &mut impl Rng, choices: &[(u32, T)]) -> T {
    let total: u32 = choices.iter().map(|(w, _)| w).sum();
    let mut u = rng.random_range(0..total.max(1));
    for (w, choice) in choices {
        if u < *w {
            return *choice;
        }
        u -= w;
    }
    choices[choices.len() - 1].1
}

#[cfg(test)]
mod tests;
