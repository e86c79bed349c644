//! The reader's recommendations: gathered from the store, ranked by the domain's method, shown
//! as title summaries of titles the reader may see.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::account::recommendation_profile::RecommendationProfile;
use lectern_domain::catalog::query::{TitleFilters, TitleSearch, TitleSort};
use lectern_domain::catalog::{ContributorType, TitleRecord, TitleStatusCode};
use lectern_domain::paging::Direction;
use lectern_domain::recommend::{self, Candidate, Facts};
use lectern_store::recommendations;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::accounts::recommendation_profile::profile_of;
use crate::api::titles::{CatalogViewer, TitleSummary, summary};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection, Listed};
use crate::conventions::paging::ListParams;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::paging::FixedOrder;
use lectern_operations::catalog::search as run;

/// Recommendations offered at most, over all pages.
const OFFERED: usize = 100;
/// Readers like this one whose titles are weighed.
const NEIGHBOURS: u32 = 50;
/// The most-read titles (of those the reader has not read) that are candidates: twice what is
/// offered, so that a reader with no history still gets a full list after the profile's and
/// the access rules' refusals.
const POPULAR_CANDIDATES: usize = 2 * OFFERED;
/// The reader's latest titles whose other readers are looked for.
const NEIGHBOUR_TITLES: usize = 50;
/// Titles of the reader's history read for their authors and categories.
const HISTORY_READ: usize = 200;
/// Titles the index gives for a set of authors, or of categories.
const PICKS: u32 = 50;
/// The reader's most-read authors, whose other titles are candidates.
const FAVOURITE_AUTHORS: usize = 5;

/// A recommended title: a title summary.
#[derive(Serialize, ToSchema)]
#[serde(transparent)]
pub struct RecommendedTitle(TitleSummary);

impl Listed for RecommendedTitle {
    const ITEMS: &'static str = "recommendedTitles";
    const LIST: &'static str = "RecommendedTitles";
    const TITLE_LIST: bool = true;
}

pub type RecommendedTitles = Collection<RecommendedTitle>;

