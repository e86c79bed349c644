//! The catalog as KOReader reads it. KOReader's OPDS browser cannot run here, so its rules are
//! mirrored from its source (koreader/koreader, `plugins/opds.koplugin/opdsbrowser.lua`:
//! `genItemTableFromCatalog` for Atom, `genItemTableFromCatalog2` and `getItemFromPublication`
//! for OPDS 2.0), each rule beside the line it mirrors, and the catalog is read through them.

use lectern_store::on_both_stores;
use reqwest::StatusCode;
use serde_json::Value;

use crate::support::*;

on_both_stores!(koreader_opens_the_shelf_and_downloads_what_a_reader_may_take);
on_both_stores!(koreader_is_told_why_its_password_is_refused);

/// `acquisition_rel = "^http://opds%-spec%.org/acquisition"`.
const ACQUISITION_PREFIX: &str = "http://opds-spec.org/acquisition";
/// `borrow_rel`: shown as a disabled "Borrow" button.
const BORROW: &str = "http://opds-spec.org/acquisition/borrow";
/// `catalog_rel`: the relations of an entry KOReader opens as a feed.
const CATALOG_RELS: [&str; 5] = [
    "subsection",
    "http://opds-spec.org/subsection",
    "http://opds-spec.org/crawlable",
    "http://opds-spec.org/sort/popular",
    "http://opds-spec.org/sort/new",
];

/// One item of KOReader's list: a feed it opens, or a book with its buttons.
#[derive(Debug, Default)]
struct Item {
    title: String,
    /// Where tapping the item goes, for a feed.
    url: Option<String>,
    /// Download buttons: (media type, href).
    downloads: Vec<(String, String)>,
    /// Disabled "Borrow" buttons.
    borrows: usize,
    image: Option<String>,
    thumbnail: Option<String>,
}

impl Item {
    /// `if rel == self.borrow_rel ... elseif rel:match(self.acquisition_rel)`, in both readers.
    fn take_acquisition(&mut self, rel: &str, media_type: &str, href: &str) {
        if rel == BORROW {
            self.borrows += 1;
        } else if rel.starts_with(ACQUISITION_PREFIX) {
            self.downloads
                .push((media_type.to_owned(), href.to_owned()));
        }
    }
}

/// An attribute of an XML start tag, unescaped.
fn attribute(tag: &str, name: &str) -> Option<String> {
    let marker = format!(" {name}=\"");
    let start = tag.find(&marker)? + marker.len();
    let value = &tag[start..start + tag[start..].find('"')?];
    Some(value.replace("&amp;", "&").replace("&quot;", "\""))
}

/// `genItemTableFromCatalog`: an Atom feed's entries.
fn read_atom(xml: &str) -> Vec<Item> {
    let mut items = vec![];
    for entry in xml.split("<entry").skip(1) {
        let entry = entry.split("</entry>").next().unwrap();
        let mut item = Item {
            title: entry
                .split("<title")
                .nth(1)
                .and_then(|t| t.split('>').nth(1))
                .and_then(|t| t.split('<').next())
                .unwrap_or_default()
                .to_owned(),
            ..Item::default()
        };
        for link in entry.split("<link").skip(1) {
            let tag = link.split('>').next().unwrap();
            let rel = attribute(tag, "rel");
            let media_type = attribute(tag, "type").unwrap_or_default();
            let href = attribute(tag, "href").unwrap_or_default();
            // `link.type:find(self.catalog_type) and (not link.rel or self.catalog_rel[link.rel])`
            if media_type.contains("application/atom+xml")
                && rel.as_deref().is_none_or(|r| CATALOG_RELS.contains(&r))
            {
                item.url = Some(href.clone());
            }
            let Some(rel) = rel else { continue };
            match rel.as_str() {
                "http://opds-spec.org/image/thumbnail" => item.thumbnail = Some(href),
                "http://opds-spec.org/image" => item.image = Some(href),
                rel => item.take_acquisition(rel, &media_type, &href),
            }
        }
        items.push(item);
    }
    items
}

