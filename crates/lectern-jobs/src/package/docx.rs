//! One user's copy of a Word document: the original with the copyright notice as its last page
//! (headings and paragraphs in the document's own styles, so a screen reader moves to it by
//! heading), and the catalog's title and authors in its core properties where it has none, as
//! calibre and file managers read them. Every other part is copied as it was.

use quick_xml::NsReader;
use quick_xml::events::Event;

use super::edit::{Splices, content_end, position, qualified_prefix};
use crate::epub::EpubError;
use crate::epub::opf::Attrs;
use crate::notice::{Notice, Part};
use crate::xml::{esc, ns_of};
use crate::zipio;

const WORD_NS: &str = "http://schemas.openxmlformats.org/wordprocessingml/2006/main";
const DC_NS: &str = "http://purl.org/dc/elements/1.1/";
const OFFICE_DOCUMENT: &str =
    "http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument";
const CORE_PROPERTIES: &str =
    "http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties";

pub fn stamp_docx(original: &[u8], notice: &Notice) -> Result<Vec<u8>, EpubError> {
    let mut archive = zipio::open(original)?;
    let rels = zipio::read_text(&mut archive, "_rels/.rels")?
        .ok_or_else(|| EpubError::Unstampable("not a Word document: no _rels/.rels".into()))?;
    let document_path = target(&rels, OFFICE_DOCUMENT)
        .ok_or_else(|| EpubError::Unstampable("no main document part".into()))?;
    let document = zipio::read_text(&mut archive, &document_path)?
        .ok_or_else(|| EpubError::Unstampable(format!("{document_path} is missing")))?;
    let new_document = with_notice(&document, &document_path, notice)?;
    let core_path = target(&rels, CORE_PROPERTIES);
    let new_core = match &core_path {
        Some(path) => match zipio::read_text(&mut archive, path)? {
            Some(core) => Some(with_properties(&core, path, notice)?),
            None => None,
        },
        None => None,
    };
    let time = zipio::timestamp(&notice.issued_at);
    let names = zipio::entry_names(&archive)?;
    let write = |archive: &mut zipio::Archive<'_>| -> zip::result::ZipResult<Vec<u8>> {
        let mut zip = zipio::writer();
        for (i, name) in names.iter().enumerate() {
            if *name == document_path {
                zipio::put(&mut zip, name, new_document.as_bytes(), false, time)?;
            } else if let (Some(core), Some(path)) = (&new_core, &core_path)
                && name == path
            {
                zipio::put(&mut zip, name, core.as_bytes(), false, time)?;
            } else {
                zip.raw_copy_file(archive.by_index_raw(i)?)?;
            }
        }
        zipio::finish(zip)
    };
    write(&mut archive).map_err(|e| EpubError::Zip {
        entry: "(copy)".to_owned(),
        message: e.to_string(),
    })
}

/// The part a package relationship of `kind` points at, as a path in the archive.
fn target(rels: &str, kind: &str) -> Option<String> {
    let mut reader = NsReader::from_str(rels);
    loop {
        match reader.read_event().ok()? {
            Event::Empty(e) | Event::Start(e) if e.local_name().into_inner() == "Relationship" => {
                let attrs = Attrs::of(&e, &reader, "_rels/.rels").ok()?;
                if attrs.get("Type").as_deref() == Some(kind) {
                    return attrs
                        .get("Target")
                        .map(|t| t.trim_start_matches('/').to_owned());
                }
            }
            Event::Eof => return None,
            _ => {}
        }
    }
}

/// The main document with the notice after its content: a page break, then the notice, before
/// the body's own section properties (which must stay its last child).
fn with_notice(xml: &str, file: &str, notice: &Notice) -> Result<String, EpubError> {
    let err = |e: quick_xml::Error| EpubError::xml(file, e);
    let mut reader = NsReader::from_str(xml);
    let (mut body_prefix, mut in_body, mut depth) = (None, false, 0usize);
    let mut last_section = None;
    loop {
        let before = position(&reader);
        let (ns, event) = reader.read_resolved_event().map_err(err)?;
        let in_word = ns_of(&ns) == Some(WORD_NS);
        match event {
            Event::Start(e) if in_word && !in_body && e.local_name().into_inner() == "body" => {
                body_prefix = Some(qualified_prefix(&e));
                in_body = true;
            }
            Event::Start(e) if in_body => {
                if depth == 0 && in_word && e.local_name().into_inner() == "sectPr" {
                    last_section = Some(before);
                }
                depth += 1;
            }
            Event::Empty(e)
                if in_body && depth == 0 && in_word && e.local_name().into_inner() == "sectPr" =>
            {
                last_section = Some(before);
            }
            Event::End(_) if in_body && depth > 0 => depth -= 1,
            Event::End(_) if in_body => {
                let p = body_prefix.unwrap_or_default();
                let at = last_section.unwrap_or(before);
                let mut splices = Splices::new(xml);
                splices.replace(at, at, paragraphs(&p, notice));
                return Ok(splices.apply());
            }
            Event::Eof => {
                return Err(EpubError::Unstampable(format!("{file}: no document body")));
            }
            _ => {}
        }
    }
}

