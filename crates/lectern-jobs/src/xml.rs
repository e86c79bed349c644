//! The little XML plumbing shared by reading, building and stamping.

use std::borrow::Cow;

use quick_xml::NsReader;
use quick_xml::escape::resolve_predefined_entity;
use quick_xml::events::Event;
use quick_xml::name::ResolveResult;

pub(crate) const OPF_NS: &str = "http://www.idpf.org/2007/opf";
pub(crate) const DC_NS: &str = "http://purl.org/dc/elements/1.1/";
pub(crate) const OPS_NS: &str = "http://www.idpf.org/2007/ops";
pub(crate) const XHTML_NS: &str = "http://www.w3.org/1999/xhtml";
pub(crate) const CONTAINER_NS: &str = "urn:oasis:names:tc:opendocument:xmlns:container";

/// Escapes text for use in element content and in double-quoted attribute values alike.
pub(crate) fn esc(text: &str) -> Cow<'_, str> {
    quick_xml::escape::escape(text)
}

/// The namespace an element or attribute name resolved to, if any.
pub(crate) fn ns_of<'a>(resolved: &'a ResolveResult<'_>) -> Option<&'a str> {
    match resolved {
        ResolveResult::Bound(ns) => Some(ns.into_inner()),
        _ => None,
    }
}

/// Collects the text inside the element whose start tag was just read, up to its end tag,
/// including descendants' text, with entity and character references resolved.
pub(crate) fn read_text(reader: &mut NsReader<&[u8]>) -> quick_xml::Result<String> {
    let mut out = String::new();
    let mut depth = 0usize;
    loop {
        match reader.read_event()? {
            Event::Start(_) => depth += 1,
            Event::End(_) if depth == 0 => return Ok(out),
            Event::End(_) => depth -= 1,
            Event::Text(t) => out.push_str(&t.xml10_content()),
            Event::CData(t) => out.push_str(&t.xml10_content()),
            Event::GeneralRef(r) => match r.resolve_char_ref()? {
                Some(c) => out.push(c),
                None => out.push_str(resolve_predefined_entity(&r.into_inner()).unwrap_or("")),
            },
            Event::Eof => return Ok(out),
            _ => {}
        }
    }
}

/// Trims and collapses runs of whitespace, as metadata values are compared and shown.
pub(crate) fn normalize_space(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// An attribute's value by its local name, normalized; None when absent or unreadable.
pub(crate) fn attribute(e: &quick_xml::events::BytesStart<'_>, name: &str) -> Option<String> {
    e.attributes()
        .filter_map(Result::ok)
        .find(|a| a.key.local_name().into_inner() == name)
        .and_then(|a| {
            a.normalized_value(quick_xml::XmlVersion::Implicit1_0)
                .ok()
                .map(Cow::into_owned)
        })
}

/// The text of a character or predefined entity reference (`&#233;`, `&amp;`).
pub(crate) fn reference_text(r: &quick_xml::events::BytesRef<'_>) -> String {
    match r.resolve_char_ref() {
        Ok(Some(c)) => c.to_string(),
        _ => resolve_predefined_entity(&r.clone().into_inner())
            .unwrap_or("")
            .to_owned(),
    }
}