/// `genItemTableFromCatalog2`: an OPDS 2.0 feed's navigation and publications.
fn read_opds2(feed: &Value) -> Vec<Item> {
    let mut items = vec![];
    for nav in feed["navigation"].as_array().into_iter().flatten() {
        // `if nav.title and nav.href and (not rel or rel ~= "self")`
        if nav["rel"] != "self" {
            items.push(Item {
                title: nav["title"].as_str().unwrap().to_owned(),
                url: nav["href"].as_str().map(str::to_owned),
                ..Item::default()
            });
        }
    }
    for publication in feed["publications"].as_array().into_iter().flatten() {
        let mut item = Item {
            title: publication["metadata"]["title"]
                .as_str()
                .unwrap()
                .to_owned(),
            ..Item::default()
        };
        for image in publication["images"].as_array().into_iter().flatten() {
            let href = image["href"].as_str().map(str::to_owned);
            match image["rel"].as_str() {
                Some("http://opds-spec.org/image/thumbnail") => item.thumbnail = href,
                Some("http://opds-spec.org/image") => item.image = href,
                _ => {}
            }
        }
        for link in publication["links"].as_array().into_iter().flatten() {
            if let Some(rel) = link["rel"].as_str().filter(|r| *r != "self") {
                let media_type = link["type"].as_str().unwrap_or_default();
                item.take_acquisition(rel, media_type, link["href"].as_str().unwrap());
            }
        }
        items.push(item);
    }
    items
}

/// A feed as KOReader fetches it, with the reader's Basic credentials: as OPDS 2.0 (v2026.07
/// and later ask for it first) or as Atom (before).
async fn fetch(app: &TestApp, path: &str, opds2: bool) -> Vec<Item> {
    let mut req = app
        .get(path)
        .basic_auth("member@example.org", Some("member-pass-1"));
    if opds2 {
        req = req.header(
            "accept",
            "application/opds+json, application/atom+xml;profile=opds-catalog, */*",
        );
    }
    let resp = req.send().await.unwrap();
    assert_eq!(resp.status(), StatusCode::OK, "{path}");
    let body = resp.text().await.unwrap();
    if opds2 {
        read_opds2(&serde_json::from_str(&body).unwrap())
    } else {
        read_atom(&body)
    }
}

async fn koreader_opens_the_shelf_and_downloads_what_a_reader_may_take(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    // The conformance readers filter on, as its URI (the catalog keeps it in words).
    let feed: Value = app
        .get("/opds/main/categories/Fiction?limit=50")
        .header("accept", "application/opds+json")
        .send()
        .await
        .unwrap()
        .json()
        .await
        .unwrap();
    let claims: Vec<&Value> = feed["publications"]
        .as_array()
        .unwrap()
        .iter()
        .filter_map(|p| p["metadata"]["accessibility"].get("conformsTo"))
        .collect();
    assert!(
        claims
            .iter()
            .any(|c| c[0] == "https://www.w3.org/TR/epub-a11y-11#wcag-2.2-aa"),
        "{claims:?}"
    );
    for opds2 in [false, true] {
        let root = fetch(&app, "/opds/main", opds2).await;
        let shelf = root.iter().find(|i| i.title == "My shelf").unwrap();
        let shelf = shelf
            .url
            .as_deref()
            .unwrap_or_else(|| panic!("KOReader cannot open the shelf (OPDS 2.0: {opds2})"));
        assert!(shelf.ends_with("/opds/main/shelf"), "{shelf}");
        let titles: Vec<&str> = root.iter().map(|i| i.title.as_str()).collect();
        let distinct: std::collections::BTreeSet<&&str> = titles.iter().collect();
        assert_eq!(distinct.len(), titles.len(), "an entry twice: {titles:?}");

        let fiction = fetch(&app, "/opds/main/categories/Fiction?limit=50", opds2).await;
        let road = fiction
            .iter()
            .find(|i| i.title.starts_with("The Long Road"))
            .unwrap();
        assert_eq!(
            road.borrows, 0,
            "KOReader shows borrow links disabled: {road:?}"
        );
        let (_, epub) = road
            .downloads
            .iter()
            .find(|(t, _)| t == "application/epub+zip")
            .unwrap_or_else(|| panic!("no EPUB to download: {road:?}"));
        assert!(road.image.is_some() && road.thumbnail.is_some(), "{road:?}");
        assert_ne!(road.image, road.thumbnail, "the full-size cover: {road:?}");
        // KOReader downloads with the same credentials (`checkDownloadFile`).
        let file = reqwest::Client::new()
            .get(epub)
            .basic_auth("member@example.org", Some("member-pass-1"))
            .send()
            .await
            .unwrap();
        assert_eq!(file.status(), StatusCode::OK, "{epub}");
        assert!(file.bytes().await.unwrap().starts_with(b"PK"));
    }
}

