//! Values a node remembers by key for a fixed time: what every request reads and few change
//! (client keys, bearer tokens). Values are meant to be cheap to clone (an `Arc`, or an `Option`
//! of one), because every hit hands out a copy while the map is locked for reading.
//!
//! A full cache forgets its older half: entries are kept in two maps, and when the newer one is
//! full it becomes the older, whose entries are dropped. What was asked for since is kept; what
//! was not is read again once. (It started again empty before, and a record cache a little
//! smaller than the titles being read then missed on nearly every request.)
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
    /// Entries in each half: the cache holds at most twice this.
    half: usize,
    generation: AtomicU64,
    entries: RwLock<Halves<V>>,
}

/// The entries remembered since the last turn, and those of the turn before.
struct Halves<V> {
    newer: HashMap<String, Entry<V>>,
    older: HashMap<String, Entry<V>>,
}

impl<V> Default for Halves<V> {
    fn default() -> Self {
        Halves {
            newer: HashMap::new(),
            older: HashMap::new(),
        }
    }
}

struct Entry<V> {
    remembered: Instant,
    generation: u64,
    value: V,
}

impl<V: Clone> TtlCache<V> {
    /// A cache of at most `max_entries` (at least 2).
    pub fn new(ttl: Duration, max_entries: usize) -> Self {
        TtlCache {
            ttl,
            half: (max_entries / 2).max(1),
            generation: AtomicU64::new(0),
            entries: RwLock::default(),
        }
    }

    /// The value under `key`, if it was remembered in this generation less than the TTL ago.
    /// One found in the older half moves to the newer, so that what is still asked for outlives
    /// the next turn.
    pub fn recall(&self, key: &str) -> Option<V> {
        let generation = self.generation();
        {
            let entries = self.entries.read().ok()?;
            if let Some(entry) = entries.newer.get(key) {
                return self.current(entry, generation);
            }
            if !entries.older.contains_key(key) {
                return None;
            }
        }
        let mut entries = self.entries.write().ok()?;
        let entry = entries.older.remove(key)?;
        let value = self.current(&entry, generation)?;
        self.keep(&mut entries, key.to_owned(), entry);
        Some(value)
    }

    fn current(&self, entry: &Entry<V>, generation: u64) -> Option<V> {
        (entry.generation == generation && entry.remembered.elapsed() < self.ttl)
            .then(|| entry.value.clone())
    }

    /// The generation to pass to [`TtlCache::remember`]: take it before reading the store.
    /// The value remembered for `key`, or the one `load` reads, remembered unless something was
    /// forgotten while it was read.
    pub async fn recall_or<E>(
        &self,
        key: &str,
        load: impl std::future::Future<Output = Result<V, E>>,
    ) -> Result<V, E> {
        if let Some(value) = self.recall(key) {
            return Ok(value);
        }
        let generation = self.generation();
        let value = load.await?;
        self.remember(key, generation, value.clone());
        Ok(value)
    }

    pub fn generation(&self) -> u64 {
        self.generation.load(Ordering::Acquire)
    }

    pub fn remember(&self, key: &str, generation: u64, value: V) {
        let Ok(mut entries) = self.entries.write() else {
            return;
        };
        let entry = Entry {
            remembered: Instant::now(),
            generation,
            value,
        };
        self.keep(&mut entries, key.to_owned(), entry);
    }

    /// Puts the entry in the newer half; a full newer half first becomes the older, whose
    /// entries are dropped.
    fn keep(&self, entries: &mut Halves<V>, key: String, entry: Entry<V>) {
        if entries.newer.len() >= self.half {
            entries.older = std::mem::take(&mut entries.newer);
        }
        entries.newer.insert(key, entry);
    }

    /// The value under `key` is not recalled again.
    pub fn forget(&self, key: &str) {
        if let Ok(mut entries) = self.entries.write() {
            entries.newer.remove(key);
            entries.older.remove(key);
        }
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
    fn a_full_cache_forgets_its_older_half() {
        let c = TtlCache::new(Duration::from_secs(60), 4);
        for (i, key) in ["a", "b", "c", "d", "e"].into_iter().enumerate() {
            c.remember(key, c.generation(), i as u32);
        }
        // "a" and "b" filled the first half; "c" and "d" the second, which turned "a" and "b"
        // into the older half; "e" began the third and dropped them.
        assert_eq!(c.recall("a"), None);
        assert_eq!(c.recall("b"), None);
        assert_eq!(c.recall("c"), Some(2));
        assert_eq!(c.recall("d"), Some(3));
        assert_eq!(c.recall("e"), Some(4));
    }

    #[test]
    fn what_is_asked_for_outlives_the_turn() {
        let c = TtlCache::new(Duration::from_secs(60), 4);
        for (i, key) in ["a", "b", "c", "d"].into_iter().enumerate() {
            c.remember(key, c.generation(), i as u32);
        }
        // "a" is in the older half; asked for, it moves to the newer ("c" and "d" become the
        // older), so "e" drops "b" and not "a".
        assert_eq!(c.recall("a"), Some(0));
        c.remember("e", c.generation(), 4);
        assert_eq!(c.recall("a"), Some(0));
        assert_eq!(c.recall("b"), None);
    }
}
