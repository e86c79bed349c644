//! The home page of a site: the search box first, then the newest titles and the library's
//! popular lists, each as the visitor may see them. `/` leads to it.

use askama::Template;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::{IntoResponse, Redirect, Response};
use lectern_domain::catalog::query::{TitleFilters, TitleSearch, TitleSort};
use lectern_domain::invalid::Why;
use lectern_domain::paging::Direction;
use lectern_operations::popular_lists;
use lectern_operations::sites;

use super::catalog::{Listed, find};
use crate::conventions::links::segment;
use crate::error::{ApiError, ApiResult};
use crate::pages::render::{Chrome, Section, page};
use crate::pages::session::{Here, WebSite};
use crate::state::AppState;
use lectern_operations::titles::CatalogViewer;

/// New arrivals the home page shows; the search lists the rest.
const NEW_ARRIVALS: u32 = 8;
/// Popular lists on the home page, and titles shown of each.
const POPULAR_LISTS: u32 = 5;
const POPULAR_TITLES: usize = 5;

#[derive(Template)]
#[template(path = "web/home.html")]
struct HomePage<'a> {
    chrome: &'a Chrome,
    new_arrivals: Vec<Listed>,
    all_new: String,
    popular: Vec<Popular>,
}

struct Popular {
    name: String,
    titles: Vec<Listed>,
}

/// `GET /`: the site's home when the server has one site; otherwise the first site's, whose
/// pages name the library they belong to.
pub async fn root(State(state): State<AppState>) -> ApiResult<Response> {
    for site in sites::listed(&state).await? {
        if WebSite::named(&state, &site.id).await.is_ok() {
            return Ok(Redirect::to(&format!("/{}/", segment(&site.id))).into_response());
        }
    }
    Err(ApiError::not_found(Why::of(
        "absent-any-library",
        "This server has no library yet",
    )))
}

/// `GET /{site}`: the home page's address is `/{site}/`.
pub async fn bare(Path(site_id): Path<String>) -> Response {
    Redirect::permanent(&format!("/{}/", segment(&site_id))).into_response()
}

/// `GET /{site}/`.
pub async fn home(State(state): State<AppState>, here: Here) -> ApiResult<Response> {
    let Here { site, visitor, .. } = here;
    let who = CatalogViewer::of(&state, &visitor.caller).await?;
    let lang = visitor.lang;
    let newest = find(
        &state,
        (&site, lang),
        &who,
        TitleSearch {
            filters: TitleFilters::default(),
            scope: who.scope(),
            sort: TitleSort::DateAdded,
            direction: Direction::Desc,
            limit: NEW_ARRIVALS,
            start: None,
            facets: false,
        },
    )
    .await?;
    let mut popular = Vec::new();
    let lists = popular_lists::seen(&state, &who, None, POPULAR_LISTS).await?;
    for list in lists.into_iter().take(POPULAR_LISTS as usize) {
        let shown = popular_lists::visible(&state, &who, &list.list_id).await?;
        let titles: Vec<Listed> = shown
            .titles
            .iter()
            .take(POPULAR_TITLES)
            .map(|(_, r)| Listed::of((&site, lang), r))
            .collect();
        if !titles.is_empty() {
            popular.push(Popular {
                name: shown.list.description,
                titles,
            });
        }
    }
    let chrome = Chrome::of(&site, &visitor, &site.path("/"), Section::Other);
    Ok(page(
        StatusCode::OK,
        &HomePage {
            chrome: &chrome,
            new_arrivals: newest.titles,
            all_new: site.path("/search?sort=newest"),
            popular,
        },
        &visitor,
    ))
}
