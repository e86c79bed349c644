use std::path::PathBuf;

use anyhow::Context;
use clap::Args;
use lectern_store::fixture::{self, FixtureFile};

use super::open_store;
use crate::settings::Settings;

#[derive(Args)]
pub struct LoadArgs {
    /// The fixture file (JSON)
    pub file: PathBuf,
}

pub async fn run(settings: &Settings, args: &LoadArgs) -> anyhow::Result<()> {
    let text = std::fs::read_to_string(&args.file)
        .with_context(|| format!("reading {}", args.file.display()))?;
    let file = FixtureFile::parse(&text)?;
    let store = open_store(settings).await?;
    let report = fixture::load(&store, file).await?;
    println!(
        "Loaded {}: {} sites, {} clients, {} organizations, {} users.",
        args.file.display(),
        report.sites,
        report.clients,
        report.organizations,
        report.users
    );
    store.close().await;
    Ok(())
}
