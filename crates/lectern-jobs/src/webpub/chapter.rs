//! A chapter of a book as HTML a page of the library's can hold: its structure as the book has
//! it (headings, lists, tables, figures with their alternative text, MathML, languages), and
//! nothing of its own that could act in the library's origin: no script, style, form, frame,
//! plugin or event handler, and no attribute but those that carry meaning. Print page breaks
//! become markers a screen reader announces ("page 12"). Links within the book and the files it
//! shows are written as the page says (`Targets`), and every id is prefixed, so that the book's
//! ids cannot collide with the page's.

use std::fmt::Write as _;

use quick_xml::NsReader;
use quick_xml::events::{BytesStart, Event};

use crate::epub::EpubError;
use crate::epub::steps::Steps;
use crate::package::paths::{dir_of, resolve};
use crate::xml::{OPS_NS, XHTML_NS, attribute, esc, ns_of, reference_text};

const MATHML_NS: &str = "http://www.w3.org/1998/Math/MathML";
/// What every id of the book is prefixed with on the page.
pub const ID_PREFIX: &str = "b-";

/// Where the page sends a reader who follows a link of the book, and where it shows the book's
/// images from.
pub trait Targets {
    /// The address of `path` in the book (a document of the reading order, or another file),
    /// at `fragment` (an id of the book, unprefixed) when there is one.
    fn link(&self, path: &str, fragment: Option<&str>) -> String;
    /// The address of a file the chapter shows (an image, an audio or video file).
    fn file(&self, path: &str) -> String;
}

/// A chapter made fit for the page.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Chapter {
    /// The body's content, as HTML.
    pub html: String,
    /// The document's `lang`, when it has one.
    pub lang: Option<String>,
    /// The print pages that start in it: (the page's number as printed, its id on the page).
    pub pages: Vec<(String, String)>,
}

/// Elements kept, with their content: text structure and phrasing.
const KEPT: &[&str] = &[
    "a",
    "abbr",
    "address",
    "article",
    "aside",
    "b",
    "bdi",
    "bdo",
    "blockquote",
    "br",
    "caption",
    "cite",
    "code",
    "col",
    "colgroup",
    "dd",
    "del",
    "details",
    "dfn",
    "div",
    "dl",
    "dt",
    "em",
    "figcaption",
    "figure",
    "footer",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "header",
    "hgroup",
    "hr",
    "i",
    "img",
    "ins",
    "kbd",
    "li",
    "main",
    "mark",
    "nav",
    "ol",
    "p",
    "pre",
    "q",
    "rp",
    "rt",
    "ruby",
    "s",
    "samp",
    "section",
    "small",
    "span",
    "strong",
    "sub",
    "summary",
    "sup",
    "table",
    "tbody",
    "td",
    "tfoot",
    "th",
    "thead",
    "time",
    "tr",
    "u",
    "ul",
    "var",
    "wbr",
];
/// Elements dropped with everything in them: what runs, asks, embeds or styles.
const DROPPED: &[&str] = &[
    "script", "style", "head", "iframe", "object", "embed", "form", "input", "button", "select",
    "textarea", "template", "noscript", "svg", "canvas", "link", "meta", "base", "frame",
    "frameset", "applet",
];
/// Elements with no end tag in HTML.
const VOID: &[&str] = &["br", "col", "hr", "img", "wbr"];
/// Attributes kept as they are.
const PLAIN_ATTRIBUTES: &[&str] = &[
    "lang",
    "dir",
    "title",
    "alt",
    "colspan",
    "rowspan",
    "scope",
    "abbr",
    "start",
    "reversed",
    "value",
    "datetime",
    "width",
    "height",
    "aria-label",
    "open",
];
/// Attributes that name ids of the book, prefixed as the ids are.
const ID_ATTRIBUTES: &[&str] = &["id", "headers", "aria-labelledby", "aria-describedby"];
/// The roles kept: the EPUB's structural semantics as ARIA has them, and a few of ARIA's own.
fn role_kept(role: &str) -> bool {
    role.starts_with("doc-") && role != "doc-pagebreak"
        || matches!(
            role,
            "note" | "presentation" | "none" | "figure" | "list" | "listitem" | "img"
        )
}

/// Elements whose place in the book is written on the page (`data-cfi`, an EPUB CFI's steps
/// inside the document), so that a script can say where the reader is as the API's reading
/// positions name it, and find such a place again.
const PLACED: &[&str] = &[
    "p",
    "h1",
    "h2",
    "h3",
    "h4",
    "h5",
    "h6",
    "li",
    "blockquote",
    "figure",
    "pre",
    "table",
    "dt",
    "dd",
    "div",
    "section",
    "aside",
];

