//! A title search as every door is asked for one, by the wire's names, and read into the
//! search's filters in one place: `GET /v2/titles` (document 2's filters), the OPDS catalog's
//! feeds and the readers' search page (the same filters, and the accessibility facets they
//! offer). The query also writes itself back as the parameters of a link, so a facet link or
//! a next page carries exactly what was asked.

use crate::string_enum::ClosedSet;

use serde::Deserialize;

use super::TitleStatusCode;
use super::accessibility::{FEATURES, HAZARD_KINDS, SUFFICIENT_MODES, known, set_key};
use super::artifact::duration_seconds;
use super::bisac;
use super::languages;
use super::query::TitleFilters;
use crate::account::check_country;
use crate::invalid::{Invalid, Why};

/// Document 2's filters of a title search, as sent. Values that need more than a type to check
/// (codes, ages, durations) are read as text and checked by [`TitleQuery::filters`], which
/// names the parameter of each bad one.
#[derive(Debug, Deserialize, Default, Clone)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::IntoParams),
    into_params(parameter_in = Query, rename_all = "camelCase")
)]
#[serde(rename_all = "camelCase")]
pub struct TitleFilterForm {
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
    #[cfg_attr(feature = "openapi", param(pattern = "^[a-z]{3}$"))]
    language: Option<String>,
    /// Titles that may be read in this country (ISO 3166 alpha-2)
    #[cfg_attr(feature = "openapi", param(pattern = "^[A-Z]{2}$"))]
    country: Option<String>,
    /// DAISY, DAISY_AUDIO, DAISY_2_AUDIO, BRF, EPUB3, PDF or DOCX
    #[cfg_attr(
        feature = "openapi",
        param(pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$")
    )]
    format: Option<String>,
    /// tts or human
    #[cfg_attr(feature = "openapi", param(pattern = "^(tts|human)$"))]
    narrator_type: Option<String>,
    /// automated or transcribed
    #[cfg_attr(feature = "openapi", param(pattern = "^(automated|transcribed)$"))]
    braille_type: Option<String>,
    /// Titles whose reading ages include this one
    #[cfg_attr(feature = "openapi", param(value_type = Option<u32>, maximum = 120))]
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
    #[cfg_attr(
        feature = "openapi",
        param(pattern = "^([0-9]{1,6}|PT([0-9]{1,5}[HMS]){1,3})$")
    )]
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
    #[cfg_attr(feature = "openapi", param(pattern = "^[A-Z]{2}$"))]
    origin_country: Option<String>,
    /// An exact author name, as authorFacets gives it
    author_filter: Option<String>,
    /// For collection assistants: titles in this state
    #[cfg_attr(
        feature = "openapi",
        param(
            pattern = "^(live|withdrawn|new|beingEdited|proofreadValid|proofreadRejected|converted|reprocess|validated|userSubmitted|publisherSubmitted|removed)$"
        )
    )]
    title_status: Option<String>,
}

/// What the catalog's feeds and the readers' pages offer besides document 2's filters: how a
/// title can be read (by screen reader alone, by listening, by touch, with text and audio
/// together) and a hazard it is free of. Document 2 names no such filter, so the API does not
/// read these.
#[derive(Debug, Deserialize, Default, Clone)]
#[serde(rename_all = "camelCase")]
pub struct AccessibilityFacets {
    /// A set of access modes sufficient to read a title alone: `textual`, `auditory`, ...
    access_mode_sufficient: Option<String>,
    /// An accessibility feature a title's format has: `synchronizedAudioText`, ...
    feature: Option<String>,
    /// A hazard a title's format is declared free of: `flashing`, `motionSimulation`, `sound`.
    free_of: Option<String>,
}

/// A title search asked for, by any door: document 2's filters and, where the door offers
/// them, the accessibility facets.
#[derive(Debug, Default, Clone)]
pub struct TitleQuery {
    pub filters: TitleFilterForm,
    pub accessibility: AccessibilityFacets,
}

/// The parameters a facet link changes, each as the query carries it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum FacetParam {
    Format,
    Category,
    Language,
    ReadingAge,
    FreeOf,
    /// How a title can be read alone; choosing one drops a feature chosen, and the other way
    /// round, since the facets offer them as one choice.
    AccessModeSufficient,
    Feature,
}

