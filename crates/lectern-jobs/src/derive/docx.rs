//! Word from the EPUB, by pandoc: headings become Word's heading styles, lists its lists, images
//! keep their alternative text (Word's picture description) and tables their header rows.

use std::process::Command;

use super::{TOOL_OUTPUT_BYTES, scratch};
use crate::convert::Cancel;
use crate::convert::tools::run;
use crate::work_error::{WorkError, Worked};
use crate::zipio;

pub(super) fn make(master: &[u8], cancel: &Cancel) -> Worked<Vec<u8>> {
    let dir = scratch()?;
    let epub = dir.path().join("master.epub");
    let docx = dir.path().join("book.docx");
    std::fs::write(&epub, unfigured(master)?)
        .map_err(|e| WorkError::machine(format!("the master cannot be written: {e}")))?;
    run(
        Command::new("pandoc")
            .args(["--from", "epub", "--to", "docx", "--output"])
            .arg(&docx)
            .arg(&epub)
            // pandoc's own bound on its heap: a malformed book cannot take the worker's memory.
            .args(["+RTS", "-M2g", "-RTS"]),
        "pandoc",
        TOOL_OUTPUT_BYTES,
        cancel,
    )?;
    std::fs::read(&docx).map_err(|e| WorkError::tool(format!("pandoc wrote no Word file: {e}")))
}

/// The master with each `<figure>` a `<div>` and its `<figcaption>` a paragraph: pandoc (2.17)
/// describes a figure's picture in Word by its caption and drops the image's `alt`, the
/// description written for readers who cannot see it. Outside a figure, `alt` is kept.
fn unfigured(master: &[u8]) -> Worked<Vec<u8>> {
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
            bytes = rename(&rename(&text, "figure", "div"), "figcaption", "p").into_bytes();
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
