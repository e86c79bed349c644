//! The navigation feeds of subjects: the categories, languages and BISAC subjects that hold a
//! title the reader may see, each with how many, paged in memory (they are hundreds at most)
//! with the same tokens and links as every other list.

use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::Timestamp;
use lectern_domain::catalog::languages;
use lectern_domain::paging::FixedOrder;
use lectern_search::Counted;

use super::model::{Feed, FeedLink, Leads, NavEntry};
use super::site::{OpdsAsk, OpdsSite};
use crate::conventions::links::segment;
use crate::conventions::paging::ListParams;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use lectern_operations::titles::CatalogViewer;

/// `GET /opds/{siteId}/categories`: each category with a title the reader can see.
pub async fn categories(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let (site, who, signed_in, page) = open(&state, &site_id, &ask).await?;
    let counts = state
        .titles
        .category_counts(who.scope())
        .await
        .map_err(ApiError::internal)?;
    let entries = counts
        .into_iter()
        .map(|(name, count)| {
            let title = who
                .category_names
                .categories
                .get(&name)
                .cloned()
                .flatten()
                .unwrap_or_else(|| name.clone());
            let href = site.url(&format!("/categories/{}", segment(&name)));
            (name, subject(title, href, count))
        })
        .collect();
    let listed = Listed {
        path: "/categories",
        title: site.lang(&ask.headers).t("opds-categories"),
        entries,
    };
    Ok(site.answer(
        &listed.feed(&site, (&page, site.lang(&ask.headers)))?,
        &ask,
        signed_in,
    ))
}

/// `GET /opds/{siteId}/languages`: each language with a title the reader can see, by name.
pub async fn languages(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let (site, who, signed_in, page) = open(&state, &site_id, &ask).await?;
    let counts = term_counts(&state, &who, Counted::Language).await?;
    let mut entries: Vec<(String, NavEntry)> = counts
        .iter()
        .map(|(code, count)| {
            // Each named in itself, as its readers look for it.
            let name = languages::own_name(code);
            let href = site.url(&format!("/languages/{}", segment(code)));
            // Names can repeat across codes; the code keeps each key unique.
            (format!("{name}\u{1f}{code}"), subject(name, href, *count))
        })
        .collect();
    entries.sort_by(|a, b| a.0.cmp(&b.0));
    let listed = Listed {
        path: "/languages",
        title: site.lang(&ask.headers).t("opds-languages"),
        entries,
    };
    Ok(site.answer(
        &listed.feed(&site, (&page, site.lang(&ask.headers)))?,
        &ask,
        signed_in,
    ))
}

/// `GET /opds/{siteId}/bisac`: each BISAC subject with a title the reader can see, by code.
pub async fn bisac_subjects(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let (site, who, signed_in, page) = open(&state, &site_id, &ask).await?;
    let counts = term_counts(&state, &who, Counted::BisacCode).await?;
    let entries = counts
        .iter()
        .map(|(indexed, count)| {
            // The index keeps codes in lower case; the catalog names them in capitals.
            let code = indexed.to_ascii_uppercase();
            let name = who.category_names.bisac.get(&code).cloned();
            let title = name.map_or_else(|| code.clone(), |n| format!("{n} ({code})"));
            let href = site.url(&format!("/bisac/{}", segment(&code)));
            (code, subject(title, href, *count))
        })
        .collect();
    let listed = Listed {
        path: "/bisac",
        title: site.lang(&ask.headers).t("opds-bisac"),
        entries,
    };
    Ok(site.answer(
        &listed.feed(&site, (&page, site.lang(&ask.headers)))?,
        &ask,
        signed_in,
    ))
}

type Opened = (
    OpdsSite,
    CatalogViewer,
    bool,
    crate::conventions::paging::PageRequest,
);

async fn open(state: &AppState, site_id: &str, ask: &OpdsAsk) -> ApiResult<Opened> {
    let site = OpdsSite::named(state, site_id).await?;
    let caller = site.caller(state, ask).await?;
    let who = CatalogViewer::of(state, &caller).await?;
    let page = caller
        .params
        .parse::<ListParams<FixedOrder, 100>>()?
        .page()?;
    let signed_in = caller.user().is_some();
    Ok((site, who, signed_in, page))
}

async fn term_counts(
    state: &AppState,
    who: &CatalogViewer,
    field: Counted,
) -> ApiResult<std::sync::Arc<Vec<(String, u64)>>> {
    state
        .titles
        .term_counts(field, who.scope())
        .await
        .map_err(ApiError::internal)
}

fn subject(title: String, href: String, count: u64) -> NavEntry {
    NavEntry {
        title,
        href,
        leads: Leads::Acquisition,
        rel: "subsection",
        summary: Some(match count {
            1 => "1 title".to_owned(),
            n => format!("{n} titles"),
        }),
        count: Some(count),
    }
}

/// A navigation feed's entries, each with its key, in the keys' order.
struct Listed {
    path: &'static str,
    title: String,
    entries: Vec<(String, NavEntry)>,
}

impl Listed {
    fn feed(
        self,
        site: &OpdsSite,
        (page, lang): (&crate::conventions::paging::PageRequest, crate::i18n::Lang),
    ) -> ApiResult<Feed> {
        let (rows, turns) = page.page_both_ways(self.entries, |(key, _)| key.clone())?;
        let here = |start: Option<&str>| site.page_url(self.path, &[], (page.limit, 100), start);
        let mut links = FeedLink::paging(here, page.start(), &turns, Leads::Navigation);
        links.extend([
            FeedLink::to("start", site.url(""), Leads::Navigation),
            FeedLink::to("up", site.url(""), Leads::Navigation),
            FeedLink::to("search", site.url("/search"), Leads::Search),
        ]);
        let mut navigation: Vec<NavEntry> = rows.into_iter().map(|(_, e)| e).collect();
        if navigation.is_empty() {
            navigation.push(NavEntry::back_to_start(
                &lang.t("opds-nothing-here"),
                site.url(""),
            ));
        }
        Ok(Feed {
            id: site.url(self.path),
            title: self.title,
            updated: Timestamp::now().to_string(),
            links,
            navigation,
            ..Feed::empty()
        })
    }
}
