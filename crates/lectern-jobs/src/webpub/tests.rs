use super::*;
use crate::epub::testing::zip;
use crate::epub::{Chapter, EpubSource, build};

/// A local file store holding `bytes` at `book.epub`, and the zip's directory read from it.
async fn stored(
    bytes: &[u8],
) -> (
    tempfile::TempDir,
    FileStore,
    Result<ZipDirectory, WebpubError>,
) {
    let dir = tempfile::tempdir().unwrap();
    let files = FileStore::local(dir.path()).unwrap();
    files.put("book.epub", bytes.to_vec()).await.unwrap();
    let directory = ZipDirectory::read(&files, "book.epub", bytes.len() as u64).await;
    (dir, files, directory)
}

fn novel() -> Vec<u8> {
    let long = "It was a long day on the water. ".repeat(400);
    build(&EpubSource {
        print_edition: None,
        identifier: "urn:uuid:webpub-1".into(),
        title: "The Long Day".into(),
        authors: vec!["Ann Author".into()],
        language: "eng".into(),
        chapters: vec![
            Chapter {
                title: "Morning".into(),
                text: long.clone(),
            },
            Chapter {
                title: "Evening".into(),
                text: "Short.".into(),
            },
        ],
        modified: "2026-01-01T00:00:00Z".into(),
        ..EpubSource::default()
    })
}

#[tokio::test]
async fn entries_are_read_by_range_as_the_zip_holds_them() {
    let bytes = novel();
    let (_dir, files, directory) = stored(&bytes).await;
    let directory = directory.unwrap();
    let mut archive = crate::zipio::open(&bytes).unwrap();
    // A deflated chapter (it is over the size deflate starts at) and a stored one.
    for name in ["EPUB/chapter-1.xhtml", "EPUB/chapter-2.xhtml", "mimetype"] {
        let expected = crate::zipio::read_entry(&mut archive, name)
            .unwrap()
            .unwrap();
        let read = directory.entry(&files, "book.epub", name).await.unwrap();
        assert_eq!(read.as_deref(), Some(&expected[..]), "{name}");
        assert_eq!(directory.size_of(name), Some(expected.len() as u64));
    }
    assert!(
        directory
            .entry(&files, "book.epub", "EPUB/none.xhtml")
            .await
            .unwrap()
            .is_none()
    );
}

#[tokio::test]
async fn the_publication_names_its_reading_order_resources_and_contents() {
    let (_dir, files, directory) = stored(&novel()).await;
    let publication = Publication::read(&files, "book.epub", &directory.unwrap())
        .await
        .unwrap();
    assert_eq!(publication.metadata.title, "The Long Day");
    let order: Vec<&str> = publication
        .reading_order
        .iter()
        .map(|r| r.path.as_str())
        .collect();
    assert_eq!(
        order,
        [
            "EPUB/title.xhtml",
            "EPUB/chapter-1.xhtml",
            "EPUB/chapter-2.xhtml"
        ]
    );
    assert!(
        publication
            .reading_order
            .iter()
            .all(|r| r.media_type == "application/xhtml+xml")
    );
    assert!(
        publication
            .resources
            .iter()
            .any(|r| r.path == "EPUB/nav.xhtml" && r.properties == ["nav"]),
        "{:?}",
        publication.resources
    );
    let toc: Vec<(&str, &str)> = publication
        .toc
        .iter()
        .map(|p| (p.href.as_str(), p.title.as_str()))
        .collect();
    assert!(
        toc.contains(&("EPUB/chapter-1.xhtml", "Morning")),
        "{toc:?}"
    );
    assert!(!publication.metadata.accessibility.features.is_empty());
}

const NAV: &str = r##"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:ops="http://www.idpf.org/2007/ops">
<head><title>Contents</title></head>
<body>
<nav ops:type="toc"><h1>Contents</h1><ol>
  <li><span>Part One</span><ol>
    <li><a href="text/d0.xhtml#c1">Chapter <em>1</em> &amp; more</a></li>
    <li><a href="text/d1.xhtml"><img src="x.png" alt="Chapter 2"/></a></li>
  </ol></li>
  <li><a href="#back">Back matter</a></li>
</ol></nav>
<nav ops:type="page-list" hidden="hidden"><ol>
  <li><a href="text/d0.xhtml#page12">12</a></li>
  <li><a href="text/d1.xhtml#page13">13</a></li>
</ol></nav>
<nav ops:type="landmarks"><ol>
  <li><a ops:type="bodymatter" href="text/d0.xhtml">Start of the book</a></li>
</ol></nav>
<nav><ol><li><a href="text/d1.xhtml">Not a nav a reading system reads</a></li></ol></nav>
</body></html>"##;

