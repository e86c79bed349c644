//! The package document as plain data: its metadata entries in order, with every property name
//! expanded to a full IRI so that whatever prefixes a publisher chose compare equal.

use quick_xml::events::{BytesStart, Event};
use quick_xml::{NsReader, XmlVersion};

use super::EpubError;
use crate::xml::{DC_NS, OPF_NS, normalize_space, ns_of, read_text};

pub(crate) const DCTERMS: &str = "http://purl.org/dc/terms/";
pub(crate) const SCHEMA: &str = "http://schema.org/";
pub(crate) const A11Y: &str = "http://www.idpf.org/epub/vocab/package/a11y/#";
pub(crate) const META_VOCAB: &str = "http://idpf.org/epub/vocab/package/meta/#";
pub(crate) const LINK_VOCAB: &str = "http://idpf.org/epub/vocab/package/link/#";
pub(crate) const MARC_RELATORS: &str = "http://id.loc.gov/vocabulary/relators";

/// Prefixes EPUB reserves: usable without a `prefix` declaration.
const RESERVED: &[(&str, &str)] = &[
    ("a11y", A11Y),
    ("dcterms", DCTERMS),
    ("marc", "http://id.loc.gov/vocabulary/"),
    ("media", "http://www.idpf.org/epub/vocab/overlays/#"),
    (
        "onix",
        "http://www.editeur.org/ONIX/book/codelists/current.html#",
    ),
    ("rendition", "http://www.idpf.org/vocab/rendition/#"),
    ("schema", SCHEMA),
    ("xsd", "http://www.w3.org/2001/XMLSchema#"),
    ("msv", "http://www.idpf.org/epub/vocab/structure/magazine/#"),
    (
        "prism",
        "http://www.prismstandard.org/specifications/3.0/PRISM_CV_Spec_3.0.htm#",
    ),
];

#[derive(Debug, Default)]
pub(crate) struct Package {
    pub version: String,
    pub unique_identifier: Option<String>,
    pub entries: Vec<Entry>,
    pub manifest: Vec<Item>,
    /// The spine's item ids, in reading order.
    pub spine: Vec<String>,
}

#[derive(Debug)]
pub(crate) enum Entry {
    /// A Dublin Core element; `opf_role`/`opf_file_as` are EPUB 2 style attributes some EPUB 3
    /// files still carry.
    Dc {
        name: String,
        id: Option<String>,
        value: String,
        opf_role: Option<String>,
        opf_file_as: Option<String>,
    },
    Meta {
        property: String,
        refines: Option<String>,
        scheme: Option<String>,
        value: String,
    },
    Link {
        rels: Vec<String>,
        href: String,
    },
}

#[derive(Debug)]
pub(crate) struct Item {
    pub id: String,
    pub href: String,
    pub media_type: String,
    pub properties: Vec<String>,
}

