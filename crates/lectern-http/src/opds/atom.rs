//! The feed model as OPDS 1.2 (Atom): `application/atom+xml;profile=opds-catalog`, with the
//! accessibility metadata as schema.org properties in each entry, as EPUB packages carry them.

use std::fmt::Write;

use super::model::{Feed, FeedLink, Leads, NavEntry, Publication, Role};
use lectern_domain::catalog::accessibility as vocabulary;

pub const NAVIGATION: &str = "application/atom+xml;profile=opds-catalog;kind=navigation";
pub const ACQUISITION: &str = "application/atom+xml;profile=opds-catalog;kind=acquisition";
pub const OPENSEARCH: &str = "application/opensearchdescription+xml";

fn media_type(leads: Leads) -> &'static str {
    match leads {
        Leads::Navigation => NAVIGATION,
        Leads::Acquisition => ACQUISITION,
        Leads::Search => OPENSEARCH,
    }
}

/// Text and attribute values with XML's five special characters escaped, and the characters
/// XML 1.0 cannot hold at all (controls other than tab and line ends) left out.
pub fn escape(s: &str) -> String {
    let mut out = String::with_capacity(s.len());
    for c in s.chars() {
        match c {
            '&' => out.push_str("&amp;"),
            '<' => out.push_str("&lt;"),
            '>' => out.push_str("&gt;"),
            '"' => out.push_str("&quot;"),
            '\'' => out.push_str("&apos;"),
            '\t' | '\n' | '\r' => out.push(c),
            c if (c as u32) < 0x20 || c == '\u{FFFE}' || c == '\u{FFFF}' => {}
            c => out.push(c),
        }
    }
    out
}

fn element(out: &mut String, name: &str, text: &str) {
    let _ = write!(out, "<{name}>{}</{name}>", escape(text));
}

