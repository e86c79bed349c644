//! Made files kept in the file store, so that a format is made once per master (and braille
//! layout) however many readers download it: `derived/{title}/{FORMAT}/{master}/{variant}/…`
//! (the audio formats' shared narration as `NARRATION`),
//! where `master` is a digest of the master file's key, size and time (a replaced master makes
//! anew) and `variant` the recipe's (`Recipe::variant`). A list of the files,
//! written after them, says the variant is complete: a worker stopped halfway left no list, and
//! the next one makes the files again.

use sha2::{Digest, Sha256};

use super::{DEFAULT, NamedFiles, Recipe, daisy};
use crate::convert::Cancel;
use crate::files::{FileError, FileStore};
use crate::package::safe_segment;
use crate::work_error::{WorkError, Worked};

/// The files the recipe makes from the master at `master_key`: kept ones, or made now (on a
/// blocking thread: the tools run for seconds) and kept. Other masters' files of the same
/// title and format are removed once the new ones are kept. The audio formats share one
/// narration, kept as `NARRATION`, and each keeps only its text files beside it.
pub async fn made_files(
    files: &FileStore,
    service_id: &str,
    recipe: Recipe,
    master_key: &str,
) -> Worked<NamedFiles> {
    let master = Master::of(files, service_id, master_key).await?;
    let format = recipe.format();
    if let Recipe::Audio(format) = recipe {
        let narrated = master
            .kept_or_made(files, NARRATION, DEFAULT, daisy::narrate)
            .await?;
        let mp3s: Vec<_> = narrated
            .iter()
            .filter(|(name, _)| is_mp3(name))
            .cloned()
            .collect();
        // The format's own files are kept too, so that they can be streamed as resources.
        let written = master
            .kept_or_made(
                files,
                format.as_str(),
                &recipe.variant(),
                move |bytes, _| {
                    let all = daisy::with_audio(format, bytes, narrated)?;
                    Ok(all.into_iter().filter(|(name, _)| !is_mp3(name)).collect())
                },
            )
            .await?;
        return Ok([written, mp3s].concat());
    }
    master
        .kept_or_made(
            files,
            format.as_str(),
            &recipe.variant(),
            move |bytes, cancel| recipe.make(bytes, cancel),
        )
        .await
}

/// The made format's files, by name, with their keys: what its package holds but the notice
/// (for audio, its text files and the narration's MP3s). `None` before a download made it.
pub async fn made_resources(
    files: &FileStore,
    service_id: &str,
    recipe: Recipe,
    master_key: &str,
) -> Worked<Option<Vec<(String, String)>>> {
    let master = Master::of(files, service_id, master_key).await?;
    let kind = recipe.format();
    let Some(mut named) = master
        .listed(files, kind.as_str(), &recipe.variant())
        .await?
    else {
        return Ok(None);
    };
    if let Recipe::Audio(_) = recipe {
        let Some(narration) = master.listed(files, NARRATION, DEFAULT).await? else {
            return Ok(None);
        };
        named.extend(narration.into_iter().filter(|(name, _)| is_mp3(name)));
    }
    named.sort();
    Ok(Some(named))
}

/// The narration kept for the master, to be heard beside its text: its clips, and its MP3s by
/// name with their keys. `None` before anything made it.
pub async fn kept_narration(
    files: &FileStore,
    service_id: &str,
    master_key: &str,
) -> Worked<Option<KeptNarration>> {
    let master = Master::of(files, service_id, master_key).await?;
    let Some(listed) = master.listed(files, NARRATION, DEFAULT).await? else {
        return Ok(None);
    };
    let Some((_, timings_key)) = listed.iter().find(|(name, _)| name == daisy::TIMINGS) else {
        return Err(WorkError::missing("the kept narration has no timings"));
    };
    let timings = files.get(timings_key).await?;
    let bytes = files.get(master_key).await?;
    let listening = tokio::task::spawn_blocking(move || {
        daisy::listening(&bytes, &String::from_utf8_lossy(&timings))
    })
    .await??;
    let mp3s = listed
        .into_iter()
        .filter(|(name, _)| is_mp3(name))
        .collect();
    Ok(Some(KeptNarration { listening, mp3s }))
}

/// A master's narration as it is kept.
#[derive(Debug, Clone)]
pub struct KeptNarration {
    pub listening: daisy::Listening,
    /// The sections' MP3s, by name, with their keys in the file store.
    pub mp3s: Vec<(String, String)>,
}

/// The narration the audio formats share, as a kind of made files.
const NARRATION: &str = "NARRATION";

fn is_mp3(name: &str) -> bool {
    name.ends_with(".mp3")
}

