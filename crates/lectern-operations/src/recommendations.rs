//! A reader's recommendations: gathered from the store and the index (what readers like them
//! read, the most-read titles, their profile's picks, more by their favourite authors), ranked
//! by the domain's method, and kept to the titles they may see and their profile admits.

use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use lectern_domain::account::Account;
use lectern_domain::account::recommendation_profile::RecommendationProfile;
use lectern_domain::catalog::query::{TitleFilters, TitleSearch, TitleSort};
use lectern_domain::catalog::{ContributorType, TitleRecord, TitleStatusCode};
use lectern_domain::paging::Direction;
use lectern_domain::recommend::{self, Candidate, Facts};
use lectern_store::recommendations;

use crate::actor::Actor;
use crate::failure::Outcome;
use crate::house::House;
use crate::titles::CatalogViewer;
use crate::{catalog, recommendation_profiles};

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

/// The titles offered to a reader, best first, with their records and the reader as the
/// catalog sees them.
pub struct Recommended {
    pub ranked: Vec<String>,
    pub records: HashMap<String, Arc<TitleRecord>>,
    pub viewer: CatalogViewer,
}

/// The actor's recommendations, at most `OFFERED`.
pub async fn mine(house: &House, actor: &Actor) -> Outcome<Recommended> {
    let me = actor.account()?;
    let who = CatalogViewer::of(house, actor).await?;
    let profile = recommendation_profiles::of(house, me).await?;
    let facts = gathered(house, me, &who, &profile).await?;
    let records = candidate_records(house, &facts).await?;
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
    let ranked = recommend::rank(&facts, OFFERED, eligible, describe)
        .into_iter()
        .map(|(t, _)| t)
        .collect();
    Ok(Recommended {
        ranked,
        records,
        viewer: who,
    })
}

/// What the ranking weighs for the reader: their history and its authors and categories,
/// readers like them and what those read, the most-read titles, the profile's picks and more
/// by the reader's favourite authors.
async fn gathered(
    house: &House,
    me: &Account,
    who: &CatalogViewer,
    profile: &RecommendationProfile,
) -> Outcome<Facts> {
    let reads = house.store.reads();
    let history = recommendations::history(reads, &me.user_account_id).await?;
    let recent = &history[..history.len().min(NEIGHBOUR_TITLES)];
    let neighbours =
        recommendations::neighbours(reads, &me.user_account_id, recent, NEIGHBOURS).await?;
    let ids: Vec<String> = neighbours.iter().map(|(u, _)| u.clone()).collect();
    let mut their_titles = recommendations::titles_of(reads, &ids).await?;
    let popular = house.titles.popular_reads(&house.store).await?;
    let mut facts = Facts {
        picks: picks(house, who, profile).await?,
        history: history.iter().cloned().collect(),
        neighbours: neighbours
            .into_iter()
            .map(|(u, shared)| (shared, their_titles.remove(&u).unwrap_or_default()))
            .collect(),
        popular: popular.as_ref().clone(),
        ..Facts::default()
    };
    let read: Vec<String> = history.into_iter().take(HISTORY_READ).collect();
    for r in house.titles.records(&house.store, &read).await?.values() {
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
        let more = indexed(house, who, exactly, TitleSort::DateAdded, Direction::Desc).await?;
        facts.by_their_authors.extend(more);
    }
    Ok(facts)
}

/// Titles by the authors the profile includes, and in its categories, as the index finds them
/// among the titles the reader may see.
async fn picks(
    house: &House,
    who: &CatalogViewer,
    profile: &RecommendationProfile,
) -> Outcome<Vec<String>> {
    let mut found = Vec::new();
    if !profile.included_authors.is_empty() {
        let by = TitleFilters {
            authors: profile.included_authors.clone(),
            ..TitleFilters::default()
        };
        found.extend(indexed(house, who, by, TitleSort::Relevance, Direction::Asc).await?);
    }
    if !profile.included_categories.is_empty() {
        let newest_in = TitleFilters {
            categories: profile.included_categories.clone(),
            ..TitleFilters::default()
        };
        found.extend(indexed(house, who, newest_in, TitleSort::DateAdded, Direction::Desc).await?);
    }
    Ok(found)
}

async fn indexed(
    house: &House,
    who: &CatalogViewer,
    filters: TitleFilters,
    sort: TitleSort,
    direction: Direction,
) -> Outcome<Vec<String>> {
    let search = TitleSearch {
        filters,
        scope: who.scope(),
        sort,
        direction,
        limit: PICKS,
        start: None,
        facets: false,
    };
    Ok(catalog::search(house, search).await?.service_ids)
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
    house: &House,
    facts: &Facts,
) -> Outcome<HashMap<String, Arc<TitleRecord>>> {
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
    Ok(house.titles.records(&house.store, &wanted).await?)
}
