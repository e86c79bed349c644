//! `GET /v2/titles/{serviceId}/history`: the title's edits, newest first, with who asked.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::catalog::Format;
use lectern_operations::title_edits;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::titles::{FormatRef, segment};
use crate::conventions::caller::Caller;
use crate::conventions::links::Link;
use crate::error::{ApiResult, ErrorBody};
use crate::i18n::{asked, why_in};
use crate::state::AppState;
use lectern_operations::Actor;

/// Document 3's Title History Event, with where the edit stands and what it changed.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TitleEvent {
    pub date: String,
    pub person_name: String,
    /// updateAccepted (queued), metadataUpdated, artifactUpdated, artifactAdded (a file of a new
    /// format), withdrawn, restored, removed, statusChanged, updateNotApplied
    pub action: String,
    pub comment: Option<String>,
    /// The artifact's format, for artifact edits.
    pub format: Option<FormatRef>,
    /// queued, applied or notApplied
    pub status: String,
    /// The parameters the edit changed.
    pub changes: Vec<String>,
    /// Why an edit was not applied.
    pub reason: Option<String>,
}

#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct TitleHistory {
    pub title_events: Vec<TitleEvent>,
    pub links: Vec<Link>,
}

#[utoipa::path(
    get, path = "/v2/titles/{serviceId}/history", tag = "collection",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("api_key" = String, Query, description = "The client key"),
    ),
    responses(
        (status = 200, description = "The title's edits, newest first", body = TitleHistory),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a collection assistant or administrator", body = ErrorBody),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn title_history(
    State(state): State<AppState>,
    caller: Caller,
    Path(service_id): Path<String>,
) -> ApiResult<Json<TitleHistory>> {
    Ok(Json(history_of(&state, &caller, &service_id).await?))
}

/// The title's history of edits, for a curator of its site.
async fn history_of(state: &AppState, actor: &Actor, service_id: &str) -> ApiResult<TitleHistory> {
    let events = title_edits::history_of(state, actor, service_id)
        .await?
        .into_iter()
        .map(|e| TitleEvent {
            date: e.date.to_string(),
            person_name: e.person_name,
            action: e.action,
            comment: e.comment,
            format: e
                .format
                .and_then(|f| f.parse::<Format>().ok())
                .map(FormatRef::from),
            status: e.status,
            changes: e.changes,
            reason: e.reason.map(|why| why_in(asked(), &why)),
        })
        .collect();
    let title = format!("/titles/{}", segment(service_id));
    Ok(TitleHistory {
        title_events: events,
        links: vec![
            Link::new("self", state.v2_url(&format!("{title}/history"))),
            Link::new("title", state.v2_url(&title)),
        ],
    })
}
