//! `PUT /v2/titles/{serviceId}` and `PUT /v2/titles/{serviceId}/artifacts/{format}`: checked
//! now against the title as it stands (every bad parameter named, nothing queued), then
//! accepted (202) and applied by the worker, which checks again against the title as it is
//! then.

use std::collections::HashSet;

use axum::extract::{Path, State};
use lectern_domain::Timestamp;
use lectern_domain::catalog::edit::{
    ARTIFACT_PARAMS, EditContext, EditRefusal, EditTarget, Edited, TITLE_PARAMS, edit_title,
    names_contributors,
};
use lectern_domain::catalog::{Format, TitleRecord};
use lectern_store::catalog_edits::{self, EditKind, NewEdit};
use lectern_store::titles;

use super::{collection_staff, edit_form, person_name, require_known};
use crate::conventions::caller::Caller;
use crate::conventions::links::Link;
use crate::conventions::links::segment;
use crate::conventions::status::{Accepted, Status};
use crate::error::{ApiError, ApiResult, ErrorBody};
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
    accept(&state, &caller, &service_id, EditTarget::Metadata).await?;
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
    let format: Format = format
        .parse()
        .map_err(|why: String| ApiError::bad_param("format", why))?;
    accept(&state, &caller, &service_id, EditTarget::Artifact(format)).await?;
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

/// Checks the edit (its parameters are the caller's) against the title and queues it.
pub(crate) async fn accept(
    state: &AppState,
    caller: &Caller,
    service_id: &str,
    target: EditTarget,
) -> ApiResult<()> {
    let absent =
        || lectern_operations::Failure::not_found(format!("There is no title '{service_id}'"));
    let title = titles::get(state.store.reads(), service_id)
        .await?
        .ok_or_else(absent)?;
    let staff = collection_staff(caller, Some(&title.site), "edit titles", absent)?;
    let form = edit_form(&caller.params);
    let params = match target {
        EditTarget::Metadata => TITLE_PARAMS,
        EditTarget::Artifact(_) => ARTIFACT_PARAMS,
        EditTarget::File(_) => &["file"],
    };
    if !(target == EditTarget::Metadata && names_contributors(&form)) {
        require_known(&form, params)?;
    }
    let edited = check(state, &title, target, &form).await?;
    if edited.changes.contains(&"productIdentifier")
        && let Some(pid) = &edited.record.product_identifier
        && let Some(owner) =
            catalog_edits::product_identifier_owner(state.store.reads(), &title.site, pid).await?
        && owner != title.service_id
    {
        return Err(ApiError::conflicting_param(
            "productIdentifier",
            format!("'{pid}' is the product identifier of the title '{owner}'"),
        ));
    }
    let comment = form
        .get("comments")
        .and_then(|v| v.first())
        .map(|c| c.trim().to_owned())
        .filter(|c| !c.is_empty());
    let (kind, detail) = match target {
        EditTarget::Metadata => (EditKind::Title, None),
        EditTarget::Artifact(f) => (EditKind::Artifact, Some(f.to_string())),
        EditTarget::File(f) => (EditKind::File, Some(f.to_string())),
    };
    catalog_edits::accept(
        &state.store,
        &NewEdit {
            site_id: title.site.clone(),
            kind,
            target_id: title.service_id.clone(),
            detail,
            form,
            requested_by: staff.user_account_id.clone(),
            requested_by_name: person_name(staff),
            comment,
        },
    )
    .await?;
    Ok(())
}

/// The edit applied to a copy of the title: the worker's rule, run now to refuse at once.
async fn check(
    state: &AppState,
    title: &TitleRecord,
    target: EditTarget,
    form: &lectern_domain::catalog::edit::EditForm,
) -> ApiResult<Edited> {
    let names = state.titles.category_names(&state.store).await?;
    let categories: HashSet<String> = names.categories.keys().cloned().collect();
    let cx = EditContext {
        categories: &categories,
        now: Timestamp::now(),
    };
    edit_title(title, target, form, &cx).map_err(|refusal| match refusal {
        EditRefusal::Invalid(problems) => ApiError::from(problems),
        EditRefusal::Removed => ApiError::conflict(format!(
            "The title '{}' was removed from the collection; only a titleStatus edit restores it",
            title.service_id
        )),
        EditRefusal::NoArtifact(f) => ApiError::not_found(format!(
            "The title '{}' has no {f} artifact",
            title.service_id
        )),
    })
}
