//! The catalog's acquisition feeds of titles
//! (new arrivals, a category, a BISAC subject, a language, a search), each read through the title
//! index with the API's keyset paging, `previous` as well as `next`.

use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::Timestamp;
use lectern_domain::catalog::languages;
use lectern_domain::catalog::query::{TitleFilters, TitleSearch, TitleSort};
use lectern_domain::invalid::Why;
use lectern_domain::paging::Direction;

use super::model::{FacetGroup, Feed, FeedLink, Leads, NavEntry};
use super::publication;

use super::site::{OpdsAsk, OpdsSite};
use crate::conventions::caller::Caller;
use crate::conventions::links::segment;
use crate::conventions::paging::{ListParams, PageRequest, Turns};
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use crate::title_search::{faceted_query, facets};
use lectern_domain::catalog::title_query::TitleQuery;
use lectern_operations::catalog as search;
use lectern_operations::titles::{CatalogViewer, ShownTitles};

/// `GET /opds/{siteId}/new`: titles by the date they were added, newest first.
pub async fn new_arrivals(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let asked = Titles {
        path: "/new".to_owned(),
        title: site.lang(&ask.headers).t("opds-recently-added"),
        filters: TitleFilters::default(),
        order: (TitleSort::DateAdded, Direction::Desc),
    };
    titles_feed(&state, &site, &ask, asked).await
}

/// `GET /opds/{siteId}/categories/{name}`: a category's titles by title.
pub async fn category(
    State(state): State<AppState>,
    Path((site_id, name)): Path<(String, String)>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let names = state.titles.category_names(&state.store).await?;
    let title = match names.categories.get(&name) {
        Some(description) => description.clone().unwrap_or_else(|| name.clone()),
        None => {
            return Err(ApiError::not_found(
                Why::of("absent-category", format!("There is no category '{name}'"))
                    .with("name", &name),
            ));
        }
    };
    let filters = TitleFilters {
        categories: vec![name.clone()],
        ..Default::default()
    };
    let path = format!("/categories/{}", segment(&name));
    subject_feed(&state, &site_id, &ask, (path, title), filters).await
}

/// `GET /opds/{siteId}/bisac/{code}`: a BISAC subject's titles by title.
pub async fn bisac(
    State(state): State<AppState>,
    Path((site_id, code)): Path<(String, String)>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let names = state.titles.category_names(&state.store).await?;
    let title = names.bisac.get(&code).cloned().ok_or_else(|| {
        ApiError::not_found(
            Why::of(
                "absent-bisac",
                format!("There is no BISAC subject '{code}'"),
            )
            .with("code", &code),
        )
    })?;
    let filters = TitleFilters {
        included_bisac_codes: vec![code.clone()],
        ..Default::default()
    };
    let path = format!("/bisac/{}", segment(&code));
    subject_feed(&state, &site_id, &ask, (path, title), filters).await
}

/// `GET /opds/{siteId}/languages/{code}`: the titles in a language (an ISO 639-2 code, as
/// titles carry them), by title.
pub async fn language(
    State(state): State<AppState>,
    Path((site_id, code)): Path<(String, String)>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let Some(language) = languages::code(&code) else {
        return Err(ApiError::not_found(
            Why::of(
                "absent-language",
                format!(
                    "There is no language '{code}': languages are ISO 639-2 codes such as 'eng'"
                ),
            )
            .with("code", &code),
        ));
    };
    // The feed of a language is named as its readers name it.
    let title = languages::own_name(&language);
    let filters = TitleFilters {
        language: Some(language),
        ..Default::default()
    };
    let path = format!("/languages/{}", segment(&code));
    subject_feed(&state, &site_id, &ask, (path, title), filters).await
}

/// The titles of one subject (a category, a BISAC subject, a language) by title.
async fn subject_feed(
    state: &AppState,
    site_id: &str,
    ask: &OpdsAsk,
    (path, title): (String, String),
    filters: TitleFilters,
) -> ApiResult<Response> {
    let site = OpdsSite::named(state, site_id).await?;
    let asked = Titles {
        path,
        title,
        filters,
        order: (TitleSort::Title, Direction::Asc),
    };
    titles_feed(state, &site, ask, asked).await
}

/// `GET /opds/{siteId}/search?query=`: the words searched as `GET /v2/titles` searches
/// `keyword`, most relevant first.
pub async fn search_titles(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let caller = site.caller(&state, &ask).await?;
    let words: SearchWords = caller.params.parse()?;
    let words = words.query.trim().to_owned();
    if words.is_empty() {
        return Err(ApiError::bad_param(
            "query",
            Why::of("why-query-empty", "must name what to search for"),
        ));
    }
    let asked = Titles {
        path: "/search".to_owned(),
        title: site.lang(&ask.headers).t1("opds-search", "words", &words),
        filters: TitleFilters {
            keyword: Some(words),
            ..Default::default()
        },
        order: (TitleSort::Relevance, Direction::Desc),
    };
    titles_feed(&state, &site, &ask, asked).await
}

/// The parameters of a search feed besides paging.
#[derive(serde::Deserialize)]
struct SearchWords {
    query: String,
}

/// `ListParams`' default page size, which links leave out.
const DEFAULT_LIMIT: u32 = 10;

/// An acquisition feed asked for: where it is, what it is called, which titles in which order.
struct Titles {
    path: String,
    title: String,
    filters: TitleFilters,
    order: (TitleSort, Direction),
}