/// Where a document's links lead on the page.
struct Rewrite<'a> {
    /// The document's folder in the book, which its links are relative to.
    base: &'a str,
    targets: &'a dyn Targets,
}

/// Makes the chapter at `path` in the book (its links are relative to it) fit for the page.
pub fn chapter(xhtml: &str, path: &str, targets: &dyn Targets) -> Result<Chapter, EpubError> {
    let err = |e: quick_xml::Error| EpubError::xml(path, e);
    let rewrite = Rewrite {
        base: dir_of(path),
        targets,
    };
    let mut steps = Steps::default();
    let mut reader = NsReader::from_str(xhtml);
    let mut out = Chapter::default();
    // Elements open in the output, innermost last: the name written, or None for one left out
    // whose content is kept; and how deep inside a dropped element the reader is.
    let mut open: Vec<Option<String>> = Vec::new();
    let mut dropped_depth = 0usize;
    let mut in_body = false;
    loop {
        let event = reader.read_resolved_event().map_err(err)?;
        match event {
            (ns, Event::Start(e)) => {
                let name = e.local_name().into_inner().to_owned();
                let ns = ns_of(&ns).unwrap_or(XHTML_NS).to_owned();
                let cfi = steps.enter();
                if name == "html" {
                    out.lang = attribute(&e, "lang").map(|v| v.trim().to_owned());
                    continue;
                }
                if name == "body" && ns == XHTML_NS {
                    in_body = true;
                    continue;
                }
                if dropped_depth > 0 || DROPPED.contains(&name.as_str()) {
                    dropped_depth += 1;
                    continue;
                }
                if !in_body {
                    continue;
                }
                if let Some(page) = page_break(&reader, &e) {
                    write_page_break(&mut out, &page, &e, cfi.as_deref());
                    // Its content (often empty) is the number, now written: skip it.
                    dropped_depth += 1;
                    continue;
                }
                let cfi = cfi.filter(|_| PLACED.contains(&name.as_str()));
                let written = start(&mut out.html, &ns, &name, &e, &rewrite, cfi, false);
                open.push(written);
            }
            (ns, Event::Empty(e)) => {
                let name = e.local_name().into_inner().to_owned();
                let ns = ns_of(&ns).unwrap_or(XHTML_NS).to_owned();
                let cfi = steps.leaf();
                if dropped_depth > 0 || !in_body || DROPPED.contains(&name.as_str()) {
                    continue;
                }
                if let Some(page) = page_break(&reader, &e) {
                    write_page_break(&mut out, &page, &e, cfi.as_deref());
                    continue;
                }
                let cfi = cfi.filter(|_| PLACED.contains(&name.as_str()));
                start(&mut out.html, &ns, &name, &e, &rewrite, cfi, true);
            }
            (_, Event::End(e)) => {
                let name = e.local_name().into_inner();
                steps.leave();
                if dropped_depth > 0 {
                    dropped_depth -= 1;
                    continue;
                }
                if name == "body" {
                    in_body = false;
                    continue;
                }
                if let Some(Some(written)) = open.pop() {
                    let _ = write!(out.html, "</{written}>");
                }
            }
            (_, Event::Text(t)) if in_body && dropped_depth == 0 => {
                out.html.push_str(&esc(&t.xml10_content()));
            }
            (_, Event::CData(t)) if in_body && dropped_depth == 0 => {
                out.html.push_str(&esc(&t.xml10_content()));
            }
            (_, Event::GeneralRef(r)) if in_body && dropped_depth == 0 => {
                out.html.push_str(&esc(&reference_text(&r)));
            }
            (_, Event::Eof) => return Ok(out),
            _ => {}
        }
    }
}

