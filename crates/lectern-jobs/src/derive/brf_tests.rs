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

/// The tables of English braille in the layout's code and grade.
fn english(layout: &BrailleLayout) -> String {
    brailling(layout, "en").unwrap().tables
}

fn back_translate(braille: &str, tables: &str) -> String {
    // In pieces, as `translate` gives them: lou_translate breaks long lines either way.
    let lines = pieces(braille, LONGEST_LINE).join("\n");
    lou_translate(&["--backward", tables], &lines.replace('\\', "\\\\"))
}

/// liblouis's own `lou_translate` with `args`, given `text` (a line of its own), as text.
fn lou_translate(args: &[&str], text: &str) -> String {
    let dir = super::scratch().unwrap();
    let input = dir.path().join("input.txt");
    std::fs::write(&input, format!("{text}\n")).unwrap();
    let mut command = std::process::Command::new("lou_translate");
    command.args(args);
    let out = run_fed(
        &mut command,
        &input,
        "lou_translate",
        1 << 20,
        &Cancel::default(),
    );
    String::from_utf8(out.unwrap()).unwrap()
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
            words_of(&back_translate(&paragraph, &english(&l))),
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
    assert_eq!(english(&l), "en-us-brf.dis,en-us-g1.ctb");
    assert_eq!(
        english(&BrailleLayout::STANDARD),
        "en-us-brf.dis,en-ueb-g2.ctb"
    );
}

#[test]
fn a_long_paragraph_is_translated_whole() {
    // lou_translate breaks a line of 2,048 characters or more in two.
    let long = [AUSTEN; 12].join(" ");
    assert!(long.len() > 4096);
    let l = layout(false, 40, Some(25));
    let braille = translate(
        &[long.clone(), "End.".into()],
        &english(&l),
        &Cancel::default(),
    )
    .unwrap();
    assert_eq!(braille.len(), 2);
    assert_eq!(
        words_of(&back_translate(&braille[0], &english(&l))),
        words_of(&long)
    );
    assert_eq!(pieces("One. Two three", 8), ["One.", "Two", "three"]);
    assert_eq!(pieces("abcdefghij", 4), ["abcd", "efgh", "ij"]);
}

const CERVANTES: &str = "En un lugar de la Mancha, de cuyo nombre no quiero acordarme, no ha \
    mucho tiempo que vivía un hidalgo de los de lanza en astillero, adarga antigua, rocín flaco \
    y galgo corredor. Una olla de algo más vaca que carnero, salpicón las más noches, duelos y \
    quebrantos los sábados, lantejas los viernes, algún palomino de añadidura los domingos, \
    consumían las tres partes de su hacienda.";

const HUGO: &str = "Ce fut un été étrange, où les enfants jouaient dans les rues de Paris \
    pendant que leurs mères, très inquiètes, regardaient passer les soldats. Jean Valjean \
    marchait lentement vers la maison de l'évêque, à travers la ville endormie.";

fn chapter_in(language: &str, title: &str, text: &str) -> Vec<u8> {
    build(&EpubSource {
        print_edition: None,
        identifier: format!("urn:uuid:{language}"),
        title: title.into(),
        language: language.into(),
        chapters: vec![Chapter {
            title: title.into(),
            text: [text; 6].join("\n\n"),
        }],
        modified: "2026-01-01T00:00:00Z".into(),
        ..EpubSource::default()
    })
}

/// The text's words, in lower case, without the punctuation around them (Spanish braille's
/// period, dots 3, reads back as an apostrophe).
fn bare_words(text: &str) -> Vec<String> {
    text.split_whitespace()
        .map(|w| {
            w.trim_matches(|c: char| !c.is_alphanumeric())
                .to_lowercase()
        })
        .filter(|w| !w.is_empty())
        .collect()
}

/// Unicode braille, as liblouis's own display table for it (`unicode.dis`) writes it.
fn louis_unicode(print: &str, table: &str) -> String {
    let tables = format!("unicode.dis,{table}");
    lou_translate(&["--forward", &tables], print)
        .trim_end()
        .to_owned()
}

#[test]
fn spanish_and_french_are_brailled_in_their_own_codes_and_read_back() {
    for (language, title, text, grades) in [
        ("spa", "Don Quijote", CERVANTES, &[false][..]),
        ("fre", "Les Misérables", HUGO, &[false, true][..]),
    ] {
        let master = chapter_in(language, title, text);
        for &contracted in grades {
            let l = layout(contracted, 40, Some(25));
            let tables = brailling(&l, language).unwrap();
            assert!(tables.unicode, "{language}");
            let out = brf(&master, &l);
            // Unicode braille, every line of at most 40 cells, pages of 25 lines.
            for page in out.split('\u{c}') {
                let lines: Vec<&str> = page.split_terminator("\r\n").collect();
                assert!(lines.len() <= 25);
                for line in lines {
                    assert!(line.chars().count() <= 40, "{line}");
                    assert!(
                        line.chars().all(|c| ('\u{2800}'..='\u{283f}').contains(&c)),
                        "{line}"
                    );
                }
            }
            let ascii = ascii_of(&longest_paragraph(&out.replace('\u{2800}', " ")));
            let back = back_translate(&ascii, &tables.tables);
            assert_eq!(
                bare_words(&back),
                bare_words(text),
                "{language} {contracted}"
            );
        }
    }
}

/// Unicode braille back to braille ASCII, through `unicode_braille` itself.
fn ascii_of(unicode: &str) -> String {
    let by_cell: std::collections::HashMap<char, char> = (0x20u8..=0x5f)
        .map(|b| {
            let ascii = char::from(b);
            let cell = crate::braille::unicode_braille(&ascii.to_string());
            (cell.chars().next().unwrap(), ascii)
        })
        .collect();
    unicode
        .chars()
        .map(|c| *by_cell.get(&c).unwrap_or(&c))
        .collect()
}

#[test]
fn unicode_braille_is_the_cells_liblouis_itself_writes() {
    for (table, print) in [
        ("es-g1.ctb", CERVANTES),
        ("fr-bfu-g2.ctb", HUGO),
        (
            "de-g2.ctb",
            "Die Kinder spielen gerne im großen Garten, 1984.",
        ),
        ("ar-ar-g1.utb", "الأطفال يلعبون في الحديقة"),
    ] {
        let ascii = translate(
            &[print.to_owned()],
            &format!("en-us-brf.dis,{table}"),
            &Cancel::default(),
        )
        .unwrap()
        .remove(0);
        let ours = crate::braille::unicode_braille(&ascii);
        let theirs = louis_unicode(print, table);
        assert_eq!(ours, theirs.replace(' ', "\u{2800}"), "{table}");
    }
}

#[test]
fn each_brailled_language_has_tables_in_both_grades() {
    for &language in lectern_domain::catalog::languages::BRAILLED {
        for contracted in [false, true] {
            let l = layout(contracted, 40, None);
            let tables = brailling(&l, language).unwrap_or_else(|| panic!("{language}"));
            assert_eq!(tables.unicode, language != "en");
            // liblouis can read every table named.
            translate(&["A test.".to_owned()], &tables.tables, &Cancel::default())
                .unwrap_or_else(|e| panic!("{language}: {e}"));
        }
    }
    assert!(brailling(&BrailleLayout::STANDARD, "ja").is_none());
    assert_eq!(
        brailling(&layout(false, 40, None), "fr-CA").unwrap().tables,
        "en-us-brf.dis,fr-bfu-comp6.utb"
    );
    assert_eq!(
        brailling(&layout(true, 40, None), "spa").unwrap().tables,
        "en-us-brf.dis,es-g2.ctb"
    );
}
