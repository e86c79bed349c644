//! Word made by the real pandoc, read back by python-docx (`.ci/run` installs both): a reader
//! nobody here wrote.

use super::*;
use crate::epub::testing::epub_of_bodies;

const BODY: &str = r#"<h1>Chapter One</h1><p>Some text.</p><h2>A part</h2>
<ul><li>First</li><li>Second</li></ul>
<figure><img src="image.png" alt="A whale, breaching"/><figcaption>The whale</figcaption></figure>
<p>Inline <img src="image.png" alt="a small pixel"/> picture.</p>
<table><thead><tr><th>Name</th><th>Age</th></tr></thead><tbody><tr><td>Ann</td><td>7</td></tr></tbody></table>"#;

/// What python-docx reads: each paragraph's style and whether it is numbered (a list item),
/// each picture's description, each table's first row and whether it repeats as a header.
const READ_BACK: &str = r#"
import json, sys, docx
d = docx.Document(sys.argv[1])
print(json.dumps({
  "paragraphs": [[p.style.name, p._p.pPr is not None and p._p.pPr.numPr is not None, p.text]
                 for p in d.paragraphs if p.text],
  "pictures": [s._inline.docPr.get("descr") for s in d.inline_shapes],
  "tables": [[[c.text for c in t.rows[0].cells],
              t.rows[0]._tr.trPr is not None and "tblHeader" in t.rows[0]._tr.trPr.xml]
             for t in d.tables],
}))
"#;

fn read_back(docx: &[u8]) -> serde_json::Value {
    read_back_by(READ_BACK, docx)
}

/// What a python-docx `script` prints of the Word file, as JSON.
fn read_back_by(script: &str, docx: &[u8]) -> serde_json::Value {
    let dir = scratch().unwrap();
    let path = dir.path().join("book.docx");
    std::fs::write(&path, docx).unwrap();
    let out = std::process::Command::new("python3")
        .args(["-c", script])
        .arg(&path)
        .output()
        .unwrap();
    assert!(
        out.status.success(),
        "python-docx: {}",
        String::from_utf8_lossy(&out.stderr)
    );
    serde_json::from_slice(&out.stdout).unwrap()
}

#[test]
fn word_keeps_headings_lists_descriptions_and_table_headers() {
    let docx = make(&epub_of_bodies("A Book", &[BODY]), &Cancel::default()).unwrap();
    let read = read_back(&docx);
    let paragraphs = read["paragraphs"].as_array().unwrap();
    let styled = |text: &str| {
        paragraphs
            .iter()
            .find(|p| p[2] == text)
            .unwrap_or_else(|| panic!("no paragraph {text:?} in {paragraphs:?}"))
            .clone()
    };
    assert_eq!(styled("Chapter One")[0], "Heading 1");
    assert_eq!(styled("A part")[0], "Heading 2");
    assert_eq!(styled("First")[1], true, "a list item is numbered");
    assert_eq!(styled("Second")[1], true);
    assert_eq!(styled("Some text.")[1], false);
    assert_eq!(
        read["pictures"],
        serde_json::json!(["A whale, breaching", "a small pixel"])
    );
    assert_eq!(read["tables"], serde_json::json!([[["Name", "Age"], true]]));
}

#[test]
fn only_figure_tags_are_renamed() {
    assert_eq!(
        rename(
            r#"<figure id="f"><figcaption>x</figcaption><figures/></figure>"#,
            "figure",
            "div"
        ),
        r#"<div id="f"><figcaption>x</figcaption><figures/></div>"#
    );
    assert_eq!(
        rename("<figcaption>x</figcaption>", "figcaption", "p"),
        "<p>x</p>"
    );
    assert_eq!(rename("a < b <figure/>", "figure", "div"), "a < b <div/>");
}

/// What python-docx reads of languages: the document's default (`w:docDefaults`), and each
/// run's text with the language its character style gives it.
const LANGUAGES_READ_BACK: &str = r#"
import json, sys, docx
from docx.oxml.ns import qn
d = docx.Document(sys.argv[1])
def lang_of(style):
    rpr = style.element.rPr if style is not None else None
    found = rpr.find(qn("w:lang")) if rpr is not None else None
    return found.get(qn("w:val")) if found is not None else None
defaults = d.styles.element.find(qn("w:docDefaults")).find(qn("w:rPrDefault")).find(qn("w:rPr"))
print(json.dumps({
  "default": defaults.find(qn("w:lang")).get(qn("w:val")),
  "runs": [[r.text, lang_of(r.style) if r.style.name.startswith("Lang ") else None]
           for p in d.paragraphs for r in p.runs if r.text.strip()],
}))
"#;

#[test]
fn word_says_the_book_s_language_and_each_part_s_own() {
    let body = r#"<h1>Capítulo <span lang="fr">un</span></h1>
<p>Dijo <i xml:lang="en-GB">good morning &amp; goodbye</i> y se fue.</p>
<div lang="de"><p>Guten Tag.</p></div><p lang="es-MX">Hola otra vez.</p>"#;
    let master = crate::epub::testing::epub_of_bodies_in("es", "Un libro", &[body]);
    let docx = make(&master, &Cancel::default()).unwrap();
    let read = read_back_by(LANGUAGES_READ_BACK, &docx);
    assert_eq!(read["default"], "es");
    let runs: Vec<(String, Option<String>)> = serde_json::from_value(read["runs"].clone()).unwrap();
    let lang_of = |text: &str| {
        runs.iter()
            .find(|(t, _)| t.contains(text))
            .unwrap_or_else(|| panic!("no run {text:?} in {runs:?}"))
            .1
            .clone()
    };
    assert_eq!(lang_of("un"), Some("fr".to_owned()));
    assert_eq!(lang_of("good morning"), Some("en-GB".to_owned()));
    assert_eq!(lang_of("goodbye"), Some("en-GB".to_owned()));
    assert_eq!(lang_of("Guten Tag"), Some("de".to_owned()));
    assert_eq!(
        lang_of("Dijo"),
        None,
        "the book's language is the default's"
    );
    assert_eq!(
        lang_of("Hola otra vez"),
        None,
        "Mexican Spanish is the book's Spanish"
    );
}

#[test]
fn only_text_in_another_language_is_marked() {
    let xhtml = r#"<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml" lang="en"><head><title lang="fr">Titre</title></head>
<body><p>One <b lang="fr">deux &amp; trois</b> <span lang="fr"> </span>four.</p></body></html>"#;
    let marked = crate::derive::docx_languages::marked(xhtml, "en");
    assert!(
        marked.contains(r#"<title lang="fr">Titre</title>"#),
        "{marked}"
    );
    assert!(
        marked.contains(
            r#"<b lang="fr"><span data-custom-style="Lang fr">deux </span><span data-custom-style="Lang fr">&amp;</span><span data-custom-style="Lang fr"> trois</span></b>"#
        ),
        "{marked}"
    );
    assert!(
        marked.contains(r#"<span lang="fr"> </span>four."#),
        "{marked}"
    );
    // Not XML: given as it is.
    assert_eq!(
        crate::derive::docx_languages::marked("<p>a<b>", "en"),
        "<p>a<b>"
    );
}
