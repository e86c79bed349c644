//! The feed model as OPDS 2.0 (`application/opds+json`): opds-community/drafts `opds-2.0.md`
//! and its schemas, with Readium's metadata for publications.

use serde_json::{Map, Value, json};

use super::model::{Feed, FeedLink, Leads, Publication};
use crate::readium::accessibility;

pub const MEDIA_TYPE: &str = "application/opds+json";

fn media_type(_: Leads) -> &'static str {
    // Every feed is the same media type in OPDS 2.0, whatever it holds.
    MEDIA_TYPE
}

fn link(l: &FeedLink) -> Value {
    let mut o = json!({ "rel": l.rel, "href": l.href, "type": media_type(l.leads) });
    if l.leads == Leads::Search {
        // OPDS 2.0 searches through a URI template rather than an OpenSearch document.
        o["href"] = json!(format!("{}{{?query}}", l.href));
        o["templated"] = json!(true);
    }
    if let Some(t) = &l.title {
        o["title"] = json!(t);
    }
    o
}

pub fn render(feed: &Feed) -> Value {
    let mut metadata = json!({ "title": feed.title, "modified": feed.updated });
    if let Some(n) = feed.total {
        metadata["numberOfItems"] = json!(n);
    }
    if let Some(n) = feed.per_page {
        metadata["itemsPerPage"] = json!(n);
    }
    let mut out = json!({
        "metadata": metadata,
        "links": feed.links.iter().map(link).collect::<Vec<_>>(),
    });
    // The schema wants each collection either absent or with at least one item.
    if !feed.navigation.is_empty() {
        out["navigation"] = feed
            .navigation
            .iter()
            .map(|n| {
                let mut o = json!({
                    "title": n.title, "href": n.href, "type": media_type(n.leads), "rel": n.rel,
                });
                if let Some(count) = n.count {
                    o["properties"] = json!({ "numberOfItems": count });
                }
                o
            })
            .collect();
    }
    if !feed.publications.is_empty() {
        out["publications"] = feed.publications.iter().map(publication).collect();
    }
    if !feed.facets.is_empty() {
        out["facets"] = feed
            .facets
            .iter()
            .map(|g| {
                json!({
                    "metadata": { "title": g.title },
                    "links": g.facets.iter().map(|f| {
                        let mut o = json!({ "title": f.title, "href": f.href, "type": MEDIA_TYPE });
                        if let Some(n) = f.count {
                            o["properties"] = json!({ "numberOfItems": n });
                        }
                        if f.active {
                            o["rel"] = json!("self");
                        }
                        o
                    }).collect::<Vec<_>>(),
                })
            })
            .collect();
    }
    out
}

pub fn publication(p: &Publication) -> Value {
    let mut m = Map::new();
    m.insert("@type".into(), json!("http://schema.org/Book"));
    m.insert("identifier".into(), json!(p.id));
    m.insert("title".into(), json!(p.title));
    if let Some(s) = &p.subtitle {
        m.insert("subtitle".into(), json!(s));
    }
    m.insert("modified".into(), json!(p.modified));
    if let Some(d) = &p.published {
        m.insert("published".into(), json!(d));
    }
    if !p.languages.is_empty() {
        m.insert("language".into(), json!(p.languages));
    }
    if let Some(s) = &p.publisher {
        m.insert("publisher".into(), json!(s));
    }
    if let Some(s) = &p.summary {
        m.insert("description".into(), json!(s));
    }
    for person in &p.contributors {
        let mut c = json!({ "name": person.name });
        if let Some(s) = &person.sort_as {
            c["sortAs"] = json!(s);
        }
        let entry = m
            .entry(person.role.key())
            .or_insert_with(|| Value::Array(vec![]));
        if let Value::Array(a) = entry {
            a.push(c);
        }
    }
    if !p.subjects.is_empty() {
        m.insert(
            "subject".into(),
            p.subjects
                .iter()
                .map(|s| {
                    let mut o = json!({ "name": s.name, "scheme": s.scheme,
                        "links": [{ "href": s.href, "type": MEDIA_TYPE }] });
                    if let Some(c) = &s.code {
                        o["code"] = json!(c);
                    }
                    o
                })
                .collect(),
        );
    }
    if let Some(a) = accessibility::readium_object(&p.accessibility) {
        m.insert("accessibility".into(), a);
    }
    let links: Vec<Value> = p
        .acquisitions
        .iter()
        .map(|a| {
            let rel = a.rel();
            let mut o =
                json!({ "rel": rel, "href": a.href, "type": a.media_type, "title": a.title });
            if a.refused_because.is_some() {
                o["properties"] = json!({ "availability": { "state": "unavailable" } });
            }
            o
        })
        .collect();
    let images: Vec<Value> = p
        .images
        .iter()
        .map(|i| {
            let mut o = json!({ "href": i.href, "type": i.media_type, "width": i.width, "height": i.height });
            // Both sizes say which they are: KOReader takes an image without a `rel` for
            // neither, and shows no cover.
            o["rel"] = json!(if i.thumbnail {
                "http://opds-spec.org/image/thumbnail"
            } else {
                "http://opds-spec.org/image"
            });
            o
        })
        .collect();
    json!({ "metadata": m, "links": links, "images": images })
}
