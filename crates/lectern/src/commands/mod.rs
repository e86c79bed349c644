pub mod admin;
pub mod demo;
mod demo_recording;
pub mod generate;
pub mod import_epub;
pub mod load;
mod progress;
pub mod reindex;
pub mod serve;

use anyhow::Context;
use lectern_jobs::FileStore;
use lectern_store::Store;

use crate::settings::Settings;

/// Opens the store named by the settings and brings its schema up to date.
pub async fn open_store(settings: &Settings) -> anyhow::Result<Store> {
    settings.prepare_data_dir()?;
    let url = settings.database_url();
    let store = Store::connect(&url)
        .await
        .with_context(|| format!("opening the store at {}", redact(&url)))?;
    store.migrate().await.context("migrating the store")?;
    Ok(store)
}

/// Opens the file store: for now always the `files` directory under the data directory.
pub fn open_files(settings: &Settings) -> anyhow::Result<FileStore> {
    if let Some(url) = &settings.files_url {
        return FileStore::from_url(url)
            .with_context(|| format!("opening the file store at {url}"));
    }
    let dir = settings.data_dir.join("files");
    FileStore::local(&dir).with_context(|| format!("opening the file store at {}", dir.display()))
}

/// A database URL without its password, for messages.
fn redact(url: &str) -> String {
    match url::Url::parse(url) {
        Ok(mut u) if u.password().is_some() => {
            let _ = u.set_password(Some("***"));
            u.to_string()
        }
        _ => url.to_owned(),
    }
}
