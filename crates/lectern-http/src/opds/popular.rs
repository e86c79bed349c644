//! The library's popular lists in the catalog: each is an entry of the site's root and an
//! acquisition feed of its titles in list order, as `GET /v2/popularLists` lists them.

use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::paging::FixedOrder;
use lectern_operations::popular_lists::{self, VisibleList};

use super::feeds::{Shown, acquisition_feed};
use super::model::{Leads, NavEntry};
use super::publication;
use super::site::{OpdsAsk, OpdsSite};
use crate::conventions::links::segment;
use crate::conventions::paging::ListParams;
use crate::error::ApiResult;
use crate::state::AppState;
use lectern_operations::titles::CatalogViewer;

/// How many popular lists the root lists; a library keeps a handful.
const LISTED: u32 = 50;

/// The root's entries for the popular lists of the reader's site and the global ones.
pub async fn entries(
    state: &AppState,
    site: &OpdsSite,
    who: &CatalogViewer,
) -> ApiResult<Vec<NavEntry>> {
    let lists = popular_lists::seen(state, who, None, LISTED).await?;
    Ok(lists
        .into_iter()
        .take(LISTED as usize)
        .map(|l| NavEntry {
            href: site.url(&format!("/popular/{}", segment(&l.list_id))),
            title: l.description,
            leads: Leads::Acquisition,
            rel: "http://opds-spec.org/sort/popular",
            summary: Some("A list the library keeps".to_owned()),
            count: None,
        })
        .collect())
}

/// `GET /opds/{siteId}/popular/{listId}`: a popular list's titles the reader can see, in list
/// order.
pub async fn list(
    State(state): State<AppState>,
    Path((site_id, list_id)): Path<(String, String)>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let caller = site.caller(&state, &ask).await?;
    let who = CatalogViewer::of(&state, &caller).await?;
    let VisibleList { list, titles } = popular_lists::visible(&state, &who, &list_id).await?;
    let page = caller.params.parse::<ListParams<FixedOrder>>()?.page()?;
    let total = titles.len() as u64;
    let (rows, turns) = page.page_both_ways(titles, |(position, _)| *position)?;
    // The list's records are read and checked already: no second read through the index's.
    let publications = rows
        .iter()
        .map(|(_, r)| publication::of(&site, r, &who))
        .collect();
    let shown = Shown {
        path: format!("/popular/{}", segment(&list.list_id)),
        title: list.description,
        query: vec![],
        ids: vec![],
        turns,
        total,
        up: site.url(""),
        facets: vec![],
    };
    let signed_in = caller.user().is_some();
    Ok(acquisition_feed(
        &site,
        &ask,
        signed_in,
        &page,
        shown,
        publications,
    ))
}
