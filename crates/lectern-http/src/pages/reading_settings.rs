//! The reading settings as the preferences form and the reader's settings page show them
//! (`web/reading_settings_fields.html`): each setting's choices, the reader's chosen.

use crate::i18n::Lang;
use lectern_domain::account::reading_settings::{
    Margins, ReadingChanges, ReadingFont, ReadingSettings, Spacing, TextAlign, Theme,
};

/// Text sizes the form offers, in per cent: up to WCAG's 200% and on to 500%.
const TEXT_SIZES: [u16; 11] = [75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 500];
const LINE_HEIGHTS: [u16; 8] = [100, 120, 140, 160, 180, 200, 250, 300];

pub struct ShownReading {
    pub text_size: u16,
    pub line_height: u16,
    pub font: ReadingFont,
    pub letter_spacing: Spacing,
    pub word_spacing: Spacing,
    pub margins: Margins,
    pub align: TextAlign,
    pub theme: Theme,
    /// What the colour fields show: the reader's own pair, or the pages' black on white.
    pub text_color: String,
    pub background_color: String,
}

/// One choice of a setting: its value, its words and whether it is the reader's.
pub struct Choice {
    pub value: String,
    pub label: String,
    pub chosen: bool,
}

impl From<ReadingSettings> for ShownReading {
    fn from(r: ReadingSettings) -> Self {
        ShownReading {
            text_size: r.text_size,
            line_height: r.line_height,
            font: r.font,
            letter_spacing: r.letter_spacing,
            word_spacing: r.word_spacing,
            margins: r.margins,
            align: r.align,
            theme: r.theme,
            text_color: r.text_color.map_or("#1b1b1b".into(), |c| c.to_string()),
            background_color: r
                .background_color
                .map_or("#ffffff".into(), |c| c.to_string()),
        }
    }
}

impl ShownReading {
    /// The settings with a change laid over them, whether or not the change may be kept: a
    /// form refused shows what the reader chose, beside what was wrong with it.
    pub fn with(mut self, c: &ReadingChanges) -> Self {
        self.text_size = c.text_size.unwrap_or(self.text_size);
        self.line_height = c.line_height.unwrap_or(self.line_height);
        self.font = c.font.unwrap_or(self.font);
        self.letter_spacing = c.letter_spacing.unwrap_or(self.letter_spacing);
        self.word_spacing = c.word_spacing.unwrap_or(self.word_spacing);
        self.margins = c.margins.unwrap_or(self.margins);
        self.align = c.align.unwrap_or(self.align);
        self.theme = c.theme.unwrap_or(self.theme);
        if let Some(t) = c.text_color {
            self.text_color = t.to_string();
        }
        if let Some(b) = c.background_color {
            self.background_color = b.to_string();
        }
        self
    }

    pub fn text_sizes(&self, lang: Lang) -> Vec<Choice> {
        percents(lang, &TEXT_SIZES, self.text_size)
    }

    pub fn line_heights(&self, lang: Lang) -> Vec<Choice> {
        percents(lang, &LINE_HEIGHTS, self.line_height)
    }

    /// Each font, its label set in itself where the form shows it (`.font-…`).
    pub fn fonts(&self, lang: Lang) -> Vec<Choice> {
        words(lang, ReadingFont::ALL, self.font, |f| match f {
            ReadingFont::Book => "reading-font-book",
            ReadingFont::Sans => "reading-font-sans",
            ReadingFont::Serif => "reading-font-serif",
            ReadingFont::OpenDyslexic => "reading-font-opendyslexic",
            ReadingFont::Atkinson => "reading-font-atkinson",
        })
    }

    pub fn letter_spacings(&self, lang: Lang) -> Vec<Choice> {
        spacings(lang, self.letter_spacing)
    }

    pub fn word_spacings(&self, lang: Lang) -> Vec<Choice> {
        spacings(lang, self.word_spacing)
    }

    pub fn margin_choices(&self, lang: Lang) -> Vec<Choice> {
        words(lang, Margins::ALL, self.margins, |m| match m {
            Margins::Narrow => "reading-margins-narrow",
            Margins::Normal => "reading-margins-normal",
            Margins::Wide => "reading-margins-wide",
        })
    }

    pub fn alignments(&self, lang: Lang) -> Vec<Choice> {
        words(lang, TextAlign::ALL, self.align, |a| match a {
            TextAlign::Book => "reading-align-book",
            TextAlign::Start => "reading-align-start",
            TextAlign::Justify => "reading-align-justify",
        })
    }

    pub fn themes(&self, lang: Lang) -> Vec<Choice> {
        words(lang, Theme::ALL, self.theme, |t| match t {
            Theme::Light => "reading-theme-light",
            Theme::Dark => "reading-theme-dark",
            Theme::Sepia => "reading-theme-sepia",
            Theme::Contrast => "reading-theme-contrast",
            Theme::Own => "reading-theme-own",
        })
    }
}

fn percents(lang: Lang, steps: &[u16], chosen: u16) -> Vec<Choice> {
    let mut all = steps.to_vec();
    // A value the API set between the steps is shown as it is, not lost on the next save.
    if !all.contains(&chosen) {
        all.push(chosen);
        all.sort_unstable();
    }
    all.into_iter()
        .map(|v| Choice {
            value: v.to_string(),
            label: lang.t_numbers("reading-percent", &[("n", u32::from(v))]),
            chosen: v == chosen,
        })
        .collect()
}

/// Each of `all` with its words, `key` naming the message of each.
fn words<T: Copy + PartialEq + std::fmt::Display>(
    lang: Lang,
    all: &[T],
    chosen: T,
    key: impl Fn(T) -> &'static str,
) -> Vec<Choice> {
    all.iter()
        .map(|&v| Choice {
            value: v.to_string(),
            label: lang.t(key(v)),
            chosen: v == chosen,
        })
        .collect()
}

fn spacings(lang: Lang, chosen: Spacing) -> Vec<Choice> {
    words(lang, Spacing::ALL, chosen, |s| match s {
        Spacing::Normal => "reading-spacing-normal",
        Spacing::Wide => "reading-spacing-wide",
        Spacing::Wider => "reading-spacing-wider",
    })
}
