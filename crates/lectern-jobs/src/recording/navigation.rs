//! A DAISY book's navigation, as its headings and print pages: DAISY 2.02's NCC (an XHTML
//! page whose `h1`..`h6` and `span class="page-*"` link into the SMIL) or DAISY 3's NCX (its
//! `navMap`, levels by nesting, and its `pageList`, each entry placed by `playOrder`).

use quick_xml::NsReader;
use quick_xml::events::{BytesStart, Event};

use crate::work_error::{WorkError, Worked};
use crate::xml::{attribute, normalize_space, read_text};

/// What a navigation entry is.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum MarkKind {
    /// A heading, at its level (1 to 6).
    Heading(u8),
    /// A print page.
    Page,
}

/// One entry of the navigation: what it is, what it is called, and the SMIL place it links
/// (`chapter1.smil#par_3`, relative to the navigation's file).
#[derive(Debug, Clone, PartialEq)]
pub struct NavEntry {
    pub kind: MarkKind,
    pub label: String,
    pub href: String,
}

fn reader(bytes: &[u8]) -> NsReader<&[u8]> {
    let mut reader = NsReader::from_reader(bytes);
    // Hand-made NCCs are HTML as much as XML: an end tag that does not match is let pass.
    reader.config_mut().check_end_names = false;
    reader
}

fn local(e: &BytesStart<'_>) -> String {
    e.local_name().into_inner().to_ascii_lowercase()
}

fn unreadable(file: &str, e: quick_xml::Error) -> WorkError {
    WorkError::unreadable(format!("{file} cannot be read: {e}"))
}

/// The headings and pages of a DAISY 2.02 NCC, in its order (which is the book's).
pub fn ncc(bytes: &[u8], file: &str) -> Worked<Vec<NavEntry>> {
    let mut reader = reader(bytes);
    let mut entries = Vec::new();
    let mut pending: Option<MarkKind> = None;
    loop {
        match reader.read_event().map_err(|e| unreadable(file, e))? {
            Event::Start(e) => {
                let name = local(&e);
                match name.as_bytes() {
                    [b'h', level @ b'1'..=b'6'] => pending = Some(MarkKind::Heading(level - b'0')),
                    b"span" | b"div"
                        if attribute(&e, "class").is_some_and(|c| c.contains("page-")) =>
                    {
                        pending = Some(MarkKind::Page)
                    }
                    b"a" => {
                        let href = attribute(&e, "href");
                        let label = read_text(&mut reader).map_err(|e| unreadable(file, e))?;
                        if let (Some(kind), Some(href)) = (pending.take(), href) {
                            entries.push(NavEntry {
                                kind,
                                label: normalize_space(&label),
                                href,
                            });
                        }
                    }
                    _ => {}
                }
            }
            Event::End(e) => {
                let name = e.local_name().into_inner().to_ascii_lowercase();
                if matches!(
                    name.as_str(),
                    "h1" | "h2" | "h3" | "h4" | "h5" | "h6" | "span" | "div"
                ) {
                    pending = None;
                }
            }
            Event::Eof => return Ok(entries),
            _ => {}
        }
    }
}

/// An NCX entry being read: its level, label and target as they come.
struct Open {
    kind: MarkKind,
    label: Option<String>,
    order: Option<u32>,
}

