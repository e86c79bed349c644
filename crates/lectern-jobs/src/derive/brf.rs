//! Braille from the EPUB: translated by liblouis (`lou_translate`, Debian's liblouis-bin, run as
//! a process: docs/decisions.md) in the book's language, in the reader's code and grade, and
//! laid out here in BANA's
//! formats for the reader's device: centred and cell-5 headings, paragraphs in cell 3 with
//! runovers in cell 1, print page changes as a line of dots 3-6 ending in the print page's
//! number, and on paper the braille page's number at the end of each page's last line.

use std::process::Command;

use lectern_domain::account::braille::{BrailleCode, BrailleLayout};

use super::{TOOL_OUTPUT_BYTES, scratch};
use crate::braille::{words, wrap};
use crate::convert::Cancel;
use crate::convert::tools::run_fed;
use crate::epub::{Part, read_content};
use crate::work_error::{WorkError, Worked};

/// liblouis's literary tables for each language brailled besides English
/// (`lectern_domain::catalog::languages::BRAILLED`), by BCP 47 primary subtag: uncontracted,
/// then contracted (French's intégral and abrégé, German's Basisschrift and Kurzschrift).
/// Italian braille is not contracted.
pub(crate) const OTHER_LANGUAGES: &[(&str, &str, &str)] = &[
    ("ar", "ar-ar-g1.utb", "ar-ar-g2.ctb"),
    ("de", "de-g0.utb", "de-g2.ctb"),
    ("es", "es-g1.ctb", "es-g2.ctb"),
    ("fr", "fr-bfu-comp6.utb", "fr-bfu-g2.ctb"),
    ("it", "it-it-comp6.utb", "it-it-comp6.utb"),
    ("pt", "pt-pt-g1.utb", "pt-pt-g2.ctb"),
];

/// How a book in one language is brailled for a reader: liblouis's tables, with the display
/// table that writes their cells in braille ASCII, which the layout counts in; and whether the
/// file is then given in Unicode braille (every language but English, whose readers' devices
/// read BRF: docs/decisions.md).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Brailling {
    pub tables: String,
    pub unicode: bool,
}

/// The brailling of a book in `language` (BCP 47, or an ISO 639-2 code) for `layout`'s code
/// and grade; `None` for a language without tables here. The English codes (UEB, EBAE) are
/// English braille's alone; another language has its own code, in the reader's grade.
pub fn brailling(layout: &BrailleLayout, language: &str) -> Option<Brailling> {
    let tag = lectern_domain::catalog::languages::bcp47(language);
    let primary = tag.split(['-', '_']).next()?.to_ascii_lowercase();
    if primary == "en" {
        let tables = match (layout.code(), layout.contracted()) {
            (BrailleCode::Ueb, true) => "en-us-brf.dis,en-ueb-g2.ctb",
            (BrailleCode::Ueb, false) => "en-us-brf.dis,en-ueb-g1.ctb",
            (BrailleCode::Ebae, true) => "en-us-brf.dis,en-us-g2.ctb",
            (BrailleCode::Ebae, false) => "en-us-brf.dis,en-us-g1.ctb",
        };
        return Some(Brailling {
            tables: tables.to_owned(),
            unicode: false,
        });
    }
    let (_, uncontracted, contracted) = OTHER_LANGUAGES.iter().find(|(l, ..)| *l == primary)?;
    let table = if layout.contracted() {
        contracted
    } else {
        uncontracted
    };
    Some(Brailling {
        tables: format!("en-us-brf.dis,{table}"),
        unicode: true,
    })
}

/// A block of braille to lay out: its words in braille ASCII.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum Cells {
    Heading(u8, Vec<String>),
    Paragraph(Vec<String>),
    /// A print page begins: its number in braille.
    PageChange(String),
}

