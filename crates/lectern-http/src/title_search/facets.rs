//! Facets of a list of titles (an OPDS feed, the web pages' search results): the format, a
//! category, a language, a reading age, how a title can be read (by screen reader alone, by
//! listening, by touch, with text and audio together) and a hazard it is free of, each a link to
//! the same list narrowed to it, and the parameters those links carry, read back into the
//! search's filters.

use lectern_domain::catalog::Format;
use lectern_domain::catalog::accessibility::{
    FEATURES, HAZARD_KINDS, SUFFICIENT_MODES, known, set_key,
};
use lectern_domain::catalog::languages;
use lectern_domain::catalog::query::TitleFilters;
use serde::Deserialize;

use crate::error::{ApiError, ApiResult};

/// A group of facets: choices of one kind, each narrowing the list to it.
pub struct FacetGroup {
    pub title: String,
    pub facets: Vec<Facet>,
}

pub struct Facet {
    pub title: String,
    pub href: String,
    pub count: Option<u64>,
    pub active: bool,
}

/// The facet parameters of a feed of titles, as its facet links write them.
#[derive(Deserialize, Default, Clone)]
#[serde(rename_all = "camelCase")]
pub struct FacetParams {
    pub format: Option<String>,
    pub category: Option<String>,
    /// An ISO 639-2 code, as titles carry their languages.
    pub language: Option<String>,
    /// A set of access modes sufficient to read a title alone: `textual`, `auditory`, ...
    pub access_mode_sufficient: Option<String>,
    /// An accessibility feature a title's format has: `synchronizedAudioText`, ...
    pub feature: Option<String>,
    /// An age the title's reading age range includes.
    pub reading_age: Option<String>,
    /// A hazard a title's format is declared free of: `flashing`, `motionSimulation`, `sound`.
    pub free_of: Option<String>,
}

/// The reading ages offered as facets: the start of each stage of schooling, roughly.
const READING_AGES: &[u32] = &[5, 8, 11, 14, 16];

/// The hazards offered as facets, as readers name what they avoid.
const FREE_OF: &[(&str, &str)] = &[
    ("No flashing hazard", "flashing"),
    ("No motion simulation hazard", "motionSimulation"),
    ("No sound hazard", "sound"),
];

/// The choices of the accessibility group: what a reader needs, as the filter that finds it.
const READABLE_BY: &[(&str, &str, &str)] = &[
    (
        "Readable by screen reader alone",
        "accessModeSufficient",
        "textual",
    ),
    (
        "Readable by listening alone",
        "accessModeSufficient",
        "auditory",
    ),
    (
        "Readable by touch alone (braille)",
        "accessModeSufficient",
        "tactile",
    ),
    (
        "Text and audio together",
        "feature",
        "synchronizedAudioText",
    ),
];

impl FacetParams {
    /// The parameters checked, as the search's filters narrow by them.
    pub fn narrow(&self, filters: &mut TitleFilters) -> ApiResult<()> {
        if let Some(v) = self.format.as_deref().filter(|v| !v.is_empty()) {
            filters.format = Some(
                v.parse::<Format>()
                    .map_err(|e| ApiError::bad_param("format", e))?,
            );
        }
        if let Some(v) = self.category.as_deref().filter(|v| !v.is_empty()) {
            filters.categories.push(v.to_owned());
        }
        if let Some(v) = self.language.as_deref().filter(|v| !v.is_empty()) {
            let code = languages::code(v).ok_or_else(|| {
                ApiError::bad_param("language", "must be an ISO 639-2 code such as 'eng'")
            })?;
            filters.language = Some(code);
        }
        if let Some(v) = self
            .access_mode_sufficient
            .as_deref()
            .filter(|v| !v.is_empty())
        {
            let modes: Option<Vec<&str>> =
                v.split(',').map(|m| known(SUFFICIENT_MODES, m)).collect();
            let modes = modes.ok_or_else(|| {
                ApiError::bad_param(
                    "accessModeSufficient",
                    format!(
                        "must be access modes among {}, joined by commas",
                        SUFFICIENT_MODES.join(", ")
                    ),
                )
            })?;
            filters.access_mode_sufficient = Some(set_key(&modes));
        }
        if let Some(v) = self.feature.as_deref().filter(|v| !v.is_empty()) {
            let feature = known(FEATURES, v).ok_or_else(|| {
                ApiError::bad_param(
                    "feature",
                    "is not an accessibility feature of EPUB Accessibility",
                )
            })?;
            filters.accessibility_feature = Some(feature.to_owned());
        }
        if let Some(v) = self.reading_age.as_deref().filter(|v| !v.is_empty()) {
            filters.reading_age = Some(super::reading_age(v)?);
        }
        if let Some(v) = self.free_of.as_deref().filter(|v| !v.is_empty()) {
            let kind = HAZARD_KINDS
                .iter()
                .find(|(kind, _)| kind.eq_ignore_ascii_case(v))
                .ok_or_else(|| {
                    ApiError::bad_param("freeOf", "must be flashing, motionSimulation or sound")
                })?;
            filters.free_of_hazard = Some(kind.0.to_owned());
        }
        Ok(())
    }

