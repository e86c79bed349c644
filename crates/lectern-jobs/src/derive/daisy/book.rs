//! The book as its DAISY editions lay it out: the title, then the EPUB's parts in reading order,
//! each with the number its elements, its SMIL `par` and its audio clip share; cut into
//! sections at each heading (a section is one SMIL file and, with audio, one MP3).

use std::collections::HashMap;
use std::ops::Range;

use crate::epub::{Content, Foreign, Part, PartPlace, read_content};
use crate::language::{BookWords, book_words, same_language};
use crate::work_error::Worked;
use crate::xml::esc;
use crate::zipio;

/// An item's speech: its text, and its stretches in another language than the book's.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) struct Spoken {
    pub text: String,
    pub foreign: Vec<Foreign>,
}

/// What the book holds, in reading order.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(super) enum Item {
    /// The book's title, first: where DAISY 2.02's NCC starts and DAISY 3's `doctitle` is.
    Title(String),
    /// A heading at its depth in the book (1 to 6), which may be less than the EPUB's level
    /// when the EPUB skipped one: DAISY nests every level in the one above it.
    Heading {
        depth: u8,
        text: String,
    },
    Paragraph(String),
    /// An image copied into the book, by its name there, with its description.
    Image {
        file: String,
        alt: String,
    },
    /// The start of a print page, by its number as printed.
    Page(String),
}

impl Item {
    /// What is spoken for the item, if anything (a decorative image is not), with the words
    /// Lectern adds in the book's language (`words`), or in English, which says so, where
    /// Lectern has no words in it.
    pub(super) fn spoken(&self, words: &BookWords, book_language: &str) -> Option<Spoken> {
        let said = |word: &'static str, rest: String| {
            let foreign = (!same_language(words.lang, book_language)).then(|| Foreign {
                range: 0..word.len(),
                lang: words.lang.to_owned(),
            });
            Spoken {
                text: format!("{word}{rest}"),
                foreign: foreign.into_iter().collect(),
            }
        };
        match self {
            Item::Title(text) | Item::Heading { text, .. } | Item::Paragraph(text) => {
                Some(Spoken {
                    text: text.clone(),
                    foreign: Vec::new(),
                })
            }
            Item::Image { alt, .. } if !alt.is_empty() => {
                Some(said(words.image, format!(": {alt}")))
            }
            Item::Image { .. } => None,
            Item::Page(number) => Some(said(words.page, format!(" {number}"))),
        }
    }
}

/// The items, and where each is and what of it is in another language, by item.
type Laid = (Vec<Item>, Vec<Option<PartPlace>>, Vec<Vec<Foreign>>);

/// A book ready to be written as DAISY.
#[derive(Debug, Clone)]
pub(super) struct Book {
    pub uid: String,
    pub title: String,
    pub authors: Vec<String>,
    pub publisher: String,
    /// BCP 47.
    pub language: String,
    pub items: Vec<Item>,
    /// Where each item is in the EPUB, by item (none for the title, which no document holds).
    pub places: Vec<Option<PartPlace>>,
    /// The stretches of each item's text in another language than the book's, by item.
    pub foreign: Vec<Vec<Foreign>>,
    /// The images' files, by their names in the book.
    pub images: Vec<(String, Vec<u8>)>,
}

impl Book {
    /// Reads the EPUB 3 master. An image whose file is missing keeps its description as text.
    pub(super) fn read(master: &[u8]) -> Worked<Book> {
        let content = read_content(master)?;
        let words = book_words(content.language.as_deref().unwrap_or("en"));
        let mut archive = zipio::open(master)?;
        let mut images = Vec::new();
        let mut named: HashMap<String, String> = HashMap::new();
        let mut items = vec![Item::Title(content.title.clone())];
        let mut places = vec![None];
        let mut foreign = vec![Vec::new()];
        let mut depth = 0;
        let parts = content
            .parts
            .iter()
            .zip(&content.places)
            .zip(&content.foreign);
        for ((part, place), stretches) in parts {
            let item = match part {
                Part::Heading { level, text } => {
                    depth = (*level).min(depth + 1);
                    Item::Heading {
                        depth,
                        text: text.clone(),
                    }
                }
                Part::Paragraph(text) => Item::Paragraph(text.clone()),
                Part::PageBreak(number) => Item::Page(number.clone()),
                Part::Image { src, alt } => {
                    let file = match named.get(src) {
                        Some(file) => Some(file.clone()),
                        None => zipio::read_entry(&mut archive, src)?.map(|bytes| {
                            let file = image_name(images.len() + 1, src);
                            images.push((file.clone(), bytes));
                            named.insert(src.clone(), file.clone());
                            file
                        }),
                    };
                    match file {
                        Some(file) => Item::Image {
                            file,
                            alt: alt.clone(),
                        },
                        None if alt.is_empty() => continue,
                        None => Item::Paragraph(format!("{}: {alt}", words.image)),
                    }
                }
            };
            let has_text = matches!(part, Part::Heading { .. } | Part::Paragraph(_));
            foreign.push(if has_text {
                stretches.clone()
            } else {
                Vec::new()
            });
            items.push(item);
            places.push(Some(place.clone()));
        }
        Ok(Book::of(content, (items, places, foreign), images))
    }