impl TitleQuery {
    /// The search's filters, each value checked; the first bad one is named.
    pub fn filters(&self) -> Result<TitleFilters, Vec<Invalid>> {
        let mut filters = self.filters.checked().map_err(|e| vec![e])?;
        self.accessibility
            .narrow(&mut filters)
            .map_err(|e| vec![e])?;
        Ok(filters)
    }

    /// The words searched for, trimmed; empty when none were.
    pub fn keyword(&self) -> &str {
        self.filters.keyword.as_deref().map_or("", str::trim)
    }

    /// The facet chosen for `param`, when one is.
    pub fn facet(&self, param: FacetParam) -> Option<&str> {
        let f = &self.filters;
        let a = &self.accessibility;
        let value = match param {
            FacetParam::Format => &f.format,
            FacetParam::Category => &f.category,
            FacetParam::Language => &f.language,
            FacetParam::ReadingAge => &f.reading_age,
            FacetParam::FreeOf => &a.free_of,
            FacetParam::AccessModeSufficient => &a.access_mode_sufficient,
            FacetParam::Feature => &a.feature,
        };
        value.as_deref().filter(|v| !v.trim().is_empty())
    }

    /// The same query with the facet `param` chosen (`None`: any).
    pub fn with(&self, param: FacetParam, value: Option<&str>) -> TitleQuery {
        let mut next = self.clone();
        let value = value.map(str::to_owned);
        let (f, a) = (&mut next.filters, &mut next.accessibility);
        match param {
            FacetParam::Format => f.format = value,
            FacetParam::Category => f.category = value,
            FacetParam::Language => f.language = value,
            FacetParam::ReadingAge => f.reading_age = value,
            FacetParam::FreeOf => a.free_of = value,
            FacetParam::AccessModeSufficient => {
                a.access_mode_sufficient = value;
                a.feature = None;
            }
            FacetParam::Feature => {
                a.feature = value;
                a.access_mode_sufficient = None;
            }
        }
        next
    }

    /// The query as a link's parameters carry it: the words first, then the facets, then every
    /// other filter sent, each by its wire name.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let f = &self.filters;
        let a = &self.accessibility;
        let mut out = Vec::new();
        let mut one = |name: &'static str, v: &Option<String>| {
            if let Some(v) = v.as_deref().map(str::trim).filter(|v| !v.is_empty()) {
                out.push((name, v.to_owned()));
            }
        };
        one("keyword", &f.keyword);
        one("format", &f.format);
        one("category", &f.category);
        one("language", &f.language);
        one("accessModeSufficient", &a.access_mode_sufficient);
        one("feature", &a.feature);
        one("readingAge", &f.reading_age);
        one("freeOf", &a.free_of);
        for (name, v) in [
            ("title", &f.title),
            ("isbn", &f.isbn),
            ("country", &f.country),
            ("narratorType", &f.narrator_type),
            ("brailleType", &f.braille_type),
            ("externalIdentifierCode", &f.external_identifier_code),
            ("maxDuration", &f.max_duration),
            ("titleContentType", &f.title_content_type),
            ("originCountry", &f.origin_country),
            ("authorFilter", &f.author_filter),
            ("titleStatus", &f.title_status),
        ] {
            one(name, v);
        }
        for (name, values) in [
            ("author", &f.author),
            ("narrator", &f.narrator),
            ("composer", &f.composer),
            ("categories", &f.categories),
            ("excludedContentWarnings", &f.excluded_content_warnings),
            ("includedContentWarnings", &f.included_content_warnings),
            ("includedBisacHeadings", &f.included_bisac_headings),
            ("excludedBisacHeadings", &f.excluded_bisac_headings),
            ("includedBisacCodes", &f.included_bisac_codes),
            ("excludedBisacCodes", &f.excluded_bisac_codes),
        ] {
            for v in values {
                one(name, &Some(v.clone()));
            }
        }
        out
    }
}

type Checked<T> = Result<T, Invalid>;

