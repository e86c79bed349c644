//! The formats made from a title's EPUB 3 master (`TitleRecord::offered` says which a title
//! offers): Word through pandoc, braille through liblouis laid out for the reader's device,
//! DAISY with its text and, read aloud by eSpeak NG, its audio. Each is made once per master
//! (and braille layout) and kept in the file store (`cache`), then packaged per reader as the
//! library's own files are.

mod brf;
mod cache;
mod daisy;
mod docx;

pub use brf::{BrailleCode, BrailleLayout, lay_out};
pub use cache::{made_files, made_resources, variant};
pub use daisy::{narrate, with_audio};

use crate::convert::Cancel;
use lectern_domain::catalog::Format;

/// Files by name, as a made format is.
pub type NamedFiles = Vec<(String, Vec<u8>)>;

/// The most a tool may write: a made file of a very long book, with room to spare.
const TOOL_OUTPUT_BYTES: u64 = 512 * 1024 * 1024;

/// Makes `format` from the master's bytes: the made artifact's files, by name. `layout` is the
/// braille's, for BRF. The audio formats are made around a narration (`cache::made_files`).
pub fn make(
    format: Format,
    master: &[u8],
    layout: &BrailleLayout,
    cancel: &Cancel,
) -> Result<Vec<(String, Vec<u8>)>, String> {
    match format {
        Format::Docx => Ok(vec![("book.docx".to_owned(), docx::make(master, cancel)?)]),
        Format::Brf => Ok(vec![(
            "book.brf".to_owned(),
            brf::make(master, layout, cancel)?,
        )]),
        Format::Daisy => daisy::text(master, cancel),
        other => Err(format!("{other} is not made from an EPUB 3 here")),
    }
}

/// The braille layout `format` is made in for `reader`: their preferences (code, grade,
/// display or embosser and its line) for BRF, the standard for a guest, a reader who set none,
/// and every other format, which has no layout (and so costs no query).
pub async fn layout_for(
    store: &lectern_store::Store,
    reader: Option<&str>,
    format: Format,
) -> Result<BrailleLayout, lectern_store::StoreError> {
    let (Some(id), Format::Brf) = (reader, format) else {
        return Ok(BrailleLayout::STANDARD);
    };
    let preferences = lectern_store::preferences::get(store.reads(), id).await?;
    Ok(BrailleLayout::of_reader(preferences.as_ref()))
}

/// A scratch folder for a tool's files, removed when dropped.
fn scratch() -> Result<tempfile::TempDir, String> {
    tempfile::Builder::new()
        .prefix("lectern-derive-")
        .tempdir()
        .map_err(|e| format!("no scratch folder for the conversion: {e}"))
}
