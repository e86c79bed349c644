//! Downloads: each reader's package, made from the artifact's file or fileset.

use std::time::Duration;

use lectern_domain::Timestamp;
use lectern_domain::account::braille::BrailleLayout;
use lectern_domain::catalog::{Artifact, ContributorType, Format};
use lectern_store::downloads::{self, Download, PackageKind, SubjectKind};
use lectern_store::{Store, accounts, periodicals, sites, titles};

use super::{Held, InHand, lease_start};
use crate::derive::{self, Recipe};
use crate::files::FileStore;
use crate::notice::{Catalogued, Notice};
use crate::package;
use crate::work_error::{WorkError, Worked};

/// The file store key of a download's package.
pub fn package_key(d: &Download, file_name: &str) -> String {
    format!("downloads/{}/{file_name}", d.download_id)
}

/// Claims and packages one download. A package that cannot be made is marked failed with the
/// reason (the reader's next request queues it again).
pub(super) async fn package_one(
    (store, files, vocabulary): (&Store, &FileStore, &str),
    in_hand: &InHand,
    kind: PackageKind,
) -> Result<bool, lectern_store::StoreError> {
    let now = Timestamp::now();
    let Some((d, lease)) = downloads::claim(store, kind, now, lease_start(now)).await? else {
        return Ok(false);
    };
    let _held = Held::renewing(store, lease, in_hand);
    let started = std::time::Instant::now();
    // A worker killed while writing this package left its unfinished file; the claim is ours,
    // so nothing else writes there.
    let folder = format!("downloads/{}", d.download_id);
    if let Err(e) = files.sweep_unfinished(&folder, Duration::ZERO).await {
        tracing::warn!(download = %d.download_id, error = %e, "an unfinished package file stays");
    }
    match make((store, files, vocabulary), &d).await {
        Ok((key, partial_md5)) => {
            downloads::mark_ready(
                &mut *store.writer().await?,
                &d.download_id,
                &key,
                &partial_md5,
                Timestamp::now(),
            )
            .await?;
            metrics::counter!("lectern_packages_total", "outcome" => "ready").increment(1);
            tracing::info!(download = %d.download_id, format = %d.format, seconds = started.elapsed().as_secs_f64(), "package ready");
        }
        // The store could not be reached: the package is tried again once its claim lapses.
        Err(WorkError::Store(e)) => return Err(e),
        Err(why) => {
            let why = why.to_string();
            downloads::mark_failed(&mut *store.writer().await?, &d.download_id, &why).await?;
            metrics::counter!("lectern_packages_total", "outcome" => "failed").increment(1);
            tracing::warn!(download = %d.download_id, error = %why, "package failed");
        }
    }
    Ok(true)
}

/// Makes the package and returns its key and KOReader's name for the file; the error says why
/// it could not be made.
async fn make(
    (store, files, vocabulary): (&Store, &FileStore, &str),
    d: &Download,
) -> Worked<(String, String)> {
    let format: Format = d.format.parse().map_err(WorkError::missing)?;
    let Subject {
        site,
        title: subject_title,
        artifact,
        record,
    } = subject(store, d, format).await?;
    let source_key = artifact
        .file
        .as_deref()
        .ok_or_else(|| WorkError::missing(format!("the {format} artifact has no file")))?;
    let recipe = derive::recipe_for(store, d.user_account_id.as_deref(), format).await?;
    let braille = recipe
        .as_ref()
        .map_or(BrailleLayout::STANDARD, Recipe::braille_layout);
    let originals = match recipe {
        Some(recipe) if artifact.derived => {
            derive::made_files(files, &d.subject, recipe, source_key).await?
        }
        None if artifact.derived => {
            return Err(WorkError::missing(format!(
                "{format} is not made from an EPUB 3 here"
            )));
        }
        _ => originals(files, source_key).await?,
    };
    let site_record = sites::get(store.reads(), &site).await?;
    let site_name = site_record.as_ref().map_or(site, |s| s.name.clone());
    let (user_display_name, user_account_id, preference) = match &d.user_account_id {
        Some(id) => {
            let a = accounts::get(store.reads(), id)
                .await?
                .ok_or_else(|| WorkError::missing("the reader's account is gone"))?;
            let preference = lectern_store::preferences::get(store.reads(), id)
                .await?
                .and_then(|p| p.language);
            (
                format!("{} {}", a.first_name, a.last_name),
                a.user_account_id,
                preference,
            )
        }
        // The notice calls a guest the library's guest, in its own words.
        None => (String::new(), "guest".to_owned(), None),
    };
    let language = crate::notice::notice_language(&[
        preference.as_deref(),
        site_record.as_ref().and_then(|s| s.language.as_deref()),
    ]);
    let notice = Notice {
        user_display_name,
        user_account_id,
        service_id: d.subject.clone(),
        title: subject_title,
        site_name,
        download_id: d.download_id.clone(),
        issued_at: Timestamp::now().to_string(),
        vocabulary: vocabulary.to_owned(),
        record,
        language: language.to_owned(),
    };
    let id_for_name = d.subject.replace('/', "-");
    let delivery = artifact.delivery();
    let name = package::file_name(&id_for_name, format, delivery);
    let bytes = match (delivery.one_file, originals.as_slice()) {
        (true, [(_, file)]) => package::stamp(format, file, &notice, &braille)?,
        (true, _) => {
            return Err(WorkError::unreadable(format!(
                "a {format} artifact is one file"
            )));
        }
        (false, _) => package::bundle(format, &originals, &notice, &braille)?,
    };
    let key = package_key(d, &name);
    let partial_md5 = lectern_domain::kosync::partial_md5(&bytes);
    files.put(&key, bytes).await?;
    Ok((key, partial_md5))
}

