//! A place in an EPUB as two kinds of reading app name it: an EPUB CFI (the API's positions, as
//! Readium and Thorium write them: `epubcfi(/6/4!/4/2/6)`) and a KOReader xPointer (crengine's:
//! `/body/DocFragment[2]/body/div/p[3]/text().12`), with the share of the book's text before it,
//! which KOReader compares before it moves. Both are converted to the spine item and the nearest
//! element: a character offset inside an element is not carried over.

use quick_xml::NsReader;
use quick_xml::events::Event;

use super::content::spine_documents;
use super::opf;
use super::{EpubError, package_path};
use crate::package::paths::{dir_of, resolve};
use crate::zipio;

/// The spine's documents, each as the tree of its body's elements.
#[derive(Debug)]
pub struct Book {
    documents: Vec<Document>,
    /// The characters of text in the whole spine.
    total: usize,
}

#[derive(Debug)]
struct Document {
    /// The body's position among the root's element children (1-based): `/4` in a CFI when a
    /// head comes first.
    body_at: usize,
    body: Element,
    /// The characters of text in the spine's documents before this one.
    before: usize,
}

#[derive(Debug)]
struct Element {
    name: String,
    children: Vec<Element>,
    /// The characters of text in the document before this element starts.
    text_before: usize,
}

/// A place: the CFI or xPointer naming it, and the share of the book's text before it (0 to 1).
#[derive(Debug, Clone, PartialEq)]
pub struct Place {
    pub name: String,
    pub share: f64,
}

impl Book {
    /// Reads the spine's XHTML documents of an EPUB 3 (crengine numbers its DocFragments by the
    /// spine's documents, as does a CFI's spine step).
    pub fn read(epub: &[u8]) -> Result<Book, EpubError> {
        let mut archive = zipio::open(epub)?;
        let path = package_path(&mut archive)?;
        let xml = zipio::read_text(&mut archive, &path)?
            .ok_or_else(|| EpubError::NoPackage(path.clone()))?;
        let package = opf::parse(&xml, &path)?;
        let mut documents = Vec::new();
        let mut before = 0;
        for href in spine_documents(&package) {
            let file = resolve(dir_of(&path), &href);
            let xhtml = zipio::read_text(&mut archive, &file)?.unwrap_or_default();
            let (body_at, body, chars) = parse(&xhtml, &file)?;
            documents.push(Document {
                body_at,
                body,
                before,
            });
            before += chars;
        }
        Ok(Book {
            documents,
            total: before,
        })
    }

    /// The CFI of the element a KOReader xPointer is in, or `None` when it names no element of
    /// this book.
    pub fn cfi_of(&self, xpointer: &str) -> Option<Place> {
        let rest = xpointer.strip_prefix("/body/DocFragment[")?;
        let (index, rest) = rest.split_once(']')?;
        let index: usize = index.parse().ok()?;
        let document = self.documents.get(index.checked_sub(1)?)?;
        let rest = rest.strip_prefix("/body")?;
        let mut steps = vec![2 * document.body_at];
        let mut element = &document.body;
        for step in rest.split('/').filter(|s| !s.is_empty()) {
            let (name, nth) = match step.split_once('[') {
                Some((name, n)) => (name, n.strip_suffix(']')?.parse::<usize>().ok()?),
                None => (step, 1),
            };
            if name.starts_with("text()") || nth == 0 {
                break;
            }
            let Some((at, child)) = element
                .children
                .iter()
                .enumerate()
                .filter(|(_, c)| c.name == name)
                .nth(nth - 1)
            else {
                break;
            };
            steps.push(2 * (at + 1));
            element = child;
        }
        let inside: Vec<String> = steps.iter().map(usize::to_string).collect();
        // `/6` is the spine, the package's third element (metadata, manifest, spine); its
        // itemrefs are its even steps; `!` then steps into the document.
        let cfi = format!("epubcfi(/6/{}!/{})", 2 * index, inside.join("/"));
        Some(Place {
            name: cfi,
            share: self.share(document, element),
        })
    }

    /// The KOReader xPointer of the element a CFI is in, or `None` when it names no element of
    /// this book.
    pub fn xpointer_of(&self, cfi: &str) -> Option<Place> {
        let inner = cfi.strip_prefix("epubcfi(")?.strip_suffix(')')?;
        // A range (`epubcfi(/6/4!/4/2,/1:0,/1:5)`) starts where its common path does.
        let inner = inner.split(',').next()?;
        let (spine, inside) = inner.split_once('!').unwrap_or((inner, ""));
        let spine_steps = steps_of(spine);
        let index = spine_steps.get(1).filter(|s| *s % 2 == 0)? / 2;
        let document = self.documents.get(index.checked_sub(1)?)?;
        let mut inside = steps_of(inside).into_iter();
        let mut xpointer = format!("/body/DocFragment[{index}]/body");
        let mut element = &document.body;
        if inside.next() == Some(2 * document.body_at) {
            for step in inside {
                if step % 2 == 1 || step == 0 {
                    break;
                }
                let Some(child) = element.children.get(step / 2 - 1) else {
                    break;
                };
                let same: Vec<&Element> = element
                    .children
                    .iter()
                    .filter(|c| c.name == child.name)
                    .collect();
                let nth = same.iter().position(|c| std::ptr::eq(*c, child))? + 1;
                // crengine writes an index only where siblings share the name.
                if same.len() > 1 {
                    xpointer += &format!("/{}[{nth}]", child.name);
                } else {
                    xpointer += &format!("/{}", child.name);
                }
                element = child;
            }
        }
        Some(Place {
            name: xpointer,
            share: self.share(document, element),
        })
    }

