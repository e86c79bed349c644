//! The packaging worker: claims queued downloads from the store, makes each reader's package
//! from the artifact's file, and records where it is. Every node runs one (or `lectern worker`
//! runs it alone); the store's claim keeps two workers off the same package.

use std::time::Duration;

use lectern_domain::Timestamp;
use lectern_domain::catalog::{Artifact, Format};
use lectern_store::downloads::{self, Download, SubjectKind};
use lectern_store::{Store, accounts, periodicals, sites, titles};

use crate::files::FileStore;
use crate::notice::Notice;
use crate::package;

/// How often an idle worker looks for work.
const IDLE: Duration = Duration::from_millis(250);
/// A package claimed this long ago and not finished was left by a node that stopped.
const STALE_SECONDS: i64 = 300;

/// The file store key of a download's package.
pub fn package_key(d: &Download, file_name: &str) -> String {
    format!("downloads/{}/{file_name}", d.download_id)
}

/// Packages until the process ends.
pub fn spawn(store: Store, files: FileStore) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            match run_once(&store, &files).await {
                Ok(true) => continue,
                Ok(false) => tokio::time::sleep(IDLE).await,
                Err(e) => {
                    tracing::warn!(error = %e, "the packaging worker could not reach the store");
                    tokio::time::sleep(IDLE * 4).await;
                }
            }
        }
    })
}

/// Claims and packages one download; false when there was nothing to do. A package that cannot
/// be made is marked failed with the reason (the reader's next request queues it again); only
/// store errors are returned.
pub async fn run_once(store: &Store, files: &FileStore) -> Result<bool, lectern_store::StoreError> {
    let now = Timestamp::now();
    let Some(d) = downloads::claim(store, now, now.plus_seconds(-STALE_SECONDS)).await? else {
        return Ok(false);
    };
    let started = std::time::Instant::now();
    match make(store, files, &d).await {
        Ok(key) => {
            downloads::mark_ready(store.pool(), &d.download_id, &key, Timestamp::now()).await?;
            metrics::counter!("lectern_packages_total", "outcome" => "ready").increment(1);
            tracing::info!(download = %d.download_id, format = %d.format, seconds = started.elapsed().as_secs_f64(), "package ready");
        }
        Err(why) => {
            downloads::mark_failed(store.pool(), &d.download_id, &why).await?;
            metrics::counter!("lectern_packages_total", "outcome" => "failed").increment(1);
            tracing::warn!(download = %d.download_id, error = %why, "package failed");
        }
    }
    Ok(true)
}

/// Makes the package and returns its key; the error says why it could not be made.
async fn make(store: &Store, files: &FileStore, d: &Download) -> Result<String, String> {
    let format: Format = d.format.parse()?;
    let (site, subject_title, artifact) = subject(store, d, format).await?;
    let source_key = artifact
        .file
        .as_deref()
        .ok_or_else(|| format!("the {format} artifact has no file"))?;
    let original = files.get(source_key).await.map_err(|e| e.to_string())?;
    let site_name = sites::get(store.pool(), &site)
        .await
        .map_err(|e| e.to_string())?
        .map_or(site.clone(), |s| s.name);
    let (user_display_name, user_account_id) = match &d.user_account_id {
        Some(id) => {
            let a = accounts::get(store.pool(), id)
                .await
                .map_err(|e| e.to_string())?
                .ok_or("the reader's account is gone")?;
            (
                format!("{} {}", a.first_name, a.last_name),
                a.user_account_id,
            )
        }
        None => (format!("A guest of {site_name}"), "guest".to_owned()),
    };
    let notice = Notice {
        user_display_name,
        user_account_id,
        service_id: d.subject.clone(),
        title: subject_title,
        site_name,
        download_id: d.download_id.clone(),
        issued_at: Timestamp::now().to_string(),
    };
    let id_for_name = d.subject.replace('/', "-");
    let name = package::file_name(&id_for_name, format);
    let bytes = if format == Format::Epub3 {
        package::stamp_epub(&original, &notice).map_err(|e| e.to_string())?
    } else {
        let original_name = source_key
            .rsplit('/')
            .next()
            .unwrap_or(source_key)
            .to_owned();
        package::bundle(format, &[(original_name, original.to_vec())], &notice)
            .map_err(|e| e.to_string())?
    };
    let key = package_key(d, &name);
    files.put(&key, bytes).await.map_err(|e| e.to_string())?;
    Ok(key)
}

/// The site, the display title and the artifact of what is downloaded.
async fn subject(
    store: &Store,
    d: &Download,
    format: Format,
) -> Result<(String, String, Artifact), String> {
    let missing = || format!("no {format} artifact of {}", d.subject);
    match d.subject_kind {
        SubjectKind::Title => {
            let t = titles::get(store.pool(), &d.subject)
                .await
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("no title {}", d.subject))?;
            let a = t.artifact(format).cloned().ok_or_else(missing)?;
            Ok((t.site, t.title, a))
        }
        SubjectKind::Edition => {
            let (series_id, edition_id) = d
                .subject
                .split_once('/')
                .ok_or_else(|| format!("not an edition: {}", d.subject))?;
            let (series, _) = periodicals::get(store.pool(), series_id)
                .await
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("no periodical {series_id}"))?;
            let e = periodicals::edition(store.pool(), series_id, edition_id)
                .await
                .map_err(|e| e.to_string())?
                .ok_or_else(|| format!("no edition {}", d.subject))?;
            let a = e
                .artifacts
                .iter()
                .find(|a| a.format == format)
                .cloned()
                .ok_or_else(missing)?;
            Ok((
                series.site,
                format!("{}: {}", series.title, e.edition_name),
                a,
            ))
        }
    }
}
