//! Collection assistants' periodical writes (document 3): `PUT /v2/periodicals/{seriesId}` and
//! `PUT .../editions/{editionId}` answer the changed resource at once (200, as document 3's
//! table shows), in one transaction; `DELETE .../editions/{editionId}` withdraws the edition
//! through the worker (202).

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::catalog::edit::{EDITION_PARAMS, EditForm, SERIES_PARAMS};
use lectern_domain::catalog::periodical::PeriodicalSeries;
use lectern_operations::Failure;
use lectern_operations::curator::Curator;
use lectern_operations::periodicals as periodicals_house;
use lectern_store::catalog_edits::{self, EditKind, NewEdit};
use lectern_store::periodicals;

use super::{edit_form, person_name, require_known};
use crate::conventions::caller::Caller;
use crate::conventions::status::{Accepted, Status};
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::periodicals::view::{EditionView, SeriesSummary, edition_view, summary_with_latest};
use crate::state::AppState;

/// The series and how many editions it has; absent when there is none such.
async fn series_of(state: &AppState, series_id: &str) -> ApiResult<(PeriodicalSeries, u64)> {
    Ok(periodicals::get(state.store.reads(), series_id)
        .await?
        .ok_or_else(|| absent(series_id))?)
}

fn absent(series_id: &str) -> Failure {
    Failure::not_found(format!("There is no periodical '{series_id}'"))
}

/// The caller as a curator of the series' site: a series of another site is absent to them.
fn curator_of<'c>(
    caller: &'c Caller,
    series: &PeriodicalSeries,
    what: &str,
) -> ApiResult<Curator<'c>> {
    let id = series.series_id.clone();
    Ok(Curator::of(caller, Some(&series.site), what, || {
        absent(&id)
    })?)
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
    let (series, _) = series_of(&state, &series_id).await?;
    let curator = curator_of(&caller, &series, "edit periodicals")?;
    let form = edit_form(&caller.params);
    require_known(&form, SERIES_PARAMS)?;
    let (series, count) =
        periodicals_house::edit_series(&state, &curator, &series.series_id, &form).await?;
    Ok(Json(summary_with_latest(&state, &series, count).await?))
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
    let (series, _) = series_of(&state, &series_id).await?;
    let curator = curator_of(&caller, &series, "edit periodicals")?;
    let form = edit_form(&caller.params);
    require_known(&form, EDITION_PARAMS)?;
    let ids = (series.series_id.as_str(), edition_id.as_str());
    let edition = periodicals_house::edit_edition(&state, &curator, ids, &form).await?;
    Ok(Json(edition_view(&state, &series.series_id, &edition)))
}

fn no_edition(series_id: &str, edition_id: &str) -> ApiError {
    ApiError::not_found(format!(
        "There is no edition '{edition_id}' of '{series_id}'"
    ))
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
    let (series, _) = series_of(&state, &series_id).await?;
    let name = person_name(curator_of(&caller, &series, "withdraw editions")?.account);
    periodicals::edition(state.store.reads(), &series.series_id, &edition_id)
        .await?
        .ok_or_else(|| no_edition(&series_id, &edition_id))?;
    let requested_by = caller.signed_in()?.user_account_id.clone();
    catalog_edits::accept(
        &state.store,
        &NewEdit {
            site_id: series.site.clone(),
            kind: EditKind::EditionWithdrawal,
            target_id: series.series_id.clone(),
            detail: Some(edition_id.clone()),
            form: EditForm::new(),
            requested_by,
            requested_by_name: name,
            comment: None,
        },
    )
    .await?;
    Ok(Status::accepted(
        "SUCCESS",
        Some(format!(
            "The withdrawal of the edition '{edition_id}' is accepted; it leaves the listings shortly"
        )),
        vec![],
    ))
}
