//! How a reader's braille is laid out: the code and grade they read, the cells of their
//! display's or embosser's line and, on paper, the lines of a page. Made from their preferences
//! (`useUeb`, `brailleGrade`, `brailleFormat`, `brailleCellLineWidth`); the made braille and the
//! notice that goes with every braille download are laid out by it, and a layout names the kept
//! braille made in it (`key`). One rule for the narrowest line: no layout is narrower.

use super::preferences::{BrailleFormat, BrailleGrade, Preferences};

/// The braille code: Unified English Braille, or English Braille American Edition.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum BrailleCode {
    Ueb,
    Ebae,
}

/// How a reader's braille is made and laid out. Only [`BrailleLayout::new`] (and what calls it)
/// makes one, so every layout has at least [`BrailleLayout::NARROWEST_LINE`] cells a line and, on
/// paper, room for a line of text above the page's number.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct BrailleLayout {
    code: BrailleCode,
    contracted: bool,
    cells_per_line: usize,
    lines_per_page: Option<usize>,
}

impl BrailleLayout {
    /// The narrowest line braille is laid out on: a cell-7 heading (six cells in) still has
    /// room for words beside it. Every width a reader may choose is wider
    /// (`BrailleFormat::widths`).
    pub const NARROWEST_LINE: usize = 12;

    /// 25 lines: 11 by 11.5 inch paper, the North American embossing standard.
    pub const LINES_ON_PAPER: usize = 25;

    /// Contracted UEB, 40 cells by 25 lines: what a reader who chose nothing is given.
    pub const STANDARD: BrailleLayout = BrailleLayout {
        code: BrailleCode::Ueb,
        contracted: true,
        cells_per_line: 40,
        lines_per_page: Some(BrailleLayout::LINES_ON_PAPER),
    };

    /// A layout, if its line is at least the narrowest and its page (on paper; `None` for a
    /// refreshable display, which reads one continuous page) holds a line above its number.
    pub fn new(
        code: BrailleCode,
        contracted: bool,
        cells_per_line: usize,
        lines_per_page: Option<usize>,
    ) -> Option<BrailleLayout> {
        let fits = cells_per_line >= Self::NARROWEST_LINE && lines_per_page.is_none_or(|n| n >= 2);
        fits.then_some(BrailleLayout {
            code,
            contracted,
            cells_per_line,
            lines_per_page,
        })
    }

    /// The reader's choices: their code (`useUeb`), grade, display or embosser and its line;
    /// the standard's for what they did not choose.
    pub fn of_reader(preferences: Option<&Preferences>) -> BrailleLayout {
        let Some(p) = preferences else {
            return BrailleLayout::STANDARD;
        };
        let code = if p.use_ueb {
            BrailleCode::Ueb
        } else {
            BrailleCode::Ebae
        };
        let contracted = p.braille_grade != Some(BrailleGrade::Uncontracted);
        let lines = match p.braille_format {
            Some(BrailleFormat::Refreshable) => None,
            _ => Some(Self::LINES_ON_PAPER),
        };
        let standard_line = || Self::STANDARD.cells_per_line;
        let cells = p
            .braille_cell_line_width
            .map_or_else(standard_line, |w| w as usize);
        BrailleLayout::new(code, contracted, cells, lines)
            .or_else(|| BrailleLayout::new(code, contracted, standard_line(), lines))
            .unwrap_or(BrailleLayout::STANDARD)
    }

    pub fn code(&self) -> BrailleCode {
        self.code
    }

    pub fn contracted(&self) -> bool {
        self.contracted
    }

    pub fn cells_per_line(&self) -> usize {
        self.cells_per_line
    }

    /// Lines a page holds, the last of them ending in the braille page's number; `None` for a
    /// refreshable display.
    pub fn lines_per_page(&self) -> Option<usize> {
        self.lines_per_page
    }

    /// A name for the layout that tells every layout apart: `ueb-g2-40x25`, `ebae-g1-32`.
    pub fn key(&self) -> String {
        let code = match self.code {
            BrailleCode::Ueb => "ueb",
            BrailleCode::Ebae => "ebae",
        };
        let grade = if self.contracted { "g2" } else { "g1" };
        match self.lines_per_page {
            Some(lines) => format!("{code}-{grade}-{}x{lines}", self.cells_per_line),
            None => format!("{code}-{grade}-{}", self.cells_per_line),
        }
    }

    /// The layout a [`key`](Self::key) names.
    pub fn from_key(key: &str) -> Option<BrailleLayout> {
        let mut parts = key.split('-');
        let code = match parts.next()? {
            "ueb" => BrailleCode::Ueb,
            "ebae" => BrailleCode::Ebae,
            _ => return None,
        };
        let contracted = match parts.next()? {
            "g2" => true,
            "g1" => false,
            _ => return None,
        };
        let page = parts.next()?;
        if parts.next().is_some() {
            return None;
        }
        let (cells, lines) = match page.split_once('x') {
            Some((cells, lines)) => (cells, Some(lines.parse::<usize>().ok()?)),
            None => (page, None),
        };
        BrailleLayout::new(code, contracted, cells.parse().ok()?, lines)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn preferences(format: Option<BrailleFormat>, width: Option<u32>) -> Preferences {
        Preferences {
            use_ueb: true,
            braille_grade: Some(BrailleGrade::Uncontracted),
            braille_format: format,
            braille_cell_line_width: width,
            ..Preferences::defaults(false)
        }
    }

    #[test]
    fn a_reader_s_choices_make_their_layout() {
        let display = preferences(Some(BrailleFormat::Refreshable), Some(32));
        let layout = BrailleLayout::of_reader(Some(&display));
        assert_eq!(layout.key(), "ueb-g1-32");
        let paper = preferences(Some(BrailleFormat::Embossable), Some(28));
        assert_eq!(BrailleLayout::of_reader(Some(&paper)).key(), "ueb-g1-28x25");
        assert_eq!(BrailleLayout::of_reader(None), BrailleLayout::STANDARD);
        let ebae = Preferences::defaults(false);
        assert_eq!(BrailleLayout::of_reader(Some(&ebae)).key(), "ebae-g2-40x25");
    }

    #[test]
    fn no_layout_is_narrower_than_the_narrowest_line() {
        let narrow = preferences(Some(BrailleFormat::Refreshable), Some(8));
        assert_eq!(BrailleLayout::of_reader(Some(&narrow)).key(), "ueb-g1-40");
        assert!(BrailleLayout::new(BrailleCode::Ueb, true, 11, None).is_none());
        assert!(BrailleLayout::new(BrailleCode::Ueb, true, 12, None).is_some());
        assert!(BrailleLayout::new(BrailleCode::Ueb, true, 40, Some(1)).is_none());
        assert!(BrailleLayout::from_key("ueb-g2-11x25").is_none());
        for width in [BrailleFormat::Refreshable, BrailleFormat::Embossable]
            .iter()
            .flat_map(|f| f.widths())
        {
            assert!(*width as usize >= BrailleLayout::NARROWEST_LINE);
        }
    }

    #[test]
    fn a_key_names_its_layout_again() {
        for key in ["ueb-g2-40x25", "ebae-g1-32", "ueb-g1-18", "ebae-g2-28x25"] {
            assert_eq!(BrailleLayout::from_key(key).unwrap().key(), key);
        }
        for bad in [
            "",
            "ueb",
            "ueb-g3-40",
            "ueb-g2-40x0",
            "ueb-g2-x25",
            "ueb-g2-40-1",
        ] {
            assert!(BrailleLayout::from_key(bad).is_none(), "{bad}");
        }
    }
}