#[utoipa::path(
    get, path = "/v2/myRecommendations", tag = "recommendations",
    params(
        ("api_key" = String, Query, description = "The client key"),
        ListParams<FixedOrder>,
    ),
    responses(
        (status = 200, description = "Titles for the reader, best first", body = RecommendedTitles),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn my_recommendations(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<RecommendedTitles>> {
    let me = caller.signed_in()?;
    let page = caller.params.parse::<ListParams<FixedOrder>>()?.page()?;
    let who = CatalogViewer::of(&state, &caller).await?;
    let reads = state.store.reads();

    let history = recommendations::history(reads, &me.user_account_id).await?;
    let recent = &history[..history.len().min(NEIGHBOUR_TITLES)];
    let neighbours =
        recommendations::neighbours(reads, &me.user_account_id, recent, NEIGHBOURS).await?;
    let ids: Vec<String> = neighbours.iter().map(|(u, _)| u.clone()).collect();
    let mut their_titles = recommendations::titles_of(reads, &ids).await?;
    let popular = state.titles.popular_reads(&state.store).await?;

    let profile = profile_of(&state, me).await?;
    let mut facts = Facts {
        picks: picks(&state, &who, &profile).await?,
        history: history.iter().cloned().collect(),
        neighbours: neighbours
            .into_iter()
            .map(|(u, shared)| (shared, their_titles.remove(&u).unwrap_or_default()))
            .collect(),
        popular: popular.as_ref().clone(),
        ..Facts::default()
    };
    let read: Vec<String> = history.into_iter().take(HISTORY_READ).collect();
    for r in state.titles.records(&state.store, &read).await?.values() {
        for a in r.contributors_of(ContributorType::Author) {
            *facts.authors.entry(a.to_owned()).or_default() += 1;
        }
        for c in &r.categories {
            *facts.categories.entry(c.clone()).or_default() += 1;
        }
    }

    for author in favourite_authors(&facts) {
        let exactly = TitleFilters {
            author_filter: Some(author),
            ..TitleFilters::default()
        };
        let more = indexed(&state, &who, exactly, TitleSort::DateAdded, Direction::Desc).await?;
        facts.by_their_authors.extend(more);
    }
    let records = candidate_records(&state, &facts).await?;
    let eligible = |id: &str| {
        records.get(id).is_some_and(|r| {
            let from_global = r.site != me.site_id && who.in_global(&r.site);
            r.status == TitleStatusCode::Live
                && r.allow_recommend
                && who.sees(r)
                && profile.admits(r, from_global)
        })
    };
    let describe = |id: &str| {
        records.get(id).map(|r| Candidate {
            authors: r
                .contributors_of(ContributorType::Author)
                .map(str::to_owned)
                .collect(),
            categories: r.categories.clone(),
            preference: profile.preference(r),
        })
    };
    let ranked = recommend::rank(&facts, OFFERED, eligible, describe);
    let total = ranked.len() as u64;
    let positioned: Vec<(usize, String)> = ranked.into_iter().map(|(t, _)| t).enumerate().collect();
    let (rows, next) = page.page_of(positioned, |(i, _)| *i)?;
    let perspective = who.perspective();
    let items = rows
        .iter()
        .filter_map(|(_, id)| records.get(id))
        .map(|r| RecommendedTitle(summary(&state, r, who.in_global(&r.site), &perspective)))
        .collect();
    Ok(Json(
        Collection::page(
            &state,
            "/myRecommendations",
            &caller.params,
            &page,
            (items, next),
            total,
        )
        .allowing(Allows::of(&[("GET", true)])),
    ))
}

/// Titles by the authors the profile includes, and in its categories, as the index finds them
/// among the titles the reader may see.
async fn picks(
    state: &AppState,
    who: &CatalogViewer,
    profile: &RecommendationProfile,
) -> ApiResult<Vec<String>> {
    let mut found = Vec::new();
    if !profile.included_authors.is_empty() {
        let by = TitleFilters {
            authors: profile.included_authors.clone(),
            ..TitleFilters::default()
        };
        found.extend(indexed(state, who, by, TitleSort::Relevance, Direction::Asc).await?);
    }
    if !profile.included_categories.is_empty() {
        let newest_in = TitleFilters {
            categories: profile.included_categories.clone(),
            ..TitleFilters::default()
        };
        found.extend(indexed(state, who, newest_in, TitleSort::DateAdded, Direction::Desc).await?);
    }
    Ok(found)
}

async fn indexed(
    state: &AppState,
    who: &CatalogViewer,
    filters: TitleFilters,
    sort: TitleSort,
    direction: Direction,
) -> ApiResult<Vec<String>> {
    let search = TitleSearch {
        filters,
        scope: who.scope(),
        sort,
        direction,
        limit: PICKS,
        start: None,
        facets: false,
    };
    Ok(run(state, search).await?.service_ids)
}

/// The authors the reader read most, most first (ties by name).
fn favourite_authors(facts: &Facts) -> Vec<String> {
    let mut authors: Vec<(&String, &u32)> = facts.authors.iter().collect();
    authors.sort_by(|a, b| b.1.cmp(a.1).then_with(|| a.0.cmp(b.0)));
    authors
        .into_iter()
        .take(FAVOURITE_AUTHORS)
        .map(|(a, _)| a.clone())
        .collect()
}

/// The records of every title the ranking may offer: what neighbours read beyond the reader's
/// history, the most-read titles, and the profile's picks.
async fn candidate_records(
    state: &AppState,
    facts: &Facts,
) -> ApiResult<HashMap<String, Arc<TitleRecord>>> {
    let mut wanted: Vec<String> = Vec::new();
    let mut seen: HashSet<&str> = HashSet::new();
    let neighbour_titles = facts.neighbours.iter().flat_map(|(_, ts)| ts.iter());
    // Past the first few hundred, a most-read title's popularity score is too small to place it
    // among the offered unless another signal does, and those bring it as a candidate anyway.
    let popular = facts
        .popular
        .iter()
        .map(|(t, _)| t)
        .filter(|t| !facts.history.contains(*t))
        .take(POPULAR_CANDIDATES);
    let asked = facts.picks.iter().chain(&facts.by_their_authors);
    for t in neighbour_titles.chain(popular).chain(asked) {
        if !facts.history.contains(t) && seen.insert(t) {
            wanted.push(t.clone());
        }
    }
    Ok(state.titles.records(&state.store, &wanted).await?)
}
