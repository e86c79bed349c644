//! The package document's share of stamping: declare our vocabulary, mark the recipient, bump
//! `dcterms:modified`, give the catalog's date and subjects where the publication has none, and
//! put the notice page last in the reading order (a reader opens the book at its start).

use quick_xml::events::{BytesStart, Event};
use quick_xml::{NsReader, XmlVersion};

use super::edit::{Splices, content_end, position, qualified_prefix};
use crate::epub::EpubError;
use crate::epub::opf::{Attrs, DCTERMS, META_VOCAB, expand, parse_prefixes};
use crate::notice::Notice;
use crate::xml::{DC_NS, OPF_NS, esc, ns_of};

pub(super) const VOCAB_PREFIX: &str = "lectern";

/// Where the notice page goes: its manifest id and its href relative to the package document.
pub(super) struct NoticeItem<'a> {
    pub id: &'a str,
    pub href: &'a str,
}

pub(super) fn stamp(
    xml: &str,
    file: &str,
    notice: &Notice,
    item: &NoticeItem<'_>,
) -> Result<String, EpubError> {
    let err = |e: quick_xml::Error| EpubError::xml(file, e);
    let unstampable = |what: &str| EpubError::Unstampable(format!("{file}: {what}"));
    let mut reader = NsReader::from_str(xml);
    let mut splices = Splices::new(xml);
    let mut prefixes = Vec::new();
    let (mut root_seen, mut in_metadata, mut modified_seen) = (false, false, false);
    let (mut dated, mut has_subjects) = (false, false);
    let (mut metadata_end, mut manifest_end, mut spine_end) = (None, None, None);
    let (mut meta_prefix, mut manifest_prefix, mut spine_prefix) =
        (String::new(), String::new(), String::new());
    loop {
        let before = position(&reader);
        let (ns, event) = reader.read_resolved_event().map_err(err)?;
        let in_opf = ns_of(&ns) == Some(OPF_NS);
        let in_dc = ns_of(&ns) == Some(DC_NS);
        let after = position(&reader);
        match event {
            Event::Start(e) if !root_seen => {
                root_seen = true;
                let (tag, declared) = package_tag(&e, file, &notice.vocabulary)?;
                prefixes = declared;
                splices.replace(before, after, tag);
            }
            Event::Start(e) if in_opf => match e.local_name().into_inner() {
                "metadata" => {
                    in_metadata = true;
                    meta_prefix = qualified_prefix(&e);
                }
                "manifest" => manifest_prefix = qualified_prefix(&e),
                "spine" => spine_prefix = qualified_prefix(&e),
                "meta" if in_metadata => {
                    let attrs = Attrs::of(&e, &reader, file)?;
                    let property = attrs
                        .get("property")
                        .map(|p| expand(&prefixes, p.trim(), META_VOCAB));
                    if property == Some(format!("{DCTERMS}modified"))
                        && attrs.get("refines").is_none()
                    {
                        let end = content_end(&mut reader)
                            .map_err(err)?
                            .ok_or_else(|| unstampable("unclosed meta"))?;
                        splices.replace(after, end, esc(&notice.issued_at).into_owned());
                        modified_seen = true;
                    }
                }
                _ => {}
            },
            Event::Start(e) | Event::Empty(e) if in_metadata && in_dc => {
                match e.local_name().into_inner() {
                    "date" => dated = true,
                    "subject" => has_subjects = true,
                    _ => {}
                }
            }
            Event::Empty(_) if !root_seen => {
                return Err(unstampable("the package element is empty"));
            }
            Event::Empty(e) if in_opf && e.local_name().into_inner() == "spine" => {
                return Err(unstampable("the spine is empty"));
            }
            Event::End(e) if in_opf => match e.local_name().into_inner() {
                "metadata" => {
                    in_metadata = false;
                    metadata_end = Some(before);
                }
                "manifest" => manifest_end = Some(before),
                "spine" => spine_end = Some(before),
                _ => {}
            },
            Event::Eof => break,
            _ => {}
        }
    }
    let metadata_end = metadata_end.ok_or_else(|| unstampable("no metadata element"))?;
    let manifest_end = manifest_end.ok_or_else(|| unstampable("no manifest element"))?;
    let spine_end = spine_end.ok_or_else(|| unstampable("no spine element"))?;
    let p = &meta_prefix;
    let mut metas = String::new();
    let dc = format!("xmlns:dc=\"{DC_NS}\"");
    if let (false, Some(date)) = (dated, &notice.record.date) {
        metas += &format!("<dc:date {dc}>{}</dc:date>\n", esc(date));
    }
    if !has_subjects {
        for subject in &notice.record.subjects {
            metas += &format!("<dc:subject {dc}>{}</dc:subject>\n", esc(subject));
        }
    }
    if !modified_seen {
        metas += &format!(
            "<{p}meta property=\"dcterms:modified\">{}</{p}meta>\n",
            esc(&notice.issued_at)
        );
    }
    metas += &format!(
        "<{p}meta property=\"{VOCAB_PREFIX}:recipient\">{}</{p}meta>\n\
         <{p}meta property=\"{VOCAB_PREFIX}:downloadId\">{}</{p}meta>\n",
        notice.recipient_mark(),
        esc(&notice.download_id)
    );
    splices.replace(metadata_end, metadata_end, metas);
    let p = &spine_prefix;
    splices.replace(
        spine_end,
        spine_end,
        format!("<{p}itemref idref=\"{}\"/>\n", esc(item.id)),
    );
    let p = &manifest_prefix;
    splices.replace(
        manifest_end,
        manifest_end,
        format!(
            "<{p}item id=\"{}\" href=\"{}\" media-type=\"application/xhtml+xml\"/>\n",
            esc(item.id),
            esc(item.href)
        ),
    );
    Ok(splices.apply())
}

/// The package start tag again, with our prefix declared (merged into an existing `prefix`
/// attribute, replacing any other meaning a publisher gave the same name), and the prefixes it
/// declared for expanding properties.
fn package_tag(
    e: &BytesStart<'_>,
    file: &str,
    vocabulary: &str,
) -> Result<(String, Vec<(String, String)>), EpubError> {
    let mut tag = format!("<{}", e.name().into_inner());
    let mut declared = Vec::new();
    for attr in e.attributes() {
        let attr = attr.map_err(|e| EpubError::xml(file, e))?;
        let key = attr.key.into_inner();
        let value = attr
            .normalized_value(XmlVersion::Implicit1_0)
            .map_err(|e| EpubError::xml(file, e))?;
        if key == "prefix" {
            declared = parse_prefixes(&value);
        } else {
            tag += &format!(" {key}=\"{}\"", esc(&value));
        }
    }
    let mut ours: Vec<(String, String)> = declared
        .iter()
        .filter(|(p, _)| p != VOCAB_PREFIX)
        .cloned()
        .collect();
    ours.push((VOCAB_PREFIX.to_owned(), vocabulary.to_owned()));
    let attr: Vec<String> = ours.iter().map(|(p, iri)| format!("{p}: {iri}")).collect();
    tag += &format!(" prefix=\"{}\">", esc(&attr.join(" ")));
    Ok((tag, declared))
}
