//! What the doors that search the catalog share beyond the house's search
//! (`lectern_operations::catalog::search`) and the query every door reads
//! (`lectern_domain::catalog::title_query`): the facets a feed or a page of results offers
//! (`facets`), and the query read from a request where the door offers those facets.

pub(crate) mod facets;

use lectern_domain::catalog::title_query::TitleQuery;

use crate::conventions::params::Params;
use crate::error::ApiResult;

/// The title search a feed's or a page's parameters ask for: document 2's filters and the
/// accessibility facets.
pub(crate) fn faceted_query(params: &Params) -> ApiResult<TitleQuery> {
    Ok(TitleQuery {
        filters: params.parse()?,
        accessibility: params.parse()?,
    })
}
