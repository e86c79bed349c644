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
use crate::pages::forms::{self, Choice, choices};
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

const STATUSES: &[(&str, &str)] = &[
    ("", "Every status"),
    ("live", "Live"),
    ("withdrawn", "Withdrawn"),
    ("new", "New"),
    ("beingEdited", "Being edited"),
    ("proofreadValid", "Proofread, valid"),
    ("proofreadRejected", "Proofread, rejected"),
    ("converted", "Converted"),
    ("reprocess", "To reprocess"),
    ("validated", "Validated"),
    ("userSubmitted", "Submitted by a user"),
    ("publisherSubmitted", "Submitted by a publisher"),
    ("removed", "Removed"),
];
const ORDERS: &[(&str, &str)] = &[
    ("title", "Title"),
    ("author", "Author"),
    ("updatedDate", "Last updated"),
    ("copyrightDate", "Copyright year"),
    ("relevance", "Relevance"),
];
const DIRECTIONS: &[(&str, &str)] = &[("asc", "Ascending"), ("desc", "Descending")];

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
    titles: Vec<(String, String, String)>,
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
    let order = field("sortOrder");
    let direction = field("direction");
    Ok(page(
        StatusCode::OK,
        &CatalogPage {
            chrome: &chrome,
            statuses: choices(STATUSES, &field("titleStatus")),
            orders: choices(ORDERS, if order.is_empty() { "title" } else { &order }),
            directions: choices(
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
            count: match found.total {
                0 => "No titles found.".to_owned(),
                1 => "1 title found.".to_owned(),
                n => format!("{n} titles found."),
            },
            titles: records
                .iter()
                .map(|r| {
                    let by: Vec<String> = r
                        .contributors_of(ContributorType::Author)
                        .map(names::display_name)
                        .collect();
                    let updated = r
                        .last_updated
                        .map_or_else(|| "never".to_owned(), |t| day(&t.to_string()));
                    (
                        r.title.clone(),
                        title_page_path(&site, &r.service_id),
                        format!("{}; {}; updated {updated}", by.join(", "), r.status),
                    )
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
