//! The navigation document's share of stamping: the notice page listed first in the table of
//! contents, so that it can be found as well as read first.

use quick_xml::NsReader;
use quick_xml::events::Event;

use super::edit::{Splices, position, qualified_prefix};
use crate::epub::opf::Attrs;
use crate::epub::pages::english_in;
use crate::notice::HEADING;
use crate::xml::{OPS_NS, XHTML_NS, esc, ns_of};

const XML_NS: &str = "http://www.w3.org/XML/1998/namespace";

/// The navigation document with a first table-of-contents entry linking `href`, or `None` when
/// it has no `toc` nav with a list to add to (the notice page is still first in the spine).
pub(super) fn add_toc_entry(xml: &str, href: &str) -> Option<String> {
    let mut reader = NsReader::from_str(xml);
    let mut lang = String::new();
    let mut root_seen = false;
    let mut in_toc = false;
    loop {
        let (ns, event) = reader.read_resolved_event().ok()?;
        let in_xhtml = ns_of(&ns) == Some(XHTML_NS);
        let after = position(&reader);
        let Event::Start(e) = event else {
            if matches!(event, Event::Eof) {
                return None;
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
                in_toc = types.split_whitespace().any(|t| t == "toc");
            }
            "ol" if in_xhtml && in_toc => {
                let p = qualified_prefix(&e);
                let entry = format!(
                    "\n<{p}li{}><{p}a href=\"{}\">{HEADING}</{p}a></{p}li>",
                    english_in(&lang),
                    esc(href)
                );
                let mut splices = Splices::new(xml);
                splices.replace(after, after, entry);
                return Some(splices.apply());
            }
            _ => {}
        }
    }
}