#[test]
fn the_navigation_document_gives_contents_pages_and_landmarks() {
    let nav = navigation::read(NAV, "OEBPS/nav.xhtml").unwrap();
    let point = |href: &str, title: &str| NavPoint {
        href: href.into(),
        title: title.into(),
        ..NavPoint::default()
    };
    assert_eq!(
        nav.toc,
        [
            NavPoint {
                children: vec![
                    point("OEBPS/text/d0.xhtml#c1", "Chapter 1 & more"),
                    point("OEBPS/text/d1.xhtml", "Chapter 2"),
                ],
                ..point("", "Part One")
            },
            point("OEBPS/nav.xhtml#back", "Back matter"),
        ]
    );
    assert_eq!(
        nav.page_list,
        [
            point("OEBPS/text/d0.xhtml#page12", "12"),
            point("OEBPS/text/d1.xhtml#page13", "13"),
        ]
    );
    assert_eq!(
        nav.landmarks,
        [NavPoint {
            kind: Some("bodymatter".into()),
            ..point("OEBPS/text/d0.xhtml", "Start of the book")
        }]
    );
}

#[tokio::test]
async fn what_is_not_a_sound_zip_is_refused_by_name() {
    let (_dir, _files, directory) = stored(b"not a zip at all").await;
    assert!(matches!(directory, Err(WebpubError::Zip(m)) if m.contains("not a zip")));

    // A zip whose entry was changed after it was written fails its check.
    let mut bytes = zip(&[("a.txt", b"hello, reader".as_slice())]);
    let at = bytes.windows(5).position(|w| w == b"hello").unwrap();
    bytes[at] = b'j';
    let (_dir, files, directory) = stored(&bytes).await;
    let read = directory.unwrap().entry(&files, "book.epub", "a.txt").await;
    assert!(
        matches!(&read, Err(WebpubError::Zip(m)) if m.contains("CRC")),
        "{read:?}"
    );
}

#[tokio::test]
async fn a_directory_beyond_the_tail_is_read_with_its_own_range() {
    // More entries than the tail holds: the central directory starts before the last 64 KiB.
    let names: Vec<String> = (0..1500)
        .map(|i| format!("OEBPS/images/picture-{i:05}.png"))
        .collect();
    let entries: Vec<(&str, &[u8])> = names
        .iter()
        .map(|n| (n.as_str(), b"x".as_slice()))
        .collect();
    let bytes = zip(&entries);
    let (_dir, files, directory) = stored(&bytes).await;
    let directory = directory.unwrap();
    assert!(directory.contains("OEBPS/images/picture-00000.png"));
    assert!(directory.contains("OEBPS/images/picture-01499.png"));
    let read = directory
        .entry(&files, "book.epub", "OEBPS/images/picture-00007.png")
        .await;
    assert_eq!(read.unwrap().as_deref(), Some(b"x".as_slice()));
}

/// Links and files as a page would write them, plainly, to see what the chapter asks for.
struct Plain;

impl Targets for Plain {
    fn link(&self, path: &str, fragment: Option<&str>) -> String {
        match fragment {
            Some(f) => format!("/book/{path}#{ID_PREFIX}{f}"),
            None => format!("/book/{path}"),
        }
    }
    fn file(&self, path: &str) -> String {
        format!("/files/{path}")
    }
}

const CHAPTER: &str = r##"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="en" lang="en">
<head><title>One</title><style>body { color: red }</style><script>alert(1)</script></head>
<body onload="steal()">
<section epub:type="chapter" role="doc-chapter" id="c1" class="fancy" style="color: red">
<h1 id="h1">Chapter <em>One</em> &amp; all</h1>
<span epub:type="pagebreak" id="p12" title="12"/>
<p onclick="steal()">See <a href="two.xhtml#note-3">the note</a>, <a href="#h1">the top</a>,
<a href="javascript:steal()">this</a> and <a href="https://example.org/">the web</a>.</p>
<div role="doc-pagebreak" aria-label="Page 13">13</div>
<p lang="es" xml:lang="es">Don Quijote</p>
<figure><img src="../images/map.png" alt="A map of the coast" onerror="steal()"/>
<figcaption>The coast</figcaption></figure>
<table><caption>Tides</caption><tr><th scope="col" id="t">Time</th></tr>
<tr><td headers="t" colspan="1">6:00</td></tr></table>
<math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mi mathvariant="bold" xlink:href="javascript:x" xmlns:xlink="http://www.w3.org/1999/xlink">x</mi><mo>=</mo><mn>2</mn></math>
<form action="https://evil.example/"><input name="pw"/></form>
<iframe src="https://evil.example/"></iframe>
<custom-element>kept text</custom-element>
</section>
</body></html>"##;

