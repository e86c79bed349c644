//! The parameters of `GET /v2/titles` (document 4, and the filters document 2 names), read into
//! one typed struct and checked into the search's filters. Each bad value is a 400 that names its
//! parameter.

use std::str::FromStr;

use lectern_domain::catalog::TitleStatusCode;
use lectern_domain::catalog::artifact::duration_seconds;
use lectern_domain::catalog::bisac;
use lectern_domain::catalog::query::TitleFilters;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::error::{ApiError, ApiResult};

/// The filters of `GET /v2/titles`, as sent. Values that need more than a type to check (codes,
/// ages, durations) are read as text and checked by [`TitleSearchParams::filters`], which names
/// the parameter of each bad one.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct TitleSearchParams {
    /// Words of the title, an author or an ISBN
    keyword: Option<String>,
    /// Words of the title
    title: Option<String>,
    /// An author's name (repeat for any of several)
    #[serde(default)]
    author: Vec<String>,
    /// A narrator's name (repeat for any of several)
    #[serde(default)]
    narrator: Vec<String>,
    /// A composer's name (repeat for any of several)
    #[serde(default)]
    composer: Vec<String>,
    /// An ISBN, with or without dashes
    isbn: Option<String>,
    /// Categories (repeat; any of them)
    #[serde(default)]
    categories: Vec<String>,
    /// One category
    category: Option<String>,
    /// ISO 639-2 code, e.g. eng
    #[param(pattern = "^[a-z]{3}$")]
    language: Option<String>,
    /// Titles that may be read in this country (ISO 3166 alpha-2)
    #[param(pattern = "^[A-Z]{2}$")]
    country: Option<String>,
    /// DAISY, DAISY_AUDIO, DAISY_2_AUDIO, BRF, EPUB3, PDF or DOCX
    #[param(pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$")]
    format: Option<String>,
    /// tts or human
    #[param(pattern = "^(tts|human)$")]
    narrator_type: Option<String>,
    /// automated or transcribed
    #[param(pattern = "^(automated|transcribed)$")]
    braille_type: Option<String>,
    /// Titles whose reading ages include this one
    #[param(value_type = Option<u32>, maximum = 120)]
    reading_age: Option<String>,
    /// Leave out titles with these warnings
    #[serde(default)]
    excluded_content_warnings: Vec<String>,
    /// Only titles with one of these warnings
    #[serde(default)]
    included_content_warnings: Vec<String>,
    /// An artifact's external identifier
    external_identifier_code: Option<String>,
    /// Audio no longer than this: whole minutes, or an ISO 8601 duration of hours, minutes and seconds
    #[param(pattern = "^([0-9]{1,6}|PT([0-9]{1,5}[HMS]){1,3})$")]
    max_duration: Option<String>,
    /// e.g. text or music
    title_content_type: Option<String>,
    /// BISAC headings, e.g. FIC
    #[serde(default)]
    included_bisac_headings: Vec<String>,
    /// BISAC headings to leave out, e.g. FIC
    #[serde(default)]
    excluded_bisac_headings: Vec<String>,
    /// BISAC codes, e.g. FIC027000
    #[serde(default)]
    included_bisac_codes: Vec<String>,
    /// BISAC codes to leave out
    #[serde(default)]
    excluded_bisac_codes: Vec<String>,
    /// Country of origin (ISO 3166 alpha-2)
    #[param(pattern = "^[A-Z]{2}$")]
    origin_country: Option<String>,
    /// An exact author name, as authorFacets gives it
    author_filter: Option<String>,
    /// For collection assistants: titles in this state
    #[param(
        pattern = "^(live|withdrawn|new|beingEdited|proofreadValid|proofreadRejected|converted|reprocess|validated|userSubmitted|publisherSubmitted|removed)$"
    )]
    title_status: Option<String>,
}

