use std::path::Path;
use std::sync::{Arc, Mutex, MutexGuard, PoisonError};
use std::time::Instant;

use lectern_domain::catalog::TitleRecord;
use serde::{Deserialize, Serialize};
use tantivy::directory::MmapDirectory;
use tantivy::{
    Index, IndexReader, IndexSettings, IndexWriter, ReloadPolicy, TantivyError, Term, Warmer,
};

use crate::cache::Caches;
use crate::facets::Counters;
use crate::schema::{self, Fields, SCHEMA_VERSION};
use crate::{Error, Result, document};

/// Enough for the change feed's batches; tantivy's floor is 15 MB.
const WRITER_HEAP: usize = 64 << 20;
/// A rebuild indexes everything in one go: large segments mean few merges.
const REBUILD_HEAP: usize = 512 << 20;
const REBUILD_THREADS: usize = 2;

/// What each commit records beside the documents.
#[derive(Debug, Serialize, Deserialize)]
struct Payload {
    schema: u32,
    seq: i64,
}

/// The title index. Searches run concurrently with each other and with writes; writes
/// (`apply`, `remove`, `rebuild`) take turns. Every write is committed and visible to the next
/// search when the call returns.
pub struct TitleIndex {
    index: Index,
    pub(crate) reader: IndexReader,
    pub(crate) fields: Fields,
    pub(crate) counters: Counters,
    /// Also registered as the reader's warmer, which holds it weakly.
    pub(crate) caches: Arc<Caches>,
    /// The writer and the feed position, together: a commit records both.
    writer: Mutex<Writer>,
}

struct Writer {
    /// `None` only while a rebuild's bulk writer holds the index lock.
    inner: Option<IndexWriter>,
    seq: Option<i64>,
}

impl TitleIndex {
    /// Opens the index kept in `dir`, or creates an empty one. Each schema version lives in its
    /// own subdirectory (`v2`, ...); those of other versions are deleted, and an index whose
    /// schema differs from this build's is replaced by an empty one: `needs_rebuild` then says so.
    pub fn open(dir: &Path) -> Result<TitleIndex> {
        let (schema, fields) = schema::build();
        let path = dir.join(format!("v{SCHEMA_VERSION}"));
        std::fs::create_dir_all(&path)?;
        let existing = Index::exists(&MmapDirectory::open(&path).map_err(TantivyError::from)?)
            .map_err(TantivyError::from)?;
        let mut index = None;
        if existing {
            let found = Index::open(MmapDirectory::open(&path).map_err(TantivyError::from)?)?;
            if found.schema() == schema {
                index = Some(found);
            } else {
                tracing::warn!(path = %path.display(), "search index schema differs; starting afresh");
                drop(found);
                std::fs::remove_dir_all(&path)?;
                std::fs::create_dir_all(&path)?;
            }
        }
        let index = match index {
            Some(index) => index,
            None => Index::create(
                MmapDirectory::open(&path).map_err(TantivyError::from)?,
                schema,
                IndexSettings::default(),
            )?,
        };
        remove_other_versions(dir)?;
        TitleIndex::new(index, fields)
    }

    /// An index in memory, for tests and tools.
    pub fn in_memory() -> Result<TitleIndex> {
        let (schema, fields) = schema::build();
        TitleIndex::new(Index::create_in_ram(schema), fields)
    }

    fn new(index: Index, fields: Fields) -> Result<TitleIndex> {
        schema::register_analyzers(&index);
        let caches = Arc::new(Caches::default());
        // With a warmer, tantivy keeps one idle thread per reader (its warmer GC, waking once a
        // second) for the life of the process, even after the index is dropped.
        let warmer: Arc<dyn Warmer> = caches.clone();
        // Reloaded by hand right after each commit: writers and readers share the process.
        let reader = index
            .reader_builder()
            .reload_policy(ReloadPolicy::Manual)
            .warmers(vec![Arc::downgrade(&warmer)])
            .try_into()?;
        let seq = match index.load_metas()?.payload {
            Some(raw) => Some(read_payload(&raw)?.seq),
            None => None,
        };
        let writer = index.writer_with_num_threads(1, WRITER_HEAP)?;
        // A process killed in the middle of a commit leaves the files it had begun (a segment's
        // `.del` file, say) without the meta.json that would name them. Applying the same changes
        // again after the restart would write a file of the same name, which tantivy refuses;
        // removing the files no commit names first makes the restart safe.
        writer.garbage_collect_files().wait()?;
        let writer = Writer {
            inner: Some(writer),
            seq,
        };
        Ok(TitleIndex {
            index,
            reader,
            fields,
            counters: Counters::default(),
            caches,
            writer: Mutex::new(writer),
        })
    }

    /// The position in the store's change feed that the index reflects: changes up to it are
    /// applied. `None` for an index never written (or set aside for another schema).
    pub fn last_applied_seq(&self) -> Option<i64> {
        self.lock().seq
    }