/// Parses a package document, refusing anything but EPUB 3.
pub(crate) fn parse(xml: &str, file: &str) -> Result<Package, EpubError> {
    let err = |e: quick_xml::Error| EpubError::xml(file, e);
    let mut reader = NsReader::from_str(xml);
    let mut package = Package::default();
    let mut prefixes: Vec<(String, String)> = Vec::new();
    let mut seen_root = false;
    let mut in_metadata = false;
    loop {
        let (ns, event) = reader.read_resolved_event().map_err(err)?;
        let ns = ns_of(&ns).map(str::to_owned);
        let (e, has_content) = match event {
            Event::Start(e) => (e, true),
            Event::Empty(e) => (e, false),
            Event::End(e) if e.local_name().into_inner() == "metadata" => {
                in_metadata = false;
                continue;
            }
            Event::Eof => break,
            _ => continue,
        };
        let local = e.local_name().into_inner().to_owned();
        let attrs = Attrs::of(&e, &reader, file)?;
        if !seen_root {
            seen_root = true;
            if ns.as_deref() != Some(OPF_NS) || local != "package" {
                return Err(EpubError::xml(
                    file,
                    "the root element is not an OPF <package>",
                ));
            }
            package.version = attrs.get("version").unwrap_or_default();
            if !package.version.starts_with("3.") {
                return Err(EpubError::NotEpub3(package.version));
            }
            package.unique_identifier = attrs.get("unique-identifier");
            prefixes = parse_prefixes(&attrs.get("prefix").unwrap_or_default());
            continue;
        }
        let expand = |term: &str, default: &str| expand(&prefixes, term, default);
        match (ns.as_deref(), local.as_str()) {
            (Some(OPF_NS), "metadata") => in_metadata = has_content,
            (Some(DC_NS), _) if in_metadata => {
                let value = if has_content {
                    read_text(&mut reader).map_err(err)?
                } else {
                    String::new()
                };
                package.entries.push(Entry::Dc {
                    name: local,
                    id: attrs.get("id"),
                    value: normalize_space(&value),
                    opf_role: attrs.get_ns(OPF_NS, "role"),
                    opf_file_as: attrs.get_ns(OPF_NS, "file-as"),
                });
            }
            (Some(OPF_NS), "meta") if in_metadata => {
                let value = if has_content {
                    read_text(&mut reader).map_err(err)?
                } else {
                    String::new()
                };
                // EPUB 2 style name/content metas carry no property and mean nothing here.
                let Some(property) = attrs.get("property") else {
                    continue;
                };
                package.entries.push(Entry::Meta {
                    property: expand(property.trim(), META_VOCAB),
                    refines: attrs
                        .get("refines")
                        .map(|r| r.trim().trim_start_matches('#').to_owned()),
                    scheme: attrs.get("scheme").map(|s| expand(s.trim(), META_VOCAB)),
                    value: normalize_space(&value),
                });
            }
            (Some(OPF_NS), "link") if in_metadata => {
                let rels = attrs.get("rel").unwrap_or_default();
                package.entries.push(Entry::Link {
                    rels: rels
                        .split_whitespace()
                        .map(|r| expand(r, LINK_VOCAB))
                        .collect(),
                    href: attrs.get("href").unwrap_or_default().trim().to_owned(),
                });
            }
            (Some(OPF_NS), "itemref") => {
                package.spine.extend(attrs.get("idref"));
            }
            (Some(OPF_NS), "item") => package.manifest.push(Item {
                id: attrs.get("id").unwrap_or_default(),
                href: attrs.get("href").unwrap_or_default(),
                media_type: attrs.get("media-type").unwrap_or_default(),
                properties: attrs
                    .get("properties")
                    .unwrap_or_default()
                    .split_whitespace()
                    .map(str::to_owned)
                    .collect(),
            }),
            _ => {}
        }
    }
    if !seen_root {
        return Err(EpubError::xml(file, "no root element"));
    }
    Ok(package)
}

/// A start tag's attributes, unescaped, with their namespaces resolved.
pub(crate) struct Attrs(Vec<(Option<String>, String, String)>);

impl Attrs {
    pub(crate) fn of<R>(
        e: &BytesStart<'_>,
        reader: &NsReader<R>,
        file: &str,
    ) -> Result<Self, EpubError> {
        let mut out = Vec::new();
        for attr in e.attributes() {
            let attr = attr.map_err(|e| EpubError::xml(file, e))?;
            let (ns, local) = reader.resolver().resolve_attribute(attr.key);
            let value = attr
                .normalized_value(XmlVersion::Implicit1_0)
                .map_err(|e| EpubError::xml(file, e))?;
            out.push((
                ns_of(&ns).map(str::to_owned),
                local.into_inner().to_owned(),
                value.into_owned(),
            ));
        }
        Ok(Self(out))
    }

    /// An unprefixed attribute.
    pub(crate) fn get(&self, name: &str) -> Option<String> {
        self.0
            .iter()
            .find(|(ns, n, _)| ns.is_none() && n == name)
            .map(|(_, _, v)| v.clone())
    }

    pub(crate) fn get_ns(&self, namespace: &str, name: &str) -> Option<String> {
        self.0
            .iter()
            .find(|(ns, n, _)| ns.as_deref() == Some(namespace) && n == name)
            .map(|(_, _, v)| v.clone())
    }
}

/// The `prefix` attribute's `name: IRI` pairs.
pub(crate) fn parse_prefixes(attr: &str) -> Vec<(String, String)> {
    let mut out = Vec::new();
    let mut tokens = attr.split_whitespace();
    while let Some(name) = tokens.next() {
        match (name.strip_suffix(':'), tokens.next()) {
            (Some(name), Some(iri)) => out.push((name.to_owned(), iri.to_owned())),
            _ => break,
        }
    }
    out
}

/// Expands `prefix:reference` (or an unprefixed term in the default vocabulary) to an IRI.
/// An undeclared prefix is kept as written, so it never matches a known property by accident.
pub(crate) fn expand(declared: &[(String, String)], term: &str, default_vocab: &str) -> String {
    let Some((prefix, reference)) = term.split_once(':') else {
        return format!("{default_vocab}{term}");
    };
    let declared = declared
        .iter()
        .find(|(p, _)| p == prefix)
        .map(|(_, iri)| iri.as_str());
    let reserved = || {
        RESERVED
            .iter()
            .find(|(p, _)| *p == prefix)
            .map(|(_, iri)| *iri)
    };
    match declared.or_else(reserved) {
        Some(iri) => format!("{iri}{reference}"),
        None => term.to_owned(),
    }
}
