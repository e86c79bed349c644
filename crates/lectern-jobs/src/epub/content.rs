//! An EPUB 3's text as a sequence of parts, in reading order: what braille, DAISY and speech
//! are made from. Headings keep their level, print page breaks their page number, images their
//! alternative text; everything else that holds text is a paragraph.

use std::ops::Range;

use quick_xml::NsReader;
use quick_xml::events::{BytesStart, Event};

use super::opf::{self, Package};
use super::steps::Steps;
use super::{EpubError, package_path};
use crate::package::paths::{dir_of, resolve};
use crate::xml::{attribute, normalize_space, reference_text};
use crate::zipio;

/// One part of a book's text.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Part {
    /// A heading of level 1 to 6.
    Heading {
        level: u8,
        text: String,
    },
    Paragraph(String),
    /// An image: its file's path in the EPUB, and its description, the `alt` text (none for a
    /// decorative image).
    Image {
        src: String,
        alt: String,
    },
    /// The start of a print page, by its number as printed.
    PageBreak(String),
}

/// A stretch of a part's text in another language than the book's: its bytes in the part's
/// text, and its language as the EPUB marks it (`lang` or `xml:lang`, BCP 47), so that it is
/// spoken with that language's voice and marked in the formats made from the book.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Foreign {
    pub range: Range<usize>,
    pub lang: String,
}

/// Where a part is in the book, as an EPUB CFI names it: the spine item its document is (from
/// 1, as the reading order counts them, whatever their media type) and the steps of the element
/// that holds it in that document (`/4/2/6`; the body's for text in no block).
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct PartPlace {
    pub spine: usize,
    pub steps: String,
}

/// A book's text and what its package says of it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Content {
    /// The package's unique identifier.
    pub identifier: String,
    pub title: String,
    /// The creators' names, as the package gives them.
    pub authors: Vec<String>,
    pub publisher: Option<String>,
    /// The package's first `dc:language` (BCP 47), if any.
    pub language: Option<String>,
    pub parts: Vec<Part>,
    /// Where each part is, by part.
    pub places: Vec<PartPlace>,
    /// The stretches of each part in another language than the book's, by part.
    pub foreign: Vec<Vec<Foreign>>,
}

/// Reads the spine's XHTML documents, in order. Refuses what `read_metadata` refuses.
pub fn read_content(bytes: &[u8]) -> Result<Content, EpubError> {
    let mut archive = zipio::open(bytes)?;
    let path = package_path(&mut archive)?;
    let xml =
        zipio::read_text(&mut archive, &path)?.ok_or_else(|| EpubError::NoPackage(path.clone()))?;
    let package = opf::parse(&xml, &path)?;
    let documents = spine_documents_at(&package);
    let metadata = super::read::from_package(package)?;
    let book_language = metadata.languages.first().map_or("en", String::as_str);
    let mut parts = Vec::new();
    let mut places = Vec::new();
    let mut foreign = Vec::new();
    for (spine, href) in documents {
        let file = resolve(dir_of(&path), &href);
        let Some(xhtml) = zipio::read_text(&mut archive, &file)? else {
            continue;
        };
        let mut gathering = Gathering {
            parts: &mut parts,
            places: &mut places,
            foreign: &mut foreign,
            book_language,
            spine,
            text: String::new(),
            marks: Vec::new(),
        };
        read_document(&xhtml, &file, &mut gathering)?;
    }
    Ok(Content {
        identifier: metadata.identifier,
        title: metadata.title,
        authors: metadata.creators.into_iter().map(|c| c.name).collect(),
        publisher: metadata.publisher,
        language: metadata.languages.into_iter().next(),
        parts,
        places,
        foreign,
    })
}

/// The hrefs of the spine's XHTML items, in reading order.
pub(crate) fn spine_documents(package: &Package) -> Vec<String> {
    spine_documents_at(package)
        .into_iter()
        .map(|(_, href)| href)
        .collect()
}

/// The spine's XHTML items, in reading order, each with its place in the spine (from 1).
fn spine_documents_at(package: &Package) -> Vec<(usize, String)> {
    package
        .spine
        .iter()
        .enumerate()
        .filter_map(|(n, idref)| {
            let item = package.manifest.iter().find(|i| &i.id == idref)?;
            (item.media_type == "application/xhtml+xml").then(|| (n + 1, item.href.clone()))
        })
        .collect()
}

