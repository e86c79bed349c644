//! What the doors that search the catalog share beyond the house's search
//! (`lectern_operations::catalog::search`): the facets a feed or a page of results offers
//! (`facets`), and a reading age as a filter reads it.

pub(crate) mod facets;

use crate::error::{ApiError, ApiResult};

/// A reading age filter's value, as every door's search reads it: whole years.
pub(crate) fn reading_age(v: &str) -> ApiResult<u32> {
    v.parse::<u32>()
        .ok()
        .filter(|a| *a <= 120)
        .ok_or_else(|| ApiError::bad_param("readingAge", "must be an age in whole years"))
}