/// A page of titles through the index, as the API's title search reads it.
async fn titles_feed(
    state: &AppState,
    site: &OpdsSite,
    ask: &OpdsAsk,
    asked: Titles,
) -> ApiResult<Response> {
    let caller = site.caller(state, ask).await?;
    let who = CatalogViewer::of(state, &caller).await?;
    let list: ListParams<TitleSort> = caller.params.parse()?;
    let page = list.page_in(asked.order.0, asked.order.1)?;
    let chosen = faceted_query(&caller.params)?;
    // A search feed's words are its own (`query`); what the reader chose besides is the query's.
    let mut query = Vec::new();
    if let Some(w) = &asked.filters.keyword {
        query.push(("query", w.clone()));
    }
    let filters = asked.filters.narrowed_by(chosen.filters()?);
    let found = search::search(
        state,
        TitleSearch {
            filters,
            scope: who.scope(),
            sort: asked.order.0,
            direction: asked.order.1,
            limit: page.limit,
            start: page.start().map(str::to_owned),
            facets: true,
        },
    )
    .await?;
    let facet_href = |chosen: &TitleQuery| {
        let kept: Vec<_> = query.iter().cloned().chain(chosen.pairs()).collect();
        site.page_url(&asked.path, &kept, (page.limit, DEFAULT_LIMIT), None)
    };
    let languages = facets::language_choices(state, &who).await?;
    let facets = facets::groups(
        site.lang(&ask.headers),
        &chosen,
        facet_href,
        found.category_facets,
        &languages,
    );
    query.extend(chosen.pairs());
    let shown = Shown {
        path: asked.path,
        title: asked.title,
        query,
        ids: found.service_ids,
        turns: Turns {
            next: found.next,
            previous: found.previous,
        },
        total: found.total,
        up: site.url(""),
        facets,
    };
    publications_feed(state, site, ask, &caller, &who, &page, shown).await
}

/// A page of titles to show as an acquisition feed, in the order given.
pub struct Shown {
    /// Where the feed is, under the site's catalog (`/new`, `/shelf/assigned` ...).
    pub path: String,
    pub title: String,
    /// What its links carry besides paging (a search's words).
    pub query: Vec<(&'static str, String)>,
    /// The titles `publications_feed` reads (empty for `acquisition_feed`, which is handed its
    /// publications).
    pub ids: Vec<String>,
    /// The tokens of the pages either side.
    pub turns: Turns,
    pub total: u64,
    /// The feed a reader goes back up to.
    pub up: String,
    pub facets: Vec<FacetGroup>,
}

/// The acquisition feed of a page of titles, each as its reader sees it, with `self`,
/// `first`, `previous` and `next` links that keep the page's size.
pub async fn publications_feed(
    state: &AppState,
    site: &OpdsSite,
    ask: &OpdsAsk,
    caller: &Caller,
    who: &CatalogViewer,
    page: &PageRequest,
    shown: Shown,
) -> ApiResult<Response> {
    let records = state.titles.records(&state.store, &shown.ids).await?;
    let publications = shown
        .ids
        .iter()
        .filter_map(|id| records.get(id))
        // The index (or a list) may name a title changed since: each is checked again.
        .filter(|r| who.sees(r))
        .map(|r| publication::of(site, r, who))
        .collect();
    Ok(acquisition_feed(
        site,
        ask,
        caller.user().is_some(),
        page,
        shown,
        publications,
    ))
}

/// The acquisition feed of a page of titles an operation read with the actor's view of them,
/// in the page's order (a shelf: the reader is signed in); a title they may not see is left out.
pub fn shown_titles_feed(
    site: &OpdsSite,
    ask: &OpdsAsk,
    page: &PageRequest,
    shown: Shown,
    titles: &ShownTitles,
) -> Response {
    let publications = shown
        .ids
        .iter()
        .filter_map(|id| titles.get(id))
        .map(|r| publication::of(site, r, &titles.viewer))
        .collect();
    acquisition_feed(site, ask, true, page, shown, publications)
}

/// The acquisition feed of a page of publications, with the links of `publications_feed`.
pub fn acquisition_feed(
    site: &OpdsSite,
    ask: &OpdsAsk,
    signed_in: bool,
    page: &PageRequest,
    shown: Shown,
    publications: Vec<super::model::Publication>,
) -> Response {
    let here = |start: Option<&str>| {
        site.page_url(
            &shown.path,
            &shown.query,
            (page.limit, DEFAULT_LIMIT),
            start,
        )
    };
    let mut links = FeedLink::paging(here, page.start(), &shown.turns, Leads::Acquisition);
    links.extend([
        FeedLink::to("start", site.url(""), Leads::Navigation),
        FeedLink::to("up", shown.up.clone(), Leads::Navigation),
        FeedLink::to("search", site.url("/search"), Leads::Search),
    ]);
    let mut feed = Feed {
        id: here(None),
        title: shown.title,
        updated: Timestamp::now().to_string(),
        links,
        publications,
        facets: shown.facets,
        total: Some(shown.total),
        per_page: Some(page.limit),
        ..Feed::empty()
    };
    if feed.publications.is_empty() {
        feed.navigation.push(NavEntry::back_to_start(
            &site.lang(&ask.headers).t("opds-no-titles"),
            site.url(""),
        ));
    }
    site.answer(&feed, ask, signed_in)
}
