//! Made files kept in the file store, so that a format is made once per master (and braille
//! layout) however many readers download it: `derived/{title}/{FORMAT}/{master}/{variant}/…`,
//! where `master` is a digest of the master file's key, size and time (a replaced master makes
//! anew) and `variant` the braille layout (`default` for other formats). A list of the files,
//! written after them, says the variant is complete: a worker stopped halfway left no list, and
//! the next one makes the files again.

use sha2::{Digest, Sha256};

use super::{BrailleLayout, make};
use crate::convert::Cancel;
use crate::files::{FileError, FileStore};
use crate::package::safe_segment;
use lectern_domain::catalog::Format;

/// The made files of `format` from the master at `master_key`: kept ones, or made now (on a
/// blocking thread: the tools run for seconds) and kept. Other masters' files of the same
/// title and format are removed once the new ones are kept.
pub async fn made_files(
    files: &FileStore,
    service_id: &str,
    format: Format,
    master_key: &str,
    layout: &BrailleLayout,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    let (size, modified) = files
        .head(master_key)
        .await
        .map_err(|e| e.to_string())?
        .ok_or_else(|| format!("the master file {master_key} is missing"))?;
    let title_folder = format!("derived/{}/{}", safe_segment(service_id), format.as_str());
    let master = hex::encode(&Sha256::digest(format!("{master_key}\n{size}\n{modified}"))[..8]);
    let variant = match format {
        Format::Brf => layout.key(),
        _ => "default".to_owned(),
    };
    let folder = format!("{title_folder}/{master}/{variant}");
    let list_key = format!("{folder}.files");
    if let Some(kept) = kept(files, &folder, &list_key).await? {
        metrics::counter!("lectern_derived_total", "format" => format.as_str(), "outcome" => "kept").increment(1);
        return Ok(kept);
    }
    let started = std::time::Instant::now();
    let bytes = files.get(master_key).await.map_err(|e| e.to_string())?;
    let layout = *layout;
    let made =
        tokio::task::spawn_blocking(move || make(format, &bytes, &layout, &Cancel::default()))
            .await
            .map_err(|e| format!("the conversion stopped: {e}"))??;
    for (name, data) in &made {
        files
            .put(&format!("{folder}/{name}"), data.clone())
            .await
            .map_err(|e| e.to_string())?;
    }
    let names: Vec<&str> = made.iter().map(|(n, _)| n.as_str()).collect();
    files
        .put(&list_key, names.join("\n"))
        .await
        .map_err(|e| e.to_string())?;
    metrics::counter!("lectern_derived_total", "format" => format.as_str(), "outcome" => "made")
        .increment(1);
    tracing::info!(title = service_id, format = %format, variant, seconds = started.elapsed().as_secs_f64(), "format made from the EPUB master");
    remove_other_masters(files, &title_folder, &master).await;
    Ok(made)
}

/// The files a complete variant holds, or `None` when it was never completed.
async fn kept(
    files: &FileStore,
    folder: &str,
    list_key: &str,
) -> Result<Option<Vec<(String, Vec<u8>)>>, String> {
    let list = match files.get(list_key).await {
        Ok(list) => list,
        Err(FileError::NotFound(_)) => return Ok(None),
        Err(e) => return Err(e.to_string()),
    };
    let mut kept = Vec::new();
    for name in String::from_utf8_lossy(&list).lines() {
        match files.get(&format!("{folder}/{name}")).await {
            Ok(bytes) => kept.push((name.to_owned(), bytes.to_vec())),
            // A file gone from under its list: make them all again.
            Err(_) => return Ok(None),
        }
    }
    Ok(Some(kept))
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
