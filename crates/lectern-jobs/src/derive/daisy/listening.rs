//! The narration as a reader online hears it beside the text: each clip of the kept narration
//! (`narrate`) with the section's MP3 it is in, and where its text is in the EPUB, as the
//! reader's pages mark their paragraphs (the spine's document, the element's CFI steps).

use super::book::{Book, Item, section_file};
use super::speech::Narration;
use crate::work_error::Worked;

/// What a clip speaks.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Spoken {
    Heading,
    Paragraph,
    /// The start of a print page, by its number as printed.
    Page(String),
    Image,
}

/// One clip of the narration, where it is heard and where its text is.
#[derive(Debug, Clone, PartialEq)]
pub struct HeardClip {
    /// The section's MP3 it is heard in, by the index in [`Listening::files`].
    pub section: usize,
    /// Seconds into that MP3.
    pub begin: f64,
    pub end: f64,
    /// The part of the reading order (from 1) whose document holds its text.
    pub part: usize,
    /// The steps of the element that holds its text in that document (`/4/2/6`).
    pub steps: String,
    pub spoken: Spoken,
}

/// The narration of a book, clip by clip, in reading order.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct Listening {
    /// The sections' MP3 files, by name among the narration's files.
    pub files: Vec<String>,
    /// Each section's length, in seconds.
    pub durations: Vec<f64>,
    pub clips: Vec<HeardClip>,
}

impl Listening {
    /// The clips whose text is in part `n` of the reading order.
    pub fn of_part(&self, n: usize) -> impl Iterator<Item = &HeardClip> {
        self.clips.iter().filter(move |c| c.part == n)
    }
}

/// The narration kept for this master (its timings, `narration.tsv`), clip by clip. Refused when
/// the timings are not this master's.
pub fn listening(master: &[u8], timings: &str) -> Worked<Listening> {
    let book = Book::read(master)?;
    let narration = Narration::from_tsv(timings, &book)?;
    let section_of = book.section_of();
    let clips = book
        .items
        .iter()
        .zip(&book.places)
        .zip(&narration.clips)
        .enumerate()
        .filter_map(|(i, ((item, place), clip))| {
            let (place, clip) = (place.as_ref()?, clip.as_ref()?);
            Some(HeardClip {
                section: section_of[i],
                begin: clip.begin,
                end: clip.end,
                part: place.spine,
                steps: place.steps.clone(),
                spoken: spoken(item)?,
            })
        })
        .collect();
    Ok(Listening {
        files: (0..narration.durations.len())
            .map(|n| section_file(n, "mp3"))
            .collect(),
        durations: narration.durations,
        clips,
    })
}

fn spoken(item: &Item) -> Option<Spoken> {
    Some(match item {
        Item::Title(_) => return None,
        Item::Heading { .. } => Spoken::Heading,
        Item::Paragraph(_) => Spoken::Paragraph,
        Item::Image { .. } => Spoken::Image,
        Item::Page(number) => Spoken::Page(number.clone()),
    })
}