    /// Whether the index must be rebuilt from the store before it can follow the change feed.
    pub fn needs_rebuild(&self) -> bool {
        self.last_applied_seq().is_none()
    }

    /// Adds or replaces titles (each by serviceId; of several versions of one title in a batch
    /// the last wins) and records the highest `seq` as applied.
    pub fn apply(&self, changes: &[(i64, TitleRecord)]) -> Result<()> {
        let Some(seq) = changes.iter().map(|(seq, _)| *seq).max() else {
            return Ok(());
        };
        self.write(seq, |writer, fields| {
            for (_, record) in changes {
                writer.delete_term(Term::from_field_text(fields.service_id, &record.service_id));
                writer.add_document(document::build(fields, record))?;
            }
            Ok(())
        })
    }

    /// Takes titles out of the index (for titles deleted from the store, not merely hidden:
    /// non-live titles stay indexed for those who manage them).
    pub fn remove(&self, seq: i64, service_ids: &[&str]) -> Result<()> {
        self.write(seq, |writer, fields| {
            for id in service_ids {
                writer.delete_term(Term::from_field_text(fields.service_id, id));
            }
            Ok(())
        })
    }

    fn write(&self, seq: i64, ops: impl FnOnce(&IndexWriter, &Fields) -> Result<()>) -> Result<()> {
        let mut guard = self.lock();
        let state = &mut *guard;
        let writer = match &mut state.inner {
            Some(w) => w,
            None => state
                .inner
                .insert(self.index.writer_with_num_threads(1, WRITER_HEAP)?),
        };
        if let Err(e) = ops(writer, &self.fields) {
            writer.rollback()?;
            return Err(e);
        }
        let seq = state.seq.map_or(seq, |s| s.max(seq));
        commit(writer, seq)?;
        state.seq = Some(seq);
        self.reader.reload()?;
        Ok(())
    }

    /// Replaces the whole index with `records`, as of change-feed position `seq`, and returns how
    /// many were indexed. Searches see the old index until the new one is committed. `progress`
    /// hears the running count every 10,000 titles.
    pub fn rebuild(
        &self,
        records: impl Iterator<Item = TitleRecord>,
        seq: i64,
        progress: impl Fn(u64),
    ) -> Result<u64> {
        let mut guard = self.lock();
        // An index has one writer at a time: the small one steps aside for the bulk one.
        if let Some(writer) = guard.inner.take() {
            writer.wait_merging_threads()?;
        }
        let started = Instant::now();
        let count = self.bulk_load(records, seq, &progress)?;
        guard.seq = Some(seq);
        self.reader.reload()?;
        let seconds = started.elapsed().as_secs_f64();
        tracing::info!(count, seconds, "search index rebuilt");
        Ok(count)
    }

    fn bulk_load(
        &self,
        records: impl Iterator<Item = TitleRecord>,
        seq: i64,
        progress: &impl Fn(u64),
    ) -> Result<u64> {
        let mut writer: IndexWriter = self
            .index
            .writer_with_num_threads(REBUILD_THREADS, REBUILD_HEAP)?;
        writer.delete_all_documents()?;
        let mut count = 0u64;
        for record in records {
            writer.add_document(document::build(&self.fields, &record))?;
            count += 1;
            if count.is_multiple_of(10_000) {
                progress(count);
            }
        }
        commit(&mut writer, seq)?;
        writer.wait_merging_threads()?;
        progress(count);
        Ok(count)
    }

    fn lock(&self) -> MutexGuard<'_, Writer> {
        // A panic mid-write leaves nothing half-committed: the writer stays usable.
        self.writer.lock().unwrap_or_else(PoisonError::into_inner)
    }
}

fn commit(writer: &mut IndexWriter, seq: i64) -> Result<()> {
    let payload = serde_json::to_string(&Payload {
        schema: SCHEMA_VERSION,
        seq,
    })
    .map_err(|e| Error::Payload(e.to_string()))?;
    let mut prepared = writer.prepare_commit()?;
    prepared.set_payload(&payload);
    prepared.commit()?;
    Ok(())
}

fn read_payload(raw: &str) -> Result<Payload> {
    serde_json::from_str(raw).map_err(|e| Error::Payload(format!("{e}: {raw}")))
}

/// Deletes the subdirectories of other schema versions (`v` and digits), which no build of
/// this version can read.
fn remove_other_versions(dir: &Path) -> Result<()> {
    let current = format!("v{SCHEMA_VERSION}");
    for entry in std::fs::read_dir(dir)? {
        let entry = entry?;
        let name = entry.file_name().to_string_lossy().into_owned();
        let versioned = name
            .strip_prefix('v')
            .is_some_and(|n| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if versioned && name != current && entry.file_type()?.is_dir() {
            tracing::info!(dir = %entry.path().display(), "removing a search index of another schema version");
            std::fs::remove_dir_all(entry.path())?;
        }
    }
    Ok(())
}