/// The artifact's files, each with its name in the package: the one file, or every file of a
/// fileset (a key ending in `/`), by its path within the folder.
async fn originals(files: &FileStore, source_key: &str) -> Worked<derive::NamedFiles> {
    let Some(folder) = source_key.strip_suffix('/') else {
        let name = source_key.rsplit('/').next().unwrap_or(source_key);
        let bytes = files.get(source_key).await?;
        return Ok(vec![(name.to_owned(), bytes.to_vec())]);
    };
    let mut listed = files.list(folder).await?;
    listed.sort();
    let mut originals = Vec::with_capacity(listed.len());
    for (key, _, _) in listed {
        let bytes = files.get(&key).await?;
        let name = key.strip_prefix(source_key).unwrap_or(&key).to_owned();
        originals.push((name, bytes.to_vec()));
    }
    if originals.is_empty() {
        return Err(WorkError::missing(format!(
            "the folder {source_key} holds no files"
        )));
    }
    Ok(originals)
}

/// What is downloaded: its site, display title and artifact, and what the catalog says of it.
struct Subject {
    site: String,
    title: String,
    artifact: Artifact,
    record: Catalogued,
}

async fn subject(store: &Store, d: &Download, format: Format) -> Worked<Subject> {
    let missing = || WorkError::missing(format!("no {format} artifact of {}", d.subject));
    match d.subject_kind {
        SubjectKind::Title => {
            let t = titles::get(store.reads(), &d.subject)
                .await?
                .ok_or_else(|| WorkError::missing(format!("no title {}", d.subject)))?;
            let artifact = t
                .offered_artifact(format)
                .map(|a| a.into_owned())
                .ok_or_else(missing)?;
            let record = Catalogued {
                authors: t
                    .contributors_of(ContributorType::Author)
                    .map(str::to_owned)
                    .collect(),
                date: match (t.publish_date, t.copyright_date) {
                    (Some(published), _) => Some(published.date()),
                    (None, Some(year)) => Some(format!("{year:04}")),
                    (None, None) => None,
                },
                subjects: t.categories.clone(),
            };
            Ok(Subject {
                site: t.site,
                title: t.title,
                artifact,
                record,
            })
        }
        SubjectKind::Edition => {
            let (series_id, edition_id) = d
                .subject
                .split_once('/')
                .ok_or_else(|| WorkError::missing(format!("not an edition: {}", d.subject)))?;
            let (series, _) = periodicals::get(store.reads(), series_id)
                .await?
                .ok_or_else(|| WorkError::missing(format!("no periodical {series_id}")))?;
            let e = periodicals::edition(store.reads(), series_id, edition_id)
                .await?
                .ok_or_else(|| WorkError::missing(format!("no edition {}", d.subject)))?;
            let artifact = e
                .artifacts
                .iter()
                .find(|a| a.format == format)
                .cloned()
                .ok_or_else(missing)?;
            let record = Catalogued {
                authors: Vec::new(),
                date: Some(e.publication_date.date()),
                subjects: series.categories.clone(),
            };
            Ok(Subject {
                site: series.site,
                title: format!("{}: {}", series.title, e.edition_name),
                artifact,
                record,
            })
        }
    }
}
