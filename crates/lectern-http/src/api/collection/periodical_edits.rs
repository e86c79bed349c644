//! Collection assistants' periodical writes (document 3): `PUT /v2/periodicals/{seriesId}` and
//! `PUT .../editions/{editionId}` answer the changed resource at once (200, as document 3's
//! table shows), in one transaction; `DELETE .../editions/{editionId}` withdraws the edition
//! through the worker (202).

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::catalog::edit::EditForm;
use lectern_operations::Actor;
use lectern_operations::periodicals as periodicals_house;

use crate::api::periodicals::view::{
    EditionView, SeriesSummary, edition_view, summary_with_latest,
};
use crate::conventions::caller::Caller;
use crate::conventions::status::{Accepted, Status};
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// The series with `form`'s fields changed, by a curator of its site: the series as changed.
pub async fn change_series(
    state: &AppState,
    actor: &Actor,
    series_id: &str,
    form: &EditForm,
) -> ApiResult<SeriesSummary> {
    let (curator, series, _) =
        periodicals_house::curated(state, actor, series_id, "edit periodicals").await?;
    let (series, count) =
        periodicals_house::edit_series(state, &curator, &series.series_id, form).await?;
    summary_with_latest(state, &series, count).await
}

/// The edition with `form`'s fields changed, by a curator of its series' site.
pub async fn change_edition(
    state: &AppState,
    actor: &Actor,
    (series_id, edition_id): (&str, &str),
    form: &EditForm,
) -> ApiResult<EditionView> {
    let (curator, series, _) =
        periodicals_house::curated(state, actor, series_id, "edit periodicals").await?;
    let ids = (series.series_id.as_str(), edition_id);
    let edition = periodicals_house::edit_edition(state, &curator, ids, form).await?;
    Ok(edition_view(state, &series.series_id, &edition))
}

/// The edition's withdrawal, accepted for the worker, by a curator of its series' site.
pub async fn withdraw(
    state: &AppState,
    actor: &Actor,
    (series_id, edition_id): (&str, &str),
) -> ApiResult<()> {
    let (curator, series, _) =
        periodicals_house::curated(state, actor, series_id, "withdraw editions").await?;
    periodicals_house::withdraw_edition(state, &curator, &series, edition_id).await?;
    Ok(())
}

#[utoipa::path(
    put, path = "/v2/periodicals/{seriesId}", tag = "collection",
    params(
        ("seriesId" = String, Path, description = "The series"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    request_body(content_type = "application/x-www-form-urlencoded", description = "title, issn, description, publisher, externalCategoryCode, categories (repeat), languages (repeat), seriesType (newspaper, magazine, journal), countries (repeat); a parameter sent empty clears its field"),
    responses(
        (status = 200, description = "The series as changed", body = SeriesSummary),
        (status = 400, description = "Bad parameters, each named; nothing is changed", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a collection assistant or administrator", body = ErrorBody),
        (status = 404, description = "No such series for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn edit_series(
    State(state): State<AppState>,
    caller: Caller,
    Path(series_id): Path<String>,
) -> ApiResult<Json<SeriesSummary>> {
    let form = caller.params.edit_form();
    Ok(Json(
        change_series(&state, &caller, &series_id, &form).await?,
    ))
}

#[utoipa::path(
    put, path = "/v2/periodicals/{seriesId}/editions/{editionId}", tag = "collection",
    params(
        ("seriesId" = String, Path, description = "The series"),
        ("editionId" = String, Path, description = "The edition"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    request_body(content_type = "application/x-www-form-urlencoded", description = "editionName, publicationDate (date), expirationDate (date; empty or null removes it)"),
    responses(
        (status = 200, description = "The edition as changed", body = EditionView),
        (status = 400, description = "Bad parameters, each named; nothing is changed", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a collection assistant or administrator", body = ErrorBody),
        (status = 404, description = "No such series or edition for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn edit_edition(
    State(state): State<AppState>,
    caller: Caller,
    Path((series_id, edition_id)): Path<(String, String)>,
) -> ApiResult<Json<EditionView>> {
    let form = caller.params.edit_form();
    let ids = (series_id.as_str(), edition_id.as_str());
    Ok(Json(change_edition(&state, &caller, ids, &form).await?))
}

#[utoipa::path(
    delete, path = "/v2/periodicals/{seriesId}/editions/{editionId}", tag = "collection",
    params(
        ("seriesId" = String, Path, description = "The series"),
        ("editionId" = String, Path, description = "The edition"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 202, description = "Accepted: the worker withdraws the edition", body = Status),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a collection assistant or administrator", body = ErrorBody),
        (status = 404, description = "No such series or edition for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn withdraw_edition(
    State(state): State<AppState>,
    caller: Caller,
    Path((series_id, edition_id)): Path<(String, String)>,
) -> ApiResult<Accepted> {
    withdraw(&state, &caller, (&series_id, &edition_id)).await?;
    Ok(Status::accepted(
        "SUCCESS",
        Some(format!(
            "The withdrawal of the edition '{edition_id}' is accepted; it leaves the listings shortly"
        )),
        vec![],
    ))
}
