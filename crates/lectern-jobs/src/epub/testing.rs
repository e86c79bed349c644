//! Small EPUB 3 files for tests, written by hand: what `build` cannot make (images, lists,
//! tables, page breaks) is what the converters must carry over.

/// A 1 by 1 pixel PNG.
pub(crate) const PIXEL_PNG: &[u8] = &[
    0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0x00, 0x00, 0x00, 0x0d, 0x49, 0x48, 0x44, 0x52,
    0x00, 0x00, 0x00, 0x01, 0x00, 0x00, 0x00, 0x01, 0x08, 0x06, 0x00, 0x00, 0x00, 0x1f, 0x15, 0xc4,
    0x89, 0x00, 0x00, 0x00, 0x0b, 0x49, 0x44, 0x41, 0x54, 0x78, 0x9c, 0x63, 0xf8, 0x0f, 0x04, 0x00,
    0x09, 0xfb, 0x03, 0xfd, 0xfb, 0x5e, 0x6b, 0x2b, 0x00, 0x00, 0x00, 0x00, 0x49, 0x45, 0x4e, 0x44,
    0xae, 0x42, 0x60, 0x82,
];

/// A zip of the given entries, stored in order (`mimetype` first when given first).
pub(crate) fn zip(files: &[(&str, &[u8])]) -> Vec<u8> {
    let mut zip = crate::zipio::writer();
    let time = crate::zipio::timestamp("2026-01-01T00:00:00Z");
    for (name, bytes) in files {
        crate::zipio::put(&mut zip, name, bytes, false, time).unwrap();
    }
    crate::zipio::finish(zip).unwrap()
}

/// An EPUB 3 in English whose spine is the given XHTML bodies (one document each) in order,
/// with `image.png` beside them.
pub(crate) fn epub_of_bodies(title: &str, bodies: &[&str]) -> Vec<u8> {
    epub_of_bodies_in("en", title, bodies)
}

/// As `epub_of_bodies`, in `language` (BCP 47).
pub(crate) fn epub_of_bodies_in(language: &str, title: &str, bodies: &[&str]) -> Vec<u8> {
    let container = r#"<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"#;
    let mut manifest = String::from(
        r#"<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>
<item id="image" href="image.png" media-type="image/png"/>"#,
    );
    let mut spine = String::new();
    let mut documents = Vec::new();
    for (i, body) in bodies.iter().enumerate() {
        manifest.push_str(&format!(
            "\n<item id=\"d{i}\" href=\"d{i}.xhtml\" media-type=\"application/xhtml+xml\"/>"
        ));
        spine.push_str(&format!("<itemref idref=\"d{i}\"/>"));
        documents.push((format!("OEBPS/d{i}.xhtml"), xhtml(language, title, body)));
    }
    let opf = format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="id">urn:uuid:0b8f4a2e-1d7c-4a38-9a55-2f1e6c0d9e71</dc:identifier>
<dc:title>{title}</dc:title><dc:language>{language}</dc:language>
<meta property="dcterms:modified">2026-01-01T00:00:00Z</meta>
</metadata>
<manifest>
{manifest}
</manifest>
<spine>{spine}</spine>
</package>"#
    );
    let nav = xhtml(
        language,
        title,
        r#"<nav epub:type="toc"><h1>Contents</h1><ol><li><a href="d0.xhtml">Start</a></li></ol></nav>"#,
    );
    let mut files: Vec<(String, Vec<u8>)> = vec![
        ("mimetype".into(), b"application/epub+zip".to_vec()),
        (
            "META-INF/container.xml".into(),
            container.as_bytes().to_vec(),
        ),
        ("OEBPS/content.opf".into(), opf.into_bytes()),
        ("OEBPS/nav.xhtml".into(), nav.into_bytes()),
        ("OEBPS/image.png".into(), PIXEL_PNG.to_vec()),
    ];
    files.extend(documents.into_iter().map(|(n, x)| (n, x.into_bytes())));
    let borrowed: Vec<(&str, &[u8])> = files
        .iter()
        .map(|(n, b)| (n.as_str(), b.as_slice()))
        .collect();
    zip(&borrowed)
}

fn xhtml(language: &str, title: &str, body: &str) -> String {
    format!(
        r#"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" lang="{language}" xml:lang="{language}">
<head><title>{title}</title></head>
<body>{body}</body></html>"#
    )
}
