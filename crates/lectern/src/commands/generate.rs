//! `lectern generate`: writes a deterministic synthetic catalog into the store.
//!
//! One thread makes titles while the store writes the batch before: the two overlap on two
//! cores, and no more than a few batches exist at once, whatever the catalog's size. One
//! connection writes: the change-feed counter serializes writers anyway, and SQLite has one.

use std::collections::HashSet;
use std::time::Instant;

use anyhow::{Context, bail};
use clap::Args;
use indicatif::ProgressBar;
use lectern_domain::site::{Site, check_site_id};
use lectern_jobs::FileStore;
use lectern_store::bisac_codes::BisacPrefix;
use lectern_store::bulk::TitleLoad;
use lectern_store::fixture::FixtureFile;
use lectern_store::titles::Prepared;
use lectern_store::{Store, bisac_codes, categories, popular_lists, sites};
use tokio::sync::mpsc;

use super::open_store;
use crate::generate::{Generator, MAX_TITLES, Newest, service_id};
use crate::settings::Settings;

/// Titles a batch: what the generator hands the writer at once.
const BATCH: u64 = 2_000;
/// Batches waiting for the writer: enough to keep it busy, few enough to bound memory.
const QUEUED_BATCHES: usize = 2;

#[derive(Args)]
pub struct GenerateArgs {
    /// How many titles to write (at most 99,999,999)
    #[arg(long, value_parser = clap::value_parser!(u64).range(0..=MAX_TITLES))]
    pub titles: u64,
    /// The same seed and number of titles make the same catalog
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// The site the titles belong to; created (global) if missing. The demo's site by default,
    /// whose data set is loaded first if the store lacks it
    #[arg(long, value_name = "ID")]
    pub site: Option<String>,
}

pub async fn run(settings: &Settings, args: &GenerateArgs) -> anyhow::Result<()> {
    let store = open_store(settings).await?;
    let site = ensure_site(&store, args.site.as_deref(), settings).await?;
    let generator = std::sync::Arc::new(Generator::new(args.seed, &site));
    tracing::info!(
        titles = args.titles,
        seed = args.seed,
        site,
        "generating a catalog"
    );

    add_reference_lists(&store, &generator).await?;

    let started = Instant::now();
    let bar = super::progress::bar(args.titles, "titles");
    let (sender, receiver) = mpsc::channel(QUEUED_BATCHES);
    let maker = {
        let (generator, n) = (generator.clone(), args.titles);
        std::thread::Builder::new()
            .name("generate".to_owned())
            .spawn(move || make_titles(&generator, n, &sender))
            .context("starting the title generator")?
    };
    let files = super::open_files(settings)?;
    let written = write_titles(&store, args.titles, receiver, &files, &bar).await;
    // The maker stops once the writer drops its end, so joining cannot hang on a failed write.
    let newest = maker
        .join()
        .map_err(|_| anyhow::anyhow!("the title generator panicked"))?;
    written?;
    bar.finish_and_clear();
    let elapsed = started.elapsed();

    let mut tx = store.begin().await?;
    for list in generator.popular_lists(args.titles, newest) {
        popular_lists::upsert_popular_list(
            &mut tx,
            &list.list_id,
            &site,
            &list.description,
            &list.service_ids,
        )
        .await?;
    }
    tx.commit().await?;
    store.close().await;

    let rate = args.titles as f64 / elapsed.as_secs_f64().max(1e-9);
    tracing::info!(
        titles = args.titles,
        seconds = elapsed.as_secs_f64(),
        rate,
        "catalog generated"
    );
    println!(
        "generated {} titles in {:.1} s ({:.0} titles/s)",
        args.titles,
        elapsed.as_secs_f64(),
        rate
    );
    Ok(())
}

