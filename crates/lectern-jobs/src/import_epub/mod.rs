//! Adding or updating titles from EPUB 3 files, as `lectern import-epub` and the collection
//! assistants' upload page both do it: each file read, copied into the file store, and its
//! title written with the others of its batch in one transaction. A file that cannot be used is
//! refused with the reason; the others are imported all the same.

mod record;

use std::collections::{HashMap, HashSet};

use lectern_domain::catalog::{Format, TitleRecord};
use lectern_domain::invalid::Why;
use lectern_store::{Store, StoreError, categories, titles};

use crate::FileStore;
use crate::epub::{EpubMetadata, read_metadata};
pub use record::{Choices, service_id};

/// The service ids' prefix when none is chosen: the command's and the pages' imports of one
/// book then name the same title.
pub const DEFAULT_PREFIX: &str = "epub-";

/// Why a prefix cannot start service ids, if it cannot.
pub fn check_prefix(prefix: &str) -> Result<(), &'static str> {
    if prefix
        .chars()
        .any(|c| c == '/' || c == '\\' || c.is_whitespace() || c.is_control())
    {
        Err("must not contain '/', '\\' or spaces")
    } else {
        Ok(())
    }
}

/// What became of one file.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Added {
    /// Its title is in the batch, to be written: new, or replacing the stored one.
    Queued {
        service_id: String,
        title: String,
        new: bool,
    },
    /// Refused, with the reason; nothing of it is kept.
    Refused(Why),
}

/// One run of imports: files are added one at a time and written in batches.
pub struct Importer {
    store: Store,
    files: FileStore,
    choices: Choices,
    prefix: String,
    /// Service ids taken in this run, and by which file: the same book twice is refused.
    seen: HashMap<String, String>,
    batch: Vec<TitleRecord>,
    /// File keys of this batch's titles that the new files replace, to remove once written.
    replaced: Vec<String>,
    /// Titles written so far.
    pub imported: usize,
}

impl Importer {
    /// An importer whose choices' categories exist (those missing are created; existing ones,
    /// and their descriptions, are left alone).
    pub async fn new(
        store: Store,
        files: FileStore,
        choices: Choices,
        prefix: &str,
    ) -> Result<Self, StoreError> {
        let importer = Importer {
            store,
            files,
            choices,
            prefix: prefix.to_owned(),
            seen: HashMap::new(),
            batch: Vec::new(),
            replaced: Vec::new(),
            imported: 0,
        };
        importer.ensure_categories().await?;
        Ok(importer)
    }

    /// Titles waiting for `write`.
    pub fn waiting(&self) -> usize {
        self.batch.len()
    }

    /// Reads one file (`name` is its file name, kept in its file store key), stores it, and
    /// queues its title. The error is the store's, which ends the run; the file's own problems
    /// are its refusal.
    pub async fn add(&mut self, name: &str, bytes: Vec<u8>) -> Result<Added, StoreError> {
        let (meta, bytes) = match metadata_of(bytes).await {
            Ok(read) => read,
            Err(why) => return Ok(Added::Refused(why)),
        };
        let id = service_id(&self.prefix, &meta);
        if let Some(first) = self.seen.get(&id) {
            let english = format!("the same book as {first} (service id {id}), skipped");
            let why = Why::of("import-same-book", english)
                .with("first", first)
                .with("id", &id);
            return Ok(Added::Refused(why));
        }
        self.seen.insert(id.clone(), name.to_owned());

        let stored = titles::get(self.store.reads(), &id).await?;
        let new = stored.is_none();
        let old_key = stored
            .as_ref()
            .and_then(|t| t.artifact(Format::Epub3))
            .and_then(|a| a.file.clone());
        let key = format!("titles/{id}/{}/{}", Format::Epub3, safe_file_name(name));
        let title = record::title(&meta, stored, &self.choices, &id, &key)?;
        // The file goes in before its row, so that no stored title names a missing file.
        if let Err(e) = self.files.put(&key, bytes).await {
            self.seen.remove(&id);
            return Ok(Added::Refused(not_stored(&e)));
        }
        self.replaced.extend(old_key.filter(|k| *k != key));
        let added = Added::Queued {
            service_id: id,
            title: title.title.clone(),
            new,
        };
        self.batch.push(title);
        Ok(added)
    }

    /// Writes the batch in one transaction, then removes the files it replaced.
    pub async fn write(&mut self) -> Result<(), StoreError> {
        if self.batch.is_empty() {
            return Ok(());
        }
        let mut tx = self.store.begin().await?;
        titles::upsert(&mut tx, &self.batch).await?;
        tx.commit().await?;
        self.imported += self.batch.len();
        self.batch.clear();
        for key in self.replaced.drain(..) {
            // Only an orphan is left behind if this fails: worth a warning, not a failure.
            if let Err(e) = self.files.delete(&key).await {
                tracing::warn!(key, "could not remove a replaced file: {e}");
            }
        }
        Ok(())
    }

    async fn ensure_categories(&self) -> Result<(), StoreError> {
        let existing: HashSet<String> = categories::categories(self.store.reads())
            .await?
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        let mut tx = self.store.begin().await?;
        for name in &self.choices.categories {
            if !existing.contains(name) {
                categories::upsert_category(&mut tx, name, None).await?;
                tracing::info!(category = name, "created a category");
            }
        }
        tx.commit().await?;
        Ok(())
    }
}

/// The package metadata, read off the async threads (a large zip's directory takes a while),
/// with the bytes back; or why the file is not an EPUB 3 that can be imported.
async fn metadata_of(bytes: Vec<u8>) -> Result<(EpubMetadata, Vec<u8>), Why> {
    match tokio::task::spawn_blocking(move || read_metadata(&bytes).map(|m| (m, bytes))).await {
        Ok(read) => read.map_err(Why::from),
        Err(e) => Err(not_read(&e)),
    }
}

/// A file that could not be read as it arrived (the machine's problem, not the file's).
pub fn not_read(e: &impl std::fmt::Display) -> Why {
    Why::of("import-not-read", format!("reading the upload: {e}")).with("why", e)
}

/// A file the file store would not take.
pub fn not_stored(e: &impl std::fmt::Display) -> Why {
    Why::of(
        "import-not-stored",
        format!("copying into the file store: {e}"),
    )
    .with("why", e)
}

/// A file's name as a file store key's last part: the last part of a path (a browser may send a
/// whole one), letters, digits, `.`, `-` and `_` kept and anything else `_`.
pub fn safe_file_name(name: &str) -> String {
    let last = name.rsplit(['/', '\\']).next().unwrap_or(name);
    let kept: String = last
        .chars()
        .map(|c| {
            if c.is_alphanumeric() || matches!(c, '.' | '-' | '_') {
                c
            } else {
                '_'
            }
        })
        .collect();
    if kept.trim_matches('.').is_empty() {
        "file".to_owned()
    } else {
        kept
    }
}