impl TitleFilterForm {
    fn checked(&self) -> Checked<TitleFilters> {
        let f = self.clone();
        let mut categories = many(f.categories);
        categories.extend(text(f.category));
        Ok(TitleFilters {
            keyword: text(f.keyword),
            title: text(f.title),
            authors: many(f.author),
            narrators: many(f.narrator),
            composers: many(f.composer),
            isbn: text(f.isbn),
            categories,
            language: text(f.language).map(|v| language(&v)).transpose()?,
            country: checked("country", f.country, check_country)?,
            format: parsed("format", f.format)?,
            narrator_type: parsed("narratorType", f.narrator_type)?,
            braille_type: parsed("brailleType", f.braille_type)?,
            access_mode_sufficient: None,
            accessibility_feature: None,
            free_of_hazard: None,
            reading_age: text(f.reading_age).map(|v| reading_age(&v)).transpose()?,
            excluded_content_warnings: parsed_many(
                "excludedContentWarnings",
                f.excluded_content_warnings,
            )?,
            included_content_warnings: parsed_many(
                "includedContentWarnings",
                f.included_content_warnings,
            )?,
            external_identifier_code: text(f.external_identifier_code),
            max_duration_seconds: text(f.max_duration).map(|v| max_duration(&v)).transpose()?,
            title_content_type: text(f.title_content_type),
            included_bisac_headings: headings("includedBisacHeadings", f.included_bisac_headings)?,
            excluded_bisac_headings: headings("excludedBisacHeadings", f.excluded_bisac_headings)?,
            included_bisac_codes: codes("includedBisacCodes", f.included_bisac_codes)?,
            excluded_bisac_codes: codes("excludedBisacCodes", f.excluded_bisac_codes)?,
            origin_country: checked("originCountry", f.origin_country, check_country)?,
            author_filter: text(f.author_filter),
            title_status: parsed::<TitleStatusCode>("titleStatus", f.title_status)?,
            updated_from: None,
            updated_to: None,
        })
    }
}

impl AccessibilityFacets {
    fn narrow(&self, filters: &mut TitleFilters) -> Checked<()> {
        if let Some(v) = text(self.access_mode_sufficient.clone()) {
            let modes: Option<Vec<&str>> =
                v.split(',').map(|m| known(SUFFICIENT_MODES, m)).collect();
            let modes = modes.ok_or_else(|| {
                let modes = SUFFICIENT_MODES.join(", ");
                Invalid::new(
                    "accessModeSufficient",
                    Why::of(
                        "why-access-modes",
                        format!("must be access modes among {modes}, joined by commas"),
                    )
                    .with("modes", modes),
                )
            })?;
            filters.access_mode_sufficient = Some(set_key(&modes));
        }
        if let Some(v) = text(self.feature.clone()) {
            let feature = known(FEATURES, &v).ok_or_else(|| {
                Invalid::new(
                    "feature",
                    Why::of(
                        "why-accessibility-feature",
                        "is not an accessibility feature of EPUB Accessibility",
                    ),
                )
            })?;
            filters.accessibility_feature = Some(feature.to_owned());
        }
        if let Some(v) = text(self.free_of.clone()) {
            let kind = HAZARD_KINDS
                .iter()
                .find(|(kind, _)| kind.eq_ignore_ascii_case(&v))
                .ok_or_else(|| {
                    Invalid::new(
                        "freeOf",
                        Why::of(
                            "why-hazard-kind",
                            "must be flashing, motionSimulation or sound",
                        ),
                    )
                })?;
            filters.free_of_hazard = Some(kind.0.to_owned());
        }
        Ok(())
    }
}

/// A reading age as a filter reads it: whole years, 120 at most.
fn reading_age(v: &str) -> Checked<u32> {
    v.parse::<u32>().ok().filter(|a| *a <= 120).ok_or_else(|| {
        Invalid::new(
            "readingAge",
            Why::of("why-age", "must be an age in whole years, 0 to 120"),
        )
    })
}

