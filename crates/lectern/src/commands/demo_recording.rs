//! The demo's recording: one title (Little Women) carries a DAISY 2.02 audio book of the
//! library's own, so that "Listen online" can be tried on a recording followed by its headings
//! and print pages as well as on a narration followed by its text. A demo carries no audio
//! files, so the recording is made when the demo loads, by the same eSpeak NG narration the
//! worker makes DAISY audio with, and says so: its narrator is a synthetic voice. Without
//! eSpeak NG or LAME on the machine the demo goes on without it.

use lectern_domain::catalog::artifact::NarratorType;
use lectern_domain::catalog::{Artifact, Format, Narrator};
use lectern_jobs::FileStore;
use lectern_jobs::convert::Cancel;
use lectern_jobs::derive::{narrate, with_audio};
use lectern_store::fixture;
use lectern_store::titles;

/// The demo title given a recording of its own.
pub const RECORDED: &str = "demo-little-women";

/// Makes the title's recording from its EPUB and adds it to the title; false when the machine
/// cannot narrate.
pub async fn add(store: &lectern_store::Store, files: &FileStore) -> anyhow::Result<bool> {
    let Some(mut record) = titles::get(store.reads(), RECORDED).await? else {
        return Ok(false);
    };
    let Some(master) = record.artifact(Format::Epub3).and_then(|a| a.file.clone()) else {
        return Ok(false);
    };
    let epub = files.get(&master).await?;
    let made = tokio::task::spawn_blocking(move || {
        let narrated = narrate(&epub, &Cancel::default())?;
        with_audio(Format::Daisy2Audio, &epub, narrated)
    })
    .await?;
    let book = match made {
        Ok(book) => book,
        Err(e) => {
            tracing::warn!(error = %e, "the demo's recording was not made: {RECORDED} has none");
            return Ok(false);
        }
    };
    let mut recording: Artifact = serde_json::from_value(serde_json::json!({
        "format": Format::Daisy2Audio.as_str(),
    }))?;
    recording.narrator = Some(Narrator {
        name: "eSpeak NG".to_owned(),
        gender: None,
        kind: NarratorType::Tts,
    });
    let folder = fixture::title_file_key(RECORDED, &recording, "");
    for (name, bytes) in book {
        files.put(&format!("{folder}{name}"), bytes).await?;
    }
    recording.file = Some(folder);
    record.artifacts.push(recording);
    let mut tx = store.begin().await?;
    titles::upsert(&mut tx, &[record]).await?;
    tx.commit().await?;
    Ok(true)
}
