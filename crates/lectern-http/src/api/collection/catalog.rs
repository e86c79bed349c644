//! `GET /v2/catalog`: title complete records in every status, for collection assistants (their
//! site's) and administrators (every site's), from the same index and keyset paging as the
//! title search.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::catalog::TitleStatusCode;
use lectern_domain::catalog::query::CatalogSort;
use serde::{Deserialize, Serialize};
use utoipa::openapi::RefOr;
use utoipa::openapi::schema::Schema;
use utoipa::{IntoParams, ToSchema};

use crate::api::titles::search::{FoundTitle, facets};
use crate::api::titles::{TitleCompleteRecord, complete_record};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::Actor;
use lectern_operations::catalog::{self, CatalogWanted, CatalogWindow, CuratedCatalog};

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct CatalogParams {
    /// Titles that may be read in this country (ISO 3166 alpha-2)
    #[param(pattern = "^[A-Z]{2}$")]
    country: Option<String>,
    /// An ISBN-10 or ISBN-13; spaces and dashes are ignored
    isbn: Option<String>,
    /// live, withdrawn, new, beingEdited, proofreadValid, proofreadRejected, converted,
    /// reprocess, validated, userSubmitted, publisherSubmitted, removed
    #[param(value_type = Option<TitleStatusCode>, inline)]
    title_status: Option<TitleStatusCode>,
    /// Titles updated at or after this time (YYYY-MM-DDThh:mm:ssZ or YYYY-MM-DD)
    #[param(
        pattern = "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])(T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]+)?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9]))?$"
    )]
    start_updated_date: Option<String>,
    /// Titles updated at or before this time (YYYY-MM-DDThh:mm:ssZ or YYYY-MM-DD)
    #[param(
        pattern = "^[0-9]{4}-(0[1-9]|1[0-2])-(0[1-9]|[12][0-9]|3[01])(T([01][0-9]|2[0-3]):[0-5][0-9]:[0-5][0-9](\\.[0-9]+)?(Z|[+-]([01][0-9]|2[0-3]):[0-5][0-9]))?$"
    )]
    end_updated_date: Option<String>,
    /// An exact author name, as authorFacets gives it
    author_filter: Option<String>,
    /// One category, as categoryFacets gives it
    category: Option<String>,
}

/// A title of the catalog: its complete record, listed under `titles` with the facets.
#[derive(Serialize, ToSchema)]
#[serde(transparent)]
pub struct CatalogTitle(pub TitleCompleteRecord);

impl Listed for CatalogTitle {
    const ITEMS: &'static str = "titles";
    const LIST: &'static str = "CatalogList";
    const TITLE_LIST: bool = true;

    fn extra_properties() -> Vec<(&'static str, RefOr<Schema>)> {
        FoundTitle::extra_properties()
    }

    fn extra_schemas(schemas: &mut Vec<(String, RefOr<Schema>)>) {
        FoundTitle::extra_schemas(schemas);
    }
}

pub type CatalogList = Collection<CatalogTitle>;

#[utoipa::path(
    get, path = "/v2/catalog", tag = "collection",
    params(("api_key" = String, Query, description = "The client key"), CatalogParams, ListParams<CatalogSort>),
    responses(
        (status = 200, description = "A page of title complete records in every status, with the top authors and categories of all matches", body = CatalogList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a collection assistant or administrator", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn catalog(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<CatalogList>> {
    Ok(Json(catalog_page(&state, &caller, &caller.params).await?))
}

/// A page of the sites' catalog the actor curates, as `params` ask.
async fn catalog_page(state: &AppState, actor: &Actor, params: &Params) -> ApiResult<CatalogList> {
    let p: CatalogParams = params.parse()?;
    let list: ListParams<CatalogSort> = params.parse()?;
    let (sort, direction) = list.order()?;
    let page = list.page_in(sort, direction)?;
    let window = CatalogWindow {
        sort,
        direction,
        start: page.start().map(str::to_owned),
        limit: page.limit,
        facets: true,
    };
    let CuratedCatalog {
        records,
        found,
        viewer: who,
    } = catalog::curated(state, actor, p.into(), window).await?;
    let items = records
        .iter()
        .map(|r| CatalogTitle(complete_record(state, &who, r)))
        .collect();
    let author_facets = facets(
        state,
        params,
        "/catalog",
        "authorFilter",
        found.author_facets,
    );
    let category_facets = facets(state, params, "/catalog", "category", found.category_facets);
    let json = |v| serde_json::to_value(v).map_err(ApiError::internal);
    Ok(Collection::page(
        state,
        "/catalog",
        params,
        &page,
        (items, found.next),
        found.total,
    )
    .with("authorFacets", json(author_facets)?)
    .with("categoryFacets", json(category_facets)?))
}

impl From<CatalogParams> for CatalogWanted {
    fn from(p: CatalogParams) -> Self {
        CatalogWanted {
            country: p.country,
            isbn: p.isbn,
            title_status: p.title_status,
            start_updated_date: p.start_updated_date,
            end_updated_date: p.end_updated_date,
            author_filter: p.author_filter,
            category: p.category,
        }
    }
}
