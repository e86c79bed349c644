//! Word, PDF and braille delivered as their own files, with the notice inside each.

use std::process::Command;

use lectern_domain::account::braille::{BrailleCode, BrailleLayout};
use lectern_jobs::package::{self, Format};

use crate::fixtures::{entry_map, notice, zip_of};

const CORE_NS: &str = "http://schemas.openxmlformats.org/package/2006/metadata/core-properties";

/// A Word document as Word writes one: the main part found through the package relationships,
/// a section's properties last in the body, and core properties with an empty title.
fn word_document(core_title: &str) -> Vec<u8> {
    let rels = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="word/document.xml"/><Relationship Id="rId2" Type="http://schemas.openxmlformats.org/package/2006/relationships/metadata/core-properties" Target="docProps/core.xml"/></Relationships>"#;
    let types = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types"><Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/><Default Extension="xml" ContentType="application/xml"/><Override PartName="/word/document.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/><Override PartName="/word/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.styles+xml"/><Override PartName="/docProps/core.xml" ContentType="application/vnd.openxmlformats-package.core-properties+xml"/></Types>"#;
    let document = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:document xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:body><w:p><w:r><w:t>It is a truth universally acknowledged.</w:t></w:r></w:p><w:sectPr><w:pgSz w:w="12240" w:h="15840"/></w:sectPr></w:body></w:document>"#;
    let core = format!(
        r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<cp:coreProperties xmlns:cp="{CORE_NS}" xmlns:dc="http://purl.org/dc/elements/1.1/">{core_title}</cp:coreProperties>"#
    );
    let document_rels = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships"><Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/></Relationships>"#;
    let styles = r#"<?xml version="1.0" encoding="UTF-8" standalone="yes"?>
<w:styles xmlns:w="http://schemas.openxmlformats.org/wordprocessingml/2006/main"><w:style w:type="paragraph" w:default="1" w:styleId="Normal"><w:name w:val="Normal"/></w:style><w:style w:type="paragraph" w:styleId="Heading1"><w:name w:val="heading 1"/><w:basedOn w:val="Normal"/><w:pPr><w:outlineLvl w:val="0"/></w:pPr></w:style></w:styles>"#;
    zip_of(&[
        ("[Content_Types].xml", types.as_bytes()),
        ("_rels/.rels", rels.as_bytes()),
        ("word/document.xml", document.as_bytes()),
        ("word/_rels/document.xml.rels", document_rels.as_bytes()),
        ("word/styles.xml", styles.as_bytes()),
        ("docProps/core.xml", core.as_bytes()),
    ])
}

