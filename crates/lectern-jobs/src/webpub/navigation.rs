//! The EPUB 3 navigation document's `toc`, `page-list` and `landmarks` navs, as trees of
//! points whose targets are paths in the zip (with their fragments), as a manifest gives them.

use quick_xml::NsReader;
use quick_xml::events::{BytesStart, Event};

use crate::epub::EpubError;
use crate::package::paths::{dir_of, resolve};
use crate::xml::{OPS_NS, attribute, normalize_space, ns_of, reference_text};

/// A point of a navigation list: a heading of the table of contents, a print page, a landmark.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct NavPoint {
    /// The target: a path in the zip, with its fragment. Empty for a heading that only groups
    /// the points below it.
    pub href: String,
    pub title: String,
    /// The `epub:type` of a landmark's link (`bodymatter`, `toc`, ...).
    pub kind: Option<String>,
    pub children: Vec<NavPoint>,
}

#[derive(Debug, Default)]
pub(super) struct Navigation {
    pub toc: Vec<NavPoint>,
    pub page_list: Vec<NavPoint>,
    pub landmarks: Vec<NavPoint>,
}

#[derive(Clone, Copy, PartialEq, Eq)]
enum Which {
    Toc,
    PageList,
    Landmarks,
}

/// Reads the navigation document at `path` (its links are relative to it).
pub(super) fn read(xhtml: &str, path: &str) -> Result<Navigation, EpubError> {
    let err = |e: quick_xml::Error| EpubError::xml(path, e);
    let base = dir_of(path);
    let mut reader = NsReader::from_str(xhtml);
    let mut navigation = Navigation::default();
    // The nav being read, with the depth of elements inside it.
    let mut within: Option<(Which, usize)> = None;
    // The list items open, innermost last; the first is a root holding the nav's points.
    let mut open: Vec<NavPoint> = Vec::new();
    let mut label: Option<String> = None;
    loop {
        let event = reader.read_event().map_err(err)?;
        match event {
            Event::Start(e) => {
                let name = e.local_name().into_inner().to_owned();
                match &mut within {
                    None if name == "nav" => {
                        within = nav_kind(&reader, &e).map(|w| (w, 0));
                        open = vec![NavPoint::default()];
                    }
                    None => {}
                    Some((_, depth)) => {
                        *depth += 1;
                        match name.as_str() {
                            "li" => open.push(NavPoint::default()),
                            "a" => {
                                if let Some(point) = open.last_mut() {
                                    point.href = attribute(&e, "href")
                                        .map(|h| target(path, base, &h))
                                        .unwrap_or_default();
                                    point.kind = epub_type(&reader, &e);
                                }
                                label = Some(String::new());
                            }
                            "span" => label = Some(String::new()),
                            _ => {}
                        }
                    }
                }
            }
            Event::End(e) => {
                let Some((which, depth)) = &mut within else {
                    continue;
                };
                let name = e.local_name().into_inner();
                if *depth == 0 {
                    // The nav itself ends.
                    let points = open.pop().map(|root| root.children).unwrap_or_default();
                    match which {
                        Which::Toc => navigation.toc = points,
                        Which::PageList => navigation.page_list = points,
                        Which::Landmarks => navigation.landmarks = points,
                    }
                    within = None;
                    open.clear();
                    continue;
                }
                *depth -= 1;
                match name {
                    "a" | "span" => {
                        if let (Some(text), Some(point)) = (label.take(), open.last_mut()) {
                            point.title = normalize_space(&text);
                        }
                    }
                    "li" if open.len() > 1 => {
                        let point = open.pop().unwrap_or_default();
                        if let Some(parent) = open.last_mut() {
                            parent.children.push(point);
                        }
                    }
                    _ => {}
                }
            }
            Event::Text(t) => {
                if let Some(text) = &mut label {
                    text.push_str(&t.xml10_content());
                }
            }
            Event::GeneralRef(r) => {
                if let Some(text) = &mut label {
                    text.push_str(&reference_text(&r));
                }
            }
            Event::Empty(e) => {
                // An image in a link: its alternative text is the link's name.
                if let (Some(text), "img") = (&mut label, e.local_name().into_inner()) {
                    text.push_str(&attribute(&e, "alt").unwrap_or_default());
                }
            }
            Event::Eof => return Ok(navigation),
            _ => {}
        }
    }
}

/// Which of the three navs a `nav` element is, by its `epub:type`; `None` for any other.
fn nav_kind(reader: &NsReader<&[u8]>, e: &BytesStart<'_>) -> Option<Which> {
    let types = epub_type(reader, e)?;
    types.split_whitespace().find_map(|t| match t {
        "toc" => Some(Which::Toc),
        "page-list" => Some(Which::PageList),
        "landmarks" => Some(Which::Landmarks),
        _ => None,
    })
}

/// An element's `epub:type` (in the OPS namespace, whatever its prefix).
fn epub_type(reader: &NsReader<&[u8]>, e: &BytesStart<'_>) -> Option<String> {
    e.attributes().filter_map(Result::ok).find_map(|a| {
        let (ns, local) = reader.resolver().resolve_attribute(a.key);
        (ns_of(&ns) == Some(OPS_NS) && local.into_inner() == "type")
            .then(|| a.value.trim().to_owned())
    })
}

/// A link of the navigation document (at `nav_path`, in directory `base`) as a path in the
/// zip, its fragment kept.
fn target(nav_path: &str, base: &str, href: &str) -> String {
    let path = if href.starts_with('#') {
        nav_path.to_owned()
    } else {
        resolve(base, href)
    };
    match href.split_once('#') {
        Some((_, fragment)) if !fragment.is_empty() => format!("{path}#{fragment}"),
        _ => path,
    }
}