/// The headings (`navMap`) and pages (`pageList`) of a DAISY 3 NCX, in `playOrder` (the
/// book's order; the two lists are apart in the file).
pub fn ncx(bytes: &[u8], file: &str) -> Worked<Vec<NavEntry>> {
    let mut reader = reader(bytes);
    let mut entries: Vec<(Option<u32>, NavEntry)> = Vec::new();
    let mut open: Vec<Open> = Vec::new();
    let (mut in_map, mut in_pages) = (false, false);
    loop {
        let event = reader.read_event().map_err(|e| unreadable(file, e))?;
        let empty = matches!(event, Event::Empty(_));
        match event {
            Event::Start(e) | Event::Empty(e) => match local(&e).as_str() {
                "navmap" if !empty => in_map = true,
                "pagelist" if !empty => in_pages = true,
                "navpoint" if in_map && !empty => {
                    let depth = open.len() + 1;
                    open.push(Open {
                        kind: MarkKind::Heading(depth.min(6) as u8),
                        label: None,
                        order: play_order(&e),
                    });
                }
                "pagetarget" if in_pages && !empty => open.push(Open {
                    kind: MarkKind::Page,
                    label: None,
                    order: play_order(&e),
                }),
                "text" if !empty => {
                    let text = read_text(&mut reader).map_err(|e| unreadable(file, e))?;
                    if let Some(entry) = open.last_mut().filter(|o| o.label.is_none()) {
                        entry.label = Some(normalize_space(&text));
                    }
                }
                "content" => {
                    if let (Some(entry), Some(src)) = (open.last(), attribute(&e, "src")) {
                        entries.push((
                            entry.order,
                            NavEntry {
                                kind: entry.kind,
                                label: entry.label.clone().unwrap_or_default(),
                                href: src,
                            },
                        ));
                    }
                }
                _ => {}
            },
            Event::End(e) => {
                let name = e.local_name().into_inner().to_ascii_lowercase();
                match name.as_str() {
                    "navmap" => in_map = false,
                    "pagelist" => in_pages = false,
                    "navpoint" | "pagetarget" => {
                        open.pop();
                    }
                    _ => {}
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    // Stable: entries without a play order keep the file's order among their equals.
    entries.sort_by_key(|(order, _)| order.unwrap_or(u32::MAX));
    Ok(entries.into_iter().map(|(_, e)| e).collect())
}

fn play_order(e: &BytesStart<'_>) -> Option<u32> {
    attribute(e, "playOrder").and_then(|o| o.trim().parse().ok())
}

/// The hrefs of a DAISY 3 package's spine (its SMIL files, in reading order), relative to it.
pub fn spine(bytes: &[u8], file: &str) -> Worked<Vec<String>> {
    let mut reader = reader(bytes);
    let mut hrefs: Vec<(String, String)> = Vec::new();
    let mut order = Vec::new();
    loop {
        match reader.read_event().map_err(|e| unreadable(file, e))? {
            Event::Start(e) | Event::Empty(e) => match local(&e).as_str() {
                "item" => {
                    if let (Some(id), Some(href)) = (attribute(&e, "id"), attribute(&e, "href")) {
                        hrefs.push((id, href));
                    }
                }
                "itemref" => order.extend(attribute(&e, "idref")),
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    Ok(order
        .iter()
        .filter_map(|idref| hrefs.iter().find(|(id, _)| id == idref))
        .map(|(_, href)| href.clone())
        .collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    fn listed(entries: &[NavEntry]) -> Vec<(MarkKind, &str, &str)> {
        entries
            .iter()
            .map(|e| (e.kind, e.label.as_str(), e.href.as_str()))
            .collect()
    }

    #[test]
    fn an_ncc_gives_its_headings_and_pages_in_order() {
        let ncc = br#"<?xml version="1.0" encoding="utf-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>Road</title></head><body>
<h1 class="title" id="h1"><a href="road01.smil#t1">The Long  Road</a></h1>
<span class="page-normal" id="p1"><a href="road01.smil#p1">1</a></span>
<h2 id="h2"><a href="road02.smil#t2">Chapter <em>One</em></a></h2>
<p>not navigation <a href="x.smil#y">here</a></p>
<div class="page-front"><a href="road02.smil#p2">ii</a></div>
</body></html>"#;
        assert_eq!(
            listed(&super::ncc(ncc, "ncc.html").unwrap()),
            [
                (MarkKind::Heading(1), "The Long Road", "road01.smil#t1"),
                (MarkKind::Page, "1", "road01.smil#p1"),
                (MarkKind::Heading(2), "Chapter One", "road02.smil#t2"),
                (MarkKind::Page, "ii", "road02.smil#p2"),
            ]
        );
    }

    #[test]
    fn an_ncx_gives_its_headings_by_depth_and_its_pages_by_play_order() {
        let ncx = br#"<?xml version="1.0"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
<head/><docTitle><text>Book</text></docTitle>
<navMap>
 <navPoint id="n1" playOrder="1"><navLabel><text>Part One</text></navLabel><content src="a.smil#s1"/>
  <navPoint id="n2" playOrder="3"><navLabel><text>Chapter 1</text></navLabel><content src="a.smil#s3"/></navPoint>
 </navPoint>
</navMap>
<pageList><pageTarget id="p1" type="normal" value="1" playOrder="2"><navLabel><text>1</text></navLabel><content src="a.smil#s2"/></pageTarget></pageList>
</ncx>"#;
        assert_eq!(
            listed(&super::ncx(ncx, "book.ncx").unwrap()),
            [
                (MarkKind::Heading(1), "Part One", "a.smil#s1"),
                (MarkKind::Page, "1", "a.smil#s2"),
                (MarkKind::Heading(2), "Chapter 1", "a.smil#s3"),
            ]
        );
    }
}
