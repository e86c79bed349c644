//! Searching the catalog's titles, as the API, OPDS and the pages search it: the query run on
//! the index, and the facets a feed or a page of results offers (`facets`).

pub(crate) mod facets;

use lectern_domain::catalog::query::TitleSearch;
use lectern_search::SearchPage;

use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

/// The title index's search, as the house runs it (`lectern_operations::catalog::search`).
pub async fn run(state: &AppState, search: TitleSearch) -> ApiResult<SearchPage> {
    Ok(lectern_operations::catalog::search(state, search).await?)
}

/// A reading age filter's value, as every door's search reads it: whole years.
pub(crate) fn reading_age(v: &str) -> ApiResult<u32> {
    v.parse::<u32>()
        .ok()
        .filter(|a| *a <= 120)
        .ok_or_else(|| ApiError::bad_param("readingAge", "must be an age in whole years"))
}
