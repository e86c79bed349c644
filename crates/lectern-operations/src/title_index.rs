//! The title index beside the store: each node keeps its own and follows the store's change
//! feed, so the index trails the store by a poll interval and can always be rebuilt from it.

use std::collections::HashMap;
use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use lectern_domain::catalog::TitleRecord;
use lectern_domain::catalog::query::Scope;
use lectern_search::{Counted, TitleIndex};
use lectern_store::{Store, StoreError, bisac_codes, categories, sites, titles};

use crate::ttl_cache::TtlCache;

/// How often a node looks for title changes: the index trails the store by about this much.
pub const POLL: Duration = Duration::from_millis(200);
/// A bound on how long a record is kept, whatever the change feed says: if following the
/// feed fails, records are still read afresh this often.
const RECORD_TTL: Duration = Duration::from_secs(60);
/// Records read from the store in one statement, within every engine's count of parameters.
const READ_AT_ONCE: usize = 500;
/// Changes applied per index commit.
const BATCH: u32 = 5_000;
/// Global sites, categories and BISAC codes change rarely; each node remembers them this long.
const REFERENCE_TTL: Duration = Duration::from_secs(10);

pub struct Titles {
    pub index: Arc<TitleIndex>,
    /// Title records by service id. Each change the feed brings starts a new generation, so a
    /// record is never older than the index's view of the store. Titles are written only by the
    /// worker and the CLI, so a request's write does not (`stale_after_writes`).
    pub records: Arc<TtlCache<Arc<TitleRecord>>>,
    globals: Remembered<Vec<String>>,
    category_names: Remembered<CategoryNames>,
    popular_reads: Remembered<Vec<(String, u64)>>,
    /// Languages and BISAC codes with their titles counted, by field and scope.
    term_counts: TtlCache<Arc<Vec<(String, u64)>>>,
}

/// How long a node keeps the counts of titles by language and BISAC code: counting reads every
/// title's postings, and a catalog's languages change slowly.
const TERM_COUNTS_TTL: Duration = Duration::from_secs(60);

/// How long a node keeps the most-read titles: counting them is a scan of every (title, reader)
/// pair, and which titles are most read moves slowly.
const POPULAR_TTL: Duration = Duration::from_secs(300);
/// How many of the most-read titles are kept.
const POPULAR_KEPT: u32 = 500;

/// The descriptions that title summaries show beside each category and BISAC code.
#[derive(Default)]
pub struct CategoryNames {
    pub categories: HashMap<String, Option<String>>,
    pub bisac: HashMap<String, String>,
}

/// A value read from the store and kept for a while (`REFERENCE_TTL` unless said otherwise).
struct Remembered<T> {
    value: RwLock<Option<(Instant, Arc<T>)>>,
    ttl: Duration,
}

impl<T> Default for Remembered<T> {
    fn default() -> Self {
        Remembered {
            value: RwLock::default(),
            ttl: REFERENCE_TTL,
        }
    }
}

impl<T> Remembered<T> {
    async fn get<F>(&self, load: F) -> Result<Arc<T>, StoreError>
    where
        F: std::future::Future<Output = Result<T, StoreError>>,
    {
        if let Ok(g) = self.value.read()
            && let Some((at, value)) = g.as_ref()
            && at.elapsed() < self.ttl
        {
            return Ok(value.clone());
        }
        let found = Arc::new(load.await?);
        if let Ok(mut g) = self.value.write() {
            *g = Some((Instant::now(), found.clone()));
        }
        Ok(found)
    }
}

impl Titles {
    /// The index, and a cache of at most `records_kept` title records.
    pub fn new(index: TitleIndex, records_kept: usize) -> Self {
        Titles {
            index: Arc::new(index),
            records: Arc::new(TtlCache::new(RECORD_TTL, records_kept)),
            globals: Remembered::default(),
            category_names: Remembered::default(),
            popular_reads: Remembered {
                value: RwLock::default(),
                ttl: POPULAR_TTL,
            },
            term_counts: TtlCache::new(TERM_COUNTS_TTL, 1_000),
        }
    }

    /// The most-read titles, with how many readers each has, most first.
    pub async fn popular_reads(
        &self,
        store: &Store,
    ) -> Result<Arc<Vec<(String, u64)>>, StoreError> {
        self.popular_reads
            .get(lectern_store::recommendations::popular(
                store.reads(),
                POPULAR_KEPT,
            ))
            .await
    }

    /// The title's record, whatever its status and whoever asks: callers check visibility.
    pub async fn record(
        &self,
        store: &Store,
        service_id: &str,
    ) -> Result<Option<Arc<TitleRecord>>, StoreError> {
        if let Some(record) = self.records.recall(service_id) {
            return Ok(Some(record));
        }
        let generation = self.records.generation();
        let Some(record) = titles::get(store.reads(), service_id).await? else {
            return Ok(None);
        };
        let record = Arc::new(record);
        self.records
            .remember(service_id, generation, record.clone());
        Ok(Some(record))
    }

