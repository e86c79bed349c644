//! `PUT /v2/titles/{serviceId}` and `PUT /v2/titles/{serviceId}/artifacts/{format}`: checked
//! now against the title as it stands (every bad parameter named, nothing queued), then
//! accepted (202) and applied by the worker, which checks again against the title as it is
//! then.

use axum::extract::{Path, State};
use lectern_domain::catalog::Format;
use lectern_domain::catalog::title_edit::EditTarget;
use lectern_operations::title_edits;

use crate::conventions::caller::Caller;
use crate::conventions::links::Link;
use crate::conventions::links::segment;
use crate::conventions::status::{Accepted, Status};
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

#[utoipa::path(
    put, path = "/v2/titles/{serviceId}", tag = "collection",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    request_body(content_type = "application/x-www-form-urlencoded", description = "Any of document 3's title parameters (title, subtitle, synopsis, authors and the other contributors, isbn13, categories, countries, contentWarnings, usageRestriction, ...), and titleStatus to withdraw or restore; a parameter sent empty clears its field; comments is kept in the history"),
    responses(
        (status = 202, description = "Accepted; the worker applies it and the history records it", body = Status),
        (status = 400, description = "Bad parameters, each named; nothing is queued", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a collection assistant or administrator", body = ErrorBody),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
        (status = 409, description = "The product identifier is another title's, or the title was removed", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn edit_title_metadata(
    State(state): State<AppState>,
    caller: Caller,
    Path(service_id): Path<String>,
) -> ApiResult<Accepted> {
    let form = caller.params.edit_form();
    title_edits::accept(&state, &caller, &service_id, EditTarget::Metadata, form).await?;
    Ok(Status::accepted(
        "SUCCESS",
        Some(
            "The update is accepted; it is applied shortly and the title's history records it"
                .to_owned(),
        ),
        vec![history_link(&state, &service_id)],
    ))
}

#[utoipa::path(
    put, path = "/v2/titles/{serviceId}/artifacts/{format}", tag = "collection",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("format" = String, Path, description = "DAISY, DAISY_AUDIO, DAISY_2_AUDIO, BRF, EPUB3, PDF or DOCX", pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    request_body(content_type = "application/x-www-form-urlencoded", description = "globalBookServiceId, duration (PTnHnMnS), brailleCode, brailleGrade, brailleType, brailleMusicScoreLayout, numberOfVolumes, externalIdentifierCode, transcriber, supplier, fundingSource, producers (repeat)"),
    responses(
        (status = 202, description = "Accepted (key ACCEPTED); the worker applies it", body = Status),
        (status = 400, description = "Bad parameters, each named; nothing is queued", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a collection assistant or administrator", body = ErrorBody),
        (status = 404, description = "No such title for this caller, or no artifact of that format", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn edit_artifact(
    State(state): State<AppState>,
    caller: Caller,
    Path((service_id, format)): Path<(String, String)>,
) -> ApiResult<Accepted> {
    let format: Format = crate::downloads::parse_format(&format)?;
    let form = caller.params.edit_form();
    title_edits::accept(
        &state,
        &caller,
        &service_id,
        EditTarget::Artifact(format),
        form,
    )
    .await?;
    Ok(Status::accepted(
        "ACCEPTED",
        None,
        vec![history_link(&state, &service_id)],
    ))
}

fn history_link(state: &AppState, service_id: &str) -> Link {
    Link::new(
        "history",
        state.v2_url(&format!("/titles/{}/history", segment(service_id))),
    )
}
