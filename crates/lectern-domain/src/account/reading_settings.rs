//! How a reader wants a book shown when reading it online: text size, font, spacing, margins,
//! alignment and colors, for low vision and dyslexia. Part of the reader's preferences, so they
//! follow the reader to any device; the API names each `reading…` beside document 2's fields.
//!
//! Every value is a number in a range or a word from a list, and a color is `#rrggbb`: what is
//! kept can be written into a stylesheet as it is, with nothing a reader sends reaching the CSS
//! unchecked.

use std::fmt;

use crate::invalid::{Invalid, Problems, Why};

string_enum!(
    /// The typeface of the book's text. `Book` is the book's own where the reader shows the
    /// book's styles, and the pages' sans where it does not.
    ReadingFont {
        Book = "book",
        Sans = "sans",
        Serif = "serif",
        OpenDyslexic = "opendyslexic",
        Atkinson = "atkinson",
    }
);
string_enum!(
    /// Extra space between letters or between words: none, WCAG 1.4.12's amount, or twice it.
    Spacing { Normal = "normal", Wide = "wide", Wider = "wider" }
);
string_enum!(Margins { Narrow = "narrow", Normal = "normal", Wide = "wide" });
string_enum!(
    /// `Start` turns a book's justification off: ragged lines keep even gaps between words.
    TextAlign { Book = "book", Start = "start", Justify = "justify" }
);
string_enum!(
    /// `Own` is the reader's own pair of text and background colors.
    Theme { Light = "light", Dark = "dark", Sepia = "sepia", Contrast = "contrast", Own = "own" }
);

/// The smallest and largest text size, in per cent of the page's.
pub const TEXT_SIZES: (u16, u16) = (50, 500);
/// The tightest and loosest line height, in per cent of the text size.
pub const LINE_HEIGHTS: (u16, u16) = (100, 300);

/// A color as `#rrggbb`, in lower case.
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(try_from = "String", into = "String")]
pub struct Color([u8; 3]);

impl Color {
    /// Relative luminance, as WCAG defines it for contrast.
    fn luminance(self) -> f64 {
        let channel = |c: u8| {
            let c = f64::from(c) / 255.0;
            if c <= 0.04045 {
                c / 12.92
            } else {
                ((c + 0.055) / 1.055).powf(2.4)
            }
        };
        let [r, g, b] = self.0;
        0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)
    }

    /// The contrast ratio of two colors, from 1 to 21.
    pub fn contrast(self, other: Color) -> f64 {
        let (a, b) = (self.luminance(), other.luminance());
        (a.max(b) + 0.05) / (a.min(b) + 0.05)
    }
}

impl std::str::FromStr for Color {
    type Err = String;
    fn from_str(s: &str) -> Result<Self, String> {
        let hex = s
            .strip_prefix('#')
            .filter(|h| h.len() == 6 && h.bytes().all(|b| b.is_ascii_hexdigit()))
            .ok_or_else(|| format!("'{s}' is not a color written as #rrggbb"))?;
        let byte = |i: usize| u8::from_str_radix(&hex[i..i + 2], 16).expect("checked as hex");
        Ok(Color([byte(0), byte(2), byte(4)]))
    }
}

impl TryFrom<String> for Color {
    type Error = String;
    fn try_from(s: String) -> Result<Self, String> {
        s.parse()
    }
}

impl From<Color> for String {
    fn from(c: Color) -> String {
        c.to_string()
    }
}

impl fmt::Display for Color {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let [r, g, b] = self.0;
        write!(f, "#{r:02x}{g:02x}{b:02x}")
    }
}

/// The least contrast the reader's own pair may have: WCAG's 4.5:1 for text. A reader who
/// needs softer contrast has the sepia theme.
pub const LEAST_CONTRAST: f64 = 4.5;

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "camelCase", default)]
pub struct ReadingSettings {
    /// Per cent of the page's text size.
    pub text_size: u16,
    pub font: ReadingFont,
    /// Per cent of the text size.
    pub line_height: u16,
    pub letter_spacing: Spacing,
    pub word_spacing: Spacing,
    pub margins: Margins,
    pub align: TextAlign,
    pub theme: Theme,
    /// The reader's own pair, kept when another theme is chosen so that choosing "own" again
    /// brings it back.
    pub text_color: Option<Color>,
    pub background_color: Option<Color>,
}

impl Default for ReadingSettings {
    fn default() -> Self {
        ReadingSettings {
            text_size: 100,
            font: ReadingFont::Book,
            line_height: 160,
            letter_spacing: Spacing::Normal,
            word_spacing: Spacing::Normal,
            margins: Margins::Normal,
            align: TextAlign::Book,
            theme: Theme::Light,
            text_color: None,
            background_color: None,
        }
    }
}

/// What a change sent; absent fields keep their value. The API's parameters are these names
/// with `reading` before them (`readingTextSize`).
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct ReadingChanges {
    pub text_size: Option<u16>,
    pub font: Option<ReadingFont>,
    pub line_height: Option<u16>,
    pub letter_spacing: Option<Spacing>,
    pub word_spacing: Option<Spacing>,
    pub margins: Option<Margins>,
    pub align: Option<TextAlign>,
    pub theme: Option<Theme>,
    pub text_color: Option<Color>,
    pub background_color: Option<Color>,
}

