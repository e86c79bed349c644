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
    let dir = scratch().unwrap();
    let path = dir.path().join("book.docx");
    std::fs::write(&path, docx).unwrap();
    let out = std::process::Command::new("python3")
        .args(["-c", READ_BACK])
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
