//! `GET /v2/titles`: the title search, open to guests.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::catalog::query::TitleSearch;
use lectern_search::{SearchError, SearchPage};
use lectern_store::titles;
use serde::Serialize;
use utoipa::ToSchema;

use super::filters;
use super::view::{TitleSummary, summary};
use super::viewer::CatalogViewer;
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::links::Link;
use crate::conventions::paging::PageRequest;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
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
        ("keyword" = Option<String>, Query, description = "Words of the title, an author or an ISBN"),
        ("title" = Option<String>, Query, description = "Words of the title"),
        ("author" = Option<Vec<String>>, Query, description = "An author's name (repeat for any of several)"),
        ("narrator" = Option<Vec<String>>, Query, description = "A narrator's name (repeat for any of several)"),
        ("composer" = Option<Vec<String>>, Query, description = "A composer's name (repeat for any of several)"),
        ("isbn" = Option<String>, Query, description = "An ISBN, with or without dashes"),
        ("categories" = Option<Vec<String>>, Query, description = "Categories (repeat; any of them)"),
        ("category" = Option<String>, Query, description = "One category"),
        ("language" = Option<String>, Query, description = "ISO 639-2 code, e.g. eng", pattern = "^[a-z]{3}$"),
        ("country" = Option<String>, Query, description = "Titles that may be read in this country (ISO 3166 alpha-2)", pattern = "^[A-Z]{2}$"),
        ("format" = Option<String>, Query, description = "DAISY, DAISY_AUDIO, DAISY_2_AUDIO, BRF, EPUB3, PDF or DOCX", pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$"),
        ("narratorType" = Option<String>, Query, description = "tts or human", pattern = "^(tts|human)$"),
        ("brailleType" = Option<String>, Query, description = "automated or transcribed", pattern = "^(automated|transcribed)$"),
        ("readingAge" = Option<u32>, Query, description = "Titles whose reading ages include this one", maximum = 120),
        ("excludedContentWarnings" = Option<Vec<String>>, Query, description = "Leave out titles with these warnings"),
        ("includedContentWarnings" = Option<Vec<String>>, Query, description = "Only titles with one of these warnings"),
        ("externalIdentifierCode" = Option<String>, Query, description = "An artifact's external identifier"),
        ("maxDuration" = Option<String>, Query, description = "Audio no longer than this: whole minutes, or an ISO 8601 duration of hours, minutes and seconds", pattern = "^([0-9]{1,6}|PT([0-9]{1,5}[HMS]){1,3})$"),
        ("titleContentType" = Option<String>, Query, description = "e.g. text or music"),
        ("includedBisacHeadings" = Option<Vec<String>>, Query, description = "BISAC headings, e.g. FIC"),
        ("excludedBisacHeadings" = Option<Vec<String>>, Query, description = "BISAC headings to leave out, e.g. FIC"),
        ("includedBisacCodes" = Option<Vec<String>>, Query, description = "BISAC codes, e.g. FIC027000"),
        ("excludedBisacCodes" = Option<Vec<String>>, Query, description = "BISAC codes to leave out"),
        ("originCountry" = Option<String>, Query, description = "Country of origin (ISO 3166 alpha-2)", pattern = "^[A-Z]{2}$"),
        ("authorFilter" = Option<String>, Query, description = "An exact author name, as authorFacets gives it"),
        ("titleStatus" = Option<String>, Query, description = "For collection assistants: titles in this state", pattern = "^(live|withdrawn|new|beingEdited|proofreadValid|proofreadRejected|converted|reprocess|validated|userSubmitted|publisherSubmitted|removed)$"),
        ("sortOrder" = Option<String>, Query, description = "relevance (default with text), title (default without), author, dateAdded, copyrightDate, updatedDate", pattern = "^(relevance|title|author|dateAdded|copyrightDate|updatedDate)$"),
        ("direction" = Option<String>, Query, description = "asc (default) or desc", pattern = "^(asc|desc)$"),
        ("start" = Option<String>, Query, description = "The `next` value of the previous page"),
        ("limit" = Option<u32>, Query, description = "1 to 100, default 10", minimum = 1, maximum = 100),
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
    let filters = filters::parse(&caller.params)?;
    let (sort, direction) = filters::order(&caller.params, &filters)?;
    let page = PageRequest::from_params(&caller.params, 10)?;
    let search = TitleSearch {
        filters,
        scope: who.scope(),
        sort,
        direction,
        limit: page.limit,
        start: page.start().map(str::to_owned),
        facets: true,
    };
    let found = run(&state, search).await?;
    let records = titles::get_many(state.store.reads(), &found.service_ids).await?;
    let perspective = who.perspective();
    let titles = records
        .iter()
        // The index trails the store by a moment: a title changed since is checked again.
        .filter(|r| who.sees(r))
        .map(|r| FoundTitle(summary(&state, r, who.in_global(&r.site), &perspective)))
        .collect();
    let author_facets = facets(
        &state,
        &caller,
        "/titles",
        "authorFilter",
        found.author_facets,
    );
    let category_facets = facets(
        &state,
        &caller,
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

/// Searches off the async threads: a query is CPU work of a few milliseconds.
pub async fn run(state: &AppState, search: TitleSearch) -> ApiResult<SearchPage> {
    let index = state.titles.index.clone();
    match tokio::task::spawn_blocking(move || index.search(&search)).await {
        Ok(Ok(page)) => Ok(page),
        Ok(Err(SearchError::BadStart)) => Err(ApiError::bad_param(
            "start",
            "is not a page token of this search; send the 'next' value of the previous page, or nothing to start at the beginning",
        )),
        Ok(Err(SearchError::Index(e))) => Err(ApiError::internal(e)),
        Err(e) => Err(ApiError::internal(e)),
    }
}

/// Facets with links to the same search (of `path`) narrowed to each value.
pub(crate) fn facets(
    state: &AppState,
    caller: &Caller,
    path: &str,
    param: &str,
    counts: Vec<(String, u64)>,
) -> Vec<Facet> {
    counts
        .into_iter()
        .map(|(name, count)| {
            let mut q = url::form_urlencoded::Serializer::new(String::new());
            for (k, v) in caller.params.pairs() {
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