    fn share(&self, document: &Document, element: &Element) -> f64 {
        if self.total == 0 {
            return 0.0;
        }
        ((document.before + element.text_before) as f64 / self.total as f64).clamp(0.0, 1.0)
    }
}

/// A CFI path's numbers, assertions (`[id]`) and offsets (`:12`) left out.
fn steps_of(path: &str) -> Vec<usize> {
    path.split('/')
        .filter(|s| !s.is_empty())
        .filter_map(|s| {
            let digits: String = s.chars().take_while(char::is_ascii_digit).collect();
            digits.parse().ok()
        })
        .collect()
}

/// A document's body as a tree, where the body is among the root's children, and the
/// characters of text in the document.
fn parse(xhtml: &str, file: &str) -> Result<(usize, Element, usize), EpubError> {
    let mut reader = NsReader::from_str(xhtml);
    let mut stack: Vec<Element> = Vec::new();
    let mut chars = 0usize;
    let (mut depth, mut root_children, mut body_at) = (0usize, 0usize, 0usize);
    let mut body = None;
    loop {
        let event = reader.read_event().map_err(|e| EpubError::xml(file, e))?;
        let empty = matches!(event, Event::Empty(_));
        match event {
            Event::Start(e) | Event::Empty(e) if depth >= 1 => {
                let name = e.local_name().into_inner().to_owned();
                if depth == 1 {
                    root_children += 1;
                }
                let in_body = !stack.is_empty() || (depth == 1 && name == "body");
                if in_body {
                    if stack.is_empty() {
                        body_at = root_children;
                    }
                    let element = Element {
                        name,
                        children: Vec::new(),
                        text_before: chars,
                    };
                    if empty {
                        match stack.last_mut() {
                            Some(parent) => parent.children.push(element),
                            None => body = Some(element),
                        }
                    } else {
                        stack.push(element);
                    }
                }
                if !empty {
                    depth += 1;
                }
            }
            Event::Start(_) => depth += 1,
            Event::End(_) => {
                depth = depth.saturating_sub(1);
                if let Some(done) = (!stack.is_empty() && depth >= 1)
                    .then(|| stack.pop())
                    .flatten()
                {
                    match stack.last_mut() {
                        Some(parent) => parent.children.push(done),
                        None => body = Some(done),
                    }
                }
            }
            Event::Text(t) if !stack.is_empty() => {
                chars += t.xml10_content().trim().chars().count();
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let body = body.unwrap_or(Element {
        name: "body".into(),
        children: Vec::new(),
        text_before: 0,
    });
    Ok((body_at.max(1), body, chars))
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::epub::testing::epub_of_bodies;

    fn book() -> Book {
        Book::read(&epub_of_bodies(
            "Positions",
            &[
                "<h1>One</h1><p>First paragraph of one.</p>",
                "<section><h1>Two</h1><p>A.</p><p>B is longer.</p></section><p>After.</p>",
            ],
        ))
        .unwrap()
    }

    #[test]
    fn a_chapter_start_goes_both_ways() {
        let book = book();
        let cfi = book
            .cfi_of("/body/DocFragment[2]/body/section/h1/text().0")
            .unwrap();
        assert_eq!(cfi.name, "epubcfi(/6/4!/4/2/2)");
        let back = book.xpointer_of(&cfi.name).unwrap();
        assert_eq!(back.name, "/body/DocFragment[2]/body/section/h1");
        assert_eq!(back.share, cfi.share);
        // The first document's text comes before: three words of "One" and its paragraph.
        let one = "One".len() + "First paragraph of one.".len();
        let all = one + "Two".len() + "A.".len() + "B is longer.".len() + "After.".len();
        assert!(
            (cfi.share - one as f64 / all as f64).abs() < 1e-9,
            "{cfi:?}"
        );
    }

    #[test]
    fn a_paragraph_inside_a_chapter_goes_both_ways() {
        let book = book();
        let cfi = book
            .cfi_of("/body/DocFragment[2]/body/section/p[2]/text().4")
            .unwrap();
        assert_eq!(cfi.name, "epubcfi(/6/4!/4/2/6)");
        assert_eq!(
            book.xpointer_of("epubcfi(/6/4[d1]!/4/2/6/1:4)")
                .unwrap()
                .name,
            "/body/DocFragment[2]/body/section/p[2]"
        );
        // A paragraph that is the only one of its name among its siblings takes no index.
        assert_eq!(
            book.xpointer_of("epubcfi(/6/4!/4/4)").unwrap().name,
            "/body/DocFragment[2]/body/p"
        );
        assert!(
            book.cfi_of("/body/DocFragment[2]/body/section/p[2]")
                .unwrap()
                .share
                > 0.5
        );
    }

    #[test]
    fn what_names_no_place_of_the_book_is_none() {
        let book = book();
        assert_eq!(book.cfi_of("/body/DocFragment[9]/body/p"), None);
        assert_eq!(book.cfi_of("12"), None);
        assert_eq!(book.xpointer_of("epubcfi(/6/20!/4/2)"), None);
        assert_eq!(book.xpointer_of("not a cfi"), None);
        // An element path deeper than the document's stops at the nearest element.
        assert_eq!(
            book.cfi_of("/body/DocFragment[1]/body/p/span[3]/text().2")
                .unwrap()
                .name,
            "epubcfi(/6/2!/4/4)"
        );
    }
}
