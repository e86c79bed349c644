//! Listening online to the library's own recording of a title: a DAISY audio book a person
//! (or the library's own synthesizer) narrated, kept as the fileset the library received. It is
//! heard as it is, followed by its headings and print pages (`lectern_jobs::recording`): it
//! has no text of ours to follow.
//!
//! Who may listen is who may download it: opening it is checked and counted as a download of
//! its DAISY format, once a month, as reading online is (`streaming::counted`). What the door
//! hands the listener is a signed link to the recording's folder; its tracks are then read by
//! range, never whole.

use crate::absences;
use lectern_domain::invalid::Why;
use std::sync::Arc;

use bytes::Bytes;
use lectern_domain::catalog::{Narrator, NotReady};
use lectern_jobs::recording::{self, Recording};
use lectern_jobs::{FileError, WorkError};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::streaming::{Opened, counted};
use crate::titles::{CatalogViewer, visible_title};

/// Opens the library's own recording of a title, to be heard online. `None` for a title the
/// actor sees that has no recording of its own (the library narrates its EPUB instead), and
/// for an id that is no title of theirs (which is then opened as a document of their own).
pub async fn open(house: &House, actor: &Actor, service_id: &str) -> Outcome<Option<Opened>> {
    let who = CatalogViewer::of(house, actor).await?;
    let record = match visible_title(house, &who, service_id).await {
        Ok(record) => record,
        Err(Failure::NotFound(_)) => return Ok(None),
        Err(e) => return Err(e),
    };
    let Some(recording) = record.own_recording() else {
        return Ok(None);
    };
    let Some(folder) = recording
        .file
        .clone()
        .filter(|_| recording.not_ready().is_none())
    else {
        return Err(not_heard_yet(service_id, recording.not_ready()));
    };
    counted(house, actor, &who, &record, recording.format).await?;
    Ok(Some(Opened {
        object_key: folder,
        title: Some(record.service_id.clone()),
    }))
}

/// What the listening page says of a recording: the title's name, and who reads it.
#[derive(Debug, Clone)]
pub struct About {
    pub title: String,
    pub narrator: Option<Narrator>,
}

/// The title of the recording a link opened, as the catalog has it now.
pub async fn about(house: &House, opened: &Opened) -> Outcome<About> {
    let service_id = opened.title.as_deref().unwrap_or_default();
    let record = house
        .titles
        .record(&house.store, service_id)
        .await?
        .ok_or_else(|| absences::title(service_id))?;
    let narrator = record
        .own_recording()
        .filter(|a| a.file.as_deref() == Some(opened.object_key.as_str()))
        .and_then(|a| a.narrator.clone());
    Ok(About {
        title: record.title.clone(),
        narrator,
    })
}

/// Whether a reading link opened a recording (its key is a folder's) rather than a book.
pub fn is_recording(opened: &Opened) -> bool {
    opened.object_key.ends_with('/')
}

/// The recording a link opened, as it is heard: read once a node, and kept.
pub async fn heard(house: &House, opened: &Opened) -> Outcome<Arc<Recording>> {
    if !is_recording(opened) {
        return Err(Failure::not_found(Why::of(
            "absent-recording-at-book-link",
            "This link opened a book to read, not a recording to hear",
        )));
    }
    let folder = &opened.object_key;
    house
        .recordings
        .recall_or(folder, async {
            recording::read(&house.files, folder)
                .await
                .map(Arc::new)
                .map_err(|e| unheard(opened, e))
        })
        .await
}

fn unheard(opened: &Opened, e: WorkError) -> Failure {
    let title = opened.title.as_deref().unwrap_or_default();
    match e {
        WorkError::Files(FileError::NotFound(_)) | WorkError::Missing(_) => Failure::not_found(
            Why::of(
                "absent-recording",
                format!("The library's recording of title '{title}' is no longer here"),
            )
            .with("id", title),
        ),
        // Why the recording cannot be read is the player's account, in English: the other
        // languages' messages tell the reader what to do without it.
        WorkError::Unreadable(why) => Failure::refused(
            Why::of(
                "refused-recording-unreadable",
                format!(
                    "The library's recording of title '{title}' cannot be heard online ({why}); \
                     download it in DAISY audio"
                ),
            )
            .with("id", title)
            .with("why", why),
        ),
        e => Failure::broken(format!("the recording of '{title}': {e}")),
    }
}

/// One of a recording's tracks, where it is kept.
#[derive(Debug, Clone)]
pub struct Track {
    key: String,
    pub size: u64,
}

impl Track {
    /// The track's media type, by its name (DAISY's audio is MP3, MP4 audio or WAV).
    pub fn media_type(&self) -> &'static str {
        let lower = self.key.to_ascii_lowercase();
        match lower.rsplit('.').next() {
            Some("mp4" | "m4a") => "audio/mp4",
            Some("wav") => "audio/wav",
            _ => "audio/mpeg",
        }
    }
}

/// The track `n` (from 0) of the recording a link opened; `None` past its last.
pub async fn track(house: &House, opened: &Opened, n: usize) -> Outcome<Option<Track>> {
    let heard = heard(house, opened).await?;
    let Some(path) = heard.tracks.get(n) else {
        return Ok(None);
    };
    let key = format!("{}{path}", opened.object_key);
    match house.files.head(&key).await {
        Ok(Some((size, _))) => Ok(Some(Track { key, size })),
        Ok(None) => Ok(None),
        Err(e) => Err(Failure::broken(format!("the file store: {e}"))),
    }
}

/// The bytes `range` of a track: a player asks for a track a part at a time, and a part is
/// all that is read.
pub async fn track_part(
    house: &House,
    track: &Track,
    range: std::ops::Range<u64>,
) -> Outcome<Bytes> {
    house
        .files
        .get_range(&track.key, range)
        .await
        .map_err(|e| match e {
            FileError::NotFound(_) => Failure::not_found(Why::of(
                "absent-track",
                "The recording's track is no longer here",
            )),
            e => Failure::broken(format!("the file store: {e}")),
        })
}

/// The library's recording of a title, not ready to be heard: why, where it is known.
fn not_heard_yet(service_id: &str, not_ready: Option<NotReady>) -> Failure {
    let english = format!("The library's recording of title '{service_id}' cannot be heard yet.");
    let (key, english) = match not_ready {
        Some(n) => (not_ready_key(n), format!("{english} {}", n.in_words())),
        None => ("refused-recording-not-ready", english),
    };
    Failure::refused(Why::of(key, english).with("id", service_id))
}

fn not_ready_key(n: NotReady) -> &'static str {
    match n {
        NotReady::FileNotArrived => "refused-recording-not-arrived",
        NotReady::InProduction => "refused-recording-in-production",
        NotReady::Withdrawn => "refused-recording-withdrawn",
        NotReady::Failed => "refused-recording-failed",
    }
}
