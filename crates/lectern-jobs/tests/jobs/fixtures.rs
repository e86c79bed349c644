//! Test inputs: a full source for the builder, a hand-written EPUB that does things the builder
//! never does, and zip helpers.

use std::collections::BTreeMap;
use std::io::{Cursor, Read, Write};

use lectern_jobs::Notice;
use lectern_jobs::epub::{Chapter, EpubSource};
use zip::write::SimpleFileOptions;
use zip::{CompressionMethod, ZipArchive, ZipWriter};

pub fn source() -> EpubSource {
    EpubSource {
        print_edition: None,
        identifier: "lectern-100042".into(),
        isbn: Some("9780141439518".into()),
        title: "Pride & Prejudice".into(),
        subtitle: Some("A Novel <in three volumes>".into()),
        authors: vec!["Jane Austen".into(), "A. N. Other".into()],
        language: "eng".into(),
        publisher: Some("Lectern Demo Press".into()),
        date: Some("1813-01-28".into()),
        synopsis: Some("A story of manners, money and marriage.".into()),
        subjects: vec!["Fiction".into(), "Courtship".into()],
        chapters: vec![
            Chapter {
                title: "Chapter 1".into(),
                text:
                    "It is a truth universally acknowledged.\n\nHowever little known\nthe feelings."
                        .into(),
            },
            Chapter {
                title: "Chapter 2".into(),
                text: "Mr. Bennet was among the earliest.".into(),
            },
        ],
        accessibility_summary: Some("Text only, with headings and a table of contents.".into()),
        modified: "2025-01-02T03:04:05Z".into(),
    }
}

pub fn notice() -> Notice {
    Notice {
        user_display_name: "Ada Reader".into(),
        user_account_id: "AP5xvS_OBOox68BfRQ".into(),
        service_id: "100042".into(),
        title: "Pride & Prejudice".into(),
        site_name: "Lectern Library".into(),
        download_id: "dl-7f3a".into(),
        issued_at: "2026-03-04T05:06:07Z".into(),
        vocabulary: "https://library.example/vocab#".into(),
        record: lectern_jobs::Catalogued {
            authors: vec!["Jane Austen".into()],
            date: Some("1813-01-28".into()),
            subjects: vec!["Fiction".into(), "Romance".into()],
        },
        language: "en".into(),
    }
}

/// A zip with `mimetype` first and stored, the rest deflated, in the order given.
pub fn zip_of(entries: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = ZipWriter::new(Cursor::new(Vec::new()));
    for (name, data) in entries {
        let method = if *name == "mimetype" {
            CompressionMethod::Stored
        } else {
            CompressionMethod::Deflated
        };
        zip.start_file(
            *name,
            SimpleFileOptions::default().compression_method(method),
        )
        .unwrap();
        zip.write_all(data).unwrap();
    }
    zip.finish().unwrap().into_inner()
}

/// Every entry's name and uncompressed bytes, in archive order.
pub fn entries(bytes: &[u8]) -> Vec<(String, Vec<u8>)> {
    let mut archive = ZipArchive::new(Cursor::new(bytes)).unwrap();
    (0..archive.len())
        .map(|i| {
            let mut file = archive.by_index(i).unwrap();
            let mut data = Vec::new();
            file.read_to_end(&mut data).unwrap();
            (file.name().unwrap().into_owned(), data)
        })
        .collect()
}

pub fn entry_map(bytes: &[u8]) -> BTreeMap<String, Vec<u8>> {
    entries(bytes).into_iter().collect()
}

pub fn text_of(bytes: &[u8], name: &str) -> String {
    String::from_utf8(
        entry_map(bytes)
            .remove(name)
            .unwrap_or_else(|| panic!("no entry {name}")),
    )
    .unwrap()
}

pub const CONTAINER: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles><rootfile full-path="OEBPS/book.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>
"#;

