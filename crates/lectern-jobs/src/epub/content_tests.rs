use super::*;

const CONTAINER: &str = r#"<?xml version="1.0"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
<rootfiles><rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/></rootfiles>
</container>"#;

const OPF: &str = r#"<?xml version="1.0"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="id">
<metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
<dc:identifier id="id">urn:uuid:1</dc:identifier><dc:title>The Sea</dc:title>
<dc:language>en-GB</dc:language>
</metadata>
<manifest>
<item id="two" href="text/two.xhtml" media-type="application/xhtml+xml"/>
<item id="one" href="text/one.xhtml" media-type="application/xhtml+xml"/>
<item id="css" href="style.css" media-type="text/css"/>
</manifest>
<spine><itemref idref="one"/><itemref idref="two"/><itemref idref="css"/></spine>
</package>"#;

const ONE: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>Ignored</title><style>p { color: red }</style></head>
<body><section><h1>Chapter <em>One</em></h1>
<p>Call me   Ishmael. Some years ago&#8212;never mind <b>how</b> long.</p>
<span epub:type="pagebreak" role="doc-pagebreak" id="page2" aria-label="2"/>
<figure><img src="a.png" alt="A whale, breaching"/><figcaption>The whale.</figcaption></figure>
<ul><li>First</li><li>Second &amp; last</li></ul></section></body></html>"#;

const TWO: &str = r#"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops">
<head><title>Two</title></head>
<body><h2>Loomings</h2><div>Text in a div<p>and a paragraph inside it.</p></div>
<div epub:type="pagebreak" title="iii">iii</div><img src="b.png" alt=""/></body></html>"#;

fn epub(files: &[(&str, &str)]) -> Vec<u8> {
    let bytes: Vec<(&str, &[u8])> = files.iter().map(|(n, t)| (*n, t.as_bytes())).collect();
    super::super::testing::zip(&bytes)
}

fn book() -> Vec<u8> {
    epub(&[
        ("mimetype", "application/epub+zip"),
        ("META-INF/container.xml", CONTAINER),
        ("OEBPS/content.opf", OPF),
        ("OEBPS/text/one.xhtml", ONE),
        ("OEBPS/text/two.xhtml", TWO),
    ])
}

#[test]
fn the_spine_is_read_in_order_as_headings_paragraphs_pages_and_images() {
    let content = read_content(&book()).unwrap();
    assert_eq!(content.title, "The Sea");
    assert_eq!(content.language.as_deref(), Some("en-GB"));
    let p = |t: &str| Part::Paragraph(t.to_owned());
    assert_eq!(
        content.parts,
        vec![
            Part::Heading {
                level: 1,
                text: "Chapter One".into()
            },
            p("Call me Ishmael. Some years ago\u{2014}never mind how long."),
            Part::PageBreak("2".into()),
            Part::Image {
                src: "OEBPS/text/a.png".into(),
                alt: "A whale, breaching".into()
            },
            p("The whale."),
            p("First"),
            p("Second & last"),
            Part::Heading {
                level: 2,
                text: "Loomings".into()
            },
            p("Text in a div"),
            p("and a paragraph inside it."),
            Part::PageBreak("iii".into()),
            Part::Image {
                src: "OEBPS/text/b.png".into(),
                alt: String::new()
            },
        ]
    );
}

/// Each part is where the reader's pages write it (`data-cfi`), so a clip of the narration
/// finds its paragraph on the page.
#[test]
fn each_part_knows_its_document_in_the_spine_and_its_element_s_steps() {
    let content = read_content(&book()).unwrap();
    let places: Vec<(usize, &str)> = content
        .places
        .iter()
        .map(|p| (p.spine, p.steps.as_str()))
        .collect();
    assert_eq!(
        places,
        vec![
            (1, "/4/2/2"),
            (1, "/4/2/4"),
            (1, "/4/2/6"),
            (1, "/4/2/8/2"),
            (1, "/4/2/8/4"),
            (1, "/4/2/10/2"),
            (1, "/4/2/10/4"),
            (2, "/4/2"),
            (2, "/4/4"),
            (2, "/4/4/2"),
            (2, "/4/6"),
            (2, "/4/8"),
        ]
    );
}

#[test]
fn what_is_not_an_epub_3_is_refused_as_read_metadata_refuses_it() {
    assert!(matches!(
        read_content(b"not a zip"),
        Err(EpubError::NotZip(_))
    ));
    let no_container = epub(&[("mimetype", "application/epub+zip")]);
    assert_eq!(read_content(&no_container), Err(EpubError::NoContainer));
}

#[test]
fn a_stretch_in_another_language_is_known_by_its_bytes_and_tag() {
    let bilingual = r#"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en" xml:lang="en">
<head><title>One</title></head>
<body><p>He said <i lang="es">buenos   días,
  <b>niño</b></i> and left.</p>
<p xml:lang="fr">Bonjour <span lang="en-US">my friend</span>.</p>
<h2 lang="EN-gb">Chapter two</h2><p>Plain<br/><span lang="de">Kinder</span></p></body></html>"#;
    let content = read_content(&epub(&[
        ("mimetype", "application/epub+zip"),
        ("META-INF/container.xml", CONTAINER),
        ("OEBPS/content.opf", OPF),
        ("OEBPS/text/one.xhtml", bilingual),
        ("OEBPS/text/two.xhtml", TWO),
    ]))
    .unwrap();
    let stretches = |n: usize| -> Vec<(String, &str)> {
        let (Part::Paragraph(text) | Part::Heading { text, .. }) = &content.parts[n] else {
            panic!("part {n} has no text");
        };
        content.foreign[n]
            .iter()
            .map(|f| (f.lang.clone(), &text[f.range.clone()]))
            .collect()
    };
    assert_eq!(
        content.parts[0],
        Part::Paragraph("He said buenos días, niño and left.".into())
    );
    assert_eq!(stretches(0), [("es".to_owned(), "buenos días, niño")]);
    // The paragraph is French but for its English words, which are the book's language.
    assert_eq!(
        stretches(1),
        [("fr".to_owned(), "Bonjour"), ("fr".to_owned(), ".")]
    );
    assert!(
        stretches(2).is_empty(),
        "British English is the book's English"
    );
    assert_eq!(stretches(3), [("de".to_owned(), "Kinder")]);
    assert_eq!(content.foreign.len(), content.parts.len());
    assert!(content.foreign[4..].iter().all(Vec::is_empty));
}
