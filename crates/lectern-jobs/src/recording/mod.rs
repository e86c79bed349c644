//! The library's own recording of a title, a DAISY audio book a person narrated (a fileset: its
//! navigation, SMIL files and audio), read to be heard online: what is heard, in order, and
//! where each heading and print page of the navigation is heard from. The DAISY books Lectern
//! makes are heard beside their EPUB's text (`derive::Listening`); a recording has no text of
//! ours, so it is followed by its headings and pages.

pub mod navigation;
pub mod smil;

use std::collections::HashMap;

use bytes::Bytes;

pub use navigation::MarkKind;
use navigation::NavEntry;
use smil::{Clip, Smil};

use crate::files::FileStore;
use crate::package::paths::{dir_of, resolve};
use crate::work_error::{WorkError, Worked};

/// The most a navigation or SMIL file may be, read whole: a long book's NCC is a few hundred
/// kilobytes.
const MOST_BYTES: u64 = 16 << 20;

/// Clips of one track closer than this are heard as one stretch: the pause between a
/// narrator's sentences is part of the book.
const JOINED: f64 = 0.5;

/// A recording as it is heard.
#[derive(Debug, Clone, PartialEq)]
pub struct Recording {
    /// Its audio files, by path in the fileset, in the order they are first heard.
    pub tracks: Vec<String>,
    /// Its headings and print pages, in the order they are heard.
    pub marks: Vec<Mark>,
}

/// A heading or print page, and what is heard from it to the next.
#[derive(Debug, Clone, PartialEq)]
pub struct Mark {
    pub kind: MarkKind,
    pub label: String,
    /// The stretches heard, each in one track; none when the next mark is heard from the same
    /// place (a page's number and the heading after it).
    pub heard: Vec<Heard>,
}

/// A stretch of one track: its index in `Recording::tracks`, from when to when in seconds.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Heard {
    pub track: usize,
    pub begin: f64,
    pub end: f64,
}

impl Recording {
    /// Where a mark is heard from: its first stretch's, or the next one's that has any.
    pub fn start_of(&self, mark: usize) -> Option<Heard> {
        self.marks[mark..]
            .iter()
            .find_map(|m| m.heard.first().copied())
    }
}

/// Reads the recording kept as the fileset below `folder` (a key ending in `/`).
pub async fn read(files: &FileStore, folder: &str) -> Worked<Recording> {
    let listed = files.list(folder.trim_end_matches('/')).await?;
    let names: Vec<(String, u64)> = listed
        .into_iter()
        .filter_map(|(key, size, _)| Some((key.strip_prefix(folder)?.to_owned(), size)))
        .collect();
    let get = |name: &str| {
        let key = format!("{folder}{name}");
        let size = names.iter().find(|(n, _)| n == name).map(|(_, s)| *s);
        async move {
            match size {
                None => Err(WorkError::missing(format!(
                    "the recording has no file {key}"
                ))),
                Some(s) if s > MOST_BYTES => Err(WorkError::unreadable(format!(
                    "{key} is too large to be read"
                ))),
                Some(_) => Ok::<Bytes, WorkError>(files.get(&key).await?),
            }
        }
    };
    let (nav_name, entries) = navigation_of(&names, &get).await?;
    let order = smil_order(&names, &nav_name, &entries, &get).await?;
    let mut smils = HashMap::new();
    for path in &order {
        if let Ok(bytes) = get(path).await {
            smils.insert(path.clone(), smil::read(&bytes, path)?);
        }
    }
    let present: Vec<&str> = names.iter().map(|(n, _)| n.as_str()).collect();
    assemble(&nav_name, &entries, &order, &smils, &present)
}

/// The fileset's navigation: DAISY 2.02's `ncc.html`, or else DAISY 3's NCX.
async fn navigation_of<F, Fut>(names: &[(String, u64)], get: &F) -> Worked<(String, Vec<NavEntry>)>
where
    F: Fn(&str) -> Fut,
    Fut: std::future::Future<Output = Worked<Bytes>>,
{
    let file_name = |n: &str| n.rsplit('/').next().unwrap_or(n).to_ascii_lowercase();
    let by_depth = |n: &&(String, u64)| n.0.matches('/').count();
    let ncc = names
        .iter()
        .filter(|(n, _)| matches!(file_name(n).as_str(), "ncc.html" | "ncc.htm"))
        .min_by_key(by_depth);
    if let Some((name, _)) = ncc {
        return Ok((name.clone(), navigation::ncc(&get(name).await?, name)?));
    }
    let ncx = names
        .iter()
        .filter(|(n, _)| file_name(n).ends_with(".ncx"))
        .min_by_key(by_depth);
    if let Some((name, _)) = ncx {
        return Ok((name.clone(), navigation::ncx(&get(name).await?, name)?));
    }
    Err(WorkError::unreadable(
        "the recording has no navigation (neither DAISY 2.02's ncc.html nor DAISY 3's NCX)",
    ))
}

