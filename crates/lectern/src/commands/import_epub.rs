//! `lectern import-epub`: adds or updates titles from EPUB 3 files. Each file is read, copied
//! into the file store, and its title written with the others of its batch in one transaction.
//! A file that cannot be used is reported and skipped; the rest are imported all the same.

use std::collections::HashSet;
use std::path::{Path, PathBuf};

use anyhow::{Context, bail};
use clap::Args;
use lectern_domain::catalog::TitleStatusCode;
use lectern_domain::title_access::UsageRestriction;
use lectern_jobs::import_epub::{Added, Choices, DEFAULT_PREFIX, Importer, check_prefix};
use lectern_store::{Store, sites};

use super::{open_files, open_store};
use crate::settings::Settings;

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
    #[arg(long, default_value = DEFAULT_PREFIX, value_name = "PREFIX")]
    pub service_id_prefix: String,
}

pub async fn run(settings: &Settings, args: &ImportEpubArgs) -> anyhow::Result<()> {
    let prefix = &args.service_id_prefix;
    if let Err(why) = check_prefix(prefix) {
        bail!("--service-id-prefix: {why}");
    }
    if args.categories.iter().any(|c| c.trim().is_empty()) {
        bail!("--category: a category name must not be empty");
    }
    let store = open_store(settings).await?;
    let choices = Choices {
        site: pick_site(&store, args.site.as_deref()).await?,
        status: args.status,
        usage: args.usage,
        categories: args.categories.clone(),
    };
    let mut import = Importer::new(store.clone(), open_files(settings)?, choices, prefix).await?;

    let (paths, unusable) = find_epubs(&args.paths);
    let total = paths.len() + unusable.len();
    let bar = super::progress::bar(total as u64, "files");
    let mut failed = 0;
    let mut fail = |path: &Path, why: &str| {
        failed += 1;
        // A hidden bar (no terminal) drops its own println, so print around it instead.
        bar.suspend(|| eprintln!("{}: {why}", path.display()));
    };
    for (path, why) in unusable {
        fail(&path, &why);
        bar.inc(1);
    }
    for path in &paths {
        match read_epub(path).await {
            Ok((bytes, name)) => {
                if let Added::Refused(why) = import.add(&name, bytes).await? {
                    fail(path, &why.english);
                }
            }
            Err(why) => fail(path, &why),
        }
        bar.inc(1);
        if import.waiting() >= BATCH {
            import.write().await.context("writing titles")?;
        }
    }
    import.write().await.context("writing titles")?;
    bar.finish_and_clear();
    store.close().await;

    println!("imported {} titles ({failed} failed)", import.imported);
    if failed > 0 {
        bail!("{failed} of {total} files could not be imported (named above)");
    }
    Ok(())
}

/// The bytes and the file name of a file, or why it cannot be read.
async fn read_epub(path: &Path) -> Result<(Vec<u8>, String), String> {
    let name = path
        .file_name()
        .and_then(|n| n.to_str())
        .ok_or("the file name is not valid UTF-8")?
        .to_owned();
    let bytes = tokio::fs::read(path).await.map_err(|e| e.to_string())?;
    Ok((bytes, name))
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
