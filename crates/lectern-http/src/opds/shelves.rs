//! A signed-in reader's shelf: their reading lists, the titles assigned to them, their own
//! documents and what they downloaded, each read by the house's operation that the API and the
//! pages read it by, and paged both ways. A guest asking for the shelf hears 401 with the
//! authentication document, which is how an app learns to offer its sign-in.

use axum::extract::{Path, State};
use axum::response::Response;
use lectern_domain::Timestamp;
use lectern_domain::assigned_titles::AssignedSortOrder;
use lectern_domain::reading_lists::{EntrySortOrder, ListRight, ListSortOrder};
use lectern_domain::role::Role;
use lectern_operations::assigned_titles::{self as assignments, AssignmentPage};
use lectern_operations::listing::NewestPage;
use lectern_operations::reading_lists::{self, EntriesPage};
use lectern_operations::{documents, download_history};
use lectern_store::downloads::SubjectKind;
use lectern_store::keyset::KeyedOrder;

use super::feeds::{Shown, acquisition_feed, publications_feed, shown_titles_feed};
use super::model::{Feed, FeedLink, Leads, NavEntry};
use super::publication;
use super::site::{OpdsAsk, OpdsSite};
use crate::conventions::links::segment;
use crate::conventions::paging::{ListParams, NewestFirst};
use crate::error::ApiResult;
use crate::state::AppState;
use lectern_operations::titles::CatalogViewer;

/// `GET /opds/{siteId}/shelf`: the reader's shelves.
pub async fn shelf(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let caller = site.reader(&state, &ask).await?;
    let me = caller.signed_in()?;
    let lang = site.lang(&ask.headers);
    // Each entry's title and summary are the messages `key` and `key-summary`.
    let entry = |key: &str, path: &str, leads| NavEntry {
        title: lang.t(key),
        href: site.url(path),
        leads,
        rel: "subsection",
        summary: Some(lang.t(&format!("{key}-summary"))),
        count: None,
    };
    let mut navigation = vec![entry("opds-lists", "/shelf/lists", Leads::Navigation)];
    if me.has_role(Role::OrganizationMember) {
        navigation.push(entry(
            "opds-assigned",
            "/shelf/assigned",
            Leads::Acquisition,
        ));
    }
    navigation.push(entry(
        "opds-documents",
        "/shelf/documents",
        Leads::Acquisition,
    ));
    navigation.push(entry(
        "opds-downloads",
        "/shelf/downloads",
        Leads::Acquisition,
    ));
    let feed = Feed {
        id: site.url("/shelf"),
        title: lang.t("opds-shelf"),
        updated: Timestamp::now().to_string(),
        links: vec![
            FeedLink::to("self", site.url("/shelf"), Leads::Navigation),
            FeedLink::to("start", site.url(""), Leads::Navigation),
            FeedLink::to("up", site.url(""), Leads::Navigation),
        ],
        navigation,
        ..Feed::empty()
    };
    Ok(site.answer(&feed, &ask, true))
}

/// `GET /opds/{siteId}/shelf/lists`: the reader's lists, as `GET /v2/myLists` lists them.
pub async fn lists(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let caller = site.reader(&state, &ask).await?;
    caller.signed_in()?;
    let params: ListParams<ListSortOrder, 100> = caller.params.parse()?;
    let (page, bound, window) = params.two_way_window()?;
    let sort = window.sort;
    let mut rows = reading_lists::mine(&state, &caller, window).await?.rows;
    let turns = page.turn(bound.as_ref(), &mut rows, |(l, _)| sort.key_of(l));
    let navigation = rows
        .iter()
        .map(|(list, _)| NavEntry {
            title: list.name.clone(),
            href: site.url(&format!("/shelf/lists/{}", segment(&list.reading_list_id))),
            leads: Leads::Acquisition,
            rel: "subsection",
            summary: list.description.clone(),
            count: Some(list.title_count),
        })
        .collect::<Vec<_>>();
    let here = |start: Option<&str>| site.page_url("/shelf/lists", &[], (page.limit, 100), start);
    let mut links = FeedLink::paging(here, page.start(), &turns, Leads::Navigation);
    links.extend([
        FeedLink::to("start", site.url(""), Leads::Navigation),
        FeedLink::to("up", site.url("/shelf"), Leads::Navigation),
    ]);
    let mut feed = Feed {
        id: site.url("/shelf/lists"),
        title: site.lang(&ask.headers).t("opds-lists"),
        updated: Timestamp::now().to_string(),
        links,
        navigation,
        ..Feed::empty()
    };
    if feed.navigation.is_empty() {
        feed.navigation.push(NavEntry::back_to_start(
            &site.lang(&ask.headers).t("opds-no-lists"),
            site.url(""),
        ));
    }
    Ok(site.answer(&feed, &ask, true))
}

