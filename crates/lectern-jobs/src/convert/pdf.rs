//! A PDF's text layer, in reading order, with headings: poppler's `pdftohtml -xml` gives every
//! line with its page, position and font size. The size most of the text is set in is the body;
//! a line set at least a fifth larger is a heading and starts a chapter. Lines close below one
//! another join into a paragraph.

use std::collections::HashMap;
use std::path::Path;
use std::process::Command;

use quick_xml::Reader;
use quick_xml::events::Event;

use super::{Cancel, run};
use crate::epub::Chapter;
use crate::work_error::{WorkError, Worked};
use crate::xml::{attribute, reference_text};

#[derive(Debug, Clone)]
struct Line {
    page: u32,
    top: f64,
    left: f64,
    height: f64,
    size: f64,
    text: String,
}

pub fn chapters(path: &Path, name: &str, cancel: &Cancel) -> Worked<Vec<Chapter>> {
    let xml = run(
        Command::new("pdftohtml")
            .args(["-xml", "-i", "-q", "-nodrm", "-stdout"])
            .arg(path),
        "pdftohtml",
        cancel,
    )?;
    let lines = lines(&String::from_utf8_lossy(&xml))?;
    Ok(sections(lines, name))
}

/// The PDF's number of pages, as its catalogue says (poppler's `pdfinfo`).
pub fn page_count(path: &Path, cancel: &Cancel) -> Worked<u32> {
    let info = run(Command::new("pdfinfo").arg(path), "pdfinfo", cancel)?;
    String::from_utf8_lossy(&info)
        .lines()
        .find_map(|l| l.strip_prefix("Pages:"))
        .and_then(|n| n.trim().parse().ok())
        .ok_or_else(|| WorkError::unreadable("the PDF does not say how many pages it has"))
}

fn number(e: &quick_xml::events::BytesStart<'_>, name: &str) -> f64 {
    attribute(e, name)
        .and_then(|v| v.parse().ok())
        .unwrap_or(0.0)
}

/// The lines of the XML, in reading order (page, then top to bottom, then left to right).
fn lines(xml: &str) -> Worked<Vec<Line>> {
    let mut reader = Reader::from_str(xml);
    let mut fonts: HashMap<String, f64> = HashMap::new();
    let mut page = 0u32;
    let mut out = Vec::new();
    let mut current: Option<Line> = None;
    loop {
        match reader.read_event() {
            Ok(Event::Start(e)) | Ok(Event::Empty(e)) => match e.local_name().into_inner() {
                "page" => page = number(&e, "number") as u32,
                "fontspec" => {
                    if let Some(id) = attribute(&e, "id") {
                        fonts.insert(id, number(&e, "size"));
                    }
                }
                "text" => {
                    let size = attribute(&e, "font")
                        .and_then(|f| fonts.get(&f).copied())
                        .unwrap_or(0.0);
                    current = Some(Line {
                        page,
                        top: number(&e, "top"),
                        left: number(&e, "left"),
                        height: number(&e, "height"),
                        size,
                        text: String::new(),
                    });
                }
                _ => {}
            },
            Ok(Event::Text(t)) => {
                if let Some(line) = current.as_mut() {
                    line.text.push_str(&t.xml10_content());
                }
            }
            Ok(Event::GeneralRef(r)) => {
                if let Some(line) = current.as_mut() {
                    line.text.push_str(&reference_text(&r));
                }
            }
            Ok(Event::End(e)) if e.local_name().into_inner() == "text" => {
                if let Some(line) = current.take()
                    && !line.text.trim().is_empty()
                {
                    out.push(line);
                }
            }
            Ok(Event::Eof) => break,
            Ok(_) => {}
            Err(e) => {
                return Err(WorkError::tool(format!(
                    "pdftohtml gave XML we could not read: {e}"
                )));
            }
        }
    }
    out.sort_by(|a, b| {
        (a.page, a.top, a.left)
            .partial_cmp(&(b.page, b.top, b.left))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    Ok(out)
}

/// The size most characters are set in.
fn body_size(lines: &[Line]) -> f64 {
    let mut by_size: HashMap<u64, usize> = HashMap::new();
    for l in lines {
        *by_size.entry(l.size.to_bits()).or_default() += l.text.chars().count();
    }
    by_size
        .into_iter()
        .max_by_key(|(size, chars)| (*chars, *size))
        .map_or(0.0, |(bits, _)| f64::from_bits(bits))
}

/// Chapters: one per heading, paragraphs of lines that follow closely.
fn sections(lines: Vec<Line>, name: &str) -> Vec<Chapter> {
    let body = body_size(&lines);
    let mut chapters: Vec<Chapter> = Vec::new();
    let mut previous: Option<Line> = None;
    for line in lines {
        let text = line.text.split_whitespace().collect::<Vec<_>>().join(" ");
        if body > 0.0 && line.size >= body * 1.2 {
            chapters.push(Chapter {
                title: text,
                text: String::new(),
            });
            previous = None;
            continue;
        }
        if chapters.is_empty() {
            chapters.push(Chapter {
                title: name.to_owned(),
                text: String::new(),
            });
        }
        let Some(chapter) = chapters.last_mut() else {
            continue;
        };
        let joins = previous.as_ref().is_some_and(|p| {
            p.page == line.page && line.top - p.top <= p.height.max(line.height) * 1.5
        });
        if chapter.text.is_empty() {
            chapter.text = text;
        } else if joins {
            chapter.text.push(' ');
            chapter.text.push_str(&text);
        } else {
            chapter.text.push_str("\n\n");
            chapter.text.push_str(&text);
        }
        previous = Some(line);
    }
    chapters
}

#[cfg(test)]
mod tests {
    use super::*;

    const XML: &str = r##"<?xml version="1.0"?>
<pdf2xml>
<page number="1" position="absolute" top="0" left="0" height="842" width="595">
<fontspec id="0" size="24" family="Times" color="#000000"/>
<fontspec id="1" size="12" family="Times" color="#000000"/>
<text top="100" left="72" width="300" height="28" font="0"><b>Rivers &amp; Seas</b></text>
<text top="140" left="72" width="400" height="14" font="1">Water runs down to the sea,</text>
<text top="155" left="72" width="400" height="14" font="1">where it rests a while.</text>
<text top="200" left="72" width="400" height="14" font="1">A second paragraph.</text>
</page>
<page number="2" position="absolute" top="0" left="0" height="842" width="595">
<text top="80" left="72" width="400" height="28" font="0">Mountains</text>
<text top="120" left="72" width="400" height="14" font="1">High places.</text>
</page>
</pdf2xml>"##;

    #[test]
    fn headings_start_chapters_and_close_lines_join() {
        let chapters = sections(lines(XML).unwrap_or_default(), "Doc");
        let got: Vec<(&str, &str)> = chapters
            .iter()
            .map(|c| (c.title.as_str(), c.text.as_str()))
            .collect();
        assert_eq!(
            got,
            [
                (
                    "Rivers & Seas",
                    "Water runs down to the sea, where it rests a while.\n\nA second paragraph."
                ),
                ("Mountains", "High places."),
            ]
        );
    }
}
