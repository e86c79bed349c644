//! `POST /v2/myHighlights` (a new highlight) and `PUT /v2/myHighlights` (new details for one).

use crate::conventions::json::Json;
use axum::extract::State;
use axum::http::StatusCode;
use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::reading::{self, Highlight, HighlightColor, PassageEnd};
use lectern_store::highlights;
use serde::Deserialize;
use utoipa::ToSchema;

use super::list::{HighlightView, highlight_view, no_highlight};
use crate::bookmarks::{SaveBookmark, check_place};
use crate::conventions::caller::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use crate::titles::{CatalogViewer, check_visible};

/// The form of a highlight: a bookmark's fields, where `text` is the highlighted passage, with a
/// colour and a note. The upstream's clients name the same fields as a range (`startLocation`,
/// `highlightText`, `annotationNote`, `startPosition` ...), and send where it ends: both
/// spellings are taken (`docs/decisions.md`, "Upstream names beside ours").
#[derive(Deserialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct HighlightForm {
    /// The title
    service_id: String,
    /// Where the highlighted range starts, exactly as the reading app names it (or the whole
    /// range); also `startLocation`
    #[serde(alias = "startLocation")]
    location: String,
    /// The format read (default EPUB3)
    #[schema(value_type = Option<String>, pattern = "^(DAISY|DAISY_AUDIO|DAISY_2_AUDIO|BRF|EPUB3|PDF|DOCX)$")]
    format: Option<Format>,
    /// The highlighted passage; also `highlightText`
    #[serde(alias = "highlightText")]
    text: Option<String>,
    /// Spine index; also `startPosition`
    #[serde(alias = "startPosition")]
    #[schema(minimum = 0)]
    position: Option<i64>,
    /// Percent within the section; also `startProgression`
    #[serde(alias = "startProgression")]
    #[schema(minimum = 0, maximum = 100)]
    progression: Option<f64>,
    /// Percent within the title; also `startTotalProgression`
    #[serde(alias = "startTotalProgression")]
    #[schema(minimum = 0, maximum = 100)]
    total_progression: Option<f64>,
    /// Where the range ends
    end_location: Option<String>,
    #[schema(minimum = 0)]
    end_position: Option<i64>,
    #[schema(minimum = 0, maximum = 100)]
    end_progression: Option<f64>,
    #[schema(minimum = 0, maximum = 100)]
    end_total_progression: Option<f64>,
    /// yellow (the default), green, blue, pink, purple or orange
    #[schema(value_type = Option<String>, pattern = "^(yellow|green|blue|pink|purple|orange)$")]
    color: Option<HighlightColor>,
    /// The reader's note on the passage; also `annotationNote`
    #[serde(alias = "annotationNote")]
    note: Option<String>,
}

impl HighlightForm {
    fn into_highlight(self, now: Timestamp) -> ApiResult<Highlight> {
        if let Some(note) = &self.note {
            reading::check_text(note).map_err(|why| ApiError::bad_param("note", why))?;
        }
        let end = self.end()?;
        let mark = SaveBookmark {
            service_id: self.service_id,
            location: self.location,
            format: self.format,
            text: self.text,
            position: self.position,
            progression: self.progression,
            total_progression: self.total_progression,
        }
        .into_bookmark(now)?;
        Ok(Highlight {
            mark,
            end,
            color: self.color.unwrap_or(HighlightColor::Yellow),
            note: self.note,
            date_updated: now,
        })
    }

    /// This form over a highlight kept, as a PUT is: what the form leaves out stays as it was
    /// (EMMA sends only the note, or only the colour).
    fn over(self, kept: &Highlight) -> Self {
        let (mark, end) = (&kept.mark, &kept.end);
        HighlightForm {
            text: self.text.or_else(|| mark.text.clone()),
            position: self.position.or(mark.position),
            progression: self.progression.or(mark.progression),
            total_progression: self.total_progression.or(mark.total_progression),
            end_location: self.end_location.or_else(|| end.location.clone()),
            end_position: self.end_position.or(end.position),
            end_progression: self.end_progression.or(end.progression),
            end_total_progression: self.end_total_progression.or(end.total_progression),
            color: self.color.or(Some(kept.color)),
            note: self.note.or_else(|| kept.note.clone()),
            ..self
        }
    }

    /// The range's end, checked as its start is.
    fn end(&self) -> ApiResult<PassageEnd> {
        if let Some(location) = &self.end_location {
            reading::check_location(location)
                .map_err(|why| ApiError::bad_param("endLocation", why))?;
        }
        check_place(
            ("endPosition", self.end_position),
            [
                ("endProgression", self.end_progression),
                ("endTotalProgression", self.end_total_progression),
            ],
        )?;
        Ok(PassageEnd {
            location: self.end_location.clone(),
            position: self.end_position,
            progression: self.end_progression,
            total_progression: self.end_total_progression,
        })
    }
}

#[utoipa::path(
    post, path = "/v2/myHighlights", tag = "highlights",
    params(("api_key" = String, Query, description = "The client key")),
    request_body(content = HighlightForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 201, description = "The new highlight", body = HighlightView),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
        (status = 409, description = "The caller has a highlight at that location already; PUT changes it", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_highlight(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<(StatusCode, Json<HighlightView>)> {
    let me = caller.signed_in()?;
    let form: HighlightForm = caller.params.parse()?;
    let highlight = form.into_highlight(Timestamp::now())?;
    let who = CatalogViewer::of(&state, &caller).await?;
    check_visible(&state, &who, &highlight.mark.service_id).await?;
    highlights::insert_highlight(
        &mut *state.store.writer().await?,
        &me.user_account_id,
        &highlight,
    )
    .await?;
    Ok((
        StatusCode::CREATED,
        Json(highlight_view(&state, &highlight)),
    ))
}

#[utoipa::path(
    put, path = "/v2/myHighlights", tag = "highlights",
    params(("api_key" = String, Query, description = "The client key")),
    request_body(content = HighlightForm, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "The highlight as changed: the fields sent replace those kept, and the rest stay", body = HighlightView),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "The caller has no highlight there", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn update_highlight(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<HighlightView>> {
    let me = caller.signed_in()?;
    let form: HighlightForm = caller.params.parse()?;
    let now = Timestamp::now();
    // The form as sent names the highlight (title, format, where it starts) and is checked.
    let named = form.clone().into_highlight(now)?.mark;
    let (service_id, format) = (named.service_id, named.format);
    let existing = highlights::highlight_at(
        state.store.reads(),
        &me.user_account_id,
        &service_id,
        format,
        &named.location,
    )
    .await?
    .ok_or_else(|| no_highlight(&service_id, format))?;
    let mut highlight = form.over(&existing).into_highlight(now)?;
    highlight.mark.date_created = existing.mark.date_created;
    if !highlights::update_highlight(
        &mut *state.store.writer().await?,
        &me.user_account_id,
        &highlight,
    )
    .await?
    {
        return Err(no_highlight(&service_id, format));
    }
    Ok(Json(highlight_view(&state, &highlight)))
}
