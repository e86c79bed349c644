use lectern_jobs::epub::{EpubError, build, read_metadata};
use lectern_jobs::{Notice, package};

use crate::fixtures::{self, entries, entry_map, hand_written, notice, text_of};
use lectern_jobs::checkers;

#[test]
fn stamped_built_epub_passes_epubcheck_and_names_the_user() {
    let original = build(&fixtures::source());
    let notice = notice();
    let stamped = package::stamp_epub(&original, &notice).unwrap();

    let page = text_of(&stamped, "EPUB/lectern-copyright-notice.xhtml");
    for needle in [
        "Ada Reader",
        "AP5xvS_OBOox68BfRQ",
        "Pride &amp; Prejudice",
        "Lectern Library",
        "March 4, 2026",
    ] {
        assert!(page.contains(needle), "notice page lacks {needle}:\n{page}");
    }
    assert!(
        page.contains("print disability") && page.contains("redistribute"),
        "{page}"
    );
    assert!(page.contains(r#"lang="en""#), "{page}");

    let opf = text_of(&stamped, "EPUB/package.opf");
    let mark = notice.recipient_mark();
    assert!(
        opf.contains(r##"prefix="lectern: https://library.example/vocab#""##),
        "{opf}"
    );
    assert!(
        opf.contains(&format!(
            r#"<meta property="lectern:recipient">{mark}</meta>"#
        )),
        "{opf}"
    );
    assert!(
        opf.contains(r#"<meta property="lectern:downloadId">dl-7f3a</meta>"#),
        "{opf}"
    );
    // A reader opens the book at its start: the notice is last in the reading order and the
    // table of contents.
    let spine = &opf[opf.find("<spine>").unwrap()..];
    let first = spine.split("<itemref").nth(1).unwrap();
    assert!(!first.contains("lectern-copyright-notice"), "{spine}");
    assert!(
        spine.contains("<itemref idref=\"lectern-copyright-notice\"/>\n</spine>"),
        "{spine}"
    );
    // The package's own date and subjects stay, alone.
    assert_eq!(opf.matches("<dc:date").count(), 1, "{opf}");
    assert!(!opf.contains("Romance"), "{opf}");

    let nav = text_of(&stamped, "EPUB/nav.xhtml");
    let toc = &nav[nav.find("<ol>").unwrap()..];
    let toc = &toc[..toc.find("</ol>").unwrap() + 5];
    assert!(
        toc.ends_with(
            "<li><a href=\"lectern-copyright-notice.xhtml\">Copyright notice</a></li>\n</ol>"
        ),
        "{toc}"
    );
    assert!(
        !toc.starts_with("<ol>\n<li><a href=\"lectern-copyright-notice"),
        "{toc}"
    );

    let meta = read_metadata(&stamped).unwrap();
    assert_eq!(meta.modified.as_deref(), Some("2026-03-04T05:06:07Z"));
    assert_eq!(meta.title, "Pride & Prejudice");
    checkers::epubcheck("stamped-built", &stamped);
    checkers::ace("stamped-built", &stamped);
}

/// A French reader's copy of an English book: the notice page is French, and its entry in the
/// table of contents says so, as the book's own language is English.
#[test]
fn a_notice_in_another_language_than_the_book_s_is_marked_with_it() {
    let original = build(&fixtures::source());
    let french = Notice {
        language: "fr".into(),
        ..notice()
    };
    let stamped = package::stamp_epub(&original, &french).unwrap();
    let page = text_of(&stamped, "EPUB/lectern-copyright-notice.xhtml");
    assert!(
        page.contains(r#"lang="fr" xml:lang="fr""#)
            && page.contains("<title>Avis de droit d’auteur</title>")
            && page.contains("Conditions d’utilisation"),
        "{page}"
    );
    let nav = text_of(&stamped, "EPUB/nav.xhtml");
    assert!(
        nav.contains(
            r#"<li lang="fr" xml:lang="fr" dir="ltr"><a href="lectern-copyright-notice.xhtml">Avis de droit d’auteur</a></li>"#
        ),
        "{nav}"
    );
    checkers::epubcheck("stamped-in-french", &stamped);
    let arabic = Notice {
        language: "ar".into(),
        ..notice()
    };
    let stamped = package::stamp_epub(&original, &arabic).unwrap();
    let page = text_of(&stamped, "EPUB/lectern-copyright-notice.xhtml");
    assert!(
        page.contains(r#"lang="ar" xml:lang="ar""#)
            && page.contains(r#"aria-labelledby="notice-h" dir="rtl""#),
        "{page}"
    );
    checkers::epubcheck("stamped-in-arabic", &stamped);
}

#[test]
fn stamped_hand_written_epub_passes_epubcheck() {
    let original = hand_written();
    checkers::epubcheck("hand-written", &original);
    let stamped = package::stamp_epub(&original, &notice()).unwrap();

    let opf = text_of(&stamped, "OEBPS/book.opf");
    // The existing prefix declarations survive beside ours; new elements use the OPF prefix.
    assert!(opf.contains(r##"prefix="s: http://schema.org/ foaf: http://xmlns.com/foaf/spec/ lectern: https://library.example/vocab#""##), "{opf}");
    assert!(
        opf.contains(
            r#"<opf:item id="lectern-copyright-notice" href="text/lectern-copyright-notice.xhtml""#
        ),
        "{opf}"
    );
    assert!(
        opf.contains("<opf:itemref idref=\"lectern-copyright-notice\"/>"),
        "{opf}"
    );
    assert!(
        opf.contains(&format!(
            "<opf:meta property=\"lectern:recipient\">{}</opf:meta>",
            notice().recipient_mark()
        )),
        "{opf}"
    );
    assert!(
        opf.contains(r#"<opf:meta property="dcterms:modified">2026-03-04T05:06:07Z</opf:meta>"#),
        "{opf}"
    );
    assert!(
        !opf.contains("2024-05-06T07:08:09Z"),
        "the old modified date stays: {opf}"
    );

    // The publication's own date is kept; the catalog's is not added beside it.
    assert!(
        !opf.contains("<dc:date") && !opf.contains("<dc:subject"),
        "{opf}"
    );

    let nav = text_of(&stamped, "OEBPS/text/nav.xhtml");
    let toc = &nav[nav.find(r#"epub:type="toc""#).unwrap()..];
    let toc = &toc[..toc.find("</nav>").unwrap()];
    assert!(
        toc.contains(
            "<li><a href=\"lectern-copyright-notice.xhtml\">Copyright notice</a></li>\n</ol>"
        ),
        "{toc}"
    );
    assert!(
        toc.contains("<ol><li><a href=\"ch1.xhtml\">")
            || toc.contains("<ol>\n<li><a href=\"ch1.xhtml\">"),
        "{toc}"
    );
    let landmarks = &nav[nav.find(r#"epub:type="landmarks""#).unwrap()..];
    let landmarks = &landmarks[..landmarks.find("</nav>").unwrap()];
    assert!(
        landmarks.contains(r#"epub:type="copyright-page" href="lectern-copyright-notice.xhtml">Copyright notice</a></li>"#),
        "{landmarks}"
    );
    assert!(text_of(&stamped, "OEBPS/text/lectern-copyright-notice.xhtml").contains("Ada Reader"));
    checkers::epubcheck("stamped-hand-written", &stamped);
}

/// calibre shows the day it converted a book with no date, and an app files a book with no
/// subject nowhere: the catalog's date and categories fill in for the publication's.
#[test]
fn stamping_gives_a_package_without_a_date_or_subjects_the_catalogs() {
    let opf: String = fixtures::HAND_WRITTEN_OPF
        .lines()
        .filter(|l| !l.contains("<d:date>") && !l.contains("<d:subject>"))
        .map(|l| format!("{l}\n"))
        .collect();
    let original = fixtures::hand_written_with(&opf);
    let stamped = package::stamp_epub(&original, &notice()).unwrap();
    let opf = text_of(&stamped, "OEBPS/book.opf");
    let dc = r#"xmlns:dc="http://purl.org/dc/elements/1.1/""#;
    for element in [
        format!("<dc:date {dc}>1813-01-28</dc:date>"),
        format!("<dc:subject {dc}>Fiction</dc:subject>"),
        format!("<dc:subject {dc}>Romance</dc:subject>"),
    ] {
        assert!(opf.contains(&element), "{element} in {opf}");
    }
    let meta = read_metadata(&stamped).unwrap();
    assert_eq!(meta.subjects, ["Fiction", "Romance"]);
    assert_eq!(meta.date.as_deref(), Some("1813-01-28"));
    checkers::epubcheck("stamped-with-the-catalogs-date", &stamped);
}

#[test]
fn stamped_fixed_layout_epub_passes_epubcheck() {
    let original = fixtures::fixed_layout();
    checkers::epubcheck("fixed-layout", &original);
    let stamped = package::stamp_epub(&original, &notice()).unwrap();
    assert!(
        text_of(&stamped, "OEBPS/text/lectern-copyright-notice.xhtml")
            .contains("name=\"viewport\"")
    );
    checkers::epubcheck("stamped-fixed-layout", &stamped);
}

#[test]
fn stamping_changes_only_the_package_and_navigation_documents() {
    let original = hand_written();
    let stamped = package::stamp_epub(&original, &notice()).unwrap();
    let before = entry_map(&original);
    let after = entry_map(&stamped);
    let changed: Vec<&str> = before
        .iter()
        .filter(|(k, v)| after.get(*k) != Some(v))
        .map(|(k, _)| k.as_str())
        .collect();
    assert_eq!(changed, ["OEBPS/book.opf", "OEBPS/text/nav.xhtml"]);
    let added: Vec<&str> = after
        .keys()
        .filter(|k| !before.contains_key(*k))
        .map(String::as_str)
        .collect();
    assert_eq!(added, ["OEBPS/text/lectern-copyright-notice.xhtml"]);
    assert_eq!(
        entries(&stamped)[0],
        ("mimetype".to_owned(), b"application/epub+zip".to_vec())
    );
}

#[test]
fn stamping_twice_keeps_both_notice_pages_distinct() {
    let once = package::stamp_epub(&build(&fixtures::source()), &notice()).unwrap();
    let twice = package::stamp_epub(
        &once,
        &Notice {
            download_id: "dl-2".into(),
            ..notice()
        },
    )
    .unwrap();
    assert!(entry_map(&twice).contains_key("EPUB/lectern-copyright-notice-2.xhtml"));
    checkers::epubcheck("stamped-twice", &twice);
}

#[test]
fn stamping_refuses_a_bad_timestamp_and_non_epubs() {
    let bad = Notice {
        issued_at: "2026-03-04 05:06".into(),
        ..notice()
    };
    let err = package::stamp_epub(&build(&fixtures::source()), &bad).unwrap_err();
    assert_eq!(err, EpubError::BadTimestamp("2026-03-04 05:06".into()));
    assert!(matches!(
        package::stamp_epub(b"plain text", &notice()),
        Err(EpubError::NotZip(_))
    ));
}