    fn of(
        content: Content,
        (items, places, foreign): Laid,
        images: Vec<(String, Vec<u8>)>,
    ) -> Book {
        Book {
            uid: content.identifier,
            title: content.title,
            authors: content.authors,
            publisher: content.publisher.unwrap_or_else(|| "Lectern".to_owned()),
            language: content.language.unwrap_or_else(|| "en".to_owned()),
            items,
            places,
            foreign,
            images,
        }
    }

    /// The sections, as ranges of items: the title's (with what precedes the first heading),
    /// then one from each heading to the next.
    pub(super) fn sections(&self) -> Vec<Range<usize>> {
        let mut starts: Vec<usize> = vec![0];
        starts.extend(
            self.items
                .iter()
                .enumerate()
                .skip(1)
                .filter(|(_, item)| matches!(item, Item::Heading { .. }))
                .map(|(i, _)| i),
        );
        let ends = starts.iter().skip(1).copied().chain([self.items.len()]);
        starts.iter().zip(ends).map(|(&s, e)| s..e).collect()
    }

    /// The section each item is in, by item.
    pub(super) fn section_of(&self) -> Vec<usize> {
        let mut of = vec![0; self.items.len()];
        for (n, section) in self.sections().into_iter().enumerate() {
            of[section].fill(n);
        }
        of
    }

    /// The deepest heading.
    pub(super) fn depth(&self) -> u8 {
        self.items
            .iter()
            .filter_map(|item| match item {
                Item::Heading { depth, .. } => Some(*depth),
                _ => None,
            })
            .max()
            .unwrap_or(1)
    }

    /// The print pages, as item numbers.
    pub(super) fn pages(&self) -> impl Iterator<Item = (usize, &str)> {
        self.items
            .iter()
            .enumerate()
            .filter_map(|(i, item)| match item {
                Item::Page(number) => Some((i, number.as_str())),
                _ => None,
            })
    }
}

/// Which markup says a stretch's language: DTBook's `xml:lang`, or XHTML 1.0's `lang` and
/// `xml:lang` together (DAISY 2.02's NCC), as its compatibility guidelines ask.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub(super) enum LangMarkup {
    DtBook,
    Xhtml,
}

/// The item's text escaped for XML, each stretch in another language than the book's in a
/// `span` that says which, so a reading system or screen reader switches its voice there.
pub(super) fn marked_text(text: &str, foreign: &[Foreign], markup: LangMarkup) -> String {
    let mut out = String::with_capacity(text.len());
    let mut at = 0;
    for f in foreign {
        let (Some(before), Some(stretch)) =
            (text.get(at..f.range.start), text.get(f.range.clone()))
        else {
            continue;
        };
        out.push_str(&esc(before));
        let lang = esc(&f.lang);
        match markup {
            LangMarkup::DtBook => out.push_str(&format!("<span xml:lang=\"{lang}\">")),
            LangMarkup::Xhtml => {
                out.push_str(&format!("<span lang=\"{lang}\" xml:lang=\"{lang}\">"));
            }
        }
        out.push_str(&esc(stretch));
        out.push_str("</span>");
        at = f.range.end;
    }
    out.push_str(&esc(text.get(at..).unwrap_or_default()));
    out
}

/// An image's name in the book: numbered, keeping its extension, which says its type.
fn image_name(n: usize, src: &str) -> String {
    let extension = src
        .rsplit_once('.')
        .map(|(_, e)| e.to_ascii_lowercase())
        .filter(|e| e.len() <= 4 && e.bytes().all(|b| b.is_ascii_alphanumeric()))
        .unwrap_or_else(|| "img".to_owned());
    format!("images/image{n:04}.{extension}")
}

/// The file of section `n` (numbered from 0), for SMIL and MP3 alike.
pub(super) fn section_file(n: usize, extension: &str) -> String {
    format!("s{:04}.{extension}", n + 1)
}

/// How a print page's number is kind: arabic numbers are the body's, roman numerals the front
/// matter's, anything else special.
pub(super) fn page_kind(number: &str) -> &'static str {
    if !number.is_empty() && number.bytes().all(|b| b.is_ascii_digit()) {
        "normal"
    } else if !number.is_empty() && number.bytes().all(|b| b"ivxlcdmIVXLCDM".contains(&b)) {
        "front"
    } else {
        "special"
    }
}

/// A duration as SMIL's clock value, `H:MM:SS.mmm`.
pub(super) fn clock(seconds: f64) -> String {
    let millis = (seconds.max(0.0) * 1000.0).round() as u64;
    format!(
        "{}:{:02}:{:02}.{:03}",
        millis / 3_600_000,
        millis / 60_000 % 60,
        millis / 1000 % 60,
        millis % 1000
    )
}

/// An image's media type, from its extension.
pub(super) fn image_type(file: &str) -> &'static str {
    match file.rsplit_once('.').map(|(_, e)| e) {
        Some("png") => "image/png",
        Some("jpg" | "jpeg") => "image/jpeg",
        Some("gif") => "image/gif",
        Some("svg") => "image/svg+xml",
        Some("webp") => "image/webp",
        _ => "application/octet-stream",
    }
}