pub(super) fn make(master: &[u8], layout: &BrailleLayout, cancel: &Cancel) -> Worked<Vec<u8>> {
    let content = read_content(master)?;
    let language = content.language.as_deref().unwrap_or("en");
    let brailling = brailling(layout, language).ok_or_else(|| {
        WorkError::unreadable(format!(
            "no braille tables for the book's language, {language}"
        ))
    })?;
    // English page numbers are UEB's, transcribed here as the notice's are; another
    // language's come from its own tables.
    let own_numbers = brailling.unicode;
    let book_words = crate::language::book_words(language);
    let print: Vec<String> = content
        .parts
        .iter()
        .filter_map(|p| print_text(p, book_words.image, own_numbers))
        .collect();
    let mut braille = translate(&print, &brailling.tables, cancel)?.into_iter();
    let mut blocks = Vec::with_capacity(content.parts.len());
    for part in &content.parts {
        let block = match part {
            Part::PageBreak(number) if !own_numbers => Cells::PageChange(words(number).concat()),
            Part::PageBreak(_) => Cells::PageChange(braille.next().unwrap_or_default()),
            Part::Heading { level, .. } => Cells::Heading(*level, split(braille.next())),
            Part::Paragraph(_) => Cells::Paragraph(split(braille.next())),
            Part::Image { alt, .. } if alt.is_empty() => continue,
            Part::Image { .. } => Cells::Paragraph(split(braille.next())),
        };
        blocks.push(block);
    }
    if !brailling.unicode {
        return Ok(lay_out(&blocks, layout).into_bytes());
    }
    // The braille pages' numbers in the book's own code: as many as the pages laid out.
    let pages = lay_out(&blocks, layout).matches('\u{c}').count() + 1;
    let numbers: Vec<String> = (1..=pages).map(|n| n.to_string()).collect();
    let numbers = translate(&numbers, &brailling.tables, cancel)?;
    let laid = lay_out_numbered(&blocks, layout, &|n| numbers[n - 1].replace(' ', ""));
    Ok(crate::braille::unicode_braille(&laid).into_bytes())
}

/// What liblouis translates of a part: its text; an image's description, said to be one (in
/// the book's language: `image`); a print page's number where the book's code writes its own
/// numbers.
fn print_text(part: &Part, image: &str, own_numbers: bool) -> Option<String> {
    match part {
        Part::Heading { text, .. } | Part::Paragraph(text) => Some(text.clone()),
        Part::Image { alt, .. } if !alt.is_empty() => Some(format!("{image}: {alt}")),
        Part::PageBreak(number) if own_numbers => Some(number.clone()),
        Part::Image { .. } | Part::PageBreak(_) => None,
    }
}

fn split(line: Option<String>) -> Vec<String> {
    line.unwrap_or_default()
        .split_whitespace()
        .map(str::to_owned)
        .collect()
}

/// The longest line `lou_translate` is given: it reads lines of at most 2,047 characters and
/// breaks longer ones in two, so a long paragraph goes in pieces.
const LONGEST_LINE: usize = 1500;

/// Translates each line of print into a line of braille ASCII, in one run of `lou_translate`
/// with `tables`.
fn translate(print: &[String], tables: &str, cancel: &Cancel) -> Worked<Vec<String>> {
    if print.is_empty() {
        return Ok(Vec::new());
    }
    let pieces: Vec<Vec<&str>> = print
        .iter()
        .map(|line| pieces(line, LONGEST_LINE))
        .collect();
    let lines: Vec<&str> = pieces.iter().flatten().copied().collect();
    let mut braille = translate_lines(&lines, tables, cancel)?.into_iter();
    Ok(pieces
        .iter()
        .map(|p| braille.by_ref().take(p.len()).collect::<Vec<_>>().join(" "))
        .collect())
}

/// `line` in pieces of at most `longest` bytes, each ending where a sentence ends if one does
/// (a grade 2 contraction never spans a sentence), else at a space.
fn pieces(line: &str, longest: usize) -> Vec<&str> {
    let mut pieces = Vec::new();
    let mut rest = line.trim();
    while rest.len() > longest {
        let mut cut = longest;
        while !rest.is_char_boundary(cut) {
            cut -= 1;
        }
        let head = &rest[..cut];
        let at = head
            .rfind(". ")
            .map(|i| i + 1)
            .or_else(|| head.rfind(' '))
            .filter(|i| *i > 0)
            .unwrap_or(cut);
        pieces.push(rest[..at].trim());
        rest = rest[at..].trim_start();
    }
    pieces.push(rest);
    pieces
}

