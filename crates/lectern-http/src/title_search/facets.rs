//! Facets of a list of titles (an OPDS feed, the web pages' search results): the format, a
//! category, a language, a reading age, how a title can be read (by screen reader alone, by
//! listening, by touch, with text and audio together) and a hazard it is free of, each a link to
//! the same list narrowed to it. The query (`TitleQuery`, the domain's) reads the parameters
//! and writes them back into each link.

use lectern_domain::catalog::Format;
use lectern_domain::catalog::languages;
use lectern_domain::catalog::title_query::{FacetParam, TitleQuery};

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

/// The reading ages offered as facets: the start of each stage of schooling, roughly.
const READING_AGES: &[u32] = &[5, 8, 11, 14, 16];

/// The hazards offered as facets, as readers name what they avoid.
const FREE_OF: &[(&str, &str)] = &[
    ("No flashing hazard", "flashing"),
    ("No motion simulation hazard", "motionSimulation"),
    ("No sound hazard", "sound"),
];

/// The choices of the accessibility group: what a reader needs, as the filter that finds it.
const READABLE_BY: &[(&str, FacetParam, &str)] = &[
    (
        "Readable by screen reader alone",
        FacetParam::AccessModeSufficient,
        "textual",
    ),
    (
        "Readable by listening alone",
        FacetParam::AccessModeSufficient,
        "auditory",
    ),
    (
        "Readable by touch alone (braille)",
        FacetParam::AccessModeSufficient,
        "tactile",
    ),
    (
        "Text and audio together",
        FacetParam::Feature,
        "synchronizedAudioText",
    ),
];

/// The facet groups of a feed: `href` makes the feed's address with other facet parameters;
/// `categories` are the top categories of all the feed's titles, with their counts; `languages`
/// those of the reader's whole catalog (shown without counts, which would be the catalog's).
pub fn groups(
    current: &TitleQuery,
    href: impl Fn(&TitleQuery) -> String,
    categories: Vec<(String, u64)>,
    languages: &[(String, u64)],
) -> Vec<FacetGroup> {
    let chosen = |param: FacetParam| current.facet(param);
    let any = |param: FacetParam, active: bool| Facet {
        title: "Any".to_owned(),
        href: href(&current.with(param, None)),
        count: None,
        active,
    };
    let choice = |title: String, param: FacetParam, value: &str, count: Option<u64>| Facet {
        title,
        href: href(&current.with(param, Some(value))),
        count,
        active: chosen(param) == Some(value),
    };
    let mut accessibility = vec![any(
        FacetParam::AccessModeSufficient,
        chosen(FacetParam::AccessModeSufficient).is_none() && chosen(FacetParam::Feature).is_none(),
    )];
    accessibility.extend(
        READABLE_BY
            .iter()
            .map(|(title, param, value)| choice((*title).to_owned(), *param, value, None)),
    );
    let mut hazards = vec![any(
        FacetParam::FreeOf,
        chosen(FacetParam::FreeOf).is_none(),
    )];
    hazards.extend(
        FREE_OF
            .iter()
            .map(|(title, value)| choice((*title).to_owned(), FacetParam::FreeOf, value, None)),
    );
    let mut formats = vec![any(
        FacetParam::Format,
        chosen(FacetParam::Format).is_none(),
    )];
    formats.extend(Format::ALL.iter().map(|f| {
        choice(
            f.display_name().to_owned(),
            FacetParam::Format,
            f.as_str(),
            None,
        )
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
        let mut facets = vec![any(
            FacetParam::Category,
            chosen(FacetParam::Category).is_none(),
        )];
        facets.extend(
            categories.into_iter().map(|(name, count)| {
                choice(name.clone(), FacetParam::Category, &name, Some(count))
            }),
        );
        groups.push(FacetGroup {
            title: "Category".to_owned(),
            facets,
        });
    }
    let language = chosen(FacetParam::Language);
    if languages.len() > 1 || language.is_some() {
        let mut facets = vec![any(FacetParam::Language, language.is_none())];
        facets.extend(languages.iter().map(|(code, _)| Facet {
            title: languages::name(code),
            active: language.is_some_and(|l| l.eq_ignore_ascii_case(code)),
            href: href(&current.with(FacetParam::Language, Some(code))),
            count: None,
        }));
        groups.push(FacetGroup {
            title: "Language".to_owned(),
            facets,
        });
    }
    let mut ages = vec![any(
        FacetParam::ReadingAge,
        chosen(FacetParam::ReadingAge).is_none(),
    )];
    ages.extend(READING_AGES.iter().map(|age| {
        choice(
            format!("Age {age}"),
            FacetParam::ReadingAge,
            &age.to_string(),
            None,
        )
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
