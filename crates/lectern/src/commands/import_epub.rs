//! `lectern import-epub`: adds or updates titles from EPUB 3 files. Each file is read, copied
//! into the file store, and its title written with the others of its batch in one transaction.
//! A file that cannot be used is reported and skipped; the rest are imported all the same.

mod record;

use std::collections::{HashMap, HashSet};
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Args;
use indicatif::ProgressBar;
use lectern_domain::catalog::{Format, TitleRecord, TitleStatusCode};
use lectern_domain::title_access::UsageRestriction;
use lectern_jobs::FileStore;
use lectern_jobs::epub::{EpubMetadata, read_metadata};
use lectern_store::{Store, categories, sites, titles};

use super::{open_files, open_store};
use crate::settings::Settings;
use record::Choices;

/// Titles a transaction: few enough that a failure loses little, enough that commits cost little.
const BATCH: usize = 100;

#[derive(Args)]
pub struct ImportEpubArgs {
    /// EPUB files, or directories searched (with their subdirectories) for *.epub
    #[arg(required = true, value_name = "PATH")]
    pub paths: Vec<PathBuf>,
    /// The site the titles belong to [default: the store's only site, if it has exactly one]
    #[arg(long, value_name = "ID")]
    pub site: Option<String>,
    /// The titleStatus of new titles, and of stored ones only when given [default: live]
    #[arg(long)]
    pub status: Option<TitleStatusCode>,
    /// The usageRestriction (copyright, publicDomain, creativeCommons) of new titles, and of
    /// stored ones only when given [default: copyright]
    #[arg(long, value_name = "RESTRICTION")]
    pub usage: Option<UsageRestriction>,
    /// Add the titles to this category, created if missing (may be repeated)
    #[arg(long = "category", value_name = "NAME")]
    pub categories: Vec<String>,
    /// Service ids are this prefix and 16 hex digits of the SHA-256 of the book's ISBN (else of
    /// its package identifier), so importing the same book again updates it
    #[arg(long, default_value = "epub-", value_name = "PREFIX")]
    pub service_id_prefix: String,
}

pub async fn run(settings: &Settings, args: &ImportEpubArgs) -> anyhow::Result<()> {
    let prefix = &args.service_id_prefix;
    if prefix
        .chars()
        .any(|c| c == '/' || c == '\\' || c.is_whitespace() || c.is_control())
    {
        bail!("--service-id-prefix: must not contain '/', '\\' or spaces");
    }
    let store = open_store(settings).await?;
    let mut import = Import {
        choices: Choices {
            site: pick_site(&store, args.site.as_deref()).await?,
            status: args.status,
            usage: args.usage,
            categories: args.categories.clone(),
        },
        files: open_files(settings)?,
        store,
        prefix: prefix.clone(),
        seen: HashMap::new(),
        batch: Vec::new(),
        replaced: Vec::new(),
        imported: 0,
        failed: 0,
    };
    import.ensure_categories().await?;

    let (paths, unusable) = find_epubs(&args.paths);
    let total = paths.len() + unusable.len();
    let bar = super::progress::bar(total as u64, "files");
    for (path, why) in unusable {
        import.fail(&bar, &path, &why);
        bar.inc(1);
    }
    for path in &paths {
        import.add(&bar, path).await?;
        bar.inc(1);
        if import.batch.len() >= BATCH {
            import.write().await?;
        }
    }
    import.write().await?;
    bar.finish_and_clear();
    import.store.close().await;

    println!(
        "imported {} titles ({} failed)",
        import.imported, import.failed
    );
    if import.failed > 0 {
        bail!(
            "{} of {total} files could not be imported (named above)",
            import.failed
        );
    }
    Ok(())
}

struct Import {
    store: Store,
    files: FileStore,
    choices: Choices,
    prefix: String,
    /// Service ids taken in this run, and by which file: the same book twice is refused.
    seen: HashMap<String, PathBuf>,
    batch: Vec<TitleRecord>,
    /// File keys of this batch's titles that the new files replace, to remove once written.
    replaced: Vec<String>,
    imported: usize,
    failed: usize,
}

impl Import {
    fn fail(&mut self, bar: &ProgressBar, path: &Path, why: &str) {
        self.failed += 1;
        // A hidden bar (no terminal) drops its own println, so print around it instead.
        bar.suspend(|| eprintln!("{}: {why}", path.display()));
    }

