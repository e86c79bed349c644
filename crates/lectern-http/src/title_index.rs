//! The title index beside the store: each node keeps its own and follows the store's change
//! feed, so the index trails the store by a poll interval and can always be rebuilt from it.

use std::sync::{Arc, RwLock};
use std::time::{Duration, Instant};

use lectern_search::TitleIndex;
use lectern_store::{Store, StoreError, sites, titles};

/// How often a node looks for title changes: the index trails the store by about this much.
pub const POLL: Duration = Duration::from_millis(200);
/// Changes applied per index commit.
const BATCH: u32 = 5_000;
/// Global sites change rarely; remembered this long.
const GLOBALS_TTL: Duration = Duration::from_secs(10);

pub struct Titles {
    pub index: Arc<TitleIndex>,
    globals: RwLock<Option<(Instant, Arc<Vec<String>>)>>,
}

impl Titles {
    pub fn new(index: TitleIndex) -> Self {
        Titles {
            index: Arc::new(index),
            globals: RwLock::default(),
        }
    }

    /// The sites whose titles every site includes.
    pub async fn global_sites(&self, store: &Store) -> Result<Arc<Vec<String>>, StoreError> {
        if let Ok(g) = self.globals.read()
            && let Some((at, sites)) = g.as_ref()
            && at.elapsed() < GLOBALS_TTL
        {
            return Ok(sites.clone());
        }
        let found: Arc<Vec<String>> = Arc::new(
            sites::list(store.pool())
                .await?
                .into_iter()
                .filter(|s| s.global)
                .map(|s| s.id)
                .collect(),
        );
        if let Ok(mut g) = self.globals.write() {
            *g = Some((Instant::now(), found.clone()));
        }
        Ok(found)
    }

    /// Applies every change the index has not seen; returns how many were applied.
    pub async fn catch_up(&self, store: &Store) -> anyhow::Result<u64> {
        let mut applied = 0u64;
        loop {
            let from = self.index.last_applied_seq().unwrap_or(0);
            let changes = titles::changes_since(store.pool(), from, BATCH).await?;
            if changes.is_empty() {
                return Ok(applied);
            }
            applied += changes.len() as u64;
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
        let upto = titles::current_seq(store.pool()).await?;
        let index = self.index.clone();
        let writer = tokio::task::spawn_blocking(move || {
            index.rebuild(std::iter::from_fn(|| rx.blocking_recv()), upto, progress)
        });
        let mut from = 0;
        loop {
            let changes = titles::changes_since(store.pool(), from, BATCH).await?;
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