fn feed_link(out: &mut String, l: &FeedLink) {
    let href = if l.leads == Leads::Search {
        format!("{}/opensearch.xml", l.href.trim_end_matches("/search"))
    } else {
        l.href.clone()
    };
    let _ = write!(
        out,
        r#"<link rel="{}" href="{}" type="{}""#,
        escape(l.rel),
        escape(&href),
        media_type(l.leads)
    );
    if let Some(t) = &l.title {
        let _ = write!(out, r#" title="{}""#, escape(t));
    }
    out.push_str("/>");
}

/// The feed as Atom; `(site_name, lang)`: the library's name and the language (a BCP 47 tag)
/// of the feed's own words, which its root says.
pub fn render(feed: &Feed, (site_name, lang): (&str, &str)) -> String {
    let mut out = String::with_capacity(4096 + feed.publications.len() * 2048);
    out.push_str(r#"<?xml version="1.0" encoding="UTF-8"?>"#);
    let _ = write!(
        out,
        r#"<feed xmlns="http://www.w3.org/2005/Atom" xmlns:opds="http://opds-spec.org/2010/catalog" xmlns:dcterms="http://purl.org/dc/terms/" xmlns:opensearch="http://a9.com/-/spec/opensearch/1.1/" xmlns:thr="http://purl.org/syndication/thread/1.0" xmlns:schema="http://schema.org/" xml:lang="{}">"#,
        escape(lang)
    );
    element(&mut out, "id", &feed.id);
    element(&mut out, "title", &feed.title);
    element(&mut out, "updated", &feed.updated);
    out.push_str("<author>");
    element(&mut out, "name", site_name);
    out.push_str("</author>");
    for l in &feed.links {
        feed_link(&mut out, l);
    }
    if let Some(n) = feed.total {
        let _ = write!(
            out,
            "<opensearch:totalResults>{n}</opensearch:totalResults>"
        );
    }
    if let Some(n) = feed.per_page {
        let _ = write!(
            out,
            "<opensearch:itemsPerPage>{n}</opensearch:itemsPerPage>"
        );
    }
    for group in &feed.facets {
        for f in &group.facets {
            let _ = write!(
                out,
                r#"<link rel="http://opds-spec.org/facet" href="{}" type="{ACQUISITION}" title="{}" opds:facetGroup="{}""#,
                escape(&f.href),
                escape(&f.title),
                escape(&group.title)
            );
            if f.active {
                out.push_str(r#" opds:activeFacet="true""#);
            }
            if let Some(n) = f.count {
                let _ = write!(out, r#" thr:count="{n}""#);
            }
            out.push_str("/>");
        }
    }
    for n in &feed.navigation {
        navigation_entry(&mut out, n, &feed.updated);
    }
    for p in &feed.publications {
        publication_entry(&mut out, p, lang);
    }
    out.push_str("</feed>");
    out
}

fn navigation_entry(out: &mut String, n: &NavEntry, updated: &str) {
    out.push_str("<entry>");
    element(out, "title", &n.title);
    element(out, "id", &n.href);
    element(out, "updated", updated);
    if let Some(s) = &n.summary {
        out.push_str(r#"<content type="text">"#);
        out.push_str(&escape(s));
        out.push_str("</content>");
    }
    let _ = write!(
        out,
        r#"<link rel="{}" href="{}" type="{}""#,
        n.rel,
        escape(&n.href),
        media_type(n.leads)
    );
    if let Some(c) = n.count {
        let _ = write!(out, r#" thr:count="{c}""#);
    }
    out.push_str("/></entry>");
}

/// The `xml:lang` of a publication's own words (its title, summary and people's names) where
/// its language is not the feed's, `feed_lang`: an app's screen reader then reads them with
/// their language's rules.
fn own_words_lang(p: &Publication, feed_lang: &str) -> String {
    match p.languages.first() {
        Some(l) if !crate::i18n::same_language(l, feed_lang) => {
            format!(r#" xml:lang="{}""#, escape(l))
        }
        _ => String::new(),
    }
}

fn publication_entry(out: &mut String, p: &Publication, feed_lang: &str) {
    out.push_str("<entry>");
    let title = match &p.subtitle {
        Some(s) => format!("{}: {s}", p.title),
        None => p.title.clone(),
    };
    let lang = own_words_lang(p, feed_lang);
    let _ = write!(out, "<title{lang}>{}</title>", escape(&title));
    element(out, "id", &p.id);
    element(out, "updated", &p.modified);
    for person in &p.contributors {
        let tag = if person.role == Role::Author {
            "author"
        } else {
            "contributor"
        };
        let _ = write!(out, "<{tag}{lang}>");
        element(out, "name", &person.name);
        let _ = write!(out, "</{tag}>");
    }
    for l in &p.languages {
        element(out, "dcterms:language", l);
    }
    if let Some(s) = &p.publisher {
        element(out, "dcterms:publisher", s);
    }
    if let Some(d) = &p.published {
        element(out, "dcterms:issued", d);
    }
    if let Some(i) = &p.isbn13 {
        element(out, "dcterms:identifier", &format!("urn:isbn:{i}"));
    }
    if let Some(s) = &p.summary {
        let _ = write!(out, r#"<summary type="text"{lang}>"#);
        out.push_str(&escape(s));
        out.push_str("</summary>");
    }
    for s in &p.subjects {
        let _ = write!(
            out,
            r#"<category scheme="{}" term="{}" label="{}"/>"#,
            s.scheme,
            escape(s.code.as_deref().unwrap_or(&s.name)),
            escape(&s.name)
        );
    }
    accessibility_properties(out, p);
    for i in &p.images {
        let rel = if i.thumbnail {
            "http://opds-spec.org/image/thumbnail"
        } else {
            "http://opds-spec.org/image"
        };
        let _ = write!(
            out,
            r#"<link rel="{rel}" href="{}" type="{}"/>"#,
            escape(&i.href),
            i.media_type
        );
    }
    for a in p.acquisitions.iter().filter(|a| !a.streamed) {
        let rel = a.rel();
        let _ = write!(
            out,
            r#"<link rel="{rel}" href="{}" type="{}" title="{}">"#,
            escape(&a.href),
            a.media_type,
            escape(&a.title)
        );
        if a.refused_because.is_some() {
            out.push_str(r#"<opds:availability status="unavailable"/>"#);
        }
        out.push_str("</link>");
    }
    out.push_str("</entry>");
}

/// schema.org's accessibility properties, one element per value, as an EPUB package's `meta`
/// elements carry them (`schema:accessModeSufficient` keeps schema.org's comma-joined sets).
fn accessibility_properties(out: &mut String, p: &Publication) {
    let a = &p.accessibility;
    for m in vocabulary::access_modes(a) {
        element(out, "schema:accessMode", m);
    }
    for set in vocabulary::sufficient_sets(a) {
        element(out, "schema:accessModeSufficient", &set.join(","));
    }
    for f in vocabulary::features(a) {
        element(out, "schema:accessibilityFeature", f);
    }
    for h in vocabulary::hazards(a) {
        element(out, "schema:accessibilityHazard", h);
    }
    if let Some(s) = &a.accessibility_summary {
        element(out, "schema:accessibilitySummary", s);
    }
    for c in vocabulary::conforms_to(a) {
        element(out, "dcterms:conformsTo", &c);
    }
}