/// One line of braille for each line of print, from one run of `lou_translate`.
fn translate_lines(print: &[&str], tables: &str, cancel: &Cancel) -> Worked<Vec<String>> {
    let dir = scratch()?;
    let input = dir.path().join("print.txt");
    // lou_translate reads `\` as the start of an escape such as `\x2014`.
    let mut text = print.join("\n").replace('\\', "\\\\");
    text.push('\n');
    std::fs::write(&input, text)
        .map_err(|e| WorkError::machine(format!("the text cannot be written: {e}")))?;
    let out = run_fed(
        Command::new("lou_translate").args(["--forward", tables]),
        &input,
        "lou_translate",
        TOOL_OUTPUT_BYTES,
        cancel,
    )?;
    let braille: Vec<String> = String::from_utf8_lossy(&out)
        .lines()
        .map(braille_ascii)
        .collect();
    if braille.len() != print.len() {
        return Err(WorkError::tool(format!(
            "lou_translate gave {} lines for {} lines of text",
            braille.len(),
            print.len()
        )));
    }
    Ok(braille)
}

/// Braille ASCII as BRF files hold it: upper case, the other lower-case forms folded onto their
/// cells, anything else (a character liblouis could not translate) left out.
fn braille_ascii(line: &str) -> String {
    line.chars()
        .filter_map(|c| match c {
            'a'..='z' => Some(c.to_ascii_uppercase()),
            '`' => Some('@'),
            '{' => Some('['),
            '|' => Some('\\'),
            '}' => Some(']'),
            '~' => Some('^'),
            ' '..='_' => Some(c),
            _ => None,
        })
        .collect()
}

/// Lays out blocks of braille as a BRF file: lines ending in CR LF, a form feed between pages,
/// the braille pages numbered in UEB.
pub fn lay_out(blocks: &[Cells], layout: &BrailleLayout) -> String {
    lay_out_numbered(blocks, layout, &|n| words(&n.to_string()).concat())
}

/// As `lay_out`, the braille page `n` (from 1) numbered as `number` writes it.
fn lay_out_numbered(
    blocks: &[Cells],
    layout: &BrailleLayout,
    number: &dyn Fn(usize) -> String,
) -> String {
    let width = layout.cells_per_line();
    let mut lines: Vec<Option<String>> = Vec::new();
    for block in blocks {
        match block {
            Cells::Heading(1, cells) => {
                lines.push(None);
                for line in wrap(cells, 0, 0, width) {
                    let margin = (width - line.len()) / 2;
                    lines.push(Some(format!("{}{line}", " ".repeat(margin))));
                }
                lines.push(None);
            }
            Cells::Heading(level, cells) => {
                let indent = if *level == 2 { 4 } else { 6 };
                lines.push(None);
                lines.extend(wrap(cells, indent, indent, width).into_iter().map(Some));
            }
            Cells::Paragraph(cells) => lines.extend(wrap(cells, 2, 0, width).into_iter().map(Some)),
            Cells::PageChange(number) => {
                let number: String = number.chars().take(width - 1).collect();
                lines.push(Some(format!(
                    "{}{number}",
                    "-".repeat(width - number.len())
                )));
            }
        }
    }
    paginate(lines, width, layout.lines_per_page(), number)
}

/// Pages of lines: a blank line (`None`) never opens a page nor follows another; on paper the
/// last line of each page ends in the braille page's number (a layout's page holds at least one
/// line above it).
fn paginate(
    lines: Vec<Option<String>>,
    width: usize,
    lines_per_page: Option<usize>,
    page_number: &dyn Fn(usize) -> String,
) -> String {
    let body = lines_per_page.map_or(usize::MAX, |n| n - 1);
    let mut pages: Vec<Vec<String>> = Vec::new();
    let mut page: Vec<String> = Vec::new();
    for line in lines {
        if page.len() == body {
            pages.push(std::mem::take(&mut page));
        }
        let after_blank = page.last().is_none_or(String::is_empty);
        match line {
            Some(text) => page.push(text),
            None if after_blank => {}
            None => page.push(String::new()),
        }
    }
    pages.push(page);
    let mut out = String::new();
    for (i, page) in pages.iter().enumerate() {
        if i > 0 {
            out.push('\u{c}');
        }
        for line in page {
            out.push_str(line.trim_end());
            out.push_str("\r\n");
        }
        if lines_per_page.is_some() {
            for _ in page.len()..body {
                out.push_str("\r\n");
            }
            let number: String = page_number(i + 1).chars().take(width).collect();
            out.push_str(&format!("{number:>width$}\r\n"));
        }
    }
    out
}

#[cfg(test)]
#[path = "brf_tests.rs"]
mod tests;