impl ReadingSettings {
    /// The settings after `c`, or every parameter it got wrong.
    pub fn apply(&self, c: ReadingChanges) -> Result<ReadingSettings, Vec<Invalid>> {
        let mut p = Problems::new();
        in_range(&mut p, "readingTextSize", c.text_size, TEXT_SIZES);
        in_range(&mut p, "readingLineHeight", c.line_height, LINE_HEIGHTS);
        let after = ReadingSettings {
            text_size: c.text_size.unwrap_or(self.text_size),
            font: c.font.unwrap_or(self.font),
            line_height: c.line_height.unwrap_or(self.line_height),
            letter_spacing: c.letter_spacing.unwrap_or(self.letter_spacing),
            word_spacing: c.word_spacing.unwrap_or(self.word_spacing),
            margins: c.margins.unwrap_or(self.margins),
            align: c.align.unwrap_or(self.align),
            theme: c.theme.unwrap_or(self.theme),
            text_color: c.text_color.or(self.text_color),
            background_color: c.background_color.or(self.background_color),
        };
        if after.theme == Theme::Own {
            own_pair_readable(&mut p, &after);
        }
        p.done(after)
    }

    /// The reader's own colors when that theme is chosen.
    pub fn own_pair(&self) -> Option<(Color, Color)> {
        match (self.theme, self.text_color, self.background_color) {
            (Theme::Own, Some(text), Some(background)) => Some((text, background)),
            _ => None,
        }
    }
}

fn in_range(p: &mut Problems, param: &'static str, value: Option<u16>, (low, high): (u16, u16)) {
    if let Some(v) = value
        && !(low..=high).contains(&v)
    {
        p.add(param, Why::percent_outside(v, (low, high)));
    }
}

fn own_pair_readable(p: &mut Problems, s: &ReadingSettings) {
    match (s.text_color, s.background_color) {
        (None, _) => p.add_required(
            "readingTextColor",
            Why::own_colours_need("readingBackgroundColor"),
        ),
        (_, None) => p.add_required(
            "readingBackgroundColor",
            Why::own_colours_need("readingTextColor"),
        ),
        (Some(text), Some(background)) => {
            let ratio = text.contrast(background);
            if ratio < LEAST_CONTRAST {
                p.add(
                    "readingTextColor",
                    Why::too_faint(
                        &text.to_string(),
                        &background.to_string(),
                        ratio,
                        LEAST_CONTRAST,
                    ),
                );
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn own(text: &str, background: &str) -> ReadingChanges {
        ReadingChanges {
            theme: Some(Theme::Own),
            text_color: Some(text.parse().unwrap()),
            background_color: Some(background.parse().unwrap()),
            ..Default::default()
        }
    }

    #[test]
    fn sizes_are_kept_within_their_ranges() {
        let s = ReadingSettings::default();
        let big = s
            .apply(ReadingChanges {
                text_size: Some(400),
                line_height: Some(200),
                ..Default::default()
            })
            .unwrap();
        assert_eq!((big.text_size, big.line_height), (400, 200));
        let bad = s
            .apply(ReadingChanges {
                text_size: Some(501),
                line_height: Some(99),
                ..Default::default()
            })
            .unwrap_err();
        let named: Vec<_> = bad.iter().map(|i| i.param).collect();
        assert_eq!(named, ["readingTextSize", "readingLineHeight"]);
    }

    #[test]
    fn the_readers_own_colors_must_be_readable_and_both_given() {
        let s = ReadingSettings::default();
        let yellow_on_navy = s.apply(own("#ffff66", "#001040")).unwrap();
        assert_eq!(
            yellow_on_navy
                .own_pair()
                .map(|(t, b)| (t.to_string(), b.to_string())),
            Some(("#ffff66".to_owned(), "#001040".to_owned()))
        );
        let faint = s.apply(own("#777777", "#888888")).unwrap_err();
        assert_eq!(faint[0].param, "readingTextColor");
        assert!(faint[0].why.contains("1.3:1"), "{}", faint[0].why);
        let alone = s
            .apply(ReadingChanges {
                theme: Some(Theme::Own),
                ..Default::default()
            })
            .unwrap_err();
        assert!(alone[0].required);
        // Another theme keeps the pair for later.
        let dark = yellow_on_navy
            .apply(ReadingChanges {
                theme: Some(Theme::Dark),
                ..Default::default()
            })
            .unwrap();
        assert_eq!(dark.own_pair(), None);
        assert!(dark.text_color.is_some());
    }

    #[test]
    fn a_color_is_six_hex_digits() {
        assert_eq!("#A0b1C2".parse::<Color>().unwrap().to_string(), "#a0b1c2");
        for bad in ["a0b1c2", "#abc", "#ggg000", "#a0b1c2;x", "red"] {
            assert!(bad.parse::<Color>().is_err(), "{bad}");
        }
        let black: Color = "#000000".parse().unwrap();
        let white: Color = "#ffffff".parse().unwrap();
        assert!((black.contrast(white) - 21.0).abs() < 0.01);
    }
}
