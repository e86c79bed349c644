//! Uncontracted (grade 1) Unified English Braille in North American Braille ASCII, the character
//! set of BRF files, for the copyright notice that goes with a braille download.
//!
//! Contracted braille needs a full translator and its tables (liblouis); uncontracted braille is
//! a character-for-character transcription plus the indicators UEB requires of it: capitals,
//! numeric mode, and the grade 1 indicator before a letter a to j that follows a digit. Every
//! reader of braille reads it, whatever grade they prefer. Three or more words in capitals take
//! an indicator each, not UEB's capitals passage, and capitals inside a word of mixed case one
//! each: longer, but read the same.

use lectern_domain::account::braille::BrailleLayout;
use unicode_normalization::UnicodeNormalization;

/// North American Braille ASCII by cell: the character of the cell U+2800 + n is the n-th, for
/// the 64 cells of six dots.
const ASCII_BY_CELL: &[u8; 64] =
    b" A1B'K2L@CIF/MSP\"E3H9O6R^DJG>NTQ,*5<-U8V.%[$+X!&;:4\\0Z7(_?W]#Y)=";

/// Braille ASCII (as a BRF holds it) as Unicode braille: each cell its own character, a space
/// the blank cell (U+2800), line and page ends kept. What it cannot read is left out, as it is
/// from braille ASCII.
pub fn unicode_braille(ascii: &str) -> String {
    ascii
        .chars()
        .filter_map(|c| match c {
            '\r' | '\n' | '\u{c}' => Some(c),
            _ => {
                let upper = c.to_ascii_uppercase();
                let n = ASCII_BY_CELL.iter().position(|&a| char::from(a) == upper)?;
                char::from_u32(0x2800 + n as u32)
            }
        })
        .collect()
}

/// Whether a braille file is in Unicode braille (its other cells, a BRF's, are ASCII).
pub fn is_unicode_braille(bytes: &[u8]) -> bool {
    std::str::from_utf8(bytes)
        .is_ok_and(|text| text.chars().any(|c| ('\u{2800}'..='\u{28ff}').contains(&c)))
}

