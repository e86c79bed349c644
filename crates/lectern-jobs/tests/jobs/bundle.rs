use lectern_domain::account::braille::{BrailleCode, BrailleLayout};
use lectern_jobs::Notice;
use lectern_jobs::package::{self, Format, PackageError};

const STANDARD: &BrailleLayout = &BrailleLayout::STANDARD;

/// Contracted UEB on an embosser's line of `cells`, 25 lines a page.
fn embossed(cells: usize) -> BrailleLayout {
    BrailleLayout::new(BrailleCode::Ueb, true, cells, Some(25)).unwrap()
}

use crate::fixtures::{entry_map, notice};

fn daisy_files() -> Vec<(String, Vec<u8>)> {
    vec![
        ("100042/book.opf".into(), b"<package/>".to_vec()),
        (
            "100042/audio/001.mp3".into(),
            (0..=255u8).cycle().take(10_000).collect(),
        ),
        (
            "100042/speechgen.smil".into(),
            b"<smil>\n</smil>\n".to_vec(),
        ),
    ]
}

#[test]
fn bundle_contains_the_originals_byte_for_byte_and_the_notice() {
    let files = daisy_files();
    let zip = package::bundle(Format::DaisyAudio, &files, &notice(), STANDARD).unwrap();
    let inside = entry_map(&zip);
    for (name, data) in &files {
        assert_eq!(inside.get(name), Some(data), "{name}");
    }
    assert_eq!(inside.len(), files.len() + 2);

    let text = String::from_utf8(inside["COPYRIGHT-NOTICE.txt"].clone()).unwrap();
    assert_eq!(text, notice().text());
    for needle in [
        "Ada Reader",
        "AP5xvS_OBOox68BfRQ",
        "Pride & Prejudice",
        "Lectern Library",
        "March 4, 2026",
        "print disability",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
    let html = String::from_utf8(inside["COPYRIGHT-NOTICE.html"].clone()).unwrap();
    assert!(
        html.starts_with("<!DOCTYPE html>\n<html lang=\"en\" dir=\"ltr\">"),
        "{html}"
    );
    assert!(
        html.contains("<title>Copyright notice: Pride &amp; Prejudice</title>"),
        "{html}"
    );
    assert!(
        html.contains("<h1 id=\"notice-h\">Copyright notice</h1>")
            && html.contains("<h2>Terms of use</h2>"),
        "{html}"
    );
    assert!(html.contains("Ada Reader"), "{html}");
}

#[test]
fn a_braille_bundle_adds_the_notice_in_braille() {
    let files = vec![("100042.brf".to_owned(), b",TEXT\r\n".to_vec())];
    let zip = package::bundle(Format::Brf, &files, &notice(), STANDARD).unwrap();
    let inside = entry_map(&zip);
    assert_eq!(inside.len(), files.len() + 3);
    let brf = String::from_utf8(inside["COPYRIGHT-NOTICE.brf"].clone()).unwrap();
    assert_eq!(brf, notice().brf(STANDARD));
    // Braille ASCII only: cells 0x20 to 0x5F, CR LF line ends, and form feeds between pages.
    assert!(
        brf.bytes()
            .all(|b| (0x20..=0x5f).contains(&b) || matches!(b, b'\r' | b'\n' | 0x0c)),
        "{brf}"
    );
    assert!(
        brf.lines()
            .all(|line| line.trim_end_matches('\r').len() <= 40),
        "{brf}"
    );
    for cells in [
        ",COPYRIGHT NOTICE",
        ",ADA ,READER",
        "#D1 #BJBF",
        ",TERMS OF USE",
    ] {
        assert!(brf.contains(cells), "{cells}: {brf}");
    }
}

#[test]
fn the_braille_notice_is_laid_out_for_the_reader_s_line() {
    let files = vec![("100042.brf".to_owned(), b",TEXT\r\n".to_vec())];
    for cells in [18, 20, 28, 32, 40, 70, 80] {
        let zip = package::bundle(Format::Brf, &files, &notice(), &embossed(cells)).unwrap();
        let brf = String::from_utf8(entry_map(&zip)["COPYRIGHT-NOTICE.brf"].clone()).unwrap();
        // A page's first line follows the form feed that ends the page before it.
        let longest = brf
            .lines()
            .map(|l| l.trim_end_matches('\r').trim_start_matches('\x0c').len())
            .max();
        assert!(longest <= Some(cells), "{cells}: {brf}");
        if cells < 40 {
            assert!(longest > Some(cells - 8), "{cells} cells are used: {brf}");
        }
        for page in brf.split('\x0c') {
            assert!(
                page.lines().count() <= 25,
                "{cells}: a page of at most 25 lines"
            );
        }
    }
    // Narrower lines take more of them: the same words, laid out again.
    let lines = |cells| {
        notice()
            .brf(&embossed(cells))
            .lines()
            .filter(|l| !l.trim().is_empty())
            .count()
    };
    assert!(lines(18) > lines(40), "{} against {}", lines(18), lines(40));
}

/// A reader who reads Spanish, French or Arabic is told the terms in their language, in every
/// file of the notice but the braille one, which Lectern's own transcriber writes in Unified
/// English Braille.
#[test]
fn the_notice_is_in_the_reader_s_language_but_its_braille_is_english() {
    let in_language = |language: &str| Notice {
        language: language.into(),
        ..notice()
    };
    let files = daisy_files();
    let spanish = package::bundle(Format::Brf, &files, &in_language("es"), STANDARD).unwrap();
    let inside = entry_map(&spanish);
    let text = String::from_utf8(inside["COPYRIGHT-NOTICE.txt"].clone()).unwrap();
    for needle in [
        "Aviso de derechos de autor\n",
        "Condiciones de uso\n",
        "Esta copia de «Pride & Prejudice» (título 100042 de Lectern Library)",
        " el 4 de marzo de 2026 para Ada Reader ",
        "personal de una persona con una discapacidad",
    ] {
        assert!(text.contains(needle), "{needle}: {text}");
    }
    let html = String::from_utf8(inside["COPYRIGHT-NOTICE.html"].clone()).unwrap();
    assert!(
        html.starts_with("<!DOCTYPE html>\n<html lang=\"es\" dir=\"ltr\">")
            && html.contains("<title>Aviso de derechos de autor: Pride &amp; Prejudice</title>"),
        "{html}"
    );
    let brf = String::from_utf8(inside["COPYRIGHT-NOTICE.brf"].clone()).unwrap();
    assert_eq!(brf, in_language("en").brf(STANDARD));

    let arabic = in_language("ar");
    let html = arabic.html();
    assert!(
        html.starts_with("<!DOCTYPE html>\n<html lang=\"ar\" dir=\"rtl\">")
            && html.contains("<h1 id=\"notice-h\">إشعار حقوق المؤلف</h1>"),
        "{html}"
    );
    let french = in_language("fr").text();
    assert!(
        french.starts_with("Avis de droit d’auteur\n")
            && french.contains("«\u{a0}Pride & Prejudice\u{a0}»")
            && french.contains(" le 4 mars 2026 "),
        "{french}"
    );
    // A guest is the library's guest, in the notice's words.
    let guest = Notice {
        user_display_name: String::new(),
        ..in_language("es")
    };
    assert!(
        guest
            .text()
            .contains(" para una persona visitante de Lectern Library "),
        "{}",
        guest.text()
    );
}

#[test]
fn bundle_refuses_epub_and_clashing_names() {
    assert_eq!(
        package::bundle(Format::Epub3, &[], &notice(), STANDARD),
        Err(PackageError::EpubIsStamped)
    );
    let twice = vec![("a.brf".to_owned(), vec![1]), ("a.brf".to_owned(), vec![2])];
    assert_eq!(
        package::bundle(Format::Brf, &twice, &notice(), STANDARD),
        Err(PackageError::DuplicateName("a.brf".into()))
    );
    let clash = vec![("copyright-notice.TXT".to_owned(), vec![1])];
    assert!(matches!(
        package::bundle(Format::Pdf, &clash, &notice(), STANDARD),
        Err(PackageError::DuplicateName(_))
    ));
}

#[test]
fn download_file_names() {
    use lectern_domain::catalog::Artifact;
    let of = |format, file: &str| Artifact::new(format, Some(file.to_owned())).delivery();
    assert_eq!(
        package::file_name("100042", Format::Epub3, of(Format::Epub3, "a.epub")),
        "100042-EPUB3.epub"
    );
    assert_eq!(
        package::file_name("100042", Format::Docx, of(Format::Docx, "a.docx")),
        "100042-DOCX.docx"
    );
    assert_eq!(
        package::file_name("100042", Format::Brf, of(Format::Brf, "volumes/")),
        "100042-BRF.zip"
    );
}
