//! `PUT /kosync/syncs/progress` and `GET /kosync/syncs/progress/{document}`: KOReader's report
//! of where the reader is, and back, whichever is newer. The door reads KOReader's JSON and
//! writes the reference server's; what a report means (kept as sent, and for a file Lectern
//! delivered, a reading event in its title and format, its place converted between KOReader's
//! xPointer and the other apps' CFI) is `lectern_operations::reading_activity`'s.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use lectern_operations::reading_activity::{
    self, KoreaderPosition, KoreaderReport, koreader_position,
};
use serde::Deserialize;
use serde_json::json;

use super::auth::{KosyncError, reader};
use crate::conventions::params::text_without_controls;
use crate::sign_in::ClientAddress;
use crate::state::AppState;

/// KOReader's report, as `api.json`'s `update_progress` sends it.
#[derive(Deserialize)]
pub struct Report {
    document: String,
    progress: String,
    percentage: f64,
    device: String,
    device_id: String,
}

pub async fn update(
    State(state): State<AppState>,
    from: ClientAddress,
    headers: HeaderMap,
    body: axum::body::Bytes,
) -> Result<Response, KosyncError> {
    let me = reader(&state, &headers, &from).await?;
    let report: Report = serde_json::from_slice(&body).map_err(|e| {
        KosyncError::invalid(format!(
            "The report must be JSON with document, progress, percentage, device and device_id: {e}"
        ))
    })?;
    for (name, value) in [
        ("document", &report.document),
        ("progress", &report.progress),
        ("device", &report.device),
        ("device_id", &report.device_id),
    ] {
        text_without_controls(name, value)
            .map_err(|e| KosyncError::invalid(format!("'{name}' {}", e.message())))?;
    }
    let document = report.document.clone();
    let at = reading_activity::record_koreader_report(
        &state,
        &me,
        KoreaderReport {
            document: report.document,
            progress: report.progress,
            percentage: report.percentage,
            device: report.device,
            device_id: report.device_id,
        },
    )
    .await?;
    Ok(axum::Json(json!({ "document": document, "timestamp": at.unix() })).into_response())
}

pub async fn get(
    State(state): State<AppState>,
    from: ClientAddress,
    headers: HeaderMap,
    Path(document): Path<String>,
) -> Result<Response, KosyncError> {
    let me = reader(&state, &headers, &from).await?;
    let answer = match koreader_position(&state, &me, &document).await? {
        // Another app moved the reader on since KOReader last reported: its position, as
        // KOReader names a place (KOReader moves only when the share differs from its own).
        Some(KoreaderPosition::Moved {
            progress,
            percentage,
            at,
        }) => json!({
            "document": document,
            "progress": progress,
            "percentage": percentage,
            "device": "Lectern",
            "device_id": "lectern",
            "timestamp": at.unix(),
        }),
        Some(KoreaderPosition::Reported(r)) => json!({
            "document": document,
            "progress": r.progress,
            "percentage": r.percentage,
            "device": r.device,
            "device_id": r.device_id,
            "timestamp": r.updated_at.unix(),
        }),
        // The reference server's answer for a document it has no progress of.
        None => json!({}),
    };
    Ok(axum::Json(answer).into_response())
}
