//! Facets of a list of titles (an OPDS feed, the web pages' search results): the format, a
//! category, a language, a reading age, how a title can be read (by screen reader alone, by
//! listening, by touch, with text and audio together) and a hazard it is free of, each a link to
//! the same list narrowed to it. The query (`TitleQuery`, the domain's) reads the parameters
//! and writes them back into each link.

use lectern_domain::catalog::Format;
use lectern_domain::catalog::languages;
use lectern_domain::catalog::title_query::{FacetParam, TitleQuery};

use crate::error::{ApiError, ApiResult};
use crate::i18n::Lang;

/// A group of facets: choices of one kind, each narrowing the list to it.
pub struct FacetGroup {
    pub title: String,
    pub facets: Vec<Facet>,
}

pub struct Facet {
    pub title: String,
    /// The language its title is in, where that is not the list's: a language named in itself.
    pub lang: Option<String>,
    /// Whether its title is the catalog's own word (a category), not Lectern's.
    pub catalog_word: bool,
    pub href: String,
    pub count: Option<u64>,
    pub active: bool,
}

/// The reading ages offered as facets: the start of each stage of schooling, roughly.
const READING_AGES: &[u32] = &[5, 8, 11, 14, 16];

/// The hazards offered as facets, as readers name what they avoid (their messages' keys).
const FREE_OF: &[(&str, &str)] = &[
    ("facet-no-flashing", "flashing"),
    ("facet-no-motion", "motionSimulation"),
    ("facet-no-sound", "sound"),
];

/// The choices of the accessibility group: what a reader needs (its message's key), as the
/// filter that finds it.
const READABLE_BY: &[(&str, FacetParam, &str)] = &[
    ("facet-textual", FacetParam::AccessModeSufficient, "textual"),
    (
        "facet-auditory",
        FacetParam::AccessModeSufficient,
        "auditory",
    ),
    ("facet-tactile", FacetParam::AccessModeSufficient, "tactile"),
    (
        "facet-synchronized",
        FacetParam::Feature,
        "synchronizedAudioText",
    ),
];

/// The facet groups of a feed: `href` makes the feed's address with other facet parameters;
/// `categories` are the top categories of all the feed's titles, with their counts; `languages`
/// those of the reader's whole catalog (shown without counts, which would be the catalog's),
/// each named in itself; the rest is in `lang`.
pub fn groups(
    lang: Lang,
    current: &TitleQuery,
    href: impl Fn(&TitleQuery) -> String,
    categories: Vec<(String, u64)>,
    languages: &[(String, u64)],
) -> Vec<FacetGroup> {
    let chosen = |param: FacetParam| current.facet(param);
    let any = |param: FacetParam, active: bool| Facet {
        title: lang.t("facet-any"),
        lang: None,
        catalog_word: false,
        href: href(&current.with(param, None)),
        count: None,
        active,
    };
    let choice = |title: String, param: FacetParam, value: &str, count: Option<u64>| Facet {
        title,
        lang: None,
        catalog_word: false,
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
            .map(|(key, param, value)| choice(lang.t(key), *param, value, None)),
    );
    let mut hazards = vec![any(
        FacetParam::FreeOf,
        chosen(FacetParam::FreeOf).is_none(),
    )];
    hazards.extend(
        FREE_OF
            .iter()
            .map(|(key, value)| choice(lang.t(key), FacetParam::FreeOf, value, None)),
    );
    let mut formats = vec![any(
        FacetParam::Format,
        chosen(FacetParam::Format).is_none(),
    )];
    formats.extend(Format::ALL.iter().map(|f| {
        choice(
            crate::i18n::format_name(lang, *f),
            FacetParam::Format,
            f.as_str(),
            None,
        )
    }));
    let mut groups = vec![
        FacetGroup {
            title: lang.t("facet-accessibility"),
            facets: accessibility,
        },
        FacetGroup {
            title: lang.t("facet-hazards"),
            facets: hazards,
        },
        FacetGroup {
            title: lang.t("facet-format"),
            facets: formats,
        },
    ];
    if !categories.is_empty() {
        let mut facets = vec![any(
            FacetParam::Category,
            chosen(FacetParam::Category).is_none(),
        )];
        facets.extend(categories.into_iter().map(|(name, count)| Facet {
            catalog_word: true,
            ..choice(name.clone(), FacetParam::Category, &name, Some(count))
        }));
        groups.push(FacetGroup {
            title: lang.t("facet-category"),
            facets,
        });
    }
    let language = chosen(FacetParam::Language);
    if languages.len() > 1 || language.is_some() {
        let mut facets = vec![any(FacetParam::Language, language.is_none())];
        facets.extend(languages.iter().map(|(code, _)| Facet {
            title: languages::own_name(code),
            lang: Some(languages::bcp47(code)),
            catalog_word: false,
            active: language.is_some_and(|l| l.eq_ignore_ascii_case(code)),
            href: href(&current.with(FacetParam::Language, Some(code))),
            count: None,
        }));
        groups.push(FacetGroup {
            title: lang.t("facet-language"),
            facets,
        });
    }
    let mut ages = vec![any(
        FacetParam::ReadingAge,
        chosen(FacetParam::ReadingAge).is_none(),
    )];
    ages.extend(READING_AGES.iter().map(|age| {
        choice(
            lang.t_count("facet-age", u64::from(*age)),
            FacetParam::ReadingAge,
            &age.to_string(),
            None,
        )
    }));
    groups.push(FacetGroup {
        title: lang.t("facet-reading-age"),
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
