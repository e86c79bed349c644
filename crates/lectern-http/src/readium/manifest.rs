//! An opened book as a Readium Web Publication Manifest (`application/webpub+json`): what
//! `lectern_jobs::webpub` read of it, in Readium's JSON (its `publication.schema.json`, with the
//! EPUB extension's `pageList` and `landmarks`). Every file's `href` is relative to the manifest,
//! which sits beside the book's files under the reading link.

use lectern_jobs::epub::{Contributor, EpubMetadata};
use lectern_jobs::webpub::{NavPoint, Publication, Resource};
use serde_json::{Map, Value, json};

use super::accessibility::readium_object;
use crate::conventions::links::segment;

pub const MEDIA_TYPE: &str = "application/webpub+json";
/// The manifest's own name under the reading link.
pub const NAME: &str = "manifest.json";

/// The manifest of `publication`, whose own address is `self_url`.
pub fn manifest(publication: &Publication, self_url: &str) -> Value {
    let mut m = Map::new();
    m.insert(
        "@context".into(),
        json!("https://readium.org/webpub-manifest/context.jsonld"),
    );
    m.insert("metadata".into(), metadata(&publication.metadata));
    m.insert(
        "links".into(),
        json!([{"rel": "self", "href": self_url, "type": MEDIA_TYPE}]),
    );
    let files = |all: &[Resource]| -> Vec<Value> { all.iter().map(file_link).collect() };
    m.insert(
        "readingOrder".into(),
        Value::Array(files(&publication.reading_order)),
    );
    m.insert(
        "resources".into(),
        Value::Array(files(&publication.resources)),
    );
    for (name, points) in [
        ("toc", &publication.toc),
        ("pageList", &publication.page_list),
        ("landmarks", &publication.landmarks),
    ] {
        if !points.is_empty() {
            m.insert(name.into(), Value::Array(nav_links(points)));
        }
    }
    Value::Object(m)
}

fn metadata(meta: &EpubMetadata) -> Value {
    let mut m = Map::new();
    m.insert("@type".into(), json!("http://schema.org/Book"));
    m.insert(
        "conformsTo".into(),
        json!("https://readium.org/webpub-manifest/profiles/epub"),
    );
    m.insert("identifier".into(), json!(meta.identifier));
    m.insert("title".into(), json!(meta.title));
    if let Some(subtitle) = &meta.subtitle {
        m.insert("subtitle".into(), json!(subtitle));
    }
    if !meta.creators.is_empty() {
        m.insert("author".into(), contributors(&meta.creators));
    }
    if !meta.languages.is_empty() {
        m.insert("language".into(), json!(meta.languages));
    }
    if let Some(publisher) = &meta.publisher {
        m.insert("publisher".into(), json!(publisher));
    }
    // Readium asks for a date (or a date and time); a package's `dc:date` may be a year alone.
    if let Some(date) = meta.date.as_deref().filter(|d| is_date(d)) {
        m.insert("published".into(), json!(date));
    }
    if let Some(modified) = &meta.modified {
        m.insert("modified".into(), json!(modified));
    }
    if let Some(description) = &meta.description {
        m.insert("description".into(), json!(description));
    }
    if let Some(a11y) = readium_object(&meta.accessibility.catalog_metadata()) {
        m.insert("accessibility".into(), a11y);
    }
    Value::Object(m)
}

fn contributors(all: &[Contributor]) -> Value {
    all.iter()
        .map(|c| match &c.file_as {
            Some(sort_as) => json!({"name": c.name, "sortAs": sort_as}),
            None => json!({"name": c.name}),
        })
        .collect()
}

/// `YYYY-MM-DD`, or that followed by a time.
fn is_date(text: &str) -> bool {
    let b = text.as_bytes();
    b.len() >= 10
        && b[..10].iter().enumerate().all(|(i, c)| {
            if i == 4 || i == 7 {
                *c == b'-'
            } else {
                c.is_ascii_digit()
            }
        })
}

/// A file of the book as a link relative to the manifest, with what a reading system does with
/// it (`rel`: the cover, the contents).
fn file_link(r: &Resource) -> Value {
    let mut link = Map::new();
    link.insert("href".into(), json!(href_of(&r.path)));
    link.insert("type".into(), json!(r.media_type));
    let has = |p: &str| r.properties.iter().any(|q| q == p);
    let rels: Vec<&str> = [("cover-image", "cover"), ("nav", "contents")]
        .into_iter()
        .filter(|(property, _)| has(property))
        .map(|(_, rel)| rel)
        .collect();
    if !rels.is_empty() {
        link.insert("rel".into(), json!(rels));
    }
    Value::Object(link)
}

/// Navigation points as links. A heading that only groups the points below it takes the first
/// of their targets, as a link must have one; one with none below it is left out.
fn nav_links(points: &[NavPoint]) -> Vec<Value> {
    points
        .iter()
        .filter_map(|p| {
            let href = first_target(p)?;
            let mut link = Map::new();
            link.insert("href".into(), json!(href_of(href)));
            if !p.title.is_empty() {
                link.insert("title".into(), json!(p.title));
            }
            if let Some(kind) = &p.kind {
                link.insert("rel".into(), json!(kind));
            }
            let children = nav_links(&p.children);
            if !children.is_empty() {
                link.insert("children".into(), Value::Array(children));
            }
            Some(Value::Object(link))
        })
        .collect()
}

fn first_target(p: &NavPoint) -> Option<&str> {
    if !p.href.is_empty() {
        return Some(&p.href);
    }
    p.children.iter().find_map(first_target)
}

/// A path in the book (with a fragment, perhaps) as a URL relative to the manifest: each
/// segment percent-encoded, the fragment kept.
pub fn href_of(path: &str) -> String {
    let (path, fragment) = match path.split_once('#') {
        Some((p, f)) => (p, Some(f)),
        None => (path, None),
    };
    let mut href: String = path.split('/').map(segment).collect::<Vec<_>>().join("/");
    if let Some(fragment) = fragment {
        href.push('#');
        href.push_str(fragment);
    }
    href
}
