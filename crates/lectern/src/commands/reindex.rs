//! `lectern reindex`, and the index check every start makes: the title index lives beside the
//! store (under the data directory) and is rebuilt from it whenever it is missing, of another
//! schema, or ahead of the store (a store restored from an older backup).

use std::time::Instant;

use anyhow::Context;
use lectern_http::AppState;
use lectern_search::TitleIndex;
use lectern_store::{Store, titles};

use super::open_store;
use crate::settings::Settings;

pub fn open_index(settings: &Settings) -> anyhow::Result<TitleIndex> {
    let dir = settings.data_dir.join("index");
    TitleIndex::open(&dir).with_context(|| format!("opening the title index in {}", dir.display()))
}

/// Rebuilds the index when it must be (or always, with `force`), then applies what the store
/// holds beyond it.
pub async fn prepare(state: &AppState, store: &Store, force: bool) -> anyhow::Result<()> {
    let store_seq = titles::current_seq(store.reads()).await?;
    let index_seq = state.titles.index.last_applied_seq();
    if force || index_seq.is_none_or(|s| s > store_seq) {
        let total = u64::try_from(titles::count(store.reads()).await?).unwrap_or(0);
        tracing::info!(titles = total, "rebuilding the title index from the store");
        let bar = super::progress::bar(total as u64, "titles");
        let started = Instant::now();
        let shown = bar.clone();
        let count = state
            .titles
            .rebuild(store, move |n| shown.set_position(n))
            .await?;
        bar.finish_and_clear();
        let seconds = started.elapsed().as_secs_f64();
        tracing::info!(
            titles = count,
            seconds,
            per_second = count as f64 / seconds.max(1e-9),
            "title index rebuilt"
        );
    }
    let applied = state.titles.catch_up(store).await?;
    if applied > 0 {
        tracing::info!(changes = applied, "title index caught up with the store");
    }
    Ok(())
}

/// `lectern reindex`: rebuilds the title index from the store.
pub async fn run(settings: &Settings) -> anyhow::Result<()> {
    let store = open_store(settings).await?;
    let index = open_index(settings)?;
    let started = Instant::now();
    let files = super::open_files(settings)?;
    let state =
        AppState::new(store.clone(), settings.http(settings.listen), files).with_title_index(index);
    prepare(&state, &store, true).await?;
    let count = titles::count(store.reads()).await?;
    let seconds = started.elapsed().as_secs_f64();
    println!(
        "reindexed {count} titles in {seconds:.1} s ({:.0} titles/s)",
        count as f64 / seconds.max(1e-9)
    );
    store.close().await;
    Ok(())
}
