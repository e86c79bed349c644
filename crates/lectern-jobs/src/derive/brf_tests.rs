//! Braille made with the real liblouis (`.ci/run` installs liblouis-bin), checked by
//! liblouis's own back-translation.

use super::*;
use crate::epub::{Chapter, EpubSource, build};

const AUSTEN: &str = "It is a truth universally acknowledged, that a single man in possession \
    of a good fortune, must be in want of a wife. However little known the feelings or views of \
    such a man may be on his first entering a neighbourhood, this truth is so well fixed in the \
    minds of the surrounding families, that he is considered the rightful property of some one \
    or other of their daughters.";

fn novel(paragraphs: usize) -> Vec<u8> {
    let text = vec![AUSTEN; paragraphs].join("\n\n");
    build(&EpubSource {
        print_edition: None,
        identifier: "urn:uuid:pride".into(),
        title: "Pride and Prejudice".into(),
        language: "eng".into(),
        chapters: vec![
            Chapter {
                title: "Chapter 1".into(),
                text: text.clone(),
            },
            Chapter {
                title: "Chapter 2".into(),
                text,
            },
        ],
        modified: "2026-01-01T00:00:00Z".into(),
        ..EpubSource::default()
    })
}

fn layout(contracted: bool, cells: usize, lines: Option<usize>) -> BrailleLayout {
    BrailleLayout::new(BrailleCode::Ueb, contracted, cells, lines).unwrap()
}

fn brf(master: &[u8], layout: &BrailleLayout) -> String {
    String::from_utf8(make(master, layout, &Cancel::default()).unwrap()).unwrap()
}

/// Every line at most the width, every page at most the lines, only braille ASCII.
fn assert_fits(out: &str, cells: usize, lines: usize) {
    for page in out.split('\u{c}') {
        let page_lines: Vec<&str> = page.split_terminator("\r\n").collect();
        assert!(
            page_lines.len() <= lines,
            "{} lines on a page",
            page_lines.len()
        );
        for line in page_lines {
            assert!(line.len() <= cells, "{} cells: {line:?}", line.len());
            assert!(line.bytes().all(|b| (0x20..=0x5f).contains(&b)), "{line:?}");
        }
    }
    let stray = out.replace("\r\n", "").replace('\u{c}', "");
    assert!(!stray.contains(['\r', '\n']), "a CR or LF outside a CR LF");
}

fn back_translate(braille: &str, layout: &BrailleLayout) -> String {
    let mut command = std::process::Command::new("lou_translate");
    command.args(["--backward", louis_tables(layout)]);
    let dir = super::scratch().unwrap();
    let input = dir.path().join("braille.txt");
    // In pieces, as `translate` gives them: lou_translate breaks long lines either way.
    let lines = pieces(braille, LONGEST_LINE).join("\n");
    std::fs::write(&input, format!("{}\n", lines.replace('\\', "\\\\"))).unwrap();
    let out = run_fed(
        &mut command,
        &input,
        "lou_translate",
        1 << 20,
        &Cancel::default(),
    )
    .unwrap();
    String::from_utf8(out).unwrap()
}

fn words_of(text: &str) -> Vec<String> {
    text.split_whitespace().map(|w| w.to_lowercase()).collect()
}

/// The longest paragraph of a BRF, its lines joined: a paragraph starts in cell 3 and ends
/// before a blank line, a heading or a page's number.
fn longest_paragraph(out: &str) -> String {
    let mut paragraphs: Vec<Vec<&str>> = Vec::new();
    for line in out.split('\u{c}').flat_map(|page| page.split("\r\n")) {
        if line.starts_with("  ") && !line.starts_with("   ") {
            paragraphs.push(vec![line.trim()]);
        } else if line.trim().is_empty() || line.starts_with("   ") {
            paragraphs.push(Vec::new());
        } else if let Some(p) = paragraphs.last_mut() {
            p.push(line);
        }
    }
    paragraphs
        .into_iter()
        .max_by_key(Vec::len)
        .unwrap_or_default()
        .join(" ")
}

