//! The catalog as its curators read it (`GET /v2/catalog`, the staff's catalog page): every
//! title in every status of the sites they curate (their own; every site for administrators),
//! found by the title index as a reader's search is, and the search itself, which every door
//! runs through here.

use lectern_domain::Timestamp;
use lectern_domain::catalog::isbn::isbn13;
use lectern_domain::catalog::query::{CatalogSort, Scope, TitleFilters, TitleSearch};
use lectern_domain::catalog::{TitleRecord, TitleStatusCode};
use lectern_domain::invalid::Why;
use lectern_domain::paging::Direction;
use lectern_domain::role::Role;
use lectern_search::{SearchError, SearchPage};
use lectern_store::titles;
use serde::Deserialize;

use crate::actor::Actor;
use crate::curator::Curator;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::titles::CatalogViewer;

/// A search of the title index, off the async threads: a query is CPU work of a few
/// milliseconds.
pub async fn search(house: &House, search: TitleSearch) -> Outcome<SearchPage> {
    let index = house.titles.index.clone();
    match tokio::task::spawn_blocking(move || index.search(&search)).await {
        Ok(Ok(page)) => Ok(page),
        Ok(Err(SearchError::BadStart)) => Err(Failure::invalid(
            "start",
            Why::of(
                "why-not-a-page-token",
                "is not a page token of this search; send the 'next' value of the previous page, or nothing to start at the beginning",
            ),
        )),
        Ok(Err(SearchError::Index(e))) => Err(Failure::broken(e)),
        Err(e) => Err(Failure::broken(e)),
    }
}

/// A search and the records of the titles it found, read from the store as they are now, in
/// no particular order: the index trails the store by a moment, so the door checks each again.
pub async fn search_with_records(
    house: &House,
    asked: TitleSearch,
) -> Outcome<(SearchPage, Vec<TitleRecord>)> {
    let found = search(house, asked).await?;
    let records = titles::get_many(house.store.reads(), &found.service_ids).await?;
    Ok((found, records))
}

/// What a curator's search of the catalog asks for, as sent (each may be absent), read by the
/// names the API gives them.
#[derive(Debug, Clone, Default, Deserialize)]
#[serde(rename_all = "camelCase")]
pub struct CatalogWanted {
    /// Titles that may be read in this country (ISO 3166 alpha-2).
    pub country: Option<String>,
    /// An ISBN-10 or ISBN-13, spaces and dashes ignored.
    pub isbn: Option<String>,
    pub title_status: Option<TitleStatusCode>,
    /// Updated at or after, and at or before (`YYYY-MM-DD` or a time).
    pub start_updated_date: Option<String>,
    pub end_updated_date: Option<String>,
    /// An exact author name, as the author facets give it.
    pub author_filter: Option<String>,
    pub category: Option<String>,
}

/// Where a page of the catalog starts, in which order, and how long it is.
#[derive(Debug, Clone)]
pub struct CatalogWindow {
    pub sort: CatalogSort,
    pub direction: Direction,
    /// The index's token of the page, when this is not the first.
    pub start: Option<String>,
    pub limit: u32,
    /// Whether the search counts the top authors and categories of every match.
    pub facets: bool,
}

/// A page of the catalog: the records found (those the curator manages, in the index's
/// order), the index's page (its total, next token, facets) and the curator as a viewer of
/// the titles, whom the door shows them to.
pub struct CuratedCatalog {
    pub records: Vec<TitleRecord>,
    pub found: SearchPage,
    pub viewer: CatalogViewer,
}

/// A page of the catalog the actor curates, as `wanted` asks.
pub async fn curated(
    house: &House,
    actor: &Actor,
    wanted: CatalogWanted,
    w: CatalogWindow,
) -> Outcome<CuratedCatalog> {
    let staff = Curator::of(actor, None, "read the catalog", || {
        Failure::not_found(Why::of("absent-catalog", "There is no catalog here"))
    })?
    .account;
    let scope = if staff.has_role(Role::Administrator) {
        Scope {
            sites: None,
            managed_sites: None,
            hide_adult: false,
        }
    } else {
        let own = Some(vec![staff.site_id.clone()]);
        Scope {
            sites: own.clone(),
            managed_sites: own,
            hide_adult: false,
        }
    };
    let query = TitleSearch {
        filters: filters(wanted)?,
        scope,
        sort: w.sort.title_sort(),
        direction: w.direction,
        limit: w.limit,
        start: w.start,
        facets: w.facets,
    };
    let found = search(house, query).await?;
    let records = titles::get_many(house.store.reads(), &found.service_ids).await?;
    let who = CatalogViewer::of(house, actor).await?;
    let records = records
        .into_iter()
        .filter(|r| who.manages(&r.site))
        .collect();
    Ok(CuratedCatalog {
        records,
        found,
        viewer: who,
    })
}

/// The filters `wanted` asks for, or what is wrong with it, naming the parameter.
fn filters(wanted: CatalogWanted) -> Outcome<TitleFilters> {
    if let Some(c) = &wanted.country {
        lectern_domain::account::check_country(c)
            .map_err(|why| Failure::invalid("country", why))?;
    }
    let isbn = wanted
        .isbn
        .as_deref()
        .map(|raw| {
            isbn13(raw).ok_or_else(|| {
                Failure::invalid(
                    "isbn",
                    Why::of(
                        "why-isbn",
                        format!(
                            "'{raw}' is not an ISBN: send 10 or 13 digits with a right check digit"
                        ),
                    )
                    .with("value", raw),
                )
            })
        })
        .transpose()?;
    let instant = |name: &'static str, raw: &Option<String>| -> Outcome<Option<i64>> {
        raw.as_deref()
            .map(|r| {
                Timestamp::parse(r)
                    .map(Timestamp::unix)
                    .map_err(|_| Failure::invalid(name, Why::timestamp()))
            })
            .transpose()
    };
    let updated_from = instant("startUpdatedDate", &wanted.start_updated_date)?;
    let updated_to = instant("endUpdatedDate", &wanted.end_updated_date)?;
    if let (Some(from), Some(to)) = (updated_from, updated_to)
        && from > to
    {
        return Err(Failure::invalid(
            "endUpdatedDate",
            Why::before("startUpdatedDate"),
        ));
    }
    Ok(TitleFilters {
        isbn,
        country: wanted.country,
        title_status: wanted.title_status,
        author_filter: wanted.author_filter,
        categories: wanted.category.into_iter().collect(),
        updated_from,
        updated_to,
        ..TitleFilters::default()
    })
}
