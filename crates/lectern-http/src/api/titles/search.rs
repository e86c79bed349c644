//! `GET /v2/titles`: the title search, open to guests.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::catalog::query::{TitleSearch, TitleSort};
use serde::Serialize;
use utoipa::ToSchema;

use super::CatalogViewer;
use super::view::{TitleSummary, summary};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::links::Link;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::catalog::title_query::{TitleFilterForm, TitleQuery};
use lectern_operations::catalog::search_with_records;
use utoipa::openapi::schema::{ArrayBuilder, Schema};
use utoipa::openapi::{Ref, RefOr};

/// One entry of `authorFacets` or `categoryFacets`: a value and how many matching titles have
/// it, with a link to the search narrowed to it.
#[derive(Serialize, ToSchema)]
pub struct Facet {
    pub name: String,
    pub count: u64,
    pub links: Vec<Link>,
}

/// A title found by a search: a title summary, listed under `titles` with the search's facets.
#[derive(Serialize, ToSchema)]
#[serde(transparent)]
pub struct FoundTitle(TitleSummary);

impl Listed for FoundTitle {
    const ITEMS: &'static str = "titles";
    const LIST: &'static str = "TitleList";
    const TITLE_LIST: bool = true;

    fn extra_properties() -> Vec<(&'static str, RefOr<Schema>)> {
        let facets = || {
            ArrayBuilder::new()
                .items(Ref::from_schema_name("Facet"))
                .into()
        };
        vec![("authorFacets", facets()), ("categoryFacets", facets())]
    }

    fn extra_schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        schemas.push((
            "Facet".to_owned(),
            <Facet as utoipa::PartialSchema>::schema(),
        ));
    }
}

/// Document 2's title list envelope.
pub type TitleList = Collection<FoundTitle>;

#[utoipa::path(
    get, path = "/v2/titles", tag = "titles",
    params(
        ("api_key" = String, Query, description = "The client key"),
        TitleFilterForm,
        ListParams<TitleSort>,
    ),
    responses(
        (status = 200, description = "A page of matching titles, with the top authors and categories of all matches", body = TitleList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn search_titles(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<TitleList>> {
    let who = CatalogViewer::of(&state, &caller).await?;
    // Document 2 names no accessibility filter: the API reads its own filters only.
    let asked = TitleQuery {
        filters: caller.params.parse()?,
        ..TitleQuery::default()
    };
    let filters = asked.filters()?;
    let list: ListParams<TitleSort> = caller.params.parse()?;
    let (sort, direction) = list.order_defaulting(if filters.has_text() {
        TitleSort::Relevance
    } else {
        TitleSort::Title
    })?;
    let page = list.page_in(sort, direction)?;
    let search = TitleSearch {
        filters,
        scope: who.scope(),
        sort,
        direction,
        limit: page.limit,
        start: page.start().map(str::to_owned),
        facets: true,
    };
    let (found, records) = search_with_records(&state, search).await?;
    let perspective = who.perspective();
    let titles = records
        .iter()
        // The index trails the store by a moment: a title changed since is checked again.
        .filter(|r| who.sees(r))
        .map(|r| FoundTitle(summary(&state, r, who.in_global(&r.site), &perspective)))
        .collect();
    let author_facets = facets(
        &state,
        &caller.params,
        "/titles",
        "authorFilter",
        found.author_facets,
    );
    let category_facets = facets(
        &state,
        &caller.params,
        "/titles",
        "category",
        found.category_facets,
    );
    let facet_json = |f: Vec<Facet>| serde_json::to_value(f).map_err(ApiError::internal);
    Ok(Json(
        Collection::page(
            &state,
            "/titles",
            &caller.params,
            &page,
            (titles, found.next),
            found.total,
        )
        .with("authorFacets", facet_json(author_facets)?)
        .with("categoryFacets", facet_json(category_facets)?),
    ))
}

/// Facets with links to the same search (of `path`) narrowed to each value.
pub(crate) fn facets(
    state: &AppState,
    params: &Params,
    path: &str,
    param: &str,
    counts: Vec<(String, u64)>,
) -> Vec<Facet> {
    counts
        .into_iter()
        .map(|(name, count)| {
            let mut q = url::form_urlencoded::Serializer::new(String::new());
            for (k, v) in params.pairs() {
                if !["api_key", "access_token", "start", param].contains(&k.as_str()) {
                    q.append_pair(k, v);
                }
            }
            q.append_pair(param, &name);
            let href = format!("{}?{}", state.v2_url(path), q.finish());
            Facet {
                name,
                count,
                links: vec![Link::new("search", href)],
            }
        })
        .collect()
}