/// What an element opens: a block of text, a heading, or text nobody reads.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
enum Opens {
    Block,
    Heading(u8),
    PageBreak,
    Hidden,
    Inline,
}

fn opens(e: &BytesStart<'_>) -> Opens {
    let name = e.local_name();
    let name = name.into_inner();
    // `epub:type="pagebreak"` or `role="doc-pagebreak"`.
    let marks_a_page = |attr| attribute(e, attr).is_some_and(|v| v.contains("pagebreak"));
    if marks_a_page("type") || marks_a_page("role") {
        return Opens::PageBreak;
    }
    match name {
        "h1" | "h2" | "h3" | "h4" | "h5" | "h6" => Opens::Heading(name.as_bytes()[1] - b'0'),
        "p" | "li" | "dt" | "dd" | "blockquote" | "figcaption" | "caption" | "td" | "th"
        | "pre" | "div" | "section" | "aside" | "address" | "tr" => Opens::Block,
        "head" | "script" | "style" | "rp" => Opens::Hidden,
        _ => Opens::Inline,
    }
}

/// The text gathered since the last block ended, and where it goes when its block ends.
struct Gathering<'a> {
    parts: &'a mut Vec<Part>,
    places: &'a mut Vec<PartPlace>,
    foreign: &'a mut Vec<Vec<Foreign>>,
    /// The package's language (its first `dc:language`), English when it names none.
    book_language: &'a str,
    /// The document's place in the spine.
    spine: usize,
    text: String,
    /// Where the language of `text` changes: a byte of it, and the language from there on.
    marks: Vec<(usize, Option<String>)>,
}

impl Gathering<'_> {
    /// Text read in the language `lang` (the innermost `lang` open, if any).
    fn add(&mut self, text: &str, lang: Option<&str>) {
        if self.marks.last().map(|(_, l)| l.as_deref()) != Some(lang) {
            self.marks.push((self.text.len(), lang.map(str::to_owned)));
        }
        self.text.push_str(text);
    }

    /// The text gathered becomes a part, held by the element at `steps`.
    fn flush(&mut self, heading: Option<u8>, steps: &str) {
        let raw = std::mem::take(&mut self.text);
        let marks = std::mem::take(&mut self.marks);
        let (text, foreign) = normalized(&raw, &marks, self.book_language);
        if text.is_empty() {
            return;
        }
        self.push_with(
            match heading {
                Some(level) => Part::Heading { level, text },
                None => Part::Paragraph(text),
            },
            steps,
            foreign,
        );
    }

    fn push(&mut self, part: Part, steps: &str) {
        self.push_with(part, steps, Vec::new());
    }

    fn push_with(&mut self, part: Part, steps: &str, foreign: Vec<Foreign>) {
        self.parts.push(part);
        self.places.push(PartPlace {
            spine: self.spine,
            steps: steps.to_owned(),
        });
        self.foreign.push(foreign);
    }
}

/// The text with its spaces normalized as `normalize_space` does, and the stretches of it
/// whose language (by `marks`) is not the book's. A stretch holds no space at either end.
fn normalized(
    raw: &str,
    marks: &[(usize, Option<String>)],
    book_language: &str,
) -> (String, Vec<Foreign>) {
    let mut text = String::with_capacity(raw.len());
    let mut foreign: Vec<Foreign> = Vec::new();
    let mut open: Option<(usize, &str)> = None;
    let mut space = false;
    for (m, (from, lang)) in marks.iter().enumerate() {
        let to = marks.get(m + 1).map_or(raw.len(), |(at, _)| *at);
        let other = lang
            .as_deref()
            .filter(|l| !crate::language::same_language(l, book_language));
        for c in raw[*from..to].chars() {
            if c.is_whitespace() {
                space = !text.is_empty();
                continue;
            }
            if open.map(|(_, l)| l) != other {
                if let Some((start, l)) = open.take() {
                    foreign.push(Foreign {
                        range: start..text.len(),
                        lang: l.to_owned(),
                    });
                }
                if space {
                    text.push(' ');
                    space = false;
                }
                open = other.map(|l| (text.len(), l));
            }
            if space {
                text.push(' ');
                space = false;
            }
            text.push(c);
        }
    }
    if let Some((start, l)) = open {
        foreign.push(Foreign {
            range: start..text.len(),
            lang: l.to_owned(),
        });
    }
    (text, foreign)
}

/// An element open: what it opens, and its steps in the document.
type Open = (Opens, String);