    /// The records of those of these titles that exist, by service id. Only those this node
    /// does not hold are read from the store, a few hundred to a statement.
    pub async fn records(
        &self,
        store: &Store,
        service_ids: &[String],
    ) -> Result<HashMap<String, Arc<TitleRecord>>, StoreError> {
        let mut found = HashMap::with_capacity(service_ids.len());
        let mut missing = Vec::new();
        for id in service_ids {
            match self.records.recall(id) {
                Some(record) => {
                    found.insert(id.clone(), record);
                }
                None => missing.push(id.clone()),
            }
        }
        let generation = self.records.generation();
        for chunk in missing.chunks(READ_AT_ONCE) {
            for record in titles::get_many(store.reads(), chunk).await? {
                let record = Arc::new(record);
                self.records
                    .remember(&record.service_id, generation, record.clone());
                found.insert(record.service_id.clone(), record);
            }
        }
        Ok(found)
    }

    /// Every category with a title in the scope, with how many, by name (off the async
    /// threads: it reads every title's row).
    pub async fn category_counts(&self, scope: Scope) -> anyhow::Result<Vec<(String, u64)>> {
        let index = self.index.clone();
        Ok(tokio::task::spawn_blocking(move || index.category_counts(&scope)).await??)
    }

    /// The values of a field (languages, BISAC codes) with how many titles in the scope have
    /// each, kept a minute per scope.
    pub async fn term_counts(
        &self,
        field: Counted,
        scope: Scope,
    ) -> anyhow::Result<Arc<Vec<(String, u64)>>> {
        let key = format!("{field:?} {scope:?}");
        if let Some(counts) = self.term_counts.recall(&key) {
            return Ok(counts);
        }
        let generation = self.term_counts.generation();
        let index = self.index.clone();
        let counts =
            tokio::task::spawn_blocking(move || index.term_counts(field, &scope)).await??;
        let counts = Arc::new(counts);
        self.term_counts.remember(&key, generation, counts.clone());
        Ok(counts)
    }

    /// The sites whose titles every site includes.
    pub async fn global_sites(&self, store: &Store) -> Result<Arc<Vec<String>>, StoreError> {
        self.globals
            .get(async {
                Ok(sites::list(store.reads())
                    .await?
                    .into_iter()
                    .filter(|s| s.global)
                    .map(|s| s.id)
                    .collect())
            })
            .await
    }

    /// The descriptions of every category and BISAC code.
    pub async fn category_names(&self, store: &Store) -> Result<Arc<CategoryNames>, StoreError> {
        self.category_names
            .get(async {
                Ok(CategoryNames {
                    categories: categories::categories(store.reads())
                        .await?
                        .into_iter()
                        .collect(),
                    bisac: bisac_codes::bisac_descriptions(store.reads())
                        .await?
                        .into_iter()
                        .collect(),
                })
            })
            .await
    }

    /// Applies every change the index has not seen; returns how many were applied.
    pub async fn catch_up(&self, store: &Store) -> anyhow::Result<u64> {
        let mut applied = 0u64;
        loop {
            let from = self.index.last_applied_seq().unwrap_or(0);
            let changes = titles::changes_since(store.reads(), from, BATCH).await?;
            if changes.is_empty() {
                return Ok(applied);
            }
            applied += changes.len() as u64;
            // Forgotten before the index moves on, so that once the index says it has a change
            // no record older than it is kept (records read meanwhile come from the store, which
            // is ahead of both).
            self.records.forget_all();
            let index = self.index.clone();
            tokio::task::spawn_blocking(move || index.apply(&changes)).await??;
        }
    }

    /// Follows the change feed until the process ends. A failed poll is logged and retried:
    /// searches keep answering from the index as it stands.
    pub fn follow(self: &Arc<Self>, store: Store) -> tokio::task::JoinHandle<()> {
        let me = self.clone();
        tokio::spawn(async move {
            loop {
                match me.catch_up(&store).await {
                    Ok(0) => {}
                    Ok(n) => {
                        metrics::counter!("lectern_index_changes_applied_total").increment(n);
                        tracing::debug!(changes = n, "title index caught up");
                    }
                    Err(e) => tracing::warn!(error = %e, "title index could not follow the store"),
                }
                if let Some(seq) = me.index.last_applied_seq() {
                    metrics::gauge!("lectern_index_seq").set(seq as f64);
                }
                tokio::time::sleep(POLL).await;
            }
        })
    }
}

impl Titles {
    /// Rebuilds the index from the store: every title, read in change-feed order while the index
    /// is written, so memory stays flat at any catalog size. Changes made meanwhile are picked up
    /// by `catch_up` afterwards. Returns how many titles were indexed.
    pub async fn rebuild(
        &self,
        store: &Store,
        progress: impl Fn(u64) + Send + 'static,
    ) -> anyhow::Result<u64> {
        let (tx, mut rx) =
            tokio::sync::mpsc::channel::<lectern_domain::catalog::TitleRecord>(BATCH as usize * 2);
        let upto = titles::current_seq(store.reads()).await?;
        let index = self.index.clone();
        let writer = tokio::task::spawn_blocking(move || {
            index.rebuild(std::iter::from_fn(|| rx.blocking_recv()), upto, progress)
        });
        let mut from = 0;
        loop {
            let changes = titles::changes_since(store.reads(), from, BATCH).await?;
            let Some((seq, _)) = changes.last() else {
                break;
            };
            from = *seq;
            for (_, record) in changes {
                if tx.send(record).await.is_err() {
                    // The writer stopped; its error is reported below.
                    break;
                }
            }
        }
        drop(tx);
        let count = writer.await??;
        Ok(count)
    }
}
