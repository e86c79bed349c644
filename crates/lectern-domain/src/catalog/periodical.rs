use serde::{Deserialize, Serialize};

use super::Artifact;
use crate::Timestamp;

string_enum!(SeriesType { Newspaper = "newspaper", Magazine = "magazine", Journal = "journal" });

crate::sort_order!(
    /// `sortOrder` of a series' editions.
    EditionSort (default PublicationDate) {
        PublicationDate = "publicationDate",
        EditionName = "editionName",
    }
);

crate::sort_order!(
    /// `sortOrder` of the periodicals list.
    SeriesSort (default Title) {
        Title = "title",
        Issn = "issn",
        EditionCount = "editionCount",
    }
);

/// A periodical series (document 3) with its editions, as a source describes it.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct PeriodicalSeries {
    pub series_id: String,
    pub site: String,
    pub title: String,
    #[serde(default)]
    pub issn: Option<String>,
    #[serde(default)]
    pub description: Option<String>,
    #[serde(default)]
    pub publisher: Option<String>,
    pub series_type: SeriesType,
    #[serde(default)]
    pub external_category_code: Option<String>,
    #[serde(default)]
    pub categories: Vec<String>,
    #[serde(default)]
    pub languages: Vec<String>,
    /// ISO 3166 alpha-2 codes where it may be read; empty means everywhere.
    #[serde(default)]
    pub countries: Vec<String>,
    #[serde(default)]
    pub editions: Vec<Edition>,
}

/// One issue of a periodical, with a file per format.
#[derive(Debug, Clone, PartialEq, Serialize, Deserialize)]
#[serde(rename_all = "camelCase", deny_unknown_fields)]
pub struct Edition {
    pub edition_id: String,
    pub edition_name: String,
    pub publication_date: Timestamp,
    #[serde(default)]
    pub expiration_date: Option<Timestamp>,
    #[serde(default)]
    pub artifacts: Vec<Artifact>,
}