#[test]
fn embossed_braille_fits_the_page_asked_for_in_both_grades() {
    let master = novel(12);
    for contracted in [true, false] {
        for (cells, lines) in [(40, 25), (28, 25)] {
            let out = brf(&master, &layout(contracted, cells, Some(lines)));
            assert_fits(&out, cells, lines);
            let pages: Vec<&str> = out.split('\u{c}').collect();
            assert!(pages.len() > 2, "{} pages", pages.len());
            for (i, page) in pages.iter().enumerate() {
                let last = page.split_terminator("\r\n").last().unwrap();
                let number = crate::braille::words(&(i + 1).to_string()).concat();
                assert!(last.ends_with(&number), "page {} ends {last:?}", i + 1);
                assert_eq!(page.split_terminator("\r\n").count(), lines, "a full page");
            }
        }
    }
}

#[test]
fn a_refreshable_display_reads_one_page_of_its_line() {
    let out = brf(&novel(4), &layout(true, 20, None));
    assert!(!out.contains('\u{c}'));
    assert_fits(&out, 20, usize::MAX);
}

#[test]
fn the_text_back_translates_to_its_words_and_contracted_is_shorter() {
    let master = novel(1);
    let mut lengths = Vec::new();
    for contracted in [true, false] {
        let l = layout(contracted, 40, Some(25));
        let out = brf(&master, &l);
        let paragraph = longest_paragraph(&out);
        assert_eq!(
            words_of(&back_translate(&paragraph, &l)),
            words_of(AUSTEN),
            "contracted: {contracted}"
        );
        lengths.push(paragraph.len());
    }
    assert!(
        lengths[0] * 10 < lengths[1] * 9,
        "contracted {} cells, uncontracted {}",
        lengths[0],
        lengths[1]
    );
}

#[test]
fn headings_are_centred_or_in_cell_5_and_print_pages_are_marked() {
    let blocks = [
        Cells::Heading(1, vec![",*APT]".into(), "#A".into()]),
        Cells::Paragraph(vec!["WORD".into(); 12]),
        Cells::PageChange("#B".into()),
        Cells::Heading(2, vec![",SECTION".into()]),
        Cells::Paragraph(vec!["END".into()]),
    ];
    let out = lay_out(&blocks, &layout(true, 20, None));
    assert_eq!(
        out,
        "     ,*APT] #A\r\n\r\n  WORD WORD WORD\r\nWORD WORD WORD WORD\r\nWORD WORD WORD WORD\r\nWORD\r\n\
         ------------------#B\r\n\r\n    ,SECTION\r\n  END\r\n"
    );
}

#[test]
fn a_reader_s_code_and_grade_choose_liblouis_s_tables() {
    use lectern_domain::account::preferences::{BrailleFormat, BrailleGrade, Preferences};
    let mut p = Preferences::defaults(false);
    p.use_ueb = false;
    p.braille_grade = Some(BrailleGrade::Uncontracted);
    p.braille_format = Some(BrailleFormat::Refreshable);
    p.braille_cell_line_width = Some(32);
    let l = BrailleLayout::of_reader(Some(&p));
    assert_eq!(louis_tables(&l), "en-us-brf.dis,en-us-g1.ctb");
    assert_eq!(
        louis_tables(&BrailleLayout::STANDARD),
        "en-us-brf.dis,en-ueb-g2.ctb"
    );
}

#[test]
fn a_long_paragraph_is_translated_whole() {
    // lou_translate breaks a line of 2,048 characters or more in two.
    let long = [AUSTEN; 12].join(" ");
    assert!(long.len() > 4096);
    let l = layout(false, 40, Some(25));
    let braille = translate(&[long.clone(), "End.".into()], &l, &Cancel::default()).unwrap();
    assert_eq!(braille.len(), 2);
    assert_eq!(words_of(&back_translate(&braille[0], &l)), words_of(&long));
    assert_eq!(pieces("One. Two three", 8), ["One.", "Two", "three"]);
    assert_eq!(pieces("abcdefghij", 4), ["abcd", "efgh", "ij"]);
}