/// The categories and BISAC codes the titles use, where the store lacks them: those it has
/// (the demo's, an operator's) keep their descriptions.
async fn add_reference_lists(store: &Store, generator: &Generator) -> anyhow::Result<()> {
    let categories: HashSet<String> = categories::categories(store.reads())
        .await?
        .into_iter()
        .map(|(name, _)| name)
        .collect();
    let mut codes = HashSet::new();
    let mut after = None;
    loop {
        let page =
            bisac_codes::bisac_page(store.reads(), &BisacPrefix::All, after.as_ref(), 1000).await?;
        let Some(last) = page.last() else { break };
        after = Some((last.code.clone(), last.code.clone()));
        codes.extend(page.into_iter().map(|c| c.code));
    }
    let mut tx = store.begin().await?;
    for (name, description) in generator.categories() {
        if !categories.contains(name) {
            categories::upsert_category(&mut tx, name, Some(description)).await?;
        }
    }
    for (code, description) in generator.bisac_codes() {
        if !codes.contains(*code) {
            bisac_codes::upsert_bisac(&mut tx, code, description).await?;
        }
    }
    tx.commit().await?;
    Ok(())
}

/// A batch of titles and the sample files among them.
struct Batch {
    titles: Vec<Prepared>,
    files: Vec<(String, Vec<u8>)>,
}

/// Makes titles `0..n` in batches, with their stored documents and sample files (this thread
/// has time to spare while the writer waits on the engine), and sends them; returns the newest,
/// for the lists.
fn make_titles(generator: &Generator, n: u64, sender: &mpsc::Sender<Batch>) -> Newest {
    let mut newest = Newest::default();
    for start in (0..n).step_by(BATCH as usize) {
        let mut files = Vec::new();
        let titles: Result<Vec<Prepared>, _> = (start..n.min(start + BATCH))
            .map(|i| {
                let mut title = generator.title(i);
                newest.offer(i, &title);
                files.extend(crate::generate::sample_file(i, &mut title));
                Prepared::new(title)
            })
            .collect();
        // A record that does not serialize would be a bug of ours; the writer reports the
        // closed channel.
        let Ok(titles) = titles else { break };
        if sender.blocking_send(Batch { titles, files }).is_err() {
            break;
        }
    }
    newest
}

async fn write_titles(
    store: &Store,
    titles_to_write: u64,
    mut batches: mpsc::Receiver<Batch>,
    files: &FileStore,
    bar: &ProgressBar,
) -> anyhow::Result<()> {
    let (first, last) = (service_id(0), service_id(titles_to_write.saturating_sub(1)));
    let mut load = TitleLoad::begin(store, titles_to_write, first.as_str()..=last.as_str()).await?;
    while let Some(batch) = batches.recv().await {
        // A title never names a file that is not there: its files are written while the engine
        // takes the titles, and before the transaction that holds them commits.
        let put_files = async {
            for (key, bytes) in batch.files {
                files.put(&key, bytes).await?;
            }
            Ok::<_, lectern_jobs::FileError>(())
        };
        let (put, written) = tokio::join!(put_files, load.write(&batch.titles));
        put.context("writing a sample file")?;
        written.context("writing generated titles")?;
        load.commit_if_due().await?;
        bar.inc(batch.titles.len() as u64);
    }
    if load.checks_dropped() {
        tracing::info!("making the titles table's indexes and foreign keys again");
    }
    load.finish()
        .await
        .context("checking the generated titles")?;
    Ok(())
}

/// The site the titles join: the one asked for, or the demo's. A missing demo site comes with
/// the whole demo data set, so that `lectern demo` afterwards serves the generated catalog with
/// its accounts and client keys; any other missing site is created, global so that every
/// site's clients see the catalog.
async fn ensure_site(
    store: &Store,
    asked: Option<&str>,
    settings: &Settings,
) -> anyhow::Result<String> {
    let demo = FixtureFile::parse(super::demo::DEMO)?;
    let demo_site = demo.sites.first().map(|s| s.id.clone());
    let Some(id) = asked.map(str::to_owned).or_else(|| demo_site.clone()) else {
        bail!("the demo data set has no site: name one with --site");
    };
    if let Err(e) = check_site_id(&id) {
        bail!("--site: {e}");
    }
    if sites::get(store.reads(), &id).await?.is_some() {
        return Ok(id);
    }
    if Some(&id) == demo_site.as_ref() {
        super::demo::load(store, settings).await?;
        tracing::info!(
            site = id,
            "loaded the demo data set, whose site the titles join"
        );
    } else {
        let site = Site {
            id: id.clone(),
            name: "Generated catalog".to_owned(),
            global: true,
            language: None,
        };
        sites::upsert(&mut *store.writer().await?, &site).await?;
        tracing::info!(site = id, "created a global site for the titles");
    }
    Ok(id)
}