/// The SMIL files in the order they are heard: DAISY 3's package spine when there is one,
/// otherwise the order the navigation first reaches them (DAISY 2.02's NCC is in book order).
async fn smil_order<F, Fut>(
    names: &[(String, u64)],
    nav_name: &str,
    entries: &[NavEntry],
    get: &F,
) -> Worked<Vec<String>>
where
    F: Fn(&str) -> Fut,
    Fut: std::future::Future<Output = Worked<Bytes>>,
{
    let mut order = Vec::new();
    if let Some((opf, _)) = names
        .iter()
        .find(|(n, _)| n.to_ascii_lowercase().ends_with(".opf"))
        && let Ok(package) = navigation::spine(&get(opf).await?, opf)
    {
        let dir = dir_of(opf);
        order.extend(package.into_iter().map(|href| resolve(dir, &href)));
    }
    let dir = dir_of(nav_name);
    for entry in entries {
        let path = resolve(dir, &entry.href);
        if !order.contains(&path) {
            order.push(path);
        }
    }
    Ok(order)
}

/// The recording from its navigation and SMIL files, the audio files that are present.
fn assemble(
    nav_name: &str,
    entries: &[NavEntry],
    order: &[String],
    smils: &HashMap<String, Smil>,
    present: &[&str],
) -> Worked<Recording> {
    // Every clip of the book in order, and where each SMIL's begin in it.
    let mut clips: Vec<&Clip> = Vec::new();
    let mut offsets = HashMap::new();
    for path in order {
        let Some(smil) = smils.get(path) else {
            continue;
        };
        offsets.insert(path.as_str(), clips.len());
        clips.extend(&smil.clips);
    }
    let dir = dir_of(nav_name);
    let mut placed: Vec<(usize, &NavEntry)> = entries
        .iter()
        .filter_map(|entry| {
            let path = resolve(dir, &entry.href);
            let smil = smils.get(&path)?;
            let offset = offsets.get(path.as_str())?;
            let local = entry
                .href
                .split_once('#')
                .and_then(|(_, id)| smil.places.get(id).copied())
                .unwrap_or(0);
            Some((offset + local, entry))
        })
        .collect();
    if placed.is_empty() {
        return Err(WorkError::unreadable(
            "the recording's navigation reaches none of its SMIL files",
        ));
    }
    // In the order heard; a page's number before the heading heard from the same place.
    placed.sort_by_key(|(at, e)| (*at, matches!(e.kind, MarkKind::Heading(_))));
    placed[0].0 = 0;
    let mut tracks: Vec<String> = Vec::new();
    let mut marks = Vec::with_capacity(placed.len());
    for (i, (at, entry)) in placed.iter().enumerate() {
        let until = placed.get(i + 1).map_or(clips.len(), |(next, _)| *next);
        let mut heard: Vec<Heard> = Vec::new();
        for clip in &clips[(*at).min(until)..until] {
            if !present.contains(&clip.audio.as_str()) {
                continue;
            }
            let track = match tracks.iter().position(|t| *t == clip.audio) {
                Some(t) => t,
                None => {
                    tracks.push(clip.audio.clone());
                    tracks.len() - 1
                }
            };
            match heard.last_mut() {
                Some(last)
                    if last.track == track
                        && clip.begin >= last.end - 0.01
                        && clip.begin - last.end <= JOINED =>
                {
                    last.end = clip.end;
                }
                _ => heard.push(Heard {
                    track,
                    begin: clip.begin,
                    end: clip.end,
                }),
            }
        }
        marks.push(Mark {
            kind: entry.kind,
            label: entry.label.clone(),
            heard,
        });
    }
    if tracks.is_empty() {
        return Err(WorkError::unreadable(
            "none of the audio files the recording's SMIL names is in it",
        ));
    }
    Ok(Recording { tracks, marks })
}

#[cfg(test)]
mod tests;