/// `GET /opds/{siteId}/shelf/lists/{readingListId}`: a list's titles, for a reader who may read
/// the list (absent otherwise, as in the API).
pub async fn list(
    State(state): State<AppState>,
    Path((site_id, reading_list_id)): Path<(String, String)>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let caller = site.reader(&state, &ask).await?;
    let me = caller.signed_in()?;
    let found = reading_lists::list_for(&state, me, &reading_list_id, ListRight::Read).await?;
    let params: ListParams<EntrySortOrder> = caller.params.parse()?;
    let (page, bound, window) = params.two_way_window()?;
    let sort = window.sort;
    let EntriesPage {
        rows: mut entries,
        shown: titles,
    } = reading_lists::entries(&state, &caller, &found, window).await?;
    let turns = page.turn(bound.as_ref(), &mut entries, |e| sort.key_of(e));
    let shown = Shown {
        path: format!("/shelf/lists/{}", segment(&reading_list_id)),
        title: found.list.name.clone(),
        query: vec![],
        ids: entries.into_iter().map(|e| e.service_id).collect(),
        turns,
        total: found.list.title_count,
        up: site.url("/shelf/lists"),
        facets: vec![],
    };
    Ok(shown_titles_feed(&site, &ask, &page, shown, &titles))
}

/// `GET /opds/{siteId}/shelf/assigned`: the titles assigned to an organization's member.
pub async fn assigned(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let caller = site.reader(&state, &ask).await?;
    let me = assignments::assignee(&caller)?;
    let params: ListParams<AssignedSortOrder> = caller.params.parse()?;
    let (page, bound, window) = params.two_way_window()?;
    let sort = window.sort;
    let AssignmentPage {
        mut rows,
        total,
        shown: titles,
    } = assignments::page(&state, &caller, me, window).await?;
    let turns = page.turn(bound.as_ref(), &mut rows, |a| sort.key_of(a));
    let shown = Shown {
        path: "/shelf/assigned".to_owned(),
        title: site.lang(&ask.headers).t("opds-assigned"),
        query: vec![],
        ids: rows.into_iter().map(|a| a.service_id).collect(),
        turns,
        total,
        up: site.url("/shelf"),
        facets: vec![],
    };
    Ok(shown_titles_feed(&site, &ask, &page, shown, &titles))
}

/// `GET /opds/{siteId}/shelf/downloads`: the titles the reader downloaded, the newest first,
/// as `GET /v2/myAccount/history` lists them (a title downloaded in two formats shows once a page).
pub async fn downloaded(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let caller = site.reader(&state, &ask).await?;
    caller.signed_in()?;
    let newest = NewestFirst::of(&caller.params)?;
    let NewestPage { mut rows, total } =
        download_history::mine(&state, &caller, newest.window()).await?;
    let turns = newest.turn(&mut rows, download_history::key_of);
    let page = newest.page;
    let mut ids: Vec<String> = Vec::new();
    for d in rows
        .into_iter()
        .filter(|d| d.subject_kind == SubjectKind::Title)
    {
        if !ids.contains(&d.subject) {
            ids.push(d.subject);
        }
    }
    let who = CatalogViewer::of(&state, &caller).await?;
    let shown = Shown {
        path: "/shelf/downloads".to_owned(),
        title: site.lang(&ask.headers).t("opds-downloads"),
        query: vec![],
        ids,
        turns,
        total,
        up: site.url("/shelf"),
        facets: vec![],
    };
    publications_feed(&state, &site, &ask, &caller, &who, &page, shown).await
}

/// `GET /opds/{siteId}/shelf/documents`: the reader's own documents, the newest first: each
/// converted one with its EPUB 3 to download, the others saying where their conversion stands.
pub async fn documents(
    State(state): State<AppState>,
    Path(site_id): Path<String>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let caller = site.reader(&state, &ask).await?;
    let me = caller.signed_in()?;
    let newest = NewestFirst::of(&caller.params)?;
    let NewestPage { mut rows, total } = documents::mine(&state, &caller, newest.window()).await?;
    let turns = newest.turn(&mut rows, documents::key_of);
    let page = newest.page;
    let who = CatalogViewer::of(&state, &caller).await?;
    let publications = rows
        .iter()
        .map(|d| publication::of_document(&site, me, d, &who))
        .collect::<ApiResult<Vec<_>>>()?;
    let shown = Shown {
        path: "/shelf/documents".to_owned(),
        title: site.lang(&ask.headers).t("opds-documents"),
        query: vec![],
        ids: vec![],
        turns,
        total,
        up: site.url("/shelf"),
        facets: vec![],
    };
    Ok(acquisition_feed(
        &site,
        &ask,
        true,
        &page,
        shown,
        publications,
    ))
}
