//! `GET /{site}/search`: the title search of `GET /v2/titles` as a page: words, facets (format,
//! category, language, reading age, how a title can be read, hazards it is free of), an order,
//! pages either way, and the number found, announced.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;
use lectern_domain::catalog::query::{TitleSearch, TitleSort};
use lectern_domain::invalid::Why;
use lectern_domain::paging::Direction;
use serde::Deserialize;

use super::catalog::{Listed, find};
use crate::conventions::paging::ListParams;
use crate::error::{ApiError, ApiResult};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::Here;
use crate::state::AppState;
use crate::title_search::faceted_query;
use crate::title_search::facets::{self, FacetGroup};
use lectern_domain::catalog::title_query::TitleQuery;
use lectern_operations::titles::CatalogViewer;

/// Titles a page shows unless `limit` says otherwise.
const PAGE_SIZE: u32 = 20;

/// The orders a reader may choose, with the key of the message that names them in the menu.
const ORDERS: &[(&str, &str, TitleSort, Direction)] = &[
    (
        "relevance",
        "search-sort-relevance",
        TitleSort::Relevance,
        Direction::Desc,
    ),
    (
        "title",
        "search-sort-title",
        TitleSort::Title,
        Direction::Asc,
    ),
    (
        "author",
        "search-sort-author",
        TitleSort::Author,
        Direction::Asc,
    ),
    (
        "newest",
        "search-sort-newest",
        TitleSort::DateAdded,
        Direction::Desc,
    ),
];

/// The search page's own parameter; paging is `ListParams`', the words and the facets are the
/// title query's.
#[derive(Deserialize, Default)]
struct SearchForm {
    sort: Option<String>,
}

#[derive(Template)]
#[template(path = "web/search.html")]
struct SearchPage<'a> {
    chrome: &'a Chrome,
    keyword: &'a str,
    heading: String,
    count: String,
    titles: Vec<Listed>,
    facets: Vec<FacetGroup>,
    orders: Vec<Choice>,
    /// Parameters the sort form keeps (the facets chosen).
    kept: Vec<(&'static str, String)>,
    previous: Option<String>,
    next: Option<String>,
}

struct Choice {
    value: &'static str,
    label: String,
    selected: bool,
}

pub async fn results(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let params = &visitor.caller.params;
    let form: SearchForm = params.parse()?;
    let chosen = faceted_query(params)?;
    let list: ListParams<TitleSort> = params.parse()?;
    let keyword = chosen.keyword();
    let sort_value =
        form.sort
            .as_deref()
            .filter(|s| !s.is_empty())
            .unwrap_or(if keyword.is_empty() {
                "title"
            } else {
                "relevance"
            });
    let &(sort_value, _, sort, direction) = ORDERS
        .iter()
        .find(|(value, ..)| *value == sort_value)
        .ok_or_else(|| {
            ApiError::bad_param(
                "sort",
                Why::of(
                    "why-search-sort",
                    "must be relevance, title, author or newest",
                ),
            )
        })?;
    let page_request = list.page_in(sort, direction)?;
    let limit = page_request.limit;
    let filters = chosen.filters()?;
    let who = CatalogViewer::of(&state, &visitor.caller).await?;
    let lang = visitor.lang;
    let found = find(
        &state,
        (&site, lang),
        &who,
        TitleSearch {
            filters,
            scope: who.scope(),
            sort,
            direction,
            limit,
            start: page_request.start().map(str::to_owned),
            facets: true,
        },
    )
    .await?;
    let with_sort = |mut pairs: Vec<(&'static str, String)>| {
        if form.sort.is_some() {
            pairs.push(("sort", sort_value.to_owned()));
        }
        pairs
    };
    let address = |pairs: &[(&'static str, String)], start: Option<&str>| {
        let mut q = url::form_urlencoded::Serializer::new(String::new());
        for (k, v) in pairs {
            q.append_pair(k, v);
        }
        if limit != PAGE_SIZE {
            q.append_pair("limit", &limit.to_string());
        }
        if let Some(s) = start {
            q.append_pair("start", s);
        }
        let q = q.finish();
        if q.is_empty() {
            site.path("/search")
        } else {
            format!("{}?{q}", site.path("/search"))
        }
    };
    let facet_href = |c: &TitleQuery| address(&with_sort(c.pairs()), None);
    let languages = facets::language_choices(&state, &who).await?;
    let groups = facets::groups(
        lang,
        &chosen,
        facet_href,
        found.page.category_facets.clone(),
        &languages,
    );
    let here = with_sort(chosen.pairs());
    let total = found.page.total;
    let count = lang.t_count("search-found", total);
    let heading = if keyword.is_empty() {
        lang.t("search-browse")
    } else {
        lang.t_with("search-results-for", &[("keyword", keyword)])
    };
    let here_path = address(&here, page_request.start());
    let chrome = Chrome::of(&site, &visitor, &here_path, Section::Search);
    let orders = ORDERS
        .iter()
        .map(|(value, key, ..)| Choice {
            value,
            label: lang.t(key),
            selected: *value == sort_value,
        })
        .collect();
    // The sort form sends the words itself.
    let kept = chosen
        .pairs()
        .into_iter()
        .filter(|(k, _)| *k != "keyword")
        .collect();
    Ok(page(
        StatusCode::OK,
        &SearchPage {
            chrome: &chrome,
            keyword,
            heading,
            count,
            titles: found.titles,
            facets: groups,
            orders,
            kept,
            previous: found
                .page
                .previous
                .as_deref()
                .map(|s| address(&here, Some(s))),
            next: found.page.next.as_deref().map(|s| address(&here, Some(s))),
        },
        &visitor,
    ))
}
