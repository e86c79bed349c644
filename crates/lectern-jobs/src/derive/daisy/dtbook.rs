//! The book's text as DTBook (ANSI/NISO Z39.86-2005, the 2005-2 revision, whose DTD Debian's
//! epubcheck carries and the tests validate against): headings as nested levels, print pages
//! as `pagenum`, images in `imggroup` with their descriptions. Each element names its SMIL
//! `par` (`smilref`), so that a player can find the audio of the text it shows.

use std::fmt::Write;

use super::book::{Book, Item, LangMarkup, marked_text, page_kind};
use crate::xml::esc;

/// The DTBook's file name in the book.
pub(super) const FILE: &str = "book.xml";

/// The id of item `i`'s element.
pub(super) fn element_id(i: usize) -> String {
    format!("d{i}")
}

/// The DTBook document. `smilref` gives item `i`'s SMIL `par`, as `file#id`.
pub(super) fn dtbook(book: &Book, smilref: &dyn Fn(usize) -> String) -> String {
    let mut out = String::new();
    let _ = write!(
        out,
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n\
         <!DOCTYPE dtbook PUBLIC \"-//NISO//DTD dtbook 2005-2//EN\" \
         \"http://www.daisy.org/z3986/2005/dtbook-2005-2.dtd\">\n\
         <dtbook xmlns=\"http://www.daisy.org/z3986/2005/dtbook/\" version=\"2005-2\" \
         xml:lang=\"{lang}\">\n<head>\n\
         <meta name=\"dtb:uid\" content=\"{uid}\"/>\n\
         <meta name=\"dc:Title\" content=\"{title}\"/>\n\
         <meta name=\"dc:Language\" content=\"{lang}\"/>\n\
         <meta name=\"dc:Publisher\" content=\"{publisher}\"/>\n",
        lang = esc(&book.language),
        uid = esc(&book.uid),
        title = esc(&book.title),
        publisher = esc(&book.publisher),
    );
    for author in &book.authors {
        let _ = writeln!(
            out,
            "<meta name=\"dc:Creator\" content=\"{}\"/>",
            esc(author)
        );
    }
    let _ = write!(
        out,
        "</head>\n<book>\n<frontmatter>\n<doctitle id=\"{}\" smilref=\"{}\">{}</doctitle>\n",
        element_id(0),
        esc(&smilref(0)),
        esc(&book.title)
    );
    for author in &book.authors {
        let _ = writeln!(out, "<docauthor>{}</docauthor>", esc(author));
    }
    out.push_str("</frontmatter>\n<bodymatter>\n");
    let mut levels = Levels::default();
    for (i, item) in book.items.iter().enumerate().skip(1) {
        let attrs = format!("id=\"{}\" smilref=\"{}\"", element_id(i), esc(&smilref(i)));
        if let Item::Heading { depth, text } = item {
            levels.open_heading(&mut out, *depth);
            let text = marked_text(text, &book.foreign[i], LangMarkup::DtBook);
            let _ = writeln!(out, "<h{depth} {attrs}>{text}</h{depth}>");
            continue;
        }
        levels.content(&mut out);
        let _ = match item {
            Item::Paragraph(text) => writeln!(
                out,
                "<p {attrs}>{}</p>",
                marked_text(text, &book.foreign[i], LangMarkup::DtBook)
            ),
            Item::Page(number) => writeln!(
                out,
                "<pagenum {attrs} page=\"{}\">{}</pagenum>",
                page_kind(number),
                esc(number)
            ),
            Item::Image { file, alt } => writeln!(
                out,
                "<imggroup><img {attrs} src=\"{}\" alt=\"{}\"/></imggroup>",
                esc(file),
                esc(alt)
            ),
            Item::Title(_) | Item::Heading { .. } => Ok(()),
        };
    }
    if levels.open.is_empty() {
        // The DTD wants a level in the body, and something in a level.
        levels.open_one(&mut out);
    }
    levels.close_to(&mut out, 0);
    out.push_str("</bodymatter>\n</book>\n</dtbook>\n");
    out
}

/// The levels open where the writing is, each with whether it holds more than its heading
/// (the DTD wants a level to).
#[derive(Default)]
struct Levels {
    open: Vec<bool>,
}

impl Levels {
    /// Opens the level of a heading at `depth`, closing those at its depth or deeper, and
    /// opening any between (an EPUB's first heading may be deeper than the first level).
    fn open_heading(&mut self, out: &mut String, depth: u8) {
        let depth = usize::from(depth.clamp(1, 6));
        self.close_to(out, depth - 1);
        while self.open.len() < depth {
            self.open_one(out);
        }
    }

    /// Notes content in the innermost level, opening a first level if none is open.
    fn content(&mut self, out: &mut String) {
        if self.open.is_empty() {
            self.open_one(out);
        }
        if let Some(has) = self.open.last_mut() {
            *has = true;
        }
    }

    fn open_one(&mut self, out: &mut String) {
        if let Some(parent) = self.open.last_mut() {
            *parent = true;
        }
        self.open.push(false);
        let _ = writeln!(out, "<level{}>", self.open.len());
    }

    fn close_to(&mut self, out: &mut String, depth: usize) {
        while self.open.len() > depth {
            if self.open.pop() == Some(false) {
                out.push_str("<p/>\n");
            }
            let _ = writeln!(out, "</level{}>", self.open.len() + 1);
        }
    }
}
