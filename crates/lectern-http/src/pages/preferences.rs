//! The reading preferences form, as the reader's account page and the staff's page for a
//! member's reading both show and read it (`web/preferences_fields.html`).

use lectern_domain::account::preferences::{BrailleFormat, PreferenceChanges, Preferences};
use lectern_domain::catalog::Format;

use crate::conventions::params::Params;
use crate::reading_settings::reading_changes;

pub use super::reading_settings::ShownReading;
use crate::error::ApiResult;
use crate::i18n::Lang;

/// The preferences the form asks as tick boxes.
const FLAGS: [&str; 4] = [
    "useUeb",
    "showRecommendations",
    "showAllBooks",
    "allowAdultContent",
];

/// The preferences form's fields as the API's parameters. A box left unticked is sent as
/// `false`: a form leaves it out, and the API would then keep what was there.
fn preferences_params(form: &Params) -> Params {
    let mut pairs: Vec<(String, String)> = form
        .pairs()
        .iter()
        .filter(|(_, v)| !v.is_empty())
        .cloned()
        .collect();
    for flag in FLAGS {
        if !pairs.iter().any(|(k, _)| k == flag) {
            pairs.push((flag.to_owned(), "false".to_owned()));
        }
    }
    Params::from_pairs(pairs)
}

/// The preferences form's fields as the changes they ask.
pub fn preference_changes(form: &Params) -> ApiResult<PreferenceChanges> {
    let params = preferences_params(form);
    let mut changes: PreferenceChanges = params.parse()?;
    changes.reading = reading_changes(&params)?;
    Ok(changes)
}

/// The preferences as the form shows them (`web/preferences_fields.html`).
pub struct ShownPreferences {
    pub format: Option<&'static str>,
    pub braille_grade: Option<&'static str>,
    pub use_ueb: bool,
    pub braille_format: Option<&'static str>,
    pub braille_cell_line_width: Option<u32>,
    pub language: Option<String>,
    pub show_recommendations: bool,
    pub show_all_books: bool,
    pub allow_adult_content: bool,
    pub reading: ShownReading,
}

impl From<Preferences> for ShownPreferences {
    fn from(p: Preferences) -> Self {
        ShownPreferences {
            format: p.format.map(|f| f.as_str()),
            braille_grade: p.braille_grade.map(|g| g.as_str()),
            use_ueb: p.use_ueb,
            braille_format: p.braille_format.map(|f| f.as_str()),
            braille_cell_line_width: p.braille_cell_line_width,
            language: p.language,
            show_recommendations: p.show_recommendations,
            show_all_books: p.show_all_books,
            allow_adult_content: p.allow_adult_content,
            reading: p.reading.into(),
        }
    }
}

/// The formats a reader may prefer, as the preferences form offers them, named in `lang`.
pub fn formats(lang: Lang) -> Vec<(&'static str, String)> {
    Format::ALL
        .iter()
        .map(|f| (f.as_str(), crate::i18n::format_name(lang, *f)))
        .collect()
}

/// Every cell line width some Braille output comes in, narrowest first.
pub fn widths() -> Vec<u32> {
    let mut all: Vec<u32> = [BrailleFormat::Refreshable, BrailleFormat::Embossable]
        .iter()
        .flat_map(|f| f.widths().iter().copied())
        .collect();
    all.sort_unstable();
    all.dedup();
    all
}
