//! Listening online: the library's narration of a title opened to read online
//! (`streaming::open`), heard beside its text. It is the narration the title's DAISY audio is
//! made around, made once from the EPUB master and kept (`lectern_jobs::derive`): a title
//! whose narration nobody asked for yet has it made when the first reader asks to listen.
//!
//! Who may listen is who may read: the reading link was given by the download rules, and
//! listening counts nothing more. A title offers narration when it offers DAISY audio made
//! from the master the link opened: not a title that refuses synthesized speech (a score, a
//! language no voice speaks), nor a reader's own document.

use crate::absences;
use lectern_domain::invalid::Why;
use std::sync::Arc;

use lectern_domain::catalog::Format;
use lectern_jobs::derive::{self, KeptNarration, Recipe};
use lectern_store::downloads::PackageKind;
use lectern_store::made_formats::MakingStatus;

use crate::download_wait;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::made_on_request;
use crate::streaming::{self, Opened};

/// The narration of a book opened to read online.
#[derive(Debug, Clone)]
pub enum Narration {
    /// Made: its clips and its MP3s.
    Ready(Arc<KeptNarration>),
    /// Being made: ask again in this many seconds.
    Making(u64),
}

/// The narration of the opened book: kept, or asked for (made by the worker, once).
pub async fn narration(house: &House, opened: &Opened) -> Outcome<Narration> {
    let service_id = narrated_title(house, opened).await?;
    let book = streaming::book(house, &opened.object_key).await?;
    if let Some(kept) = book.narration.get() {
        return Ok(Narration::Ready(kept));
    }
    if let Some(kept) = kept(house, service_id, &opened.object_key).await? {
        return Ok(Narration::Ready(book.narration.keep(kept)));
    }
    let recipe = Recipe::Audio(Format::DaisyAudio);
    let format = recipe.format();
    let asked = (service_id, format.as_str(), &*recipe.variant());
    let making = made_on_request::made_format(house, asked, &opened.object_key).await?;
    match making.status {
        MakingStatus::Failed => {
            // What the synthesizer said is in English: the other languages' messages say the
            // narration failed without it.
            let cause = making
                .error
                .as_deref()
                .unwrap_or("the speech synthesizer failed");
            Err(Failure::refused(
                Why::of(
                    "refused-narration-failed",
                    format!("The narration of title '{service_id}' could not be made: {cause}"),
                )
                .with("id", service_id)
                .with("cause", cause),
            ))
        }
        // Made between the two looks.
        MakingStatus::Ready => match kept(house, service_id, &opened.object_key).await? {
            Some(kept) => Ok(Narration::Ready(book.narration.keep(kept))),
            None => Ok(Narration::Making(1)),
        },
        MakingStatus::Queued | MakingStatus::Making => Ok(Narration::Making(
            download_wait::wait_for_making(house, PackageKind::of(format.as_str())).await?,
        )),
    }
}

/// The title the opened book is, when it offers narration made from this master.
async fn narrated_title<'a>(house: &House, opened: &'a Opened) -> Outcome<&'a str> {
    let Some(service_id) = opened.title.as_deref() else {
        return Err(Failure::refused(Why::of(
            "refused-narration-own-document",
            "The library narrates its own titles; a document of your own is read aloud by your \
             browser's voices",
        )));
    };
    let record = house
        .titles
        .record(&house.store, service_id)
        .await?
        .ok_or_else(|| absences::title(service_id))?;
    match record.offered_artifact(Format::DaisyAudio) {
        Some(a) if a.derived && a.file.as_deref() == Some(opened.object_key.as_str()) => {
            Ok(service_id)
        }
        Some(a) if !a.derived => Err(Failure::refused(
            Why::of(
                "refused-narration-recorded",
                format!(
                    "Title '{service_id}' is narrated in the library's own recording, which is not \
                     made from its EPUB: listen to it from the title's page"
                ),
            )
            .with("id", service_id),
        )),
        _ => Err(Failure::refused(
            Why::of(
                "refused-not-narrated",
                format!("Title '{service_id}' is not narrated: speech is not made for it"),
            )
            .with("id", service_id),
        )),
    }
}

async fn kept(house: &House, service_id: &str, master: &str) -> Outcome<Option<KeptNarration>> {
    derive::kept_narration(&house.files, service_id, master)
        .await
        .map_err(Failure::broken)
}

/// The key of one of the narration's MP3s, by its name; `None` for a name it has not.
fn mp3_key<'a>(narration: &'a KeptNarration, name: &str) -> Option<&'a str> {
    narration
        .mp3s
        .iter()
        .find(|(n, _)| n == name)
        .map(|(_, key)| key.as_str())
}

/// One of the narration's MP3s, by its name; `None` for a name it has not. The narration must
/// be made.
pub async fn mp3(house: &House, opened: &Opened, name: &str) -> Outcome<Option<bytes::Bytes>> {
    let Narration::Ready(kept) = narration(house, opened).await? else {
        return Err(Failure::not_found(Why::of(
            "absent-narration-in-progress",
            "The narration is still being made",
        )));
    };
    let Some(key) = mp3_key(&kept, name) else {
        return Ok(None);
    };
    match house.files.get(key).await {
        Ok(bytes) => Ok(Some(bytes)),
        Err(lectern_jobs::FileError::NotFound(_)) => Ok(None),
        Err(e) => Err(Failure::broken(format!("the file store: {e}"))),
    }
}

/// Whether the opened book offers its narration (a title with DAISY audio made from it).
pub async fn offered(house: &House, opened: &Opened) -> Outcome<bool> {
    match narrated_title(house, opened).await {
        Ok(_) => Ok(true),
        Err(Failure::Refused(_)) => Ok(false),
        Err(e) => Err(e),
    }
}
