//! The reader's own marks in a title: bookmarks, highlights, reading events and the reading
//! position they leave. Each belongs to one reader, one title and one format; a location is kept
//! exactly as the reading app gave it (for EPUB 3 a canonical fragment identifier).

use crate::Timestamp;
use crate::catalog::Format;
use crate::invalid::Why;

/// Longest location we keep: a CFI is rarely over a few hundred characters, and locations are
/// part of the keys of bookmarks and highlights.
pub const MAX_LOCATION: usize = 2_000;
/// Longest text we keep with a mark (a bookmark's excerpt, a highlight's text or note).
pub const MAX_TEXT: usize = 10_000;

/// A location as the app gave it: not blank, not over `MAX_LOCATION` characters.
pub fn check_location(location: &str) -> Result<(), Why> {
    if location.trim().is_empty() {
        Err(Why::not_blank())
    } else if location.chars().count() > MAX_LOCATION {
        Err(Why::at_most_chars(MAX_LOCATION))
    } else {
        Ok(())
    }
}

pub fn check_text(text: &str) -> Result<(), Why> {
    if text.chars().count() > MAX_TEXT {
        Err(Why::at_most_chars(MAX_TEXT))
    } else {
        Ok(())
    }
}

/// A percentage: `progression` within a section, `totalProgression` within the title.
pub fn check_percent(value: f64) -> Result<(), Why> {
    if value.is_finite() && (0.0..=100.0).contains(&value) {
        Ok(())
    } else {
        Err(Why::of(
            "why-percentage",
            "must be a percentage from 0 to 100",
        ))
    }
}

/// A mark a reader keeps at a location of a title in a format.
#[derive(Debug, Clone, PartialEq)]
pub struct Bookmark {
    pub service_id: String,
    pub format: Format,
    pub location: String,
    pub text: Option<String>,
    /// Spine index.
    pub position: Option<i64>,
    pub progression: Option<f64>,
    pub total_progression: Option<f64>,
    pub date_created: Timestamp,
}

string_enum!(
    /// The colours a highlight may have (see `docs/decisions.md`).
    HighlightColor {
        Yellow = "yellow",
        Green = "green",
        Blue = "blue",
        Pink = "pink",
        Purple = "purple",
        Orange = "orange",
    }
);

/// A highlighted passage: a bookmark's fields, the passage's text, a colour and a note.
#[derive(Debug, Clone, PartialEq)]
pub struct Highlight {
    /// Where the passage starts (its location is the highlight's key), and its text.
    pub mark: Bookmark,
    /// Where it ends, when the reading app says so.
    pub end: PassageEnd,
    pub color: HighlightColor,
    pub note: Option<String>,
    pub date_updated: Timestamp,
}

/// The end of a highlighted passage, in the same terms as its start.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct PassageEnd {
    pub location: Option<String>,
    pub position: Option<i64>,
    pub progression: Option<f64>,
    pub total_progression: Option<f64>,
}

string_enum!(
    /// What a reading event's `metric` counts.
    MetricType {
        Page = "page",
        Chapter = "chapter",
        Paragraph = "paragraph",
    }
);

/// What a reading app reports as the reader goes.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadingEvent {
    pub service_id: String,
    pub format: Format,
    pub location: String,
    pub location_description: Option<String>,
    pub metric: i64,
    pub metric_type: MetricType,
    pub at: Timestamp,
}

/// Where a reader is in a title: the latest event's location, with the first and last times
/// they read it.
#[derive(Debug, Clone, PartialEq)]
pub struct ReadingPosition {
    pub service_id: String,
    pub format: Format,
    pub location: String,
    pub location_description: Option<String>,
    pub date_added: Timestamp,
    pub date_modified: Timestamp,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn locations_texts_and_percentages_are_checked() {
        assert!(check_location("epubcfi(/6/4!/4/2/1:0)").is_ok());
        assert!(check_location("  ").is_err());
        assert!(check_location(&"x".repeat(MAX_LOCATION + 1)).is_err());
        assert!(check_text(&"x".repeat(MAX_TEXT)).is_ok());
        assert!(check_text(&"x".repeat(MAX_TEXT + 1)).is_err());
        for ok in [0.0, 42.5, 100.0] {
            assert!(check_percent(ok).is_ok());
        }
        for bad in [-0.1, 100.5, f64::NAN, f64::INFINITY] {
            assert!(check_percent(bad).is_err());
        }
    }
}
