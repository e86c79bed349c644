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
    // A fixture without files leaves the data directory alone.
    if !plan.files().is_empty() {
        let files = open_files(settings)?;
        for (source, key) in plan.files() {
            files
                .put_file(key, source)
                .await
                .with_context(|| format!("copying {} into the file store", source.display()))?;
        }
    }
    let report = fixture::write(&store, plan).await?;
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
