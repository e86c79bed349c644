//! Reading preferences (document 2's My Account Preferences), with the Braille rules: a line
//! width belongs to a kind of Braille display, and changing one means sending both.

use crate::account::reading_settings::{ReadingChanges, ReadingSettings};
use crate::catalog::format::Format;
use crate::invalid::{Invalid, Problems, Why};

string_enum!(BrailleGrade { Uncontracted = "uncontracted", Contracted = "contracted" });
string_enum!(BrailleFormat { Refreshable = "refreshable", Embossable = "embossable" });

impl BrailleFormat {
    /// The cell line widths each kind of Braille output comes in.
    pub fn widths(self) -> &'static [u32] {
        match self {
            BrailleFormat::Refreshable => &[18, 20, 32, 40, 70, 80],
            BrailleFormat::Embossable => &[28, 40],
        }
    }
}

#[derive(Debug, Clone, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Preferences {
    pub allow_adult_content: bool,
    pub show_all_books: bool,
    pub show_recommendations: bool,
    pub language: Option<String>,
    pub format: Option<Format>,
    pub braille_grade: Option<BrailleGrade>,
    pub use_ueb: bool,
    pub braille_format: Option<BrailleFormat>,
    pub braille_cell_line_width: Option<u32>,
    pub skip_upgrade_reminder: bool,
    /// How the reader wants books shown when reading online.
    pub reading: ReadingSettings,
}

impl Preferences {
    /// What an account that never saved preferences has; adult content as the account says.
    pub fn defaults(allow_adult_content: bool) -> Self {
        Preferences {
            allow_adult_content,
            show_all_books: false,
            show_recommendations: true,
            language: None,
            format: None,
            braille_grade: None,
            use_ueb: false,
            braille_format: None,
            braille_cell_line_width: None,
            skip_upgrade_reminder: false,
            reading: ReadingSettings::default(),
        }
    }
}

/// What a change sent (the API's PUT, the account page's form), by the names document 2 gives
/// them; absent fields keep their value.
#[derive(Debug, Clone, Default, serde::Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct PreferenceChanges {
    pub allow_adult_content: Option<bool>,
    pub show_all_books: Option<bool>,
    pub show_recommendations: Option<bool>,
    pub language: Option<String>,
    pub format: Option<Format>,
    pub braille_grade: Option<BrailleGrade>,
    pub use_ueb: Option<bool>,
    pub braille_format: Option<BrailleFormat>,
    pub braille_cell_line_width: Option<u32>,
    pub skip_upgrade_reminder: Option<bool>,
    /// Read from the `reading…` parameters by the doors, which name them.
    #[serde(skip)]
    pub reading: ReadingChanges,
}

impl Preferences {
    /// The preferences after `c`, or every parameter it got wrong.
    pub fn apply(&self, c: PreferenceChanges) -> Result<Preferences, Vec<Invalid>> {
        let mut p = Problems::new();
        if let Some(language) = &c.language {
            p.check("language", crate::account::check_language(language));
        }
        let format_changed = c
            .braille_format
            .is_some_and(|f| Some(f) != self.braille_format);
        let width_changed = c
            .braille_cell_line_width
            .is_some_and(|w| Some(w) != self.braille_cell_line_width);
        if format_changed && c.braille_cell_line_width.is_none() {
            p.add("brailleCellLineWidth", Why::sent_with("brailleFormat"));
        }
        if width_changed && c.braille_format.is_none() {
            p.add("brailleFormat", Why::sent_with("brailleCellLineWidth"));
        }
        let braille_format = c.braille_format.or(self.braille_format);
        let width = c.braille_cell_line_width.or(self.braille_cell_line_width);
        if let (Some(format), Some(width)) = (braille_format, width)
            && !format.widths().contains(&width)
        {
            p.add(
                "brailleCellLineWidth",
                Why::width_does_not_fit(width, format.as_str(), format.widths()),
            );
        }
        let reading = match self.reading.apply(c.reading) {
            Ok(r) => r,
            Err(problems) => {
                p.extend(problems);
                self.reading.clone()
            }
        };
        p.done(Preferences {
            allow_adult_content: c.allow_adult_content.unwrap_or(self.allow_adult_content),
            show_all_books: c.show_all_books.unwrap_or(self.show_all_books),
            show_recommendations: c.show_recommendations.unwrap_or(self.show_recommendations),
            language: c.language.or_else(|| self.language.clone()),
            format: c.format.or(self.format),
            braille_grade: c.braille_grade.or(self.braille_grade),
            use_ueb: c.use_ueb.unwrap_or(self.use_ueb),
            braille_format,
            braille_cell_line_width: width,
            skip_upgrade_reminder: c
                .skip_upgrade_reminder
                .unwrap_or(self.skip_upgrade_reminder),
            reading,
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn refreshable_40() -> Preferences {
        Preferences {
            braille_format: Some(BrailleFormat::Refreshable),
            braille_cell_line_width: Some(40),
            ..Preferences::defaults(false)
        }
    }

    #[test]
    fn braille_format_and_width_change_together_and_fit() {
        let start = refreshable_40();
        let format_alone = start
            .apply(PreferenceChanges {
                braille_format: Some(BrailleFormat::Embossable),
                ..Default::default()
            })
            .unwrap_err();
        assert_eq!(format_alone[0].param, "brailleCellLineWidth");
        let width_alone = start
            .apply(PreferenceChanges {
                braille_cell_line_width: Some(32),
                ..Default::default()
            })
            .unwrap_err();
        assert_eq!(width_alone[0].param, "brailleFormat");
        let misfit = start
            .apply(PreferenceChanges {
                braille_format: Some(BrailleFormat::Embossable),
                braille_cell_line_width: Some(32),
                ..Default::default()
            })
            .unwrap_err();
        assert!(misfit[0].why.contains("28, 40"));
        let both = start
            .apply(PreferenceChanges {
                braille_format: Some(BrailleFormat::Embossable),
                braille_cell_line_width: Some(28),
                ..Default::default()
            })
            .unwrap();
        assert_eq!(both.braille_cell_line_width, Some(28));
        // Sending the unchanged format again with a new width is one change, not two.
        let same_format = start
            .apply(PreferenceChanges {
                braille_format: Some(BrailleFormat::Refreshable),
                braille_cell_line_width: Some(80),
                ..Default::default()
            })
            .unwrap();
        assert_eq!(same_format.braille_cell_line_width, Some(80));
    }

    #[test]
    fn absent_fields_keep_their_values() {
        let start = refreshable_40();
        let after = start
            .apply(PreferenceChanges {
                show_all_books: Some(true),
                ..Default::default()
            })
            .unwrap();
        assert!(after.show_all_books);
        assert!(after.show_recommendations);
        assert_eq!(after.braille_cell_line_width, Some(40));
    }
}
