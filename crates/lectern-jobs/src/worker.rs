//! The worker: claims queued downloads from the store and makes each reader's package from the
//! artifact's file; when none is waiting, makes MP3 resources at the speeds readers asked for.
//! Every node runs one (or `lectern worker` runs it alone); the store's claims keep two workers
//! off the same job.

use std::time::Duration;

use lectern_domain::Timestamp;
use lectern_domain::catalog::{Artifact, Format};
use lectern_store::downloads::{self, Download, SubjectKind};
use lectern_store::speed_variants::{self, SpeedVariant};
use lectern_store::{Store, accounts, periodicals, sites, titles};

use crate::files::FileStore;
use crate::notice::Notice;
use crate::package;
use crate::speed::{self, SpeedError};

/// How often an idle worker looks for work.
const IDLE: Duration = Duration::from_millis(250);
/// A job claimed this long ago and not finished was left by a node that stopped.
const STALE_SECONDS: i64 = 300;

/// The file store key of a download's package.
pub fn package_key(d: &Download, file_name: &str) -> String {
    format!("downloads/{}/{file_name}", d.download_id)
}

/// The file store key of a file at a speed: beside nothing else, named as the source is, so that
/// the reader's download keeps the track's name.
pub fn speed_variant_key(v: &SpeedVariant) -> String {
    format!(
        "speeds/{}/{}/{}",
        v.speed.hundredths(),
        v.source_version,
        v.source_key
    )
}

/// Works until the process ends.
pub fn spawn(store: Store, files: FileStore) -> tokio::task::JoinHandle<()> {
    tokio::spawn(async move {
        loop {
            match run_once(&store, &files).await {
                Ok(true) => continue,
                Ok(false) => tokio::time::sleep(IDLE).await,
                Err(e) => {
                    tracing::warn!(error = %e, "the worker could not reach the store");
                    tokio::time::sleep(IDLE * 4).await;
                }
            }
        }
    })
}

/// Does one job, a package before a speed change (a reader waits for the package); false when
/// there was nothing to do. Only store errors are returned.
pub async fn run_once(store: &Store, files: &FileStore) -> Result<bool, lectern_store::StoreError> {
    Ok(package_one(store, files).await? || change_speed_of_one(store, files).await?)
}

/// Claims and packages one download. A package that cannot be made is marked failed with the
/// reason (the reader's next request queues it again).
async fn package_one(store: &Store, files: &FileStore) -> Result<bool, lectern_store::StoreError> {
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

/// Claims one file at a speed and makes it. A file that is not readable MP3 is failed for good
/// (until it is replaced); a file store that fails is tried again.
async fn change_speed_of_one(
    store: &Store,
    files: &FileStore,
) -> Result<bool, lectern_store::StoreError> {
    let now = Timestamp::now();
    let Some(v) = speed_variants::claim(store, now, now.plus_seconds(-STALE_SECONDS)).await? else {
        return Ok(false);
    };
    let started = std::time::Instant::now();
    let made = match files.get(&v.source_key).await {
        Err(e) => Err(Retry(e.to_string())),
        Ok(original) => {
            let speed = v.speed;
            match tokio::task::spawn_blocking(move || speed::change_speed(original, speed)).await {
                Ok(Ok(mp3)) => {
                    let key = speed_variant_key(&v);
                    match files.put(&key, mp3).await {
                        Ok(()) => Ok(key),
                        Err(e) => Err(Retry(e.to_string())),
                    }
                }
                Ok(Err(e @ SpeedError::Unreadable(_))) => Err(Fail(e.to_string())),
                Ok(Err(e)) => Err(Retry(e.to_string())),
                Err(e) => Err(Retry(format!("the encoder stopped: {e}"))),
            }
        }
    };
    let outcome = match made {
        Ok(key) => {
            speed_variants::mark_ready(store, &v, &key, Timestamp::now()).await?;
            tracing::info!(file = %v.source_key, speed = %v.speed, seconds = started.elapsed().as_secs_f64(), "speed variant ready");
            forget_superseded(store, files, &v).await?;
            "ready"
        }
        Err(Fail(why)) => {
            speed_variants::mark_failed(store, &v, &why).await?;
            tracing::warn!(file = %v.source_key, speed = %v.speed, error = %why, "speed variant failed");
            "failed"
        }
        Err(Retry(why)) => {
            speed_variants::retry_later(store, &v, &why).await?;
            tracing::warn!(file = %v.source_key, speed = %v.speed, error = %why, attempt = v.attempts, "speed variant will be tried again");
            "retry"
        }
    };
    metrics::counter!("lectern_speed_variants_total", "outcome" => outcome).increment(1);
    Ok(true)
}

/// Deletes what earlier versions of the variant's file left: once a replaced file has been made
/// at a speed, nobody will be sent the old one again. A file that cannot be deleted now is left
/// with its row, for the next variant made from this file to try again.
async fn forget_superseded(
    store: &Store,
    files: &FileStore,
    made: &SpeedVariant,
) -> Result<(), lectern_store::StoreError> {
    for old in speed_variants::superseded(store, &made.source_key, made.source_version).await? {
        if let Some(key) = &old.object_key
            && let Err(e) = files.delete(key).await
        {
            tracing::warn!(file = %key, error = %e, "a superseded speed variant could not be deleted");
            continue;
        }
        speed_variants::forget(store, &old).await?;
    }
    Ok(())
}

/// Why a speed variant was not made.
enum NotMade {
    /// It never can be, from this version of the file.
    Fail(String),
    /// It may be, on another try.
    Retry(String),
}
use NotMade::{Fail, Retry};

/// Makes the package and returns its key; the error says why it could not be made.
async fn make(store: &Store, files: &FileStore, d: &Download) -> Result<String, String> {
    let format: Format = d.format.parse()?;
    let (site, subject_title, artifact) = subject(store, d, format).await?;
    let source_key = artifact
        .file
        .as_deref()
        .ok_or_else(|| format!("the {format} artifact has no file"))?;
    let originals = originals(files, source_key).await?;
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
    let bytes = match (format, originals.as_slice()) {
        (Format::Epub3, [(_, epub)]) => {
            package::stamp_epub(epub, &notice).map_err(|e| e.to_string())?
        }
        (Format::Epub3, _) => return Err("an EPUB 3 artifact is one file".into()),
        _ => package::bundle(format, &originals, &notice).map_err(|e| e.to_string())?,
    };
    let key = package_key(d, &name);
    files.put(&key, bytes).await.map_err(|e| e.to_string())?;
    Ok(key)
}

/// The artifact's files, each with its name in the package: the one file, or every file of a
/// fileset (a key ending in `/`), by its path within the folder.
async fn originals(files: &FileStore, source_key: &str) -> Result<Vec<(String, Vec<u8>)>, String> {
    let Some(folder) = source_key.strip_suffix('/') else {
        let name = source_key.rsplit('/').next().unwrap_or(source_key);
        let bytes = files.get(source_key).await.map_err(|e| e.to_string())?;
        return Ok(vec![(name.to_owned(), bytes.to_vec())]);
    };
    let mut listed = files.list(folder).await.map_err(|e| e.to_string())?;
    listed.sort();
    let mut originals = Vec::with_capacity(listed.len());
    for (key, _, _) in listed {
        let bytes = files.get(&key).await.map_err(|e| e.to_string())?;
        let name = key.strip_prefix(source_key).unwrap_or(&key).to_owned();
        originals.push((name, bytes.to_vec()));
    }
    if originals.is_empty() {
        return Err(format!("the folder {source_key} holds no files"));
    }
    Ok(originals)
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
