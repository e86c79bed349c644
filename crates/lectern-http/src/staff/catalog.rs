//! The catalog as `GET /v2/catalog` gives collection assistants: every status, its filters and
//! orders, a page at a time to the end.

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::response::Response;

use lectern_domain::catalog::query::CatalogSort;
use lectern_domain::catalog::{ContributorType, names};
use lectern_operations::catalog::{self, CatalogWanted, CatalogWindow, CuratedCatalog};

use super::home::Staff;
use super::paths::title_page_path;
use crate::conventions::paging::ListParams;
use crate::error::ApiResult;
use crate::i18n::Lang;
use crate::pages::forms::{self, Choice, choices_in};
use crate::pages::render::{Chrome, Section, day, page, with_query};
use crate::state::AppState;

/// The filters the page passes on, as the API names them.
const FILTERS: [&str; 7] = [
    "titleStatus",
    "isbn",
    "startUpdatedDate",
    "endUpdatedDate",
    "sortOrder",
    "direction",
    "limit",
];

/// The titles' statuses, orders and directions the filters offer, and their messages.
const STATUSES: &[(&str, &str)] = &[
    ("", "staff-status-any"),
    ("live", "staff-status-live"),
    ("withdrawn", "staff-status-withdrawn"),
    ("new", "staff-status-new"),
    ("beingEdited", "staff-status-beingEdited"),
    ("proofreadValid", "staff-status-proofreadValid"),
    ("proofreadRejected", "staff-status-proofreadRejected"),
    ("converted", "staff-status-converted"),
    ("reprocess", "staff-status-reprocess"),
    ("validated", "staff-status-validated"),
    ("userSubmitted", "staff-status-userSubmitted"),
    ("publisherSubmitted", "staff-status-publisherSubmitted"),
    ("removed", "staff-status-removed"),
];
const ORDERS: &[(&str, &str)] = &[
    ("title", "staff-catalog-order-title"),
    ("author", "staff-catalog-order-author"),
    ("updatedDate", "staff-catalog-order-updated"),
    ("copyrightDate", "staff-catalog-order-copyright"),
    ("relevance", "staff-catalog-order-relevance"),
];
const DIRECTIONS: &[(&str, &str)] = &[
    ("asc", "staff-catalog-ascending"),
    ("desc", "staff-catalog-descending"),
];

/// A title's status in words, in `lang`.
pub fn status_in_words(lang: Lang, status: &str) -> String {
    STATUSES
        .iter()
        .find(|(v, _)| *v == status && !v.is_empty())
        .map_or_else(|| status.to_owned(), |(_, key)| lang.t(key))
}

/// A title as the catalog lists it: its name and authors (the records'), and the rest in words.
struct TitleRow {
    name: String,
    href: String,
    by: String,
    about: String,
}

#[derive(Template)]
#[template(path = "web/staff/catalog.html")]
struct CatalogPage<'a> {
    chrome: &'a Chrome,
    action: String,
    import: String,
    statuses: Vec<Choice>,
    orders: Vec<Choice>,
    directions: Vec<Choice>,
    isbn: String,
    from: String,
    to: String,
    count: String,
    titles: Vec<TitleRow>,
    next: Option<String>,
    first: Option<String>,
}

/// `GET /{site}/staff/titles`.
pub async fn show(
    State(state): State<AppState>,
    Staff { site, visitor }: Staff,
) -> ApiResult<Response> {
    let mut names = FILTERS.to_vec();
    names.push("start");
    let asked = visitor.caller.params.only(&names);
    let wanted: CatalogWanted = asked.parse()?;
    let list: ListParams<CatalogSort> = asked.parse()?;
    let (sort, direction) = list.order()?;
    let shown = list.page_in(sort, direction)?;
    let window = CatalogWindow {
        sort,
        direction,
        start: shown.start().map(str::to_owned),
        limit: shown.limit,
        facets: false,
    };
    let CuratedCatalog { records, found, .. } =
        catalog::curated(&state, &visitor.caller, wanted, window).await?;
    let field = |n: &str| forms::field(&asked, n);
    let values: Vec<(&str, String)> = FILTERS.iter().map(|n| (*n, field(n))).collect();
    let filters: Vec<(&str, &str)> = values.iter().map(|(n, v)| (*n, v.as_str())).collect();
    let action = site.path("/staff/titles");
    let next = found.next.as_deref().map(|n| {
        let mut pairs = filters.clone();
        pairs.push(("start", n));
        with_query(&action, &pairs)
    });
    let here = with_query(&action, &filters);
    let chrome = Chrome::of(&site, &visitor, &here, Section::Staff);
    let lang = chrome.lang;
    let order = field("sortOrder");
    let direction = field("direction");
    Ok(page(
        StatusCode::OK,
        &CatalogPage {
            chrome: &chrome,
            statuses: choices_in(lang, STATUSES, &field("titleStatus")),
            orders: choices_in(
                lang,
                ORDERS,
                if order.is_empty() { "title" } else { &order },
            ),
            directions: choices_in(
                lang,
                DIRECTIONS,
                if direction.is_empty() {
                    "asc"
                } else {
                    &direction
                },
            ),
            isbn: field("isbn"),
            from: field("startUpdatedDate"),
            to: field("endUpdatedDate"),
            count: lang.t_count("staff-catalog-found", found.total),
            titles: records
                .iter()
                .map(|r| {
                    let by: Vec<String> = r
                        .contributors_of(ContributorType::Author)
                        .map(names::display_name)
                        .collect();
                    let status = status_in_words(lang, &r.status.to_string());
                    let about = match r.last_updated {
                        Some(t) => lang.t_with(
                            "staff-catalog-title-about",
                            &[
                                ("status", &status),
                                ("date", &lang.date(&day(&t.to_string()))),
                            ],
                        ),
                        None => lang.t1("staff-catalog-title-never", "status", &status),
                    };
                    TitleRow {
                        name: r.title.clone(),
                        href: title_page_path(&site, &r.service_id),
                        by: by.join(", "),
                        about,
                    }
                })
                .collect(),
            first: asked.one("start").ok().flatten().map(|_| here.clone()),
            next,
            import: site.path("/staff/import-epub"),
            action,
        },
        &visitor,
    ))
}
