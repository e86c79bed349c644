//! `GET /v2/myHighlights` and `DELETE /v2/myHighlights`: the caller's highlights in a title and
//! format, oldest first; a DELETE answers with those left.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::catalog::Format;
use lectern_domain::reading::Highlight;
use lectern_operations::marks;
use lectern_store::marks::Marks;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::bookmarks::marks::{MarkDeleteParams, MarkListParams, delete_mark};
use crate::api::bookmarks::view::{BookmarkView, mark_view};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection, Listed};
use crate::conventions::paging::ListParams;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::paging::FixedOrder;

/// A highlight: a bookmark's fields (`text` is the highlighted passage), a colour and a note.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HighlightView {
    #[serde(flatten)]
    pub mark: BookmarkView,
    /// yellow, green, blue, pink, purple or orange
    pub color: String,
    pub note: Option<String>,
    pub date_updated: String,
    /// The upstream's names for the range: `startLocation` (the same as `location`),
    /// `highlightText` (`text`), `annotationNote` (`note`), the start's position and
    /// progressions, and where the range ends
    #[serde(flatten)]
    pub range: HighlightRange,
}

/// A highlight as the upstream's clients read it: a range with a start and an end.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct HighlightRange {
    pub start_location: String,
    pub end_location: Option<String>,
    pub highlight_text: Option<String>,
    pub annotation_note: Option<String>,
    pub start_position: Option<i64>,
    pub end_position: Option<i64>,
    pub start_progression: Option<f64>,
    pub end_progression: Option<f64>,
    pub start_total_progression: Option<f64>,
    pub end_total_progression: Option<f64>,
}

impl Listed for HighlightView {
    const ITEMS: &'static str = "highlights";
    const LIST: &'static str = "HighlightList";
}

pub type HighlightList = Collection<HighlightView>;

pub fn highlight_view(state: &AppState, h: &Highlight) -> HighlightView {
    HighlightView {
        mark: mark_view(
            state,
            "/myHighlights",
            &h.mark,
            &[("PUT", true), ("DELETE", true)],
        ),
        color: h.color.to_string(),
        note: h.note.clone(),
        date_updated: h.date_updated.to_string(),
        range: HighlightRange {
            start_location: h.mark.location.clone(),
            end_location: h.end.location.clone(),
            highlight_text: h.mark.text.clone(),
            annotation_note: h.note.clone(),
            start_position: h.mark.position,
            end_position: h.end.position,
            start_progression: h.mark.progression,
            end_progression: h.end.progression,
            start_total_progression: h.mark.total_progression,
            end_total_progression: h.end.total_progression,
        },
    }
}

#[utoipa::path(
    get, path = "/v2/myHighlights", tag = "highlights",
    params(("api_key" = String, Query, description = "The client key"), MarkListParams, ListParams<FixedOrder>),
    responses(
        (status = 200, description = "The caller's highlights in the title and format, oldest first", body = HighlightList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn list_highlights(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<HighlightList>> {
    caller.signed_in()?;
    let p: MarkListParams = caller.params.parse()?;
    let format = p.format.unwrap_or(Format::Epub3);
    page(&state, &caller, &p.service_id, format).await.map(Json)
}

#[utoipa::path(
    delete, path = "/v2/myHighlights", tag = "highlights",
    params(("api_key" = String, Query, description = "The client key"), MarkDeleteParams),
    responses(
        (status = 200, description = "The highlight is deleted; the caller's highlights left in the title and format", body = HighlightList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "The caller has no highlight there", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn delete_highlight(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<HighlightList>> {
    caller.signed_in()?;
    let (service_id, format) = delete_mark(&state, &caller, Marks::Highlights).await?;
    page(&state, &caller, &service_id, format).await.map(Json)
}

/// A page of the caller's highlights in a title and format.
pub async fn page(
    state: &AppState,
    caller: &Caller,
    service_id: &str,
    format: Format,
) -> ApiResult<HighlightList> {
    let page = caller.params.parse::<ListParams<FixedOrder>>()?.page()?;
    let window = (page.after()?, page.limit);
    let (mut rows, total) =
        marks::highlights_of(state, caller, (service_id, format), window).await?;
    let next = page.next_token(&mut rows, |h| {
        (h.mark.date_created.unix(), h.mark.location.clone())
    });
    let views = rows.iter().map(|h| highlight_view(state, h)).collect();
    Ok(Collection::page(
        state,
        "/myHighlights",
        &caller.params,
        &page,
        (views, next),
        total,
    )
    .allowing(Allows::of(&[
        ("GET", true),
        ("POST", true),
        ("PUT", true),
        ("DELETE", true),
    ])))
}