    /// Reads one file, stores it, and queues its title. Errors are the store's, which end the
    /// run; a file's own problems are reported and counted.
    async fn add(&mut self, bar: &ProgressBar, path: &Path) -> anyhow::Result<()> {
        let (meta, bytes, name) = match read_epub(path).await {
            Ok(read) => read,
            Err(why) => {
                self.fail(bar, path, &why);
                return Ok(());
            }
        };
        let id = record::service_id(&self.prefix, &meta);
        if let Some(first) = self.seen.get(&id) {
            let why = format!(
                "the same book as {} (service id {id}), skipped",
                first.display()
            );
            self.fail(bar, path, &why);
            return Ok(());
        }
        self.seen.insert(id.clone(), path.to_owned());

        let stored = titles::get(self.store.reads(), &id).await?;
        let old_key = stored
            .as_ref()
            .and_then(|t| t.artifact(Format::Epub3))
            .and_then(|a| a.file.clone());
        let key = format!("titles/{id}/{}/{name}", Format::Epub3);
        let title = record::title(&meta, stored, &self.choices, &id, &key)?;
        // The file goes in before its row, so that no stored title names a missing file.
        if let Err(e) = self.files.put(&key, bytes).await {
            self.fail(bar, path, &format!("copying into the file store: {e}"));
            return Ok(());
        }
        self.replaced.extend(old_key.filter(|k| *k != key));
        self.batch.push(title);
        Ok(())
    }

    async fn write(&mut self) -> anyhow::Result<()> {
        if self.batch.is_empty() {
            return Ok(());
        }
        let mut tx = self.store.begin().await?;
        titles::upsert(&mut tx, &self.batch)
            .await
            .context("writing titles")?;
        tx.commit().await.context("writing titles")?;
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

    /// Creates the categories asked for that do not exist yet, leaving existing ones (and their
    /// descriptions) alone.
    async fn ensure_categories(&self) -> anyhow::Result<()> {
        let existing: HashSet<String> = categories::categories(self.store.reads())
            .await?
            .into_iter()
            .map(|(name, _)| name)
            .collect();
        let mut tx = self.store.begin().await?;
        for name in &self.choices.categories {
            if name.trim().is_empty() {
                bail!("--category: a category name must not be empty");
            }
            if !existing.contains(name) {
                categories::upsert_category(&mut tx, name, None).await?;
                tracing::info!(category = name, "created a category");
            }
        }
        tx.commit().await?;
        Ok(())
    }
}

/// The metadata, the bytes and the file name of an EPUB, or why it cannot be imported.
async fn read_epub(path: &Path) -> Result<(EpubMetadata, Vec<u8>, String), String> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or("the file name is not valid UTF-8")?
        .to_owned();
    let bytes = tokio::fs::read(path).await.map_err(|e| e.to_string())?;
    let meta = read_metadata(&bytes).map_err(|e| e.to_string())?;
    Ok((meta, bytes, name))
}

/// The files named, and the *.epub files under the directories named (sorted, so a run's order
/// is the same every time); paths that cannot be read come back with the reason.
fn find_epubs(paths: &[PathBuf]) -> (Vec<PathBuf>, Vec<(PathBuf, String)>) {
    let (mut found, mut unusable) = (Vec::new(), Vec::new());
    let mut pending: Vec<PathBuf> = paths.iter().rev().cloned().collect();
    while let Some(path) = pending.pop() {
        if path.is_file() {
            found.push(path);
        } else if path.is_dir() {
            match std::fs::read_dir(&path).and_then(|d| d.collect::<Result<Vec<_>, _>>()) {
                Ok(entries) => {
                    let mut inside: Vec<PathBuf> = entries
                        .into_iter()
                        .map(|e| e.path())
                        .filter(|p| p.is_dir() || is_epub_name(p))
                        .collect();
                    inside.sort();
                    pending.extend(inside.into_iter().rev());
                }
                Err(e) => unusable.push((path, format!("cannot read the directory: {e}"))),
            }
        } else {
            unusable.push((path, "no such file or directory".to_owned()));
        }
    }
    let mut once = HashSet::new();
    found.retain(|p| once.insert(p.clone()));
    (found, unusable)
}

fn is_epub_name(path: &Path) -> bool {
    path.extension()
        .is_some_and(|e| e.eq_ignore_ascii_case("epub"))
}

/// The store's site for the titles: the one named, or the only one there is.
async fn pick_site(store: &Store, asked: Option<&str>) -> anyhow::Result<String> {
    if let Some(id) = asked {
        if sites::get(store.reads(), id).await?.is_none() {
            bail!("--site: no site '{id}' in the store");
        }
        return Ok(id.to_owned());
    }
    let all = sites::list(store.reads()).await?;
    match all.as_slice() {
        [one] => Ok(one.id.clone()),
        [] => bail!("the store has no site: create one with `lectern admin site create` first"),
        many => bail!(
            "the store has {} sites ({}): name one with --site",
            many.len(),
            many.iter()
                .map(|s| s.id.as_str())
                .collect::<Vec<_>>()
                .join(", ")
        ),
    }
}
