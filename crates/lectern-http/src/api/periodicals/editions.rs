//! `GET /v2/periodicals/{seriesId}/editions` and `.../editions/{editionId}`.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::catalog::periodical::EditionSort;
use lectern_operations::periodicals as periodicals_house;
use lectern_store::keyset::KeyedOrder;
use lectern_store::periodicals::ListedEdition;

use super::view::{EditionView, edition_view};
use crate::api::titles::{CatalogViewer, segment};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::paging::ListParams;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

impl Listed for EditionView {
    const ITEMS: &'static str = "periodicalEditions";
    const LIST: &'static str = "EditionList";
}

pub type EditionList = Collection<EditionView>;

#[utoipa::path(
    get, path = "/v2/periodicals/{seriesId}/editions", tag = "periodicals",
    params(
        ("seriesId" = String, Path, description = "The series"),
        ("api_key" = String, Query, description = "The client key"),
        ListParams<EditionSort>,
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
    let (series, _) = lectern_operations::periodicals::visible(&state, &who, &series_id).await?;
    let list: ListParams<EditionSort> = caller.params.parse()?;
    let (page, window) = list.window::<ListedEdition>()?;
    let sort = window.sort;
    let (mut rows, total_results) = periodicals_house::editions_of(&state, &series, window).await?;
    let next = page.next_token(&mut rows, |row| sort.key_of(row));
    let path = format!("/periodicals/{}/editions", segment(&series.series_id));
    let items = rows
        .iter()
        .map(|row| edition_view(&state, &series.series_id, &row.edition))
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
    let (series, _) = lectern_operations::periodicals::visible(&state, &who, &series_id).await?;
    let edition = periodicals_house::edition_of(&state, &series, &edition_id).await?;
    Ok(Json(edition_view(&state, &series.series_id, &edition)))
}
