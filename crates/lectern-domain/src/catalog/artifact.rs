use serde::{Deserialize, Serialize};

use super::Format;
use crate::Timestamp;

string_enum!(
    /// Where an artifact stands: what `formatStatuses` reports per format.
    ArtifactStatus {
        Available = "available",
        InProduction = "inProduction",
        Withdrawn = "withdrawn",
        // A file that could not be made (a reader's document whose conversion failed).
        Failed = "failed",
    }
);

string_enum!(NarratorType { Tts = "tts", Human = "human" });
string_enum!(NarratorGender { Male = "male", Female = "female", OtherNonBinary = "otherNonBinary" });
string_enum!(BrailleType { Automated = "automated", Transcribed = "transcribed" });
string_enum!(BrailleGrade { Contracted = "contracted", Uncontracted = "uncontracted" });
string_enum!(BrailleMusicScoreLayout { BarOverBar = "barOverBar", BarByBar = "barByBar" });

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Narrator {
    pub name: String,
    /// Document 3 names it, so it is always written: null when the library did not say.
    #[serde(default)]
    pub gender: Option<NarratorGender>,
    #[serde(rename = "type")]
    pub kind: NarratorType,
}

/// Document 3's Accessibility Metadata, read from publisher metadata (for EPUB, the package
/// document's schema.org properties).
#[derive(Debug, Clone, Default, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct AccessibilityMetadata {
    #[serde(default)]
    pub accessibility_summary: Option<String>,
    #[serde(default)]
    pub accessibility_conformances: Vec<String>,
    #[serde(default)]
    pub accessibility_certifications: Vec<Certification>,
    #[serde(default)]
    pub accessibility_features: Vec<Feature>,
    #[serde(default)]
    pub accessibility_hazards: Vec<String>,
    #[serde(default)]
    pub access_modes: Vec<String>,
    #[serde(default)]
    pub access_modes_sufficient: Vec<String>,
}

impl AccessibilityMetadata {
    pub fn is_empty(&self) -> bool {
        *self == AccessibilityMetadata::default()
    }
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Certification {
    pub certified_by: Option<String>,
    pub certifier_credential: Option<String>,
    pub certifier_report: Option<String>,
}

#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Feature {
    pub accessibility_feature: String,
    #[serde(default)]
    pub description: Option<String>,
}

/// One format of a title (document 3's Artifact Metadata) and where its file is kept.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Artifact {
    pub format: Format,
    #[serde(default = "available")]
    pub status: ArtifactStatus,
    /// The file: in a fixture, a path relative to the fixture file; in the store, the object key.
    /// Never shown to clients, who download through the packaging flow.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub file: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub global_book_service_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub producer: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub supplier: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub narrator: Option<Narrator>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub braille_grade: Option<BrailleGrade>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub braille_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub braille_type: Option<BrailleType>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub braille_music_score_layout: Option<BrailleMusicScoreLayout>,
    /// ISO 8601 duration, `PTnHnMnS`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub duration: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub funding_source: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub number_of_volumes: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_identifier_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub transcriber: Option<String>,
    #[serde(default, skip_serializing_if = "AccessibilityMetadata::is_empty")]
    pub accessibility: AccessibilityMetadata,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_added: Option<Timestamp>,
    /// Made by the worker from the title's EPUB 3 master (`file` is the master's), not a file
    /// of the library's own: never stored, offered per request (`TitleRecord::offered`).
    #[serde(skip)]
    pub derived: bool,
}

impl Artifact {
    /// An available artifact of `format` kept at `file`, with no other details yet.
    pub fn new(format: Format, file: Option<String>) -> Self {
        Artifact {
            format,
            status: ArtifactStatus::Available,
            file,
            global_book_service_id: None,
            producer: None,
            supplier: None,
            narrator: None,
            braille_grade: None,
            braille_code: None,
            braille_type: None,
            braille_music_score_layout: None,
            duration: None,
            funding_source: None,
            number_of_volumes: None,
            external_identifier_code: None,
            transcriber: None,
            accessibility: AccessibilityMetadata::default(),
            date_added: None,
            derived: false,
        }
    }

    /// Why this format cannot be had now, whoever asks; `None` when it can.
    pub fn not_ready(&self) -> Option<NotReady> {
        match self.status {
            ArtifactStatus::Available if self.file.is_some() => None,
            ArtifactStatus::Available => Some(NotReady::FileNotArrived),
            ArtifactStatus::InProduction => Some(NotReady::InProduction),
            ArtifactStatus::Withdrawn => Some(NotReady::Withdrawn),
            ArtifactStatus::Failed => Some(NotReady::Failed),
        }
    }
}

/// Why a format of a title cannot be had now, whoever asks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum NotReady {
    /// Catalogued as available, but its file has not arrived: nothing could be packaged.
    FileNotArrived,
    InProduction,
    Withdrawn,
    Failed,
}

impl NotReady {
    /// Why, in a reader's words.
    pub fn in_words(self) -> &'static str {
        match self {
            NotReady::FileNotArrived => "Its file has not arrived at the library yet.",
            NotReady::InProduction => "It is being produced and is not ready yet.",
            NotReady::Withdrawn => "It has been withdrawn and is no longer lent.",
            NotReady::Failed => "It could not be produced.",
        }
    }
}

fn available() -> ArtifactStatus {
    ArtifactStatus::Available
}

/// Seconds in an ISO 8601 duration of hours, minutes and seconds (`PT1H2M3S`, `PT45M`).
pub fn duration_seconds(raw: &str) -> Result<u32, &'static str> {
    const BAD: &str = "must be an ISO 8601 duration such as PT1H30M0S";
    let rest = raw.strip_prefix("PT").ok_or(BAD)?;
    if rest.is_empty() {
        return Err(BAD);
    }
    let (mut total, mut number) = (0u32, String::new());
    for c in rest.chars() {
        if c.is_ascii_digit() {
            number.push(c);
            continue;
        }
        let unit = match c {
            'H' => 3600,
            'M' => 60,
            'S' => 1,
            _ => return Err(BAD),
        };
        let n: u32 = number.parse().map_err(|_| BAD)?;
        total = total
            .checked_add(n.checked_mul(unit).ok_or(BAD)?)
            .ok_or(BAD)?;
        number.clear();
    }
    if number.is_empty() {
        Ok(total)
    } else {
        Err(BAD)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn durations_read_hours_minutes_and_seconds() {
        assert_eq!(duration_seconds("PT1H2M3S"), Ok(3723));
        assert_eq!(duration_seconds("PT45M"), Ok(2700));
        assert!(duration_seconds("P1D").is_err());
        assert!(duration_seconds("PT").is_err());
        assert!(duration_seconds("PT5").is_err());
    }
}