/// KOReader's `downloadFile` shows the status line luasocket read (`status or code`) when a
/// download fails, and its catalog browser a fixed text per status: the status line is where a
/// reader hears why. The authentication document says it too, and links the library's logo and
/// the help on signing in from an app.
async fn koreader_is_told_why_its_password_is_refused(backend: Backend) {
    let app = TestApp::start(backend).await.with_catalog().await;
    use base64::Engine;
    let basic =
        base64::engine::general_purpose::STANDARD.encode("member@example.org:not-the-password");
    let (status_line, body) = raw_get(&app, "/opds/main/shelf", &basic).await;
    assert_eq!(
        status_line, "HTTP/1.1 401 The user name or password is not right",
        "{body}"
    );
    let document: Value = serde_json::from_str(&body).unwrap();
    let description = document["description"].as_str().unwrap();
    assert!(
        description.starts_with("The user name or password is not right. Sign in"),
        "{description}"
    );
    // An app that sent nothing is asked to sign in, with no refusal.
    let (status_line, body) = raw_get(&app, "/opds/main/shelf", "").await;
    assert_eq!(status_line, "HTTP/1.1 401 Unauthorized");
    let document: Value = serde_json::from_str(&body).unwrap();
    assert!(
        document["description"]
            .as_str()
            .unwrap()
            .starts_with("Sign in with your Main Library account"),
        "{document}"
    );
    let link = |rel: &str| {
        document["links"]
            .as_array()
            .unwrap()
            .iter()
            .find(|l| l["rel"] == rel)
            .unwrap_or_else(|| panic!("no {rel} link: {document}"))
            .clone()
    };
    let logo = link("logo");
    assert_eq!(logo["type"], "image/png");
    let png = app
        .http
        .get(logo["href"].as_str().unwrap())
        .send()
        .await
        .unwrap();
    assert_eq!(png.status(), StatusCode::OK);
    assert_eq!(png.headers()["content-type"], "image/png");
    let png = png.bytes().await.unwrap();
    assert!(png.starts_with(b"\x89PNG\r\n\x1a\n"));
    // The IHDR chunk's width and height, as the link gives them.
    let side = |at: usize| u32::from_be_bytes(png[at..at + 4].try_into().unwrap());
    assert_eq!((side(16), side(20)), (256, 256));
    // The library's initials are drawn, in white (the font database's own sans-serif, Arial,
    // is rarely installed, and covers and logo came out blank).
    let pixmap = resvg::tiny_skia::Pixmap::decode_png(&png).unwrap();
    let white = pixmap
        .pixels()
        .iter()
        .filter(|p| p.red() > 240 && p.green() > 240 && p.blue() > 240)
        .count();
    assert!(
        white > 1000,
        "{white} white pixels: the initials are not drawn"
    );
    assert_eq!(
        (logo["width"].clone(), logo["height"].clone()),
        (256.into(), 256.into())
    );
    let help = link("help");
    assert_eq!(help["type"], "text/html");
    let href = help["href"].as_str().unwrap();
    let (page, fragment) = href.split_once('#').unwrap();
    let html = app.http.get(page).send().await.unwrap();
    assert_eq!(html.status(), StatusCode::OK, "{href}");
    let html = html.text().await.unwrap();
    assert!(html.contains(&format!("id=\"{fragment}\"")), "{html}");
    assert!(
        html.contains(&app.url("/opds/main")),
        "the catalog's address: {html}"
    );
}

/// A GET as luasocket sends it (HTTP/1.1, the Basic credentials when there are any), and the
/// status line and body as it reads them.
async fn raw_get(app: &TestApp, path: &str, basic: &str) -> (String, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let host = app.base.trim_start_matches("http://");
    let mut stream = tokio::net::TcpStream::connect(host).await.unwrap();
    let authorization = if basic.is_empty() {
        String::new()
    } else {
        format!("authorization: Basic {basic}\r\n")
    };
    let request = format!(
        "GET {path} HTTP/1.1\r\nhost: {host}\r\naccept-encoding: identity\r\n{authorization}connection: close\r\n\r\n"
    );
    stream.write_all(request.as_bytes()).await.unwrap();
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.unwrap();
    let answer = String::from_utf8(answer).unwrap();
    let (head, body) = answer.split_once("\r\n\r\n").unwrap();
    let status_line = head.lines().next().unwrap().to_owned();
    // The body of a close-delimited or chunked answer: one chunk for a document this small.
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        let (_, rest) = body.split_once("\r\n").unwrap();
        rest.rsplit_once("\r\n0\r\n").unwrap().0.to_owned()
    } else {
        body.to_owned()
    };
    (status_line, body)
}
