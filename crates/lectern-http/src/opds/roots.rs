//! The catalog's roots: the server's (its sites' catalogs) and a site's (what a reader finds
//! there: recently added, the popular lists, categories, languages, subjects, search, and their
//! shelf when signed in).

use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::Timestamp;

use super::model::{Feed, FeedLink, Leads, NavEntry};
use super::popular;
use super::render::{Rendering, answer};
use super::site::{OpdsAsk, OpdsSite};
use crate::conventions::links::segment;
use crate::error::ApiResult;
use crate::state::AppState;
use lectern_operations::titles::CatalogViewer;

/// `GET /opds`: the server's catalogs. With one site it is that site's root; with several, a
/// navigation feed of them.
pub async fn root(State(state): State<AppState>, ask: OpdsAsk) -> ApiResult<Response> {
    let all = lectern_operations::sites::listed(&state).await?;
    if let [only] = all.as_slice() {
        let site = OpdsSite::named(&state, &only.id).await?;
        return site_root_of(&state, &site, &ask).await;
    }
    // Several libraries, each in its own language: the app's, else English.
    let lang = crate::i18n::unnamed(&ask.headers, None);
    let mut navigation = Vec::new();
    for s in &all {
        if lectern_operations::sign_in::catalog_key(&state, &s.id)
            .await?
            .is_some()
        {
            navigation.push(NavEntry {
                title: s.name.clone(),
                href: state.opds_url(&segment(&s.id)),
                leads: Leads::Navigation,
                rel: "subsection",
                summary: Some(lang.t1("opds-catalog-of", "site", &s.name)),
                count: None,
            });
        }
    }
    let feed = Feed {
        id: state.opds_url(""),
        title: lang.t("opds-catalogs"),
        updated: Timestamp::now().to_string(),
        links: vec![
            FeedLink::to("self", state.opds_url(""), Leads::Navigation),
            FeedLink::to("start", state.opds_url(""), Leads::Navigation),
        ],
        navigation,
        ..Feed::empty()
    };
    Ok(answer(
        &feed,
        Rendering::of(&ask.headers),
        ("Lectern", lang.tag()),
        false,
    ))
}

/// `GET /opds/{siteId}`: what a reader can browse in this site's catalog.
pub async fn site_root(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    site_root_of(&state, &site, &ask).await
}

async fn site_root_of(state: &AppState, site: &OpdsSite, ask: &OpdsAsk) -> ApiResult<Response> {
    let caller = site.caller(state, ask).await?;
    let lang = site.lang(&ask.headers);
    // Each entry's title and summary are the messages `key` and `key-summary`.
    let entry = |key: &str, path: &str, leads, rel| NavEntry {
        title: lang.t(key),
        href: site.url(path),
        leads,
        rel,
        summary: Some(lang.t(&format!("{key}-summary"))),
        count: None,
    };
    let mut navigation = vec![entry(
        // Not "New arrivals": libraries keep popular lists by that name, which the root lists too.
        "opds-recently-added",
        "/new",
        Leads::Acquisition,
        "http://opds-spec.org/sort/new",
    )];
    let who = CatalogViewer::of(state, &caller).await?;
    navigation.extend(popular::entries(state, site, &who).await?);
    navigation.extend([
        entry(
            "opds-categories",
            "/categories",
            Leads::Navigation,
            "subsection",
        ),
        entry(
            "opds-languages",
            "/languages",
            Leads::Navigation,
            "subsection",
        ),
        entry("opds-bisac", "/bisac", Leads::Navigation, "subsection"),
        // A guest who opens it is asked to sign in (401 with the authentication document).
        // An entry like the others (KOReader before v2026.07 opens only `subsection` entries),
        // and the feed's `shelf` link for apps that look for one.
        entry("opds-shelf", "/shelf", Leads::Navigation, "subsection"),
    ]);
    let mut links = site_links(site, "");
    links.push(FeedLink::to(
        "http://opds-spec.org/shelf",
        site.url("/shelf"),
        Leads::Navigation,
    ));
    let feed = Feed {
        id: site.url(""),
        title: site.site.name.clone(),
        updated: Timestamp::now().to_string(),
        links,
        navigation,
        ..Feed::empty()
    };
    Ok(site.answer(&feed, ask, caller.user().is_some()))
}

/// `self`, `start` and `search`, which every feed of a site carries.
fn site_links(site: &OpdsSite, path: &str) -> Vec<FeedLink> {
    vec![
        FeedLink::to("self", site.url(path), Leads::Navigation),
        FeedLink::to("start", site.url(""), Leads::Navigation),
        FeedLink::to("search", site.url("/search"), Leads::Search),
    ]
}
