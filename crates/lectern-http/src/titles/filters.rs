//! The parameters of `GET /v2/titles` (document 4, and the filters document 2 names), parsed
//! into the search's filters. Each bad value is a 400 that names its parameter.

use std::str::FromStr;

use lectern_domain::catalog::TitleStatusCode;
use lectern_domain::catalog::artifact::duration_seconds;
use lectern_domain::catalog::bisac;
use lectern_domain::catalog::query::{TitleFilters, TitleSort};
use lectern_domain::paging::Direction;

use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult};

pub fn parse(params: &Params) -> ApiResult<TitleFilters> {
    let mut categories = many(params, "categories");
    categories.extend(text(params, "category")?);
    Ok(TitleFilters {
        keyword: text(params, "keyword")?,
        title: text(params, "title")?,
        authors: many(params, "author"),
        narrators: many(params, "narrator"),
        composers: many(params, "composer"),
        isbn: text(params, "isbn")?,
        categories,
        language: checked(params, "language", check_language)?,
        country: checked(params, "country", lectern_domain::account::check_country)?,
        format: parsed(params, "format")?,
        narrator_type: parsed(params, "narratorType")?,
        braille_type: parsed(params, "brailleType")?,
        reading_age: match text(params, "readingAge")? {
            None => None,
            Some(v) => Some(v.parse::<u32>().ok().filter(|a| *a <= 120).ok_or_else(|| {
                ApiError::bad_param("readingAge", "must be an age in whole years")
            })?),
        },
        excluded_content_warnings: parsed_many(params, "excludedContentWarnings")?,
        included_content_warnings: parsed_many(params, "includedContentWarnings")?,
        external_identifier_code: text(params, "externalIdentifierCode")?,
        max_duration_seconds: match text(params, "maxDuration")? {
            None => None,
            Some(v) => Some(max_duration(&v)?),
        },
        title_content_type: text(params, "titleContentType")?,
        included_bisac_headings: headings(params, "includedBisacHeadings")?,
        excluded_bisac_headings: headings(params, "excludedBisacHeadings")?,
        included_bisac_codes: codes(params, "includedBisacCodes")?,
        excluded_bisac_codes: codes(params, "excludedBisacCodes")?,
        origin_country: checked(
            params,
            "originCountry",
            lectern_domain::account::check_country,
        )?,
        author_filter: text(params, "authorFilter")?,
        title_status: parsed::<TitleStatusCode>(params, "titleStatus")?,
        updated_from: None,
        updated_to: None,
    })
}

/// `sortOrder` (relevance when text is searched, otherwise title) and `direction`.
pub fn order(params: &Params, filters: &TitleFilters) -> ApiResult<(TitleSort, Direction)> {
    let sort = parsed::<TitleSort>(params, "sortOrder")?.unwrap_or(if filters.has_text() {
        TitleSort::Relevance
    } else {
        TitleSort::Title
    });
    let direction = match text(params, "direction")? {
        None => Direction::Asc,
        Some(d) => d
            .parse()
            .map_err(|why| ApiError::bad_param("direction", why))?,
    };
    Ok((sort, direction))
}

/// A single value, trimmed; empty counts as absent.
fn text(params: &Params, name: &str) -> ApiResult<Option<String>> {
    Ok(params
        .one(name)?
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned))
}

fn many(params: &Params, name: &str) -> Vec<String> {
    params
        .all(name)
        .into_iter()
        .map(str::trim)
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
        .collect()
}

fn parsed<T: FromStr<Err = String>>(params: &Params, name: &str) -> ApiResult<Option<T>> {
    text(params, name)?
        .map(|v| {
            v.parse()
                .map_err(|why: String| ApiError::bad_param(name, why))
        })
        .transpose()
}

fn parsed_many<T: FromStr<Err = String>>(params: &Params, name: &str) -> ApiResult<Vec<T>> {
    many(params, name)
        .iter()
        .map(|v| {
            v.parse()
                .map_err(|why: String| ApiError::bad_param(name, why))
        })
        .collect()
}

fn checked(
    params: &Params,
    name: &str,
    check: fn(&str) -> Result<(), &'static str>,
) -> ApiResult<Option<String>> {
    let value = text(params, name)?;
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

fn headings(params: &Params, name: &str) -> ApiResult<Vec<String>> {
    many(params, name)
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

fn codes(params: &Params, name: &str) -> ApiResult<Vec<String>> {
    many(params, name)
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