fn read_document(xhtml: &str, file: &str, gathering: &mut Gathering<'_>) -> Result<(), EpubError> {
    let err = |e: quick_xml::Error| EpubError::xml(file, e);
    let mut reader = NsReader::from_str(xhtml);
    let mut steps = Steps::default();
    let mut open: Vec<Open> = Vec::new();
    // The language of each element open: its own `lang` or `xml:lang`, else its parent's.
    let mut langs: Vec<Option<String>> = Vec::new();
    let hidden = |open: &[Open]| {
        open.iter()
            .any(|(o, _)| matches!(o, Opens::Hidden | Opens::PageBreak))
    };
    loop {
        match reader.read_event().map_err(err)? {
            Event::Start(e) => {
                let kind = opens(&e);
                let at = steps.enter().unwrap_or_default();
                if kind == Opens::PageBreak && !hidden(&open) {
                    gathering.flush(heading_of(&open), holder(&open));
                    gathering.push(Part::PageBreak(page_number(&e)), &at);
                } else if matches!(kind, Opens::Block | Opens::Heading(_)) {
                    gathering.flush(heading_of(&open), holder(&open));
                }
                open.push((kind, at));
                let own = attribute(&e, "lang").filter(|l| !l.is_empty());
                langs.push(own.or_else(|| langs.last().cloned().flatten()));
            }
            Event::Empty(e) => {
                let kind = opens(&e);
                let at = steps.leaf().unwrap_or_default();
                let is_image = e.local_name().into_inner() == "img";
                if hidden(&open) {
                    continue;
                }
                if kind == Opens::PageBreak {
                    gathering.flush(heading_of(&open), holder(&open));
                    gathering.push(Part::PageBreak(page_number(&e)), &at);
                } else if is_image {
                    gathering.flush(heading_of(&open), holder(&open));
                    let alt = normalize_space(&attribute(&e, "alt").unwrap_or_default());
                    let src = resolve(dir_of(file), &attribute(&e, "src").unwrap_or_default());
                    gathering.push(Part::Image { src, alt }, &at);
                } else if e.local_name().into_inner() == "br" {
                    gathering.add(" ", langs.last().cloned().flatten().as_deref());
                }
            }
            Event::End(_) => {
                steps.leave();
                langs.pop();
                let Some((kind, at)) = open.pop() else {
                    continue;
                };
                if matches!(kind, Opens::Block | Opens::Heading(_)) && !hidden(&open) {
                    let level = match kind {
                        Opens::Heading(level) => Some(level),
                        _ => heading_of(&open),
                    };
                    gathering.flush(level, &at);
                }
            }
            Event::Text(t) if !hidden(&open) => {
                gathering.add(&t.xml10_content(), current(&langs));
            }
            Event::CData(t) if !hidden(&open) => {
                gathering.add(&t.xml10_content(), current(&langs));
            }
            Event::GeneralRef(r) if !hidden(&open) => {
                gathering.add(&reference_text(&r), current(&langs));
            }
            Event::Eof => break,
            _ => {}
        }
    }
    gathering.flush(None, holder(&open));
    Ok(())
}

fn current(langs: &[Option<String>]) -> Option<&str> {
    langs.last().and_then(Option::as_deref)
}

/// The element that holds text gathered now: the innermost block or heading open, else the
/// innermost element (the body, for text in no block).
fn holder(open: &[Open]) -> &str {
    open.iter()
        .rev()
        .find(|(o, _)| matches!(o, Opens::Block | Opens::Heading(_)))
        .or_else(|| open.iter().rev().find(|(_, at)| !at.is_empty()))
        .map_or("", |(_, at)| at.as_str())
}

/// The level of the heading being read, if the text is inside one.
fn heading_of(open: &[Open]) -> Option<u8> {
    open.iter().rev().find_map(|(o, _)| match o {
        Opens::Heading(level) => Some(*level),
        _ => None,
    })
}

/// A page break's number: its `title` or `aria-label` (EPUB's page list says either), or its id.
fn page_number(e: &BytesStart<'_>) -> String {
    ["title", "aria-label", "id"]
        .iter()
        .find_map(|name| attribute(e, name).filter(|v| !v.trim().is_empty()))
        .map(|v| {
            v.trim()
                .trim_start_matches("page")
                .trim_start_matches(['-', '_'])
                .to_owned()
        })
        .unwrap_or_default()
}

#[cfg(test)]
#[path = "content_tests.rs"]
mod tests;