/// A piece of a document to lay out in braille.
pub enum Block<'a> {
    Heading(&'a str),
    Paragraph(&'a str),
}

/// Lays out blocks as a BRF file: headings centred, each paragraph starting in cell 3 with its
/// runovers in cell 1 (BANA's paragraph format), lines ending in CR LF, and a form feed between
/// pages (of the layout's lines on paper; one page on a display).
pub fn brf(blocks: &[Block<'_>], layout: &BrailleLayout) -> String {
    let width = layout.cells_per_line();
    let lines_per_page = layout.lines_per_page().unwrap_or(usize::MAX);
    let mut lines = Vec::new();
    for block in blocks {
        match block {
            Block::Heading(text) => {
                for line in wrap(&words(text), 0, 0, width) {
                    let margin = (width - line.len()) / 2;
                    lines.push(format!("{}{line}", " ".repeat(margin)));
                }
            }
            Block::Paragraph(text) => lines.extend(wrap(&words(text), 2, 0, width)),
        }
    }
    let mut out = String::new();
    for (i, line) in lines.iter().enumerate() {
        if i > 0 && i % lines_per_page == 0 {
            out.push('\u{c}');
        }
        out.push_str(line.trim_end());
        out.push_str("\r\n");
    }
    out
}

/// Breaks braille words into lines of at most `width` cells, the first indented by `first`
/// cells and the others (the runovers) by `runover`. A word longer than a line is divided where
/// the line ends.
pub(crate) fn wrap(words: &[String], first: usize, runover: usize, width: usize) -> Vec<String> {
    let runover = " ".repeat(runover.min(width - 1));
    let mut lines = Vec::new();
    let mut line = " ".repeat(first.min(width - 1));
    let mut holds_a_word = false;
    for word in words {
        if holds_a_word && line.len() + 1 + word.len() > width {
            lines.push(std::mem::replace(&mut line, runover.clone()));
            holds_a_word = false;
        }
        if holds_a_word {
            line.push(' ');
        }
        // Braille ASCII has one byte a cell.
        let mut rest = word.as_str();
        while line.len() + rest.len() > width {
            let (head, tail) = rest.split_at(width - line.len());
            line.push_str(head);
            lines.push(std::mem::replace(&mut line, runover.clone()));
            rest = tail;
        }
        line.push_str(rest);
        holds_a_word = true;
    }
    if holds_a_word {
        lines.push(line);
    }
    lines
}

/// The text's words in braille, each word's cells as braille ASCII.
pub fn words(text: &str) -> Vec<String> {
    text.split_whitespace().map(word).collect()
}

fn word(print: &str) -> String {
    let letters: Vec<char> = print.chars().filter(|c| c.is_alphabetic()).collect();
    // A word of capitals takes one indicator for all of them, until a number interrupts it;
    // a single capital takes its own.
    let mut capital_word = letters.len() > 1 && letters.iter().all(|c| c.is_uppercase());
    let mut cells = String::new();
    if capital_word {
        cells.push_str(",,");
    }
    let mut numeric = false;
    // Decomposed, an accented letter is its base letter followed by its combining accents.
    let mut chars = print.nfd().peekable();
    let mut at_start = true;
    while let Some(c) = chars.next() {
        if let Some(digit) = c.to_digit(10) {
            if !numeric {
                cells.push('#');
                numeric = true;
                capital_word = false;
            }
            cells.push(digit_cell(digit));
        } else if numeric
            && matches!(c, '.' | ',')
            && chars.peek().is_some_and(char::is_ascii_digit)
        {
            // A decimal point or a thousands comma keeps numeric mode.
            cells.push(if c == '.' { '4' } else { '1' });
        } else if c.is_ascii_alphabetic() {
            let base = c.to_ascii_lowercase();
            if c.is_ascii_uppercase() && !capital_word {
                // A capital indicator also ends numeric mode.
                cells.push(',');
            } else if numeric && ('a'..='j').contains(&base) {
                // Otherwise a to j would read as digits.
                cells.push(';');
            }
            numeric = false;
            while let Some(accent) = chars.peek().and_then(|m| modifier(*m)) {
                cells.push_str(accent);
                chars.next();
            }
            cells.push(base.to_ascii_uppercase());
        } else {
            numeric = false;
            cells.push_str(punctuation(c, at_start));
        }
        at_start = false;
    }
    cells
}

/// 1 to 9 are the letters a to i, and 0 is j.
fn digit_cell(digit: u32) -> char {
    match digit {
        0 => 'J',
        d => char::from(b'A' + u8::try_from(d - 1).unwrap_or(0)),
    }
}

/// The UEB modifier for a combining accent; it goes before the letter it modifies.
fn modifier(mark: char) -> Option<&'static str> {
    Some(match mark {
        '\u{301}' => "^/", // acute
        '\u{300}' => "^*", // grave
        '\u{302}' => "^%", // circumflex
        '\u{303}' => "^]", // tilde
        '\u{308}' => "^3", // diaeresis
        '\u{327}' => "^&", // cedilla
        '\u{30a}' => "^$", // ring
        '\u{30c}' => "^+", // caron
        '\u{306}' => "@+", // breve
        _ => return None,
    })
}

/// UEB punctuation and signs, every printable ASCII one among them. `opens` tells a straight
/// double quote that opens a word from one that closes it. Print symbols without cells here
/// (letters of other scripts, accents on no letter) are left out: the notice's ids and its
/// recipient mark are all ASCII.
fn punctuation(c: char, opens: bool) -> &'static str {
    match c {
        ',' => "1",
        '.' => "4",
        ';' => "2",
        ':' => "3",
        '?' => "8",
        '!' => "6",
        '\'' | '\u{2019}' => "'",
        '\u{2018}' => ",8",
        '-' | '\u{2010}' | '\u{2011}' => "-",
        '\u{2013}' | '\u{2014}' => ",-",
        '\u{201c}' => "8",
        '\u{201d}' => "0",
        '"' if opens => "8",
        '"' => "0",
        '(' => "\"<",
        ')' => "\">",
        '/' => "_/",
        '@' => "@A",
        '&' => "@&",
        '_' => ".-",
        '#' => "_?",
        '+' => "\"6",
        '=' => "\"7",
        '*' => "\"9",
        '%' => ".0",
        '$' => "@S",
        '~' => "@9",
        '^' => "@5",
        '`' => ".*",
        '|' => "_\\",
        '\\' => "_*",
        '<' => "@<",
        '>' => "@>",
        '[' => ".<",
        ']' => ".>",
        '{' => "_<",
        '}' => "_>",
        _ => "",
    }
}

