use lectern_jobs::epub::{EpubSource, PrintEdition, build};

use crate::fixtures::{self, entries, text_of};
use lectern_jobs::checkers;

#[test]
fn built_epub_passes_epubcheck_and_ace() {
    let epub = build(&fixtures::source());
    checkers::epubcheck("built", &epub);
    checkers::ace("built", &epub);
}

/// A book that follows a print edition marks where each chapter's page starts and lists the
/// pages, and says so in its accessibility metadata; epubcheck and Ace accept it.
#[test]
fn a_print_edition_s_pages_are_marked_listed_and_declared() {
    let source = EpubSource {
        print_edition: Some(PrintEdition {
            source: "urn:isbn:9780141439518".into(),
            chapter_pages: vec!["11".into()],
        }),
        ..fixtures::source()
    };
    let epub = build(&source);
    let chapter = text_of(&epub, "EPUB/chapter-1.xhtml");
    assert!(
        chapter.contains(r#"<span epub:type="pagebreak" role="doc-pagebreak" id="page-1" aria-label="11"></span>"#),
        "{chapter}"
    );
    let nav = text_of(&epub, "EPUB/nav.xhtml");
    assert!(
        nav.contains(r#"<li><a href="chapter-1.xhtml#page-1">11</a></li>"#),
        "{nav}"
    );
    let opf = text_of(&epub, "EPUB/package.opf");
    for meta in [
        r#"<dc:source id="print-source">urn:isbn:9780141439518</dc:source>"#,
        r##"<meta refines="#print-source" property="source-of">pagination</meta>"##,
        r#"<meta property="schema:accessibilityFeature">pageBreakMarkers</meta>"#,
        r#"<meta property="schema:accessibilityFeature">pageNavigation</meta>"#,
    ] {
        assert!(opf.contains(meta), "{meta} in {opf}");
    }
    checkers::epubcheck("print pages", &epub);
    checkers::ace("print pages", &epub);
}

#[test]
fn minimal_built_epub_passes_epubcheck() {
    let source = EpubSource {
        identifier: "urn:uuid:6f1c1f43-0d43-4b43-9d43-000000000001".into(),
        language: "fre".into(),
        modified: "2025-06-07T08:09:10Z".into(),
        ..EpubSource::default()
    };
    let epub = build(&source);
    assert!(text_of(&epub, "EPUB/nav.xhtml").contains(r#"lang="fr" xml:lang="fr""#));
    checkers::epubcheck("minimal", &epub);
}

#[test]
fn build_is_deterministic() {
    assert_eq!(build(&fixtures::source()), build(&fixtures::source()));
    let later = EpubSource {
        modified: "2025-01-02T03:04:06Z".into(),
        ..fixtures::source()
    };
    assert_ne!(build(&fixtures::source()), build(&later));
}

#[test]
fn mimetype_comes_first_and_uncompressed() {
    let epub = build(&fixtures::source());
    // OCF: the first local header names "mimetype" and its bytes follow it uncompressed.
    assert_eq!(&epub[30..38], b"mimetype");
    assert_eq!(&epub[38..58], b"application/epub+zip");
    assert_eq!(entries(&epub)[0].0, "mimetype");
}

#[test]
fn pages_carry_language_and_text() {
    let epub = build(&fixtures::source());
    let chapter = text_of(&epub, "EPUB/chapter-1.xhtml");
    assert!(chapter.contains(r#"lang="en" xml:lang="en""#), "{chapter}");
    assert!(
        chapter.contains("<p>However little known the feelings.</p>"),
        "{chapter}"
    );
    let title_page = text_of(&epub, "EPUB/title.xhtml");
    assert!(title_page.contains("Pride &amp; Prejudice"), "{title_page}");
    assert!(
        title_page.contains("A Novel &lt;in three volumes&gt;"),
        "{title_page}"
    );
}