/// Writes an element's start tag as the page has it, and returns what its end tag names
/// (`None` for an element left out whose content is kept). `empty`: the element has no content.
fn start(
    html: &mut String,
    ns: &str,
    name: &str,
    e: &BytesStart<'_>,
    rewrite: &Rewrite<'_>,
    cfi: Option<String>,
    empty: bool,
) -> Option<String> {
    let Rewrite { base, targets } = *rewrite;
    let kept = if ns == MATHML_NS {
        true
    } else {
        ns == XHTML_NS && KEPT.contains(&name)
    };
    if !kept {
        return None;
    }
    html.push('<');
    html.push_str(name);
    if name == "math" {
        html.push_str(&format!(" xmlns=\"{MATHML_NS}\""));
    }
    if let Some(cfi) = cfi {
        let _ = write!(html, " data-cfi=\"{cfi}\"");
    }
    let mut written_keys: Vec<String> = Vec::new();
    for attr in e.attributes().filter_map(Result::ok) {
        let raw = attr.key.into_inner();
        // Namespace declarations are the output's to make, and of prefixed attributes only
        // `xml:lang` means anything to a page (it is written `lang`).
        let key = match raw {
            "xml:lang" => "lang".to_owned(),
            r if r.starts_with("xmlns") || r.contains(':') => continue,
            r => r.to_owned(),
        };
        let Ok(value) = attr.normalized_value(quick_xml::XmlVersion::Implicit1_0) else {
            continue;
        };
        let written = match key.as_str() {
            "href" if name == "a" => Some(link(&value, base, targets)),
            "src" if name == "img" => Some(targets.file(&resolve(base, &value))),
            "role" => value
                .split_whitespace()
                .find(|r| role_kept(r))
                .map(str::to_owned),
            k if ID_ATTRIBUTES.contains(&k) => Some(
                value
                    .split_whitespace()
                    .map(|id| format!("{ID_PREFIX}{id}"))
                    .collect::<Vec<_>>()
                    .join(" "),
            ),
            k if PLAIN_ATTRIBUTES.contains(&k) => Some(value.into_owned()),
            // MathML's own presentation attributes carry meaning (`mathvariant`, `display`).
            k if ns == MATHML_NS && !k.starts_with("on") && !k.contains("href") && k != "style" => {
                Some(value.into_owned())
            }
            _ => None,
        };
        // `lang` and `xml:lang` both become `lang`, written once.
        if let Some(v) = written.filter(|_| !written_keys.contains(&key)) {
            let _ = write!(html, " {key}=\"{}\"", esc(&v));
            written_keys.push(key);
        }
    }
    if empty && !VOID.contains(&name) {
        let _ = write!(html, "></{name}>");
        return None;
    }
    html.push('>');
    (!empty).then(|| name.to_owned())
}

/// A link of the book as the page writes it: within the book through `targets`, to the web
/// as it is (`http`, `https`, `mailto`), and anything else (`javascript:`) to nowhere.
fn link(href: &str, base: &str, targets: &dyn Targets) -> String {
    let lower = href.trim().to_ascii_lowercase();
    if lower.starts_with("http://") || lower.starts_with("https://") || lower.starts_with("mailto:")
    {
        return href.trim().to_owned();
    }
    if lower.contains(':') && lower.find(':') < lower.find(['/', '#', '?']).or(Some(lower.len())) {
        return "#".to_owned();
    }
    let fragment = href
        .split_once('#')
        .map(|(_, f)| f)
        .filter(|f| !f.is_empty());
    if href.starts_with('#') {
        return format!("#{ID_PREFIX}{}", fragment.unwrap_or_default());
    }
    targets.link(&resolve(base, href), fragment)
}

/// The printed number of the page an element marks the start of, when it is a page break
/// (`epub:type="pagebreak"` or `role="doc-pagebreak"`).
fn page_break(reader: &NsReader<&[u8]>, e: &BytesStart<'_>) -> Option<String> {
    let mut is_break = false;
    let (mut title, mut label) = (None, None);
    for attr in e.attributes().filter_map(Result::ok) {
        let (ns, local) = reader.resolver().resolve_attribute(attr.key);
        let value = attr
            .normalized_value(quick_xml::XmlVersion::Implicit1_0)
            .map(|v| v.trim().to_owned())
            .unwrap_or_default();
        match (ns_of(&ns), local.into_inner()) {
            (Some(OPS_NS), "type") | (None, "role") => {
                is_break |= value.split_whitespace().any(|t| t.ends_with("pagebreak"));
            }
            (None, "title") => title = Some(value),
            (None, "aria-label") => label = Some(value),
            _ => {}
        }
    }
    if !is_break {
        return None;
    }
    let number = title.or(label).unwrap_or_default();
    // "Page 12" and "12" alike give "12".
    let number = number
        .strip_prefix("Page ")
        .or_else(|| number.strip_prefix("page "))
        .unwrap_or(&number)
        .trim()
        .to_owned();
    Some(number)
}

/// A print page's start, with its place in the book (`data-cfi`), where the narration's clip
/// that says its number is heard.
fn write_page_break(out: &mut Chapter, number: &str, e: &BytesStart<'_>, cfi: Option<&str>) {
    let id = attribute(e, "id")
        .map(|v| v.trim().to_owned())
        .unwrap_or_else(|| format!("page-{number}"));
    let id = format!("{ID_PREFIX}{id}");
    let placed = cfi.map_or(String::new(), |c| format!(" data-cfi=\"{c}\""));
    let _ = write!(
        out.html,
        "<span class=\"page-break\" role=\"doc-pagebreak\" id=\"{}\" aria-label=\"page {}\"{placed}>page {}</span>",
        esc(&id),
        esc(number),
        esc(number)
    );
    out.pages.push((number.to_owned(), id));
}
