use serde::{Deserialize, Serialize};

use super::{Artifact, is_false};
use crate::Timestamp;
use crate::title_access::{TitleStatus, UsageRestriction};

string_enum!(
    /// Document 3's titleStatus values: the production pipeline and what follows it.
    TitleStatusCode {
        Live = "live",
        Withdrawn = "withdrawn",
        New = "new",
        BeingEdited = "beingEdited",
        ProofreadValid = "proofreadValid",
        ProofreadRejected = "proofreadRejected",
        Converted = "converted",
        Reprocess = "reprocess",
        Validated = "validated",
        UserSubmitted = "userSubmitted",
        PublisherSubmitted = "publisherSubmitted",
        Removed = "removed",
    }
);

impl TitleStatusCode {
    /// What the access rules distinguish: live, withdrawn, removed, or still in production.
    pub fn lifecycle(self) -> TitleStatus {
        match self {
            TitleStatusCode::Live => TitleStatus::Live,
            TitleStatusCode::Withdrawn => TitleStatus::Withdrawn,
            TitleStatusCode::Removed => TitleStatus::Removed,
            _ => TitleStatus::InProduction,
        }
    }
}

string_enum!(
    /// Document 3's contributor types.
    ContributorType {
        Author = "author",
        CoWriter = "coWriter",
        EpilogueBy = "epilogueBy",
        ForwardBy = "forwardBy",
        IntroductionBy = "introductionBy",
        Editor = "editor",
        Composer = "composer",
        Arranger = "arranger",
        Lyricist = "lyricist",
        Translator = "translator",
        Transcriber = "transcriber",
        Abridger = "abridger",
        Adapter = "adapter",
        Illustrator = "illustrator",
    }
);

string_enum!(
    /// Document 3's content warnings.
    ContentWarning {
        ContentWarning = "contentWarning",
        Sex = "sex",
        Violence = "violence",
        Drugs = "drugs",
        Language = "language",
        Intolerance = "intolerance",
        Adult = "adult",
        Unrated = "unrated",
    }
);

string_enum!(MusicScoreType { FullScore = "fullScore", OpenScore = "openScore", SingleLine = "singleLine" });
string_enum!(
    /// Document 3's `quality` of a title's source.
    Quality { Publisher = "publisher", Excellent = "excellent", Good = "good", Fair = "fair" }
);

#[derive(Debug, Clone, PartialEq, Eq, Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub struct Contributor {
    pub name: String,
    #[serde(rename = "type")]
    pub kind: ContributorType,
}

/// A title as its source describes it: the fields of document 3's complete record that are data
/// rather than views (`allows`, `links`, `titleAccessAlerts`, `formats` and `formatStatuses` are
/// computed per caller). Fixtures are written in this shape and the store keeps it as a document.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct TitleRecord {
    pub service_id: String,
    pub site: String,
    pub status: TitleStatusCode,
    pub title: String,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub subtitle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub synopsis: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub contributors: Vec<Contributor>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub isbn13: Option<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub related_isbns: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publisher: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub publish_date: Option<Timestamp>,
    /// A four-digit year.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copyright_date: Option<i32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub copyright_holder: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub edition: Option<String>,
    /// ISO 639-2 alpha-3 codes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub languages: Vec<String>,
    /// Names of the service's categories.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub categories: Vec<String>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub bisac_codes: Vec<String>,
    /// ISO 3166 alpha-2 codes where the title may be read; empty means everywhere.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub countries: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub origin_country: Option<String>,
    pub usage_restriction: UsageRestriction,
    #[serde(default, skip_serializing_if = "is_false")]
    pub adult_content: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub content_warnings: Vec<ContentWarning>,
    /// Restricted by NIMAC to students with an education plan.
    #[serde(default, skip_serializing_if = "is_false")]
    pub nimac: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading_age_minimum: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub reading_age_maximum: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lexile_code: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub lexile_number: Option<String>,
    /// ONIX code list 77 (US) or BIC (UK) grade codes.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub grades: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series_title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series_subtitle: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub series_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_content_type: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub num_pages: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub num_images: Option<u32>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub dtbook_size: Option<u64>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub notes: Option<String>,
    #[serde(default = "yes")]
    pub allow_recommend: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub has_chord_symbols: bool,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub instruments: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub key: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement_number: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub movement_title: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub music_score_type: Option<MusicScoreType>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub opus: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub vocal_parts: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub marrakesh_available: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub marrakesh_pod_exception: bool,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub external_category_code: Option<String>,
    /// Where the title came from (publisher feed, volunteer scan, ...): shown to collection
    /// assistants only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub title_source: Option<String>,
    /// Who submitted it: shown to collection assistants only.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub submitter: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub owner: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub proofreader: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub replacement_id: Option<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub withdrawal_date: Option<Timestamp>,
    /// When the title joined the collection; the store fills it in when absent.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub date_added: Option<Timestamp>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub last_updated: Option<Timestamp>,
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub artifacts: Vec<Artifact>,
    /// The publisher's product identifier: unique within the collection of its site.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub product_identifier: Option<String>,
    #[serde(default, skip_serializing_if = "is_false")]
    pub available_to_demo: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub available_worldwide: bool,
    #[serde(default, skip_serializing_if = "is_false")]
    pub has_embedded_image_descriptions: bool,
    /// US states (two letters) or ISO 3166-2 subdivisions the title is meant for.
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    pub states: Vec<String>,
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub quality: Option<Quality>,
}

fn yes() -> bool {
    true
}

impl TitleRecord {
    pub fn contributors_of(&self, kind: ContributorType) -> impl Iterator<Item = &str> {
        self.contributors
            .iter()
            .filter(move |c| c.kind == kind)
            .map(|c| c.name.as_str())
    }

    /// What the access rules need of this title. `in_global_collection`: its site is global.
    pub fn facts(&self, in_global_collection: bool) -> crate::title_access::TitleFacts {
        crate::title_access::TitleFacts {
            site_id: self.site.clone(),
            in_global_collection,
            status: self.status.lifecycle(),
            usage: self.usage_restriction,
            adult_content: self.adult_content,
            countries: self.countries.clone(),
            nimac_restricted: self.nimac,
        }
    }

    /// The artifact of a format, if the title has one.
    pub fn artifact(&self, format: super::Format) -> Option<&Artifact> {
        self.artifacts.iter().find(|a| a.format == format)
    }
}