#[cfg(test)]
mod tests {
    use super::{Block, brf, words};
    use lectern_domain::account::braille::BrailleLayout;

    /// Expected cells are liblouis's (`lou_translate --forward en-ueb-g1.ctb`, liblouis 3.24),
    /// in the upper-case braille ASCII of BRF files.
    fn cells(print: &str) -> String {
        words(print).join(" ")
    }

    #[test]
    fn capitals_numbers_and_the_grade_1_indicator() {
        assert_eq!(
            cells("Pride and Prejudice, 2026-11-21 for ua-1"),
            ",PRIDE AND ,PREJUDICE1 #BJBF-#AA-#BA FOR UA-#A"
        );
        assert_eq!(
            cells("ISBN of 3D and BRF1A, OK."),
            ",,ISBN OF #C,D AND ,,BRF#A,A1 ,,OK4"
        );
        // A lower-case a to j after a digit would read as a digit without `;`; k to z would not.
        assert_eq!(
            cells("3fa9c20be81d4a7f 1x"),
            "#C;FA#I;C#BJ;BE#HA;D#D;A#G;F #AX"
        );
        assert_eq!(cells("1,234.5 pages"), "#A1BCD4E PAGES");
    }

    #[test]
    fn punctuation_and_accents() {
        assert_eq!(
            cells("\u{201c}Quoted\u{201d} (ua-1), x@y.org & a/b? Yes! It's; so: \"World\""),
            "8,QUOTED0 \"<UA-#A\">1 X@AY4ORG @& A_/B8 ,YES6 ,IT'S2 SO3 8,WORLD0"
        );
        assert_eq!(
            cells("Jos\u{e9} M\u{fc}ller Fran\u{e7}ois \u{c5} \u{160}koda \u{102}b x\u{2014}2"),
            ",JOS^/E ,M^3ULLER ,FRAN^&COIS ,^$A ,^+SKODA ,@+AB X,-#B"
        );
    }

    #[test]
    fn every_printable_ascii_symbol_has_cells() {
        assert_eq!(
            cells("a_b#c+d=e*f%g$h~i^j`k|l\\m<n>o[p]q{r}s"),
            "A.-B_?C\"6D\"7E\"9F.0G@SH@9I@5J.*K_\\L_*M@<N@>O.<P.>Q_<R_>S"
        );
        for c in (0x21..0x7f)
            .map(char::from)
            .filter(|c| !c.is_ascii_alphanumeric())
        {
            assert!(!cells(&c.to_string()).is_empty(), "{c:?} has no cells");
        }
        assert_eq!(
            cells("AP5xvS_OBOox68BfRQ"),
            ",A,P#EXV,S.-,O,B,OOX#FH,BF,R,Q"
        );
    }

    #[test]
    fn a_brf_page_is_braille_ascii_in_lines_and_pages() {
        let long = "word ".repeat(400);
        let out = brf(
            &[Block::Heading("Copyright notice"), Block::Paragraph(&long)],
            &BrailleLayout::STANDARD,
        );
        let pages: Vec<&str> = out.split('\u{c}').collect();
        assert!(pages.len() > 1, "400 words fill more than a page");
        for page in &pages {
            let lines: Vec<&str> = page.split_terminator("\r\n").collect();
            assert!(lines.len() <= 25, "{} lines", lines.len());
            for line in lines {
                assert!(line.len() <= 40, "{line:?}");
                assert!(line.bytes().all(|b| (0x20..=0x5f).contains(&b)), "{line:?}");
            }
        }
        let mut lines = pages[0].split("\r\n");
        assert_eq!(lines.next(), Some("           ,COPYRIGHT NOTICE"));
        assert_eq!(lines.next(), Some("  WORD WORD WORD WORD WORD WORD WORD"));
        assert_eq!(
            lines.next(),
            Some("WORD WORD WORD WORD WORD WORD WORD WORD")
        );
    }

    #[test]
    fn a_word_longer_than_a_line_is_divided() {
        let out = brf(
            &[Block::Paragraph(&"x".repeat(50))],
            &BrailleLayout::STANDARD,
        );
        assert_eq!(
            out,
            format!("  {}\r\n{}\r\n", "X".repeat(38), "X".repeat(12))
        );
    }
}