/// A title's master file, as made files are kept by.
struct Master<'a> {
    service_id: &'a str,
    key: &'a str,
    /// A digest of the file's key, size and time: a replaced master makes anew.
    digest: String,
}

impl<'a> Master<'a> {
    async fn of(files: &FileStore, service_id: &'a str, key: &'a str) -> Worked<Self> {
        let (size, modified) = files
            .head(key)
            .await?
            .ok_or_else(|| WorkError::missing(format!("the master file {key} is missing")))?;
        Ok(Master {
            service_id,
            key,
            digest: hex::encode(&Sha256::digest(format!("{key}\n{size}\n{modified}"))[..8]),
        })
    }

    /// Where the files of `kind` (a format, or the narration) in `variant` are kept, and the key
    /// of their list.
    fn folder(&self, kind: &str, variant: &str) -> (String, String, String) {
        let kind_folder = format!("derived/{}/{kind}", safe_segment(self.service_id));
        let folder = format!("{kind_folder}/{}/{variant}", self.digest);
        let list_key = format!("{folder}.files");
        (kind_folder, folder, list_key)
    }

    /// The kept files of `kind` in `variant`, by name, with their keys; `None` when they were
    /// never all kept.
    async fn listed(
        &self,
        files: &FileStore,
        kind: &str,
        variant: &str,
    ) -> Worked<Option<Vec<(String, String)>>> {
        let (_, folder, list_key) = self.folder(kind, variant);
        let list = match files.get(&list_key).await {
            Ok(list) => list,
            Err(FileError::NotFound(_)) => return Ok(None),
            Err(e) => return Err(e.into()),
        };
        Ok(Some(
            String::from_utf8_lossy(&list)
                .lines()
                .map(|name| (name.to_owned(), format!("{folder}/{name}")))
                .collect(),
        ))
    }

    /// The kept files' bytes, or `None` when they were never all kept, or one is gone from under
    /// its list (then they are all made again).
    async fn kept(
        &self,
        files: &FileStore,
        kind: &str,
        variant: &str,
    ) -> Worked<Option<NamedFiles>> {
        let Some(listed) = self.listed(files, kind, variant).await? else {
            return Ok(None);
        };
        let mut kept = Vec::with_capacity(listed.len());
        for (name, key) in listed {
            match files.get(&key).await {
                Ok(bytes) => kept.push((name, bytes.to_vec())),
                Err(_) => return Ok(None),
            }
        }
        Ok(Some(kept))
    }

    /// The files of `kind` (a format, or the narration) in `variant`: kept, or made by `make`
    /// from the master's bytes and kept.
    async fn kept_or_made<F>(
        &self,
        files: &FileStore,
        kind: &str,
        variant: &str,
        make: F,
    ) -> Worked<NamedFiles>
    where
        F: FnOnce(&[u8], &Cancel) -> Worked<NamedFiles> + Send + 'static,
    {
        let (kind_folder, folder, list_key) = self.folder(kind, variant);
        let kind_label = kind.to_owned();
        if let Some(kept) = self.kept(files, kind, variant).await? {
            metrics::counter!("lectern_derived_total", "format" => kind_label, "outcome" => "kept")
                .increment(1);
            return Ok(kept);
        }
        let started = std::time::Instant::now();
        let bytes = files.get(self.key).await?;
        let made = tokio::task::spawn_blocking(move || make(&bytes, &Cancel::default())).await??;
        for (name, data) in &made {
            files.put(&format!("{folder}/{name}"), data.clone()).await?;
        }
        let names: Vec<&str> = made.iter().map(|(n, _)| n.as_str()).collect();
        files.put(&list_key, names.join("\n")).await?;
        metrics::counter!("lectern_derived_total", "format" => kind_label, "outcome" => "made")
            .increment(1);
        tracing::info!(
            title = self.service_id,
            kind,
            variant,
            seconds = started.elapsed().as_secs_f64(),
            "made from the EPUB master"
        );
        remove_other_masters(files, &kind_folder, &self.digest).await;
        Ok(made)
    }
}

/// Removes what earlier masters of this title and format made: nothing will ask for it again.
async fn remove_other_masters(files: &FileStore, title_folder: &str, master: &str) {
    let Ok(listed) = files.list(title_folder).await else {
        return;
    };
    let current = format!("{title_folder}/{master}/");
    for (key, _, _) in listed {
        if key.starts_with(&current) {
            continue;
        }
        if let Err(e) = files.delete(&key).await {
            tracing::warn!(key, error = %e, "an earlier master's made file stays");
        }
    }
}