#[test]
fn a_chapter_keeps_its_structure_and_nothing_that_acts() {
    let got = chapter(CHAPTER, "OEBPS/text/one.xhtml", &Plain).unwrap();
    let html = &got.html;
    // Nothing that runs, styles, asks or embeds, and no handler.
    for gone in [
        "<script",
        "alert(",
        "<style",
        "color: red",
        "onload",
        "onclick",
        "onerror",
        "<form",
        "<input",
        "<iframe",
        "evil.example",
        "javascript:",
        "fancy",
        "xlink",
    ] {
        assert!(!html.contains(gone), "{gone} in {html}");
    }
    // The structure, its languages and its text.
    for kept in [
        r#"<section data-cfi="/4/2" role="doc-chapter" id="b-c1">"#,
        r#"<h1 data-cfi="/4/2/2" id="b-h1">Chapter <em>One</em> &amp; all</h1>"#,
        // Its place in the book counts what the page drops (the form, the page breaks).
        r#"<p data-cfi="/4/2/10" lang="es">Don Quijote</p>"#,
        r#"<figure data-cfi="/4/2/12">"#,
        r#"<img src="/files/OEBPS/images/map.png" alt="A map of the coast">"#,
        "<figcaption>The coast</figcaption>",
        r#"<th scope="col" id="b-t">Time</th>"#,
        r#"<td headers="b-t" colspan="1">6:00</td>"#,
        r#"<math xmlns="http://www.w3.org/1998/Math/MathML" display="block"><mi mathvariant="bold">x</mi>"#,
        "kept text",
    ] {
        assert!(html.contains(kept), "{kept} not in {html}");
    }
    // Links: within the book through the page, to the chapter's own ids prefixed, the web as is.
    assert!(
        html.contains(r##"<a href="/book/OEBPS/text/two.xhtml#b-note-3">the note</a>"##),
        "{html}"
    );
    assert!(html.contains(r##"<a href="#b-h1">the top</a>"##), "{html}");
    assert!(html.contains(r##"<a href="#">this</a>"##), "{html}");
    assert!(
        html.contains(r#"<a href="https://example.org/">the web</a>"#),
        "{html}"
    );
    // Page breaks announced as pages, placed in the book (where the narration says them), and
    // listed.
    assert!(
        html.contains(r#"<span class="page-break" role="doc-pagebreak" id="b-p12" aria-label="page 12" data-cfi="/4/2/4">page 12</span>"#),
        "{html}"
    );
    assert!(
        html.contains(r#"aria-label="page 13" data-cfi="/4/2/8">page 13</span>"#),
        "{html}"
    );
    assert!(!html.contains(">13</div>"), "{html}");
    assert_eq!(
        got.pages,
        [
            ("12".to_owned(), "b-p12".to_owned()),
            ("13".to_owned(), "b-page-13".to_owned())
        ]
    );
    assert_eq!(got.lang.as_deref(), Some("en"));
}

/// The place of a paragraph on the page is the API's reading position of it: KOReader's sync
/// finds the same paragraph from it, and back.
#[test]
fn a_place_on_the_page_is_a_reading_position_of_the_book() {
    use crate::epub::positions::Book;
    let epub = build(&EpubSource {
        identifier: "urn:uuid:webpub-places".into(),
        title: "Places".into(),
        language: "eng".into(),
        chapters: vec![Chapter {
            title: "One".into(),
            text: "The first paragraph.\n\nThe second paragraph.".into(),
        }],
        modified: "2026-01-01T00:00:00Z".into(),
        ..EpubSource::default()
    });
    let publication_path = "EPUB/chapter-1.xhtml";
    let xhtml = crate::zipio::read_text(&mut crate::zipio::open(&epub).unwrap(), publication_path)
        .unwrap()
        .expect("the chapter");
    let got = chapter(&xhtml, publication_path, &Plain).unwrap();
    let second_paragraph = got
        .html
        .split("<p data-cfi=\"")
        .nth(2)
        .and_then(|s| s.split('"').next())
        .unwrap_or_else(|| panic!("no placed paragraph in {}", got.html));
    // The chapter is the spine's second document (after the title page).
    let cfi = format!("epubcfi(/6/4!{second_paragraph})");
    let book = Book::read(&epub).unwrap();
    let koreader = book.xpointer_of(&cfi).expect("a place KOReader knows");
    assert_eq!(koreader.name, "/body/DocFragment[2]/body/section/p[2]");
    assert_eq!(book.cfi_of(&koreader.name).unwrap().name, cfi);
}
