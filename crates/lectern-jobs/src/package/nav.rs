//! The navigation document's share of stamping: the notice page listed last in the table of
//! contents, and among the landmarks as the copyright page, so that it can be found as well as
//! read, while a reader still opens the book at its start.

use quick_xml::NsReader;
use quick_xml::events::Event;

use super::edit::{Splices, content_end, qualified_prefix};
use crate::epub::opf::Attrs;
use crate::epub::pages::marked_in;
use crate::xml::{OPS_NS, XHTML_NS, esc, ns_of};

const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

/// The navigation document with an entry linking `href` at the end of the table of contents and
/// of the landmarks, named `heading` (in the language of tag `heading_lang`), or `None` when it
/// has no `toc` nav with a list to add to (the notice page is still in the spine).
pub(super) fn add_toc_entry(
    xml: &str,
    href: &str,
    (heading, heading_lang): (&str, &str),
) -> Option<String> {
    let mut reader = NsReader::from_str(xml);
    let mut splices = Splices::new(xml);
    let mut lang = String::new();
    let mut root_seen = false;
    let mut nav: Option<&'static str> = None;
    let mut toc_listed = false;
    loop {
        let (ns, event) = reader.read_resolved_event().ok()?;
        let in_xhtml = ns_of(&ns) == Some(XHTML_NS);
        let Event::Start(e) = event else {
            match event {
                Event::Eof => break,
                Event::End(e) if in_xhtml && e.local_name().into_inner() == "nav" => nav = None,
                _ => {}
            }
            continue;
        };
        let attrs = Attrs::of(&e, &reader, "nav").ok()?;
        if !root_seen {
            root_seen = true;
            lang = attrs
                .get("lang")
                .or_else(|| attrs.get_ns(XML_NS, "lang"))
                .unwrap_or_default();
            continue;
        }
        match e.local_name().into_inner() {
            "nav" if in_xhtml => {
                let types = attrs.get_ns(OPS_NS, "type").unwrap_or_default();
                nav = types
                    .split_whitespace()
                    .find_map(|t| ["toc", "landmarks"].into_iter().find(|k| *k == t));
            }
            "ol" if in_xhtml && nav.is_some() => {
                let p = qualified_prefix(&e);
                let landmark = nav == Some("landmarks");
                let end = content_end(&mut reader).ok()??;
                let kind = if landmark {
                    " xmlns:epub=\"http://www.idpf.org/2007/ops\" epub:type=\"copyright-page\""
                } else {
                    ""
                };
                splices.replace(
                    end,
                    end,
                    format!(
                        "<{p}li{}><{p}a{kind} href=\"{}\">{}</{p}a></{p}li>\n",
                        marked_in(&lang, heading_lang),
                        esc(href),
                        esc(heading)
                    ),
                );
                toc_listed |= !landmark;
                nav = None;
            }
            _ => {}
        }
    }
    toc_listed.then(|| splices.apply())
}
