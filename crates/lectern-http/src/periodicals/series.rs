//! `GET /v2/periodicals` and `GET /v2/periodicals/{seriesId}`.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::paging::Direction;
use lectern_store::periodicals::{self, SeriesFilter};
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
    let order = p.sort_order.unwrap_or(SeriesSort::Title);
    let sort = order.as_str().to_owned();
    let descending = p.direction == Some(Direction::Desc);
    let page = PageRequest::from_params(&caller.params, 10)?;
    let trimmed = |v: Option<String>| v.map(|s| s.trim().to_owned()).filter(|s| !s.is_empty());
    let filter = SeriesFilter {
        sites: sites_of(&who),
        title: trimmed(p.title),
        issn: trimmed(p.issn),
        language: trimmed(p.language),
    };
    let mut found = periodicals::list(state.store.reads(), &filter).await?;
    // The key of every order ends with the series id, so it is unique; descending orders
    // compare reversed keys through the sign of the count and a reversed list.
    let key = |(s, n): &(lectern_domain::catalog::periodical::PeriodicalSeries, u64)| -> (String, i64, String) {
        let n = i64::try_from(*n).unwrap_or(i64::MAX);
        match order {
            SeriesSort::Issn => (s.issn.clone().unwrap_or_default(), 0, s.series_id.clone()),
            SeriesSort::EditionCount => (String::new(), n, s.series_id.clone()),
            SeriesSort::Title => (s.title.to_lowercase(), 0, s.series_id.clone()),
        }
    };
    found.sort_by_key(|item| key(item));
    if descending {
        found.reverse();
    }
    let total_results = found.len() as u64;
    let position: Vec<(usize, _)> = found.into_iter().enumerate().collect();
    let token_key = |(i, item): &(usize, _)| (sort.clone(), descending, *i, key(item).2);
    let (rows, next) = page_by_position(&page, position, token_key, &sort, descending)?;
    let mut periodicals = Vec::with_capacity(rows.len());
    for (_, (s, n)) in rows {
        let latest = periodicals::editions(state.store.reads(), &s.series_id)
            .await?
            .pop();
        periodicals.push(series_summary(
            &state,
            &s,
            n,
            latest.as_ref(),
            &who.category_names,
        ));
    }
    Ok(Json(Collection::page(
        &state,
        "/periodicals",
        &caller.params,
        &page,
        (periodicals, next),
        total_results,
    )))
}

type Positioned = (
    usize,
    (lectern_domain::catalog::periodical::PeriodicalSeries, u64),
);

/// Pages the sorted series by their position, in a token that also names the order, so a token
/// of another order is refused instead of silently skipping.
fn page_by_position(
    page: &PageRequest,
    items: Vec<Positioned>,
    key: impl Fn(&Positioned) -> (String, bool, usize, String),
    sort: &str,
    descending: bool,
) -> ApiResult<(Vec<Positioned>, Option<String>)> {
    if let Some((s, d, _, _)) = page.after::<(String, bool, usize, String)>()?
        && (s != sort || d != descending)
    {
        return Err(ApiError::bad_param(
            "start",
            "belongs to a list in another order; start again without it",
        ));
    }
    page.page_of(items, key)
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
