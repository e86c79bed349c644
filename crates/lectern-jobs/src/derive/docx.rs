//! Word from the EPUB, by pandoc: headings become Word's heading styles, lists its lists, images
//! keep their alternative text (Word's picture description) and tables their header rows; the
//! book's language and its parts' are Word's (`docx_languages`).

use std::process::Command;

use super::docx_languages::{docx_with_languages, marked};
use super::{TOOL_OUTPUT_BYTES, scratch};
use crate::convert::Cancel;
use crate::convert::tools::run;
use crate::work_error::{WorkError, Worked};
use crate::zipio;

pub(super) fn make(master: &[u8], cancel: &Cancel) -> Worked<Vec<u8>> {
    let dir = scratch()?;
    let epub = dir.path().join("master.epub");
    let docx = dir.path().join("book.docx");
    let language = crate::epub::read_metadata(master)?
        .languages
        .into_iter()
        .next()
        .unwrap_or_else(|| "en".to_owned());
    std::fs::write(&epub, prepared(master, &language)?)
        .map_err(|e| WorkError::machine(format!("the master cannot be written: {e}")))?;
    run(
        Command::new("pandoc")
            .args(["--from", "epub", "--to", "docx", "--output"])
            .arg(&docx)
            .arg(&epub)
            .arg(format!("--metadata=lang:{language}"))
            // pandoc's own bound on its heap: a malformed book cannot take the worker's memory.
            .args(["+RTS", "-M2g", "-RTS"]),
        "pandoc",
        TOOL_OUTPUT_BYTES,
        cancel,
    )?;
    let made = std::fs::read(&docx)
        .map_err(|e| WorkError::tool(format!("pandoc wrote no Word file: {e}")))?;
    docx_with_languages(&made)
}

/// The master as pandoc is given it: each `<figure>` a `<div>` and its `<figcaption>` a
/// paragraph, since pandoc (2.17) describes a figure's picture in Word by its caption and drops
/// the image's `alt`, the description written for readers who cannot see it (outside a figure,
/// `alt` is kept); and each text in another language than the book's marked for its style
/// (`docx_languages::marked`).
fn prepared(master: &[u8], language: &str) -> Worked<Vec<u8>> {
    let mut archive = zipio::open(master)?;
    let names: Vec<String> = archive
        .file_names()
        .filter_map(Result::ok)
        .map(|n| n.into_owned())
        .collect();
    let time = zipio::timestamp("");
    let mut out = zipio::writer();
    for name in names {
        let Some(mut bytes) = zipio::read_entry(&mut archive, &name)? else {
            continue;
        };
        if name.ends_with(".xhtml") || name.ends_with(".html") || name.ends_with(".htm") {
            let text = String::from_utf8_lossy(&bytes);
            let unfigured = rename(&rename(&text, "figure", "div"), "figcaption", "p");
            bytes = marked(&unfigured, language).into_bytes();
        }
        zipio::put(&mut out, &name, &bytes, name == "mimetype", time).map_err(unwritten)?;
    }
    zipio::finish(out).map_err(unwritten)
}

fn unwritten(e: zip::result::ZipError) -> WorkError {
    WorkError::machine(format!("the master without figures cannot be written: {e}"))
}

/// `text` with every start and end tag of the element `from` (unprefixed) named `to`.
fn rename(text: &str, from: &str, to: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(at) = rest.find('<') {
        out.push_str(&rest[..at]);
        rest = &rest[at + 1..];
        let (slash, name_start) = match rest.strip_prefix('/') {
            Some(r) => ("/", r),
            None => ("", rest),
        };
        let ends_name = name_start
            .strip_prefix(from)
            .and_then(|r| r.chars().next())
            .is_some_and(|c| c == '>' || c == '/' || c.is_whitespace());
        if ends_name {
            out.push('<');
            out.push_str(slash);
            out.push_str(to);
            rest = &name_start[from.len()..];
        } else {
            out.push('<');
        }
    }
    out.push_str(rest);
    out
}

#[cfg(test)]
#[path = "docx_tests.rs"]
mod tests;
