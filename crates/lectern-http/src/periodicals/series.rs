//! `GET /v2/periodicals` and `GET /v2/periodicals/{seriesId}`.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::paging::Direction;
use lectern_store::keyset::KeyPart;
use lectern_store::periodicals::{self, SeriesFilter, SeriesOrder, SeriesPage};
use serde::Deserialize;
use utoipa::IntoParams;

use super::view::{SeriesSummary, series_summary, sites_of, summary_with_latest, visible_series};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::paging::PageRequest;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use crate::titles::CatalogViewer;

impl Listed for SeriesSummary {
    const ITEMS: &'static str = "periodicals";
    const LIST: &'static str = "SeriesList";
}

pub type SeriesList = Collection<SeriesSummary>;

lectern_domain::string_enum!(
    /// `sortOrder` of the periodicals list.
    SeriesSort {
        Title = "title",
        Issn = "issn",
        EditionCount = "editionCount",
    }
);

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct SeriesParams {
    /// Text anywhere in the title, any case
    title: Option<String>,
    /// An ISSN
    issn: Option<String>,
    /// ISO 639-2 code, e.g. eng
    language: Option<String>,
    /// title (default), issn, editionCount
    #[param(value_type = Option<String>, pattern = "^(title|issn|editionCount)$")]
    sort_order: Option<SeriesSort>,
    /// asc (default) or desc
    #[param(value_type = Option<String>, pattern = "^(asc|desc)$")]
    direction: Option<Direction>,
    /// The `next` value of the previous page
    #[allow(dead_code)]
    start: Option<String>,
    /// 1 to 100, default 10
    #[allow(dead_code)]
    #[param(minimum = 1, maximum = 100)]
    limit: Option<u32>,
}

#[utoipa::path(
    get, path = "/v2/periodicals", tag = "periodicals",
    params(
        ("api_key" = String, Query, description = "The client key"),
        SeriesParams,
    ),
    responses(
        (status = 200, description = "Periodical series the caller can see", body = SeriesList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn list_series(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<SeriesList>> {
    let who = CatalogViewer::of(&state, &caller).await?;
    let p: SeriesParams = caller.params.parse()?;
    let sort = p.sort_order.unwrap_or(SeriesSort::Title);
    let order = match sort {
        SeriesSort::Title => SeriesOrder::Title,
        SeriesSort::Issn => SeriesOrder::Issn,
        SeriesSort::EditionCount => SeriesOrder::EditionCount,
    };
    let direction = p.direction.unwrap_or_default();
    let page = PageRequest::from_params(&caller.params, 10)?;
    let token_order = format!("{sort}:{}", direction.as_str());
    let after = page.after_in_order::<Vec<KeyPart>>(&token_order)?;
    if after.as_ref().is_some_and(|key| !order.fits(key)) {
        return Err(ApiError::bad_param(
            "start",
            "is not a page token of this list",
        ));
    }
    let trimmed = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let filter = SeriesFilter {
        sites: sites_of(&who),
        title: trimmed(p.title),
        issn: trimmed(p.issn),
        language: trimmed(p.language),
    };
    let q = SeriesPage {
        filter: &filter,
        order,
        direction,
        after: after.as_deref(),
        limit: page.limit,
    };
    let mut rows = periodicals::page(state.store.reads(), &q).await?;
    let total_results = periodicals::count(state.store.reads(), &filter).await?;
    let next = page.next_token_in_order(&mut rows, &token_order, |(s, n)| order.key_of(s, *n));
    let ids: Vec<&str> = rows.iter().map(|(s, _)| s.series_id.as_str()).collect();
    let latest = periodicals::latest_editions(state.store.reads(), &ids).await?;
    let periodicals = rows
        .iter()
        .map(|(s, n)| {
            let l = latest.get(&s.series_id);
            series_summary(&state, s, *n, l, &who.category_names)
        })
        .collect();
    Ok(Json(Collection::page(
        &state,
        "/periodicals",
        &caller.params,
        &page,
        (periodicals, next),
        total_results,
    )))
}

#[utoipa::path(
    get, path = "/v2/periodicals/{seriesId}", tag = "periodicals",
    params(
        ("seriesId" = String, Path, description = "The series"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 200, description = "The series", body = SeriesSummary),
        (status = 404, description = "No such series for this caller", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn get_series(
    State(state): State<AppState>,
    caller: Caller,
    Path(series_id): Path<String>,
) -> ApiResult<Json<SeriesSummary>> {
    let who = CatalogViewer::of(&state, &caller).await?;
    let (series, count) = visible_series(&state, &who, &series_id).await?;
    Ok(Json(summary_with_latest(&state, &series, count).await?))
}
