//! Values a node remembers by key for a fixed time: what every request reads and few change
//! (client keys, bearer tokens). Values are meant to be cheap to clone (an `Arc`, or an `Option`
//! of one), because every hit hands out a copy while the map is locked for reading.
//!
//! A cache also counts generations: [`TtlCache::forget_all`] starts a new one, and an entry
//! remembered in an older generation is not recalled. A reader takes the generation *before* it
//! reads the store and remembers under it, so a read that raced a write is never remembered as
//! current.

use std::collections::HashMap;
use std::sync::RwLock;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

pub struct TtlCache<V> {
    ttl: Duration,
    /// Past this many entries the cache starts again empty rather than grow.
    max_entries: usize,
    generation: AtomicU64,
    entries: RwLock<HashMap<String, Entry<V>>>,
}

struct Entry<V> {
    remembered: Instant,
    generation: u64,
    value: V,
}

impl<V: Clone> TtlCache<V> {
    pub fn new(ttl: Duration, max_entries: usize) -> Self {
        TtlCache {
            ttl,
            max_entries,
            generation: AtomicU64::new(0),
            entries: RwLock::default(),
        }
    }

    /// The value under `key`, if it was remembered in this generation less than the TTL ago.
    pub fn recall(&self, key: &str) -> Option<V> {
        let generation = self.generation();
        let entries = self.entries.read().ok()?;
        let entry = entries.get(key)?;
        (entry.generation == generation && entry.remembered.elapsed() < self.ttl)
            .then(|| entry.value.clone())
    }

    /// The generation to pass to [`TtlCache::remember`]: take it before reading the store.
    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    pub fn remember(&self, key: &str, generation: u64, value: V) {
        let Ok(mut entries) = self.entries.write() else {
            return;
        };
        if entries.len() >= self.max_entries {
            entries.clear();
        }
        entries.insert(
            key.to_owned(),
            Entry {
                remembered: Instant::now(),
                generation,
                value,
            },
        );
    }

    /// Nothing remembered so far is recalled again.
    pub fn forget_all(&self) {
        self.generation.fetch_add(1, Ordering::AcqRel);
    }
}

/// What a node remembers that a write on it may make stale (`stale_after_writes`).
pub trait Forget: Send + Sync {
    fn forget_all(&self);
}

impl<V: Clone + Send + Sync> Forget for TtlCache<V> {
    fn forget_all(&self) {
        TtlCache::forget_all(self);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn cache() -> TtlCache<u32> {
        TtlCache::new(Duration::from_secs(60), 3)
    }

    #[test]
    fn a_value_is_recalled_in_its_generation() {
        let c = cache();
        c.remember("a", c.generation(), 1);
        assert_eq!(c.recall("a"), Some(1));
        assert_eq!(c.recall("b"), None);
    }

    #[test]
    fn a_new_generation_forgets_what_was_remembered() {
        let c = cache();
        c.remember("a", c.generation(), 1);
        c.forget_all();
        assert_eq!(c.recall("a"), None);
    }

    #[test]
    fn a_read_that_raced_a_write_is_not_recalled() {
        let c = cache();
        let before_the_read = c.generation();
        c.forget_all(); // a write finished while the store was being read
        c.remember("a", before_the_read, 1);
        assert_eq!(c.recall("a"), None);
    }

    #[test]
    fn a_value_older_than_the_ttl_is_not_recalled() {
        let c = TtlCache::new(Duration::ZERO, 3);
        c.remember("a", c.generation(), 1);
        assert_eq!(c.recall("a"), None);
    }

    #[test]
    fn a_full_cache_starts_again_rather_than_grow() {
        let c = cache();
        for (i, key) in ["a", "b", "c", "d"].into_iter().enumerate() {
            c.remember(key, c.generation(), i as u32);
        }
        assert_eq!(c.recall("a"), None);
        assert_eq!(c.recall("d"), Some(3));
    }
}