/// The notice's paragraphs, each run marked with the notice's language, and a right-to-left
/// language's paragraphs and runs marked so, as Word marks text typed in it.
fn paragraphs(p: &str, notice: &Notice) -> String {
    let lang = esc(notice.lang());
    let (bidi, run) = if notice.direction() == "rtl" {
        (
            format!("<{p}bidi/>"),
            format!("<{p}rPr><{p}rtl/><{p}lang {p}bidi=\"{lang}\"/></{p}rPr>"),
        )
    } else {
        (
            String::new(),
            format!("<{p}rPr><{p}lang {p}val=\"{lang}\"/></{p}rPr>"),
        )
    };
    let mut out = format!("<{p}p><{p}r><{p}br {p}type=\"page\"/></{p}r></{p}p>");
    for (part, text) in notice.outline_in(notice.lang()) {
        let style = match part {
            // The outline level makes it a heading where the document has no Heading1 style.
            Part::Heading => {
                format!("<{p}pStyle {p}val=\"Heading1\"/>{bidi}<{p}outlineLvl {p}val=\"0\"/>")
            }
            Part::Paragraph => bidi.clone(),
        };
        let properties = if style.is_empty() {
            style
        } else {
            format!("<{p}pPr>{style}</{p}pPr>")
        };
        out += &format!(
            "<{p}p>{properties}<{p}r>{run}<{p}t xml:space=\"preserve\">{}</{p}t></{p}r></{p}p>",
            esc(&text)
        );
    }
    out
}

/// The core properties with the catalog's title and authors where the document names none
/// (each property appears once at most, so an empty one is filled rather than repeated).
fn with_properties(xml: &str, file: &str, notice: &Notice) -> Result<String, EpubError> {
    let err = |e: quick_xml::Error| EpubError::xml(file, e);
    let wanted = |name: &str| match name {
        "title" => Some(notice.title.clone()),
        "creator" => Some(notice.record.authors.join("; ")),
        _ => None,
    };
    let mut reader = NsReader::from_str(xml);
    let mut splices = Splices::new(xml);
    let mut missing = vec!["title", "creator"];
    let mut root_end = None;
    let mut depth = 0usize;
    loop {
        let before = position(&reader);
        let (ns, event) = reader.read_resolved_event().map_err(err)?;
        let in_dc = ns_of(&ns) == Some(DC_NS);
        match event {
            Event::Start(e) if in_dc && depth == 1 => {
                let name = e.local_name().into_inner().to_owned();
                let after = position(&reader);
                let end = content_end(&mut reader).map_err(err)?.unwrap_or(after);
                if let Some(value) = wanted(&name) {
                    missing.retain(|m| *m != name);
                    if xml[after..end].trim().is_empty() && !value.is_empty() {
                        splices.replace(after, end, esc(&value).into_owned());
                    }
                }
            }
            Event::Empty(e) if in_dc && depth == 1 => {
                let name = e.local_name().into_inner().to_owned();
                if let Some(value) = wanted(&name) {
                    missing.retain(|m| *m != name);
                    if !value.is_empty() {
                        let tag = e.name().into_inner().to_owned();
                        let after = position(&reader);
                        let start_tag = &xml[before..after];
                        let open = start_tag.trim_end_matches("/>").trim_end();
                        splices.replace(before, after, format!("{open}>{}</{tag}>", esc(&value)));
                    }
                }
            }
            Event::Start(_) => depth += 1,
            Event::End(_) => {
                depth = depth.saturating_sub(1);
                if depth == 0 {
                    root_end = Some(before);
                }
            }
            Event::Eof => break,
            _ => {}
        }
    }
    let root_end =
        root_end.ok_or_else(|| EpubError::Unstampable(format!("{file}: no root element")))?;
    let dc = format!("xmlns:dc=\"{DC_NS}\"");
    let mut added = String::new();
    for name in missing {
        let value = wanted(name).unwrap_or_default();
        if !value.is_empty() {
            added += &format!("<dc:{name} {dc}>{}</dc:{name}>", esc(&value));
        }
    }
    splices.replace(root_end, root_end, added);
    Ok(splices.apply())
}