#[test]
fn a_word_document_ends_with_the_notice_and_names_its_title_and_author() {
    let stamped = package::stamp(
        Format::Docx,
        &word_document("<dc:title></dc:title>"),
        &notice(),
        &BrailleLayout::STANDARD,
    )
    .unwrap();
    let parts = entry_map(&stamped);
    let document = String::from_utf8(parts["word/document.xml"].clone()).unwrap();
    let book = document.find("universally acknowledged").unwrap();
    let heading = document
        .find(r#"<w:pStyle w:val="Heading1"/><w:outlineLvl w:val="0"/></w:pPr><w:r><w:rPr><w:lang w:val="en"/></w:rPr><w:t xml:space="preserve">Copyright notice</w:t>"#)
        .unwrap_or_else(|| panic!("{document}"));
    let section = document.find("<w:sectPr>").unwrap();
    assert!(book < heading && heading < section, "{document}");
    assert!(document.contains(r#"<w:br w:type="page"/>"#), "{document}");
    assert!(document.contains("Ada Reader"), "{document}");
    let core = String::from_utf8(parts["docProps/core.xml"].clone()).unwrap();
    assert!(
        core.contains("<dc:title>Pride &amp; Prejudice</dc:title>"),
        "{core}"
    );
    assert!(core.contains(">Jane Austen</dc:creator>"), "{core}");
    assert_eq!(core.matches("dc:title").count(), 2, "one title: {core}");
    // Word's own reader, python-docx, opens it and finds the notice as a heading.
    let read = python_docx(&stamped);
    assert!(
        read.contains("Heading 1: Copyright notice") && read.contains("title: Pride & Prejudice"),
        "{read}"
    );
}

#[test]
fn a_word_documents_own_title_is_kept() {
    let stamped = package::stamp(
        Format::Docx,
        &word_document("<dc:title>The Publisher's Title</dc:title>"),
        &notice(),
        &BrailleLayout::STANDARD,
    )
    .unwrap();
    let core = String::from_utf8(entry_map(&stamped)["docProps/core.xml"].clone()).unwrap();
    assert!(
        core.contains("The Publisher's Title") && !core.contains("Prejudice"),
        "{core}"
    );
}

/// An Arabic reader's Word copy: the notice's paragraphs run right to left, in Arabic, as Word
/// marks Arabic typed in it; python-docx reads its heading as a heading.
#[test]
fn a_word_notice_in_arabic_runs_right_to_left() {
    let arabic = lectern_jobs::Notice {
        language: "ar".into(),
        ..notice()
    };
    let stamped = package::stamp(
        Format::Docx,
        &word_document("<dc:title></dc:title>"),
        &arabic,
        &BrailleLayout::STANDARD,
    )
    .unwrap();
    let document = String::from_utf8(entry_map(&stamped)["word/document.xml"].clone()).unwrap();
    assert!(
        document.contains(r#"<w:pPr><w:pStyle w:val="Heading1"/><w:bidi/><w:outlineLvl w:val="0"/></w:pPr><w:r><w:rPr><w:rtl/><w:lang w:bidi="ar"/></w:rPr><w:t xml:space="preserve">إشعار حقوق المؤلف</w:t>"#),
        "{document}"
    );
    let read = python_docx(&stamped);
    assert!(read.contains("Heading 1: إشعار حقوق المؤلف"), "{read}");
}

fn python_docx(docx: &[u8]) -> String {
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stamped.docx");
    std::fs::write(&path, docx).unwrap();
    let script = "import sys, docx\n\
                  d = docx.Document(sys.argv[1])\n\
                  print('title: ' + (d.core_properties.title or ''))\n\
                  for p in d.paragraphs: print(p.style.name + ': ' + p.text)";
    output_of(
        "python3 (python-docx: .ci/run installs it)",
        Command::new("python3").arg("-c").arg(script).arg(&path),
    )
}

/// What a tool printed, which must have succeeded.
fn output_of(tool: &str, command: &mut Command) -> String {
    let out = command.output().unwrap_or_else(|e| panic!("{tool}: {e}"));
    assert!(
        out.status.success(),
        "{}",
        String::from_utf8_lossy(&out.stderr)
    );
    String::from_utf8(out.stdout).unwrap()
}

#[test]
fn a_pdf_ends_with_the_notice_and_names_its_author() {
    let original = package::plain_pdf(
        "Pride & Prejudice",
        "It is a truth universally acknowledged.",
    );
    let stamped =
        package::stamp(Format::Pdf, &original, &notice(), &BrailleLayout::STANDARD).unwrap();
    let dir = tempfile::tempdir().unwrap();
    let path = dir.path().join("stamped.pdf");
    std::fs::write(&path, &stamped).unwrap();
    // Poppler, as PDF readers do: the book's page first, then the notice's.
    let text = poppler("pdftotext", &[path.to_str().unwrap(), "-"]);
    let pages: Vec<&str> = text.split('\u{c}').collect();
    assert!(pages[0].contains("universally acknowledged"), "{text}");
    let notice_page = pages[1].split_whitespace().collect::<Vec<_>>().join(" ");
    assert!(notice_page.starts_with("Copyright notice"), "{text}");
    assert!(notice_page.contains("for Ada Reader"), "{notice_page}");
    let info = poppler("pdfinfo", &[path.to_str().unwrap()]);
    assert!(info.contains("Pages:           2"), "{info}");
    assert!(info.contains("Author:          Jane Austen"), "{info}");
    assert!(
        info.contains("Title:           Pride & Prejudice"),
        "{info}"
    );
    // A French reader's notice is French; an Arabic reader's is English, as the standard fonts
    // write no Arabic.
    for (language, heading) in [("fr", "Avis de droit d’auteur"), ("ar", "Copyright notice")] {
        let notice = lectern_jobs::Notice {
            language: language.into(),
            ..notice()
        };
        let stamped =
            package::stamp(Format::Pdf, &original, &notice, &BrailleLayout::STANDARD).unwrap();
        std::fs::write(&path, &stamped).unwrap();
        let text = poppler("pdftotext", &[path.to_str().unwrap(), "-"]);
        let notice_page = text.split('\u{c}').nth(1).unwrap();
        assert!(notice_page.starts_with(heading), "{language}: {text}");
    }
    // A PDF that is not one is refused with why, and nothing is made.
    let err = package::stamp(
        Format::Pdf,
        b"%PDF-1.4 a stand-in",
        &notice(),
        &BrailleLayout::STANDARD,
    )
    .unwrap_err();
    assert!(err.to_string().contains("cannot be read"), "{err}");
}

fn poppler(tool: &str, args: &[&str]) -> String {
    output_of(
        &format!("{tool} (poppler-utils: .ci/run installs it)"),
        Command::new(tool).args(args),
    )
}

#[test]
fn braille_ends_with_the_notice_on_a_page_of_its_own_or_after_a_blank_line() {
    let book = b",PRIDE AND ,PREJUDICE\r\n";
    let embossed = package::stamp(Format::Brf, book, &notice(), &BrailleLayout::STANDARD).unwrap();
    let embossed = String::from_utf8(embossed).unwrap();
    let (first, notice_page) = embossed.split_once('\u{c}').unwrap();
    assert_eq!(first.as_bytes(), book);
    assert!(notice_page.contains(",COPYRIGHT NOTICE"), "{notice_page}");
    let display = BrailleLayout::new(BrailleCode::Ueb, true, 32, None).unwrap();
    let read = package::stamp(Format::Brf, book, &notice(), &display).unwrap();
    let read = String::from_utf8(read).unwrap();
    assert!(!read.contains('\u{c}'), "one page on a display: {read:?}");
    assert!(
        read.starts_with(",PRIDE AND ,PREJUDICE\r\n\r\n"),
        "{read:?}"
    );
    assert!(
        read.lines().all(|l| l.trim_end_matches('\r').len() <= 32),
        "{read}"
    );
}

#[test]
fn daisy_is_never_one_file() {
    assert!(package::stamp(Format::Daisy, b"", &notice(), &BrailleLayout::STANDARD).is_err());
}