/// A language as titles carry it (ISO 639-2), in either case.
fn language(v: &str) -> Checked<String> {
    languages::code(v).ok_or_else(|| Invalid::new("language", Why::language()))
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

fn parsed<T: ClosedSet>(name: &'static str, value: Option<String>) -> Checked<Option<T>> {
    text(value)
        .map(|v| T::read(&v).map_err(|why| Invalid::new(name, why)))
        .transpose()
}

fn parsed_many<T: ClosedSet>(name: &'static str, values: Vec<String>) -> Checked<Vec<T>> {
    many(values)
        .iter()
        .map(|v| T::read(v).map_err(|why| Invalid::new(name, why)))
        .collect()
}

fn checked(
    name: &'static str,
    value: Option<String>,
    check: fn(&str) -> Result<(), crate::invalid::Why>,
) -> Checked<Option<String>> {
    let value = text(value);
    if let Some(v) = &value {
        check(v).map_err(|why| Invalid::new(name, why))?;
    }
    Ok(value)
}

fn headings(name: &'static str, values: Vec<String>) -> Checked<Vec<String>> {
    many(values)
        .into_iter()
        .map(|h| {
            if h.len() == 3 && h.bytes().all(|b| b.is_ascii_alphabetic()) {
                Ok(h.to_ascii_uppercase())
            } else {
                Err(Invalid::new(
                    name,
                    Why::of(
                        "why-bisac-heading",
                        format!("'{h}' is not a BISAC heading: three letters such as FIC"),
                    )
                    .with("value", h),
                ))
            }
        })
        .collect()
}

fn codes(name: &'static str, values: Vec<String>) -> Checked<Vec<String>> {
    many(values)
        .into_iter()
        .map(|c| {
            let c = c.to_ascii_uppercase();
            bisac::check_code(&c).map_err(|why| Invalid::new(name, why))?;
            Ok(c)
        })
        .collect()
}

/// Whole minutes, or an ISO 8601 duration like the artifacts' own (`PT1H30M`).
fn max_duration(v: &str) -> Checked<u32> {
    if let Ok(minutes) = v.parse::<u32>() {
        return minutes
            .checked_mul(60)
            .ok_or_else(|| Invalid::new("maxDuration", Why::of("why-too-long", "is too long")));
    }
    duration_seconds(v).map_err(|_| {
        Invalid::new(
            "maxDuration",
            Why::of(
                "why-minutes-or-duration",
                "must be whole minutes or an ISO 8601 duration such as PT1H30M",
            ),
        )
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn query(filters: TitleFilterForm, accessibility: AccessibilityFacets) -> TitleQuery {
        TitleQuery {
            filters,
            accessibility,
        }
    }

    #[test]
    fn a_language_is_read_alike_in_either_case_and_a_name_is_refused() {
        let asked = |l: &str| {
            query(
                TitleFilterForm {
                    language: Some(l.to_owned()),
                    ..TitleFilterForm::default()
                },
                AccessibilityFacets::default(),
            )
            .filters()
        };
        assert_eq!(asked("SPA").unwrap().language.as_deref(), Some("spa"));
        assert_eq!(asked("spa").unwrap().language.as_deref(), Some("spa"));
        let refused = asked("Spanish").unwrap_err();
        assert_eq!(refused[0].param, "language");
    }

    #[test]
    fn a_facet_link_carries_what_was_asked_and_changes_one_choice() {
        let asked = query(
            TitleFilterForm {
                keyword: Some(" whales ".to_owned()),
                author: vec!["Melville".to_owned()],
                format: Some("BRF".to_owned()),
                ..TitleFilterForm::default()
            },
            AccessibilityFacets {
                feature: Some("synchronizedAudioText".to_owned()),
                ..AccessibilityFacets::default()
            },
        );
        let textual = asked.with(FacetParam::AccessModeSufficient, Some("textual"));
        assert_eq!(
            textual.pairs(),
            vec![
                ("keyword", "whales".to_owned()),
                ("format", "BRF".to_owned()),
                ("accessModeSufficient", "textual".to_owned()),
                ("author", "Melville".to_owned()),
            ]
        );
        let any_format = textual.with(FacetParam::Format, None);
        assert_eq!(any_format.facet(FacetParam::Format), None);
        let filters = textual.filters().unwrap();
        assert_eq!(filters.access_mode_sufficient.as_deref(), Some("textual"));
        assert_eq!(filters.accessibility_feature, None);
        assert_eq!(filters.authors, vec!["Melville".to_owned()]);
    }

    #[test]
    fn the_first_bad_value_is_named() {
        let asked = query(
            TitleFilterForm {
                reading_age: Some("121".to_owned()),
                ..TitleFilterForm::default()
            },
            AccessibilityFacets {
                free_of: Some("noise".to_owned()),
                ..AccessibilityFacets::default()
            },
        );
        let refused = asked.filters().unwrap_err();
        assert_eq!(refused.len(), 1);
        assert_eq!(refused[0].param, "readingAge");
    }
}
