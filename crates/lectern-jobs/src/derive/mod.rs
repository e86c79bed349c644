//! The formats made from a title's EPUB 3 master (`TitleRecord::offered` says which a title
//! offers): Word through pandoc, braille through liblouis laid out for the reader's device,
//! DAISY with its text and, read aloud by eSpeak NG, its audio. Each is a [`Recipe`]: what tells
//! its kept variants apart and how it is made. Each is made once per master and variant and kept
//! in the file store (`cache`), then packaged per reader as the library's own files are.

mod brf;
mod cache;
mod daisy;
mod docx;
mod docx_languages;

pub use brf::{Brailling, Cells, brailling, lay_out};
pub use cache::{KeptNarration, kept_narration, made_files, made_resources};
pub use daisy::{HeardClip, Listening, Spoken, listening, narrate, with_audio};

use lectern_domain::account::braille::BrailleLayout;
use lectern_domain::catalog::Format;
use lectern_domain::catalog::derived::MADE_FROM_EPUB;

use crate::convert::Cancel;
use crate::work_error::{WorkError, Worked};

/// Files by name, as a made format is.
pub type NamedFiles = Vec<(String, Vec<u8>)>;

/// The most a tool may write: a made file of a very long book, with room to spare.
const TOOL_OUTPUT_BYTES: u64 = 512 * 1024 * 1024;

/// How one format is made from a master: one strategy per made format. Its variant names the
/// kept files it makes (one per braille layout; one for every reader otherwise), and kept files
/// of the same master and variant are what it would make again.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Recipe {
    /// Word, through pandoc.
    Word,
    /// Braille in a reader's layout, through liblouis.
    Braille(BrailleLayout),
    /// DAISY 3 with its text only.
    DaisyText,
    /// A DAISY with audio (DAISY 3 or 2.02), written around the narration that every audio
    /// format of the master shares and that is made once.
    Audio(Format),
}

/// The variant of a format that every reader shares.
const DEFAULT: &str = "default";

impl Recipe {
    /// The recipe for `format` with braille in `layout`; none for a format not made from a
    /// master.
    pub fn of(format: Format, layout: BrailleLayout) -> Option<Recipe> {
        if !MADE_FROM_EPUB.contains(&format) {
            return None;
        }
        Some(match format {
            Format::Docx => Recipe::Word,
            Format::Brf => Recipe::Braille(layout),
            Format::Daisy => Recipe::DaisyText,
            audio => Recipe::Audio(audio),
        })
    }

    /// The recipe that made (or will make) `variant` of `format`, as a request to make it names
    /// them.
    pub fn of_variant(format: Format, variant: &str) -> Worked<Recipe> {
        let layout = match format {
            Format::Brf => BrailleLayout::from_key(variant).ok_or_else(|| {
                WorkError::missing(format!("'{variant}' is not a braille layout"))
            })?,
            _ => BrailleLayout::STANDARD,
        };
        Recipe::of(format, layout)
            .ok_or_else(|| WorkError::missing(format!("{format} is not made from an EPUB 3 here")))
    }

    pub fn format(&self) -> Format {
        match self {
            Recipe::Word => Format::Docx,
            Recipe::Braille(_) => Format::Brf,
            Recipe::DaisyText => Format::Daisy,
            Recipe::Audio(format) => *format,
        }
    }

    /// The name of the variant it makes: the braille layout (`ueb-g2-40x25`), or `default`.
    pub fn variant(&self) -> String {
        match self {
            Recipe::Braille(layout) => layout.key(),
            _ => DEFAULT.to_owned(),
        }
    }

    /// The layout a braille notice beside it is laid out in: the braille's own; the standard's
    /// for the rest, which have none.
    pub fn braille_layout(&self) -> BrailleLayout {
        match self {
            Recipe::Braille(layout) => *layout,
            _ => BrailleLayout::STANDARD,
        }
    }

    /// Makes the format's files from the master's bytes. The audio formats are written around
    /// their narration instead (`cache::made_files`).
    fn make(&self, master: &[u8], cancel: &Cancel) -> Worked<NamedFiles> {
        match self {
            Recipe::Word => Ok(vec![("book.docx".to_owned(), docx::make(master, cancel)?)]),
            Recipe::Braille(layout) => Ok(vec![(
                "book.brf".to_owned(),
                brf::make(master, layout, cancel)?,
            )]),
            Recipe::DaisyText => daisy::text(master, cancel),
            Recipe::Audio(format) => Err(WorkError::missing(format!(
                "{format} is written around its narration"
            ))),
        }
    }
}

/// Makes `format` from the master's bytes, braille in `layout`: the made files, by name (for
/// measuring a recipe apart from the file store).
pub fn make(
    format: Format,
    master: &[u8],
    layout: &BrailleLayout,
    cancel: &Cancel,
) -> Worked<NamedFiles> {
    Recipe::of(format, *layout)
        .ok_or_else(|| WorkError::missing(format!("{format} is not made from an EPUB 3 here")))?
        .make(master, cancel)
}

/// The recipe `format` is made by for `reader`: for braille, their preferences' layout (code,
/// grade, display or embosser and its line); the standard for a guest and a reader who set
/// none. Other formats have no layout (and so cost no query). None for a format not made.
pub async fn recipe_for(
    store: &lectern_store::Store,
    reader: Option<&str>,
    format: Format,
) -> Result<Option<Recipe>, lectern_store::StoreError> {
    let layout = match (reader, format) {
        (Some(id), Format::Brf) => {
            let preferences = lectern_store::preferences::get(store.reads(), id).await?;
            BrailleLayout::of_reader(preferences.as_ref())
        }
        _ => BrailleLayout::STANDARD,
    };
    Ok(Recipe::of(format, layout))
}

/// A scratch folder for a tool's files, removed when dropped.
fn scratch() -> Worked<tempfile::TempDir> {
    tempfile::Builder::new()
        .prefix("lectern-derive-")
        .tempdir()
        .map_err(|e| WorkError::machine(format!("no scratch folder for the conversion: {e}")))
}