impl TitleSearchParams {
    /// The search's filters, each value checked.
    pub fn filters(self) -> ApiResult<TitleFilters> {
        let mut categories = many(self.categories);
        categories.extend(text(self.category));
        Ok(TitleFilters {
            keyword: text(self.keyword),
            title: text(self.title),
            authors: many(self.author),
            narrators: many(self.narrator),
            composers: many(self.composer),
            isbn: text(self.isbn),
            categories,
            language: checked("language", self.language, check_language)?,
            country: checked(
                "country",
                self.country,
                lectern_domain::account::check_country,
            )?,
            format: parsed("format", self.format)?,
            narrator_type: parsed("narratorType", self.narrator_type)?,
            braille_type: parsed("brailleType", self.braille_type)?,
            // Document 2 names no accessibility filter; the OPDS catalog's facets use them.
            access_mode_sufficient: None,
            accessibility_feature: None,
            free_of_hazard: None,
            reading_age: text(self.reading_age)
                .map(|v| crate::title_search::reading_age(&v))
                .transpose()?,
            excluded_content_warnings: parsed_many(
                "excludedContentWarnings",
                self.excluded_content_warnings,
            )?,
            included_content_warnings: parsed_many(
                "includedContentWarnings",
                self.included_content_warnings,
            )?,
            external_identifier_code: text(self.external_identifier_code),
            max_duration_seconds: text(self.max_duration)
                .map(|v| max_duration(&v))
                .transpose()?,
            title_content_type: text(self.title_content_type),
            included_bisac_headings: headings(
                "includedBisacHeadings",
                self.included_bisac_headings,
            )?,
            excluded_bisac_headings: headings(
                "excludedBisacHeadings",
                self.excluded_bisac_headings,
            )?,
            included_bisac_codes: codes("includedBisacCodes", self.included_bisac_codes)?,
            excluded_bisac_codes: codes("excludedBisacCodes", self.excluded_bisac_codes)?,
            origin_country: checked(
                "originCountry",
                self.origin_country,
                lectern_domain::account::check_country,
            )?,
            author_filter: text(self.author_filter),
            title_status: parsed::<TitleStatusCode>("titleStatus", self.title_status)?,
            updated_from: None,
            updated_to: None,
        })
    }
}

/// A single value, trimmed; empty counts as absent.
fn text(value: Option<String>) -> Option<String> {
    value.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty())
}

fn many(values: Vec<String>) -> Vec<String> {
    values
        .into_iter()
        .map(|v| v.trim().to_owned())
        .filter(|v| !v.is_empty())
        .collect()
}

fn parsed<T: FromStr<Err = String>>(name: &str, value: Option<String>) -> ApiResult<Option<T>> {
    text(value)
        .map(|v| {
            v.parse()
                .map_err(|why: String| ApiError::bad_param(name, why))
        })
        .transpose()
}

fn parsed_many<T: FromStr<Err = String>>(name: &str, values: Vec<String>) -> ApiResult<Vec<T>> {
    many(values)
        .iter()
        .map(|v| {
            v.parse()
                .map_err(|why: String| ApiError::bad_param(name, why))
        })
        .collect()
}

fn checked(
    name: &str,
    value: Option<String>,
    check: fn(&str) -> Result<(), &'static str>,
) -> ApiResult<Option<String>> {
    let value = text(value);
    if let Some(v) = &value {
        check(v).map_err(|why| ApiError::bad_param(name, why))?;
    }
    Ok(value)
}

fn check_language(v: &str) -> Result<(), &'static str> {
    if v.len() == 3 && v.bytes().all(|b| b.is_ascii_lowercase()) {
        Ok(())
    } else {
        Err("must be an ISO 639-2 language code such as eng")
    }
}

fn headings(name: &str, values: Vec<String>) -> ApiResult<Vec<String>> {
    many(values)
        .into_iter()
        .map(|h| {
            if h.len() == 3 && h.bytes().all(|b| b.is_ascii_alphabetic()) {
                Ok(h.to_ascii_uppercase())
            } else {
                Err(ApiError::bad_param(
                    name,
                    format!("'{h}' is not a BISAC heading: three letters such as FIC"),
                ))
            }
        })
        .collect()
}

fn codes(name: &str, values: Vec<String>) -> ApiResult<Vec<String>> {
    many(values)
        .into_iter()
        .map(|c| {
            let c = c.to_ascii_uppercase();
            bisac::check_code(&c).map_err(|why| ApiError::bad_param(name, why))?;
            Ok(c)
        })
        .collect()
}

/// Whole minutes, or an ISO 8601 duration like the artifacts' own (`PT1H30M`).
fn max_duration(v: &str) -> ApiResult<u32> {
    if let Ok(minutes) = v.parse::<u32>() {
        return minutes
            .checked_mul(60)
            .ok_or_else(|| ApiError::bad_param("maxDuration", "is too long"));
    }
    duration_seconds(v).map_err(|_| {
        ApiError::bad_param(
            "maxDuration",
            "must be whole minutes or an ISO 8601 duration such as PT1H30M",
        )
    })
}
