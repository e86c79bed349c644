use std::path::{Path, PathBuf};

use anyhow::Context;
use clap::Args;
use lectern_store::fixture::{self, FixtureFile};

use super::{open_files, open_store};
use crate::settings::Settings;

#[derive(Args)]
pub struct LoadArgs {
    /// The fixture file (JSON); artifact files it names are read relative to its directory
    pub file: PathBuf,
}

pub async fn run(settings: &Settings, args: &LoadArgs) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let file = FixtureFile::parse(&text)?;
    let base_dir = args.file.parent().unwrap_or(Path::new("."));
    let store = open_store(settings).await?;
    let plan = fixture::check(&store, file, base_dir).await?;
    // Files first: a failed copy leaves the store as it was, and rows never name a missing file.
    // A fixture without files leaves the data directory alone. Files new to the file store are
    // removed again if the load is refused; files it had already are what stored rows name.
    let files = if plan.files().is_empty() {
        None
    } else {
        Some(open_files(settings)?)
    };
    let mut copied = Vec::new();
    let copy = async {
        if let Some(files) = &files {
            for (source, key) in plan.files() {
                let existed = files.head(key).await?.is_some();
                files
                    .put_file(key, source)
                    .await
                    .with_context(|| format!("copying {} into the file store", source.display()))?;
                if !existed {
                    copied.push(key.clone());
                }
            }
        }
        anyhow::Ok(())
    };
    let written = match copy.await {
        Ok(()) => fixture::write(&store, plan)
            .await
            .map_err(anyhow::Error::from),
        Err(e) => Err(e),
    };
    let report = match written {
        Ok(report) => report,
        Err(e) => {
            if let Some(files) = &files {
                for key in &copied {
                    if let Err(why) = files.delete(key).await {
                        tracing::warn!(key, error = %why, "could not remove a file of the refused load");
                    }
                }
            }
            store.close().await;
            return Err(e);
        }
    };
    println!(
        "Loaded {}: {} sites, {} clients, {} organizations, {} users, {} titles, {} periodicals, {} files.",
        args.file.display(),
        report.sites,
        report.clients,
        report.organizations,
        report.users,
        report.titles,
        report.periodicals,
        report.files
    );
    store.close().await;
    Ok(())
}