    /// The parameters as a feed's links carry them.
    pub fn pairs(&self) -> Vec<(&'static str, String)> {
        let mut out = Vec::new();
        for (name, value) in [
            ("format", &self.format),
            ("category", &self.category),
            ("language", &self.language),
            ("accessModeSufficient", &self.access_mode_sufficient),
            ("feature", &self.feature),
            ("readingAge", &self.reading_age),
            ("freeOf", &self.free_of),
        ] {
            if let Some(v) = value.as_ref().filter(|v| !v.is_empty()) {
                out.push((name, v.clone()));
            }
        }
        out
    }

    fn with(&self, name: &str, value: Option<&str>) -> FacetParams {
        let mut next = self.clone();
        let value = value.map(str::to_owned);
        match name {
            "format" => next.format = value,
            "category" => next.category = value,
            "language" => next.language = value,
            "readingAge" => next.reading_age = value,
            "freeOf" => next.free_of = value,
            "accessModeSufficient" => {
                next.access_mode_sufficient = value;
                next.feature = None;
            }
            _ => {
                next.feature = value;
                next.access_mode_sufficient = None;
            }
        }
        next
    }
}

/// The facet groups of a feed: `href` makes the feed's address with other facet parameters;
/// `categories` are the top categories of all the feed's titles, with their counts; `languages`
/// those of the reader's whole catalog (shown without counts, which would be the catalog's).
pub fn groups(
    current: &FacetParams,
    href: impl Fn(&FacetParams) -> String,
    categories: Vec<(String, u64)>,
    languages: &[(String, u64)],
) -> Vec<FacetGroup> {
    let any = |name: &str, active: bool| Facet {
        title: "Any".to_owned(),
        href: href(&current.with(name, None)),
        count: None,
        active,
    };
    let mut accessibility = vec![any(
        "accessModeSufficient",
        current.access_mode_sufficient.is_none() && current.feature.is_none(),
    )];
    accessibility.extend(READABLE_BY.iter().map(|(title, name, value)| {
        let chosen = if *name == "feature" {
            &current.feature
        } else {
            &current.access_mode_sufficient
        };
        Facet {
            title: (*title).to_owned(),
            href: href(&current.with(name, Some(value))),
            count: None,
            active: chosen.as_deref() == Some(*value),
        }
    }));
    let mut hazards = vec![any("freeOf", current.free_of.is_none())];
    hazards.extend(FREE_OF.iter().map(|(title, value)| Facet {
        title: (*title).to_owned(),
        href: href(&current.with("freeOf", Some(value))),
        count: None,
        active: current.free_of.as_deref() == Some(*value),
    }));
    let mut formats = vec![any("format", current.format.is_none())];
    formats.extend(Format::ALL.iter().map(|f| Facet {
        title: f.display_name().to_owned(),
        href: href(&current.with("format", Some(f.as_str()))),
        count: None,
        active: current.format.as_deref() == Some(f.as_str()),
    }));
    let mut groups = vec![
        FacetGroup {
            title: "Accessibility".to_owned(),
            facets: accessibility,
        },
        FacetGroup {
            title: "Hazards".to_owned(),
            facets: hazards,
        },
        FacetGroup {
            title: "Format".to_owned(),
            facets: formats,
        },
    ];
    if !categories.is_empty() {
        let mut facets = vec![any("category", current.category.is_none())];
        facets.extend(categories.into_iter().map(|(name, count)| Facet {
            title: name.clone(),
            active: current.category.as_deref() == Some(name.as_str()),
            href: href(&current.with("category", Some(&name))),
            count: Some(count),
        }));
        groups.push(FacetGroup {
            title: "Category".to_owned(),
            facets,
        });
    }
    if languages.len() > 1 || current.language.is_some() {
        let mut facets = vec![any("language", current.language.is_none())];
        facets.extend(languages.iter().map(|(code, _)| {
            Facet {
                title: languages::name(code),
                active: current
                    .language
                    .as_deref()
                    .is_some_and(|l| l.eq_ignore_ascii_case(code)),
                href: href(&current.with("language", Some(code))),
                count: None,
            }
        }));
        groups.push(FacetGroup {
            title: "Language".to_owned(),
            facets,
        });
    }
    let mut ages = vec![any("readingAge", current.reading_age.is_none())];
    ages.extend(READING_AGES.iter().map(|age| {
        let value = age.to_string();
        Facet {
            title: format!("Age {age}"),
            active: current.reading_age.as_deref() == Some(value.as_str()),
            href: href(&current.with("readingAge", Some(&value))),
            count: None,
        }
    }));
    groups.push(FacetGroup {
        title: "Reading age".to_owned(),
        facets: ages,
    });
    groups
}

/// The languages of the reader's titles, for a list's language facet: every language with a
/// title they may see, counted over the catalog (not the list), since counting a list's
/// matches by language would take a pass of its own over them.
pub async fn language_choices(
    state: &crate::state::AppState,
    who: &lectern_operations::titles::CatalogViewer,
) -> ApiResult<std::sync::Arc<Vec<(String, u64)>>> {
    state
        .titles
        .term_counts(lectern_search::Counted::Language, who.scope())
        .await
        .map_err(ApiError::internal)
}
