//! DAISY from the EPUB master: DAISY 3 with text only (DAISY), DAISY 3 with the text read aloud
//! and synchronized (DAISY_AUDIO), and DAISY 2.02 with the same audio (DAISY_2_AUDIO). The
//! reading aloud, the slow part, is done once per master (`narrate`) and kept; each audio
//! format is then written around it (`with_audio`).

mod book;
mod daisy2;
mod daisy3;
mod dtbook;
mod listening;
mod speech;

use book::Book;
pub use listening::{HeardClip, Listening, Spoken, listening};
use speech::Narration;
pub(crate) use speech::TIMINGS;

use crate::convert::Cancel;
use crate::derive::NamedFiles;
use crate::work_error::{WorkError, Worked};
use lectern_domain::catalog::Format;

/// A text-only DAISY 3 book.
pub(super) fn text(master: &[u8], cancel: &Cancel) -> Worked<NamedFiles> {
    let book = Book::read(master)?;
    cancel.check()?;
    Ok(daisy3::files(&book, None))
}

/// The book read aloud: a MP3 file for each section, and the timings of every clip (a file
/// named [`TIMINGS`]), to be kept and given to [`with_audio`].
pub fn narrate(master: &[u8], cancel: &Cancel) -> Worked<NamedFiles> {
    let book = Book::read(master)?;
    let (narration, mut files) = speech::narrate(&book, cancel)?;
    files.push((TIMINGS.to_owned(), narration.to_tsv().into_bytes()));
    Ok(files)
}

/// The audio format's files, around the narration `narrate` made of this master.
pub fn with_audio(format: Format, master: &[u8], mut narrated: NamedFiles) -> Worked<NamedFiles> {
    let book = Book::read(master)?;
    let timings = narrated
        .iter()
        .position(|(name, _)| name == TIMINGS)
        .map(|at| narrated.remove(at))
        .ok_or_else(|| WorkError::missing("the kept narration has no timings"))?;
    let narration = Narration::from_tsv(&String::from_utf8_lossy(&timings.1), &book)?;
    let mut files = match format {
        Format::DaisyAudio => daisy3::files(&book, Some(&narration)),
        Format::Daisy2Audio => daisy2::files(&book, &narration),
        other => return Err(WorkError::missing(format!("{other} is not read aloud"))),
    };
    files.extend(narrated);
    Ok(files)
}

#[cfg(test)]
#[path = "tests.rs"]
mod tests;
