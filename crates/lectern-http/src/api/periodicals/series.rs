//! `GET /v2/periodicals` and `GET /v2/periodicals/{seriesId}`.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::catalog::periodical::SeriesSort;
use lectern_operations::periodicals::{self, SeriesWanted};
use lectern_store::keyset::KeyedOrder;
use serde::Deserialize;
use utoipa::IntoParams;

use super::view::{SeriesSummary, series_summary, summary_with_latest};
use crate::api::titles::CatalogViewer;
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::Actor;

impl Listed for SeriesSummary {
    const ITEMS: &'static str = "periodicals";
    const LIST: &'static str = "SeriesList";
}

pub type SeriesList = Collection<SeriesSummary>;

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
}

#[utoipa::path(
    get, path = "/v2/periodicals", tag = "periodicals",
    params(
        ("api_key" = String, Query, description = "The client key"),
        SeriesParams,
        ListParams<SeriesSort>,
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
    Ok(Json(series_page(&state, &caller, &caller.params).await?))
}

/// A page of the periodicals the actor may see, as `params` ask.
async fn series_page(state: &AppState, actor: &Actor, params: &Params) -> ApiResult<SeriesList> {
    let who = CatalogViewer::of(state, actor).await?;
    let p: SeriesParams = params.parse()?;
    let list: ListParams<SeriesSort> = params.parse()?;
    let (page, window) = list.window()?;
    let order = window.sort;
    let wanted = SeriesWanted {
        title: p.title,
        issn: p.issn,
        language: p.language,
    };
    let (mut rows, total_results) = periodicals::series_seen(state, &who, wanted, window).await?;
    let next = page.next_token(&mut rows, |row| order.key_of(row));
    let latest = periodicals::latest_editions(state, &rows).await?;
    let periodicals = rows
        .iter()
        .map(|(s, n)| {
            let l = latest.get(&s.series_id);
            series_summary(state, s, *n, l, &who.category_names)
        })
        .collect();
    Ok(Collection::page(
        state,
        "/periodicals",
        params,
        &page,
        (periodicals, next),
        total_results,
    ))
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
    let (series, count) =
        lectern_operations::periodicals::visible(&state, &who, &series_id).await?;
    Ok(Json(summary_with_latest(&state, &series, count).await?))
}