/// A package document with the OPF namespace on a prefix, Dublin Core bound to `d`, a declared
/// prefix for schema.org, refinements, and EPUB Accessibility 1.1 certifier metadata.
pub const HAND_WRITTEN_OPF: &str = r##"<?xml version="1.0" encoding="UTF-8"?>
<opf:package xmlns:opf="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="uid" xml:lang="en-GB"
    prefix="s: http://schema.org/
            foaf: http://xmlns.com/foaf/spec/">
  <opf:metadata xmlns:d="http://purl.org/dc/elements/1.1/">
    <d:identifier id="isbn10">0-14-143951-3</d:identifier>
    <d:identifier id="uid">urn:uuid:0b5c3f7e-8d2a-4c1e-9f3b-2a7d6e5c4b3a</d:identifier>
    <d:title id="t2"><![CDATA[A Novel]]></d:title>
    <opf:meta refines="#t2" property="title-type">subtitle</opf:meta>
    <d:title id="t1">Pride &amp; Prejudice</d:title>
    <d:creator id="c1">Jane Austen</d:creator>
    <opf:meta refines="#c1" property="role" scheme="marc:relators">aut</opf:meta>
    <opf:meta refines="#c1" property="file-as">Austen, Jane</opf:meta>
    <d:contributor id="c2">Hugh Thomson</d:contributor>
    <opf:meta refines="#c2" property="role" scheme="marc:relators">ill</opf:meta>
    <d:contributor id="c3">Kate   Reading</d:contributor>
    <opf:meta refines="#c3" property="role" scheme="marc:relators">nrt</opf:meta>
    <opf:meta refines="#c3" property="role" scheme="marc:relators">trl</opf:meta>
    <d:language>en-GB</d:language>
    <d:language>fr</d:language>
    <d:publisher>Lectern Test Press</d:publisher>
    <d:date>1813-01-28</d:date>
    <d:description>  A novel
        of manners.  </d:description>
    <d:subject>Fiction</d:subject>
    <d:subject>Courtship</d:subject>
    <d:rights>Public domain</d:rights>
    <d:source>urn:isbn:9780141439518</d:source>
    <opf:meta property="dcterms:modified">2024-05-06T07:08:09Z</opf:meta>
    <opf:meta property="s:accessMode">textual</opf:meta>
    <opf:meta property="schema:accessMode">visual</opf:meta>
    <opf:meta property="schema:accessModeSufficient">textual</opf:meta>
    <opf:meta property="schema:accessModeSufficient">textual,visual</opf:meta>
    <opf:meta property="schema:accessibilityFeature">structuralNavigation</opf:meta>
    <opf:meta property="s:accessibilityFeature">alternativeText</opf:meta>
    <opf:meta property="schema:accessibilityHazard">noFlashingHazard</opf:meta>
    <opf:meta property="schema:accessibilitySummary">Headings &#x26; alt text throughout.</opf:meta>
    <opf:meta property="dcterms:conformsTo">EPUB Accessibility 1.1 - WCAG 2.1 Level AA</opf:meta>
    <opf:link rel="dcterms:conformsTo" href="http://www.idpf.org/epub/a11y/accessibility-20170105.html#wcag-aa"/>
    <opf:meta property="a11y:certifiedBy" id="certifier">Lectern Test Lab</opf:meta>
    <opf:meta property="a11y:certifierCredential" refines="#certifier">DAISY Ace Certified</opf:meta>
    <opf:link rel="a11y:certifierReport" refines="#certifier" href="https://lectern.example/reports/1.html"/>
  </opf:metadata>
  <opf:manifest>
    <opf:item id="nav" href="text/nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
    <opf:item id="ch1" href="text/ch1.xhtml" media-type="application/xhtml+xml"/>
    <opf:item id="css" href="style/book.css" media-type="text/css"/>
  </opf:manifest>
  <opf:spine>
    <opf:itemref idref="ch1"/>
  </opf:spine>
</opf:package>
"##;

const NAV: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="en-GB" xml:lang="en-GB">
<head><title>Contents</title><link rel="stylesheet" type="text/css" href="../style/book.css"/></head>
<body>
<nav epub:type="landmarks" hidden="hidden"><h2>Landmarks</h2>
<ol><li><a epub:type="bodymatter" href="ch1.xhtml">Start</a></li></ol></nav>
<nav epub:type="toc" id="toc"><h1>Contents</h1>
<ol><li><a href="ch1.xhtml">Chapter One</a></li></ol></nav>
</body>
</html>
"#;

const CHAPTER: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en-GB" xml:lang="en-GB">
<head><title>Chapter One</title><link rel="stylesheet" type="text/css" href="../style/book.css"/></head>
<body><h1>Chapter One</h1><p>It is a truth universally acknowledged.</p></body>
</html>
"#;

/// A valid EPUB 3 around [`HAND_WRITTEN_OPF`] (or another package document), with the package
/// and the navigation document in different directories.
pub fn hand_written_with(opf: &str) -> Vec<u8> {
    hand_written_parts(opf, CHAPTER)
}

/// The hand-written EPUB as a fixed-layout publication, whose pages state their viewport.
pub fn fixed_layout() -> Vec<u8> {
    let opf = HAND_WRITTEN_OPF.replace(
        "  </opf:metadata>",
        "    <opf:meta property=\"rendition:layout\">pre-paginated</opf:meta>\n  </opf:metadata>",
    );
    let chapter = CHAPTER.replace(
        "<head>",
        "<head><meta name=\"viewport\" content=\"width=600, height=800\"/>",
    );
    hand_written_parts(&opf, &chapter)
}

fn hand_written_parts(opf: &str, chapter: &str) -> Vec<u8> {
    zip_of(&[
        ("mimetype", b"application/epub+zip"),
        ("META-INF/container.xml", CONTAINER.as_bytes()),
        ("OEBPS/book.opf", opf.as_bytes()),
        ("OEBPS/text/nav.xhtml", NAV.as_bytes()),
        ("OEBPS/text/ch1.xhtml", chapter.as_bytes()),
        ("OEBPS/style/book.css", b"body { line-height: 1.5; }\n"),
    ])
}

pub fn hand_written() -> Vec<u8> {
    hand_written_with(HAND_WRITTEN_OPF)
}
