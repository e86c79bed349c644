//! `GET /v2/periodicals/{seriesId}/editions` and `.../editions/{editionId}`.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::paging::Direction;
use lectern_store::periodicals;
use serde::Deserialize;
use utoipa::IntoParams;

use super::view::{EditionView, edition_view, visible_series};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::paging::PageRequest;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use crate::titles::{CatalogViewer, segment};

impl Listed for EditionView {
    const ITEMS: &'static str = "periodicalEditions";
    const LIST: &'static str = "EditionList";
}

pub type EditionList = Collection<EditionView>;

lectern_domain::string_enum!(
    /// `sortOrder` of a series' editions.
    EditionSort {
        PublicationDate = "publicationDate",
        EditionName = "editionName",
    }
);

#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct EditionParams {
    /// publicationDate (default) or editionName
    #[param(value_type = Option<String>, pattern = "^(publicationDate|editionName)$")]
    sort_order: Option<EditionSort>,
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
    get, path = "/v2/periodicals/{seriesId}/editions", tag = "periodicals",
    params(
        ("seriesId" = String, Path, description = "The series"),
        ("api_key" = String, Query, description = "The client key"),
        EditionParams,
    ),
    responses(
        (status = 200, description = "The series' editions", body = EditionList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 404, description = "No such series for this caller", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn list_editions(
    State(state): State<AppState>,
    caller: Caller,
    Path(series_id): Path<String>,
) -> ApiResult<Json<EditionList>> {
    let who = CatalogViewer::of(&state, &caller).await?;
    let (series, _) = visible_series(&state, &who, &series_id).await?;
    let p: EditionParams = caller.params.parse()?;
    let by_name = p.sort_order == Some(EditionSort::EditionName);
    let descending = p.direction == Some(Direction::Desc);
    let page = PageRequest::from_params(&caller.params, 10)?;
    let mut editions = periodicals::editions(state.store.reads(), &series.series_id).await?;
    if by_name {
        editions.sort_by(|a, b| {
            (a.edition_name.to_lowercase(), &a.edition_id)
                .cmp(&(b.edition_name.to_lowercase(), &b.edition_id))
        });
    }
    if descending {
        editions.reverse();
    }
    let total_results = editions.len() as u64;
    let order = (by_name, descending);
    if let Some((b, d, _)) = page.after::<(bool, bool, usize)>()?
        && (b, d) != order
    {
        return Err(ApiError::bad_param(
            "start",
            "belongs to a list in another order; start again without it",
        ));
    }
    let positioned: Vec<(usize, _)> = editions.into_iter().enumerate().collect();
    let (rows, next) = page.page_of(positioned, |(i, _)| (order.0, order.1, *i))?;
    let path = format!("/periodicals/{}/editions", segment(&series.series_id));
    let items = rows
        .iter()
        .map(|(_, e)| edition_view(&state, &series.series_id, e))
        .collect();
    Ok(Json(Collection::page(
        &state,
        &path,
        &caller.params,
        &page,
        (items, next),
        total_results,
    )))
}

#[utoipa::path(
    get, path = "/v2/periodicals/{seriesId}/editions/{editionId}", tag = "periodicals",
    params(
        ("seriesId" = String, Path, description = "The series"),
        ("editionId" = String, Path, description = "The edition"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 200, description = "The edition", body = EditionView),
        (status = 404, description = "No such series or edition for this caller", body = ErrorBody),
    ),
    security((), ("bearer" = []))
)]
pub async fn get_edition(
    State(state): State<AppState>,
    caller: Caller,
    Path((series_id, edition_id)): Path<(String, String)>,
) -> ApiResult<Json<EditionView>> {
    let who = CatalogViewer::of(&state, &caller).await?;
    let (series, _) = visible_series(&state, &who, &series_id).await?;
    let edition = periodicals::edition(state.store.reads(), &series.series_id, &edition_id)
        .await?
        .ok_or_else(|| {
            ApiError::not_found(format!(
                "There is no edition '{edition_id}' of '{series_id}'"
            ))
        })?;
    Ok(Json(edition_view(&state, &series.series_id, &edition)))
}
