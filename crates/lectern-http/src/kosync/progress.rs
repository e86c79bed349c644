//! `PUT /kosync/syncs/progress` and `GET /kosync/syncs/progress/{document}`: KOReader's report
//! of where the reader is, kept as it was sent and, for a file Lectern delivered, as the
//! reader's position in its title and format; and back, whichever is newer.

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::reading::{self, MetricType, ReadingEvent};
use lectern_store::kosync::{self, Progress};
use lectern_store::reading_activity;
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
    checked(&report)?;
    let now = Timestamp::now();
    let delivered =
        kosync::delivered(state.store.reads(), &me.user_account_id, &report.document).await?;
    let saved = Progress {
        document: report.document.clone(),
        service_id: delivered.as_ref().map(|d| d.0.clone()),
        format: delivered.as_ref().map(|d| d.1.clone()),
        progress: report.progress.clone(),
        percentage: report.percentage,
        device: report.device.clone(),
        device_id: report.device_id,
        updated_at: now,
    };
    kosync::save(
        &mut *state.store.writer().await?,
        &me.user_account_id,
        &saved,
    )
    .await?;
    if let Some((service_id, format)) = delivered
        && let Ok(format) = format.parse::<Format>()
    {
        let event = ReadingEvent {
            service_id,
            format,
            location: report.progress,
            location_description: Some(format!(
                "{:.1}% in KOReader on {}",
                report.percentage * 100.0,
                report.device
            )),
            // KOReader reports a position and a share of the book, not a count of pages.
            metric: 0,
            metric_type: MetricType::Page,
            at: now,
        };
        reading_activity::record(&state.store, &me.user_account_id, &event).await?;
    }
    Ok(axum::Json(json!({ "document": report.document, "timestamp": now.unix() })).into_response())
}

fn checked(r: &Report) -> Result<(), KosyncError> {
    let texts = [
        ("document", &r.document),
        ("progress", &r.progress),
        ("device", &r.device),
        ("device_id", &r.device_id),
    ];
    for (name, value) in texts {
        text_without_controls(name, value)
            .map_err(|e| KosyncError::invalid(format!("'{name}' {}", e.message())))?;
    }
    if r.document.trim().is_empty() || r.document.len() > 64 {
        return Err(KosyncError::invalid(
            "'document' must be KOReader's name for the file",
        ));
    }
    reading::check_location(&r.progress)
        .map_err(|why| KosyncError::invalid(format!("'progress' {why}")))?;
    if !(0.0..=1.0).contains(&r.percentage) {
        return Err(KosyncError::invalid("'percentage' must be from 0 to 1"));
    }
    for (name, value) in [("device", &r.device), ("device_id", &r.device_id)] {
        if value.len() > 200 {
            return Err(KosyncError::invalid(format!(
                "'{name}' is longer than 200 characters"
            )));
        }
    }
    Ok(())
}

pub async fn get(
    State(state): State<AppState>,
    from: ClientAddress,
    headers: HeaderMap,
    Path(document): Path<String>,
) -> Result<Response, KosyncError> {
    let me = reader(&state, &headers, &from).await?;
    let reads = state.store.reads();
    let reported = kosync::progress(reads, &me.user_account_id, &document).await?;
    let delivered = kosync::delivered(reads, &me.user_account_id, &document).await?;
    let position = match &delivered {
        Some((service_id, format)) => match format.parse::<Format>() {
            Ok(format) => {
                reading_activity::position(reads, &me.user_account_id, service_id, format).await?
            }
            Err(_) => None,
        },
        None => None,
    };
    let answer = match (reported, position) {
        // Another app moved the reader on since KOReader last reported: its position, with
        // KOReader's last share of the book (the API's positions carry none).
        (r, Some(p)) if r.as_ref().is_none_or(|r| p.date_modified > r.updated_at) => json!({
            "document": document,
            "progress": p.location,
            "percentage": r.as_ref().map_or(0.0, |r| r.percentage),
            "device": "Lectern",
            "device_id": "lectern",
            "timestamp": p.date_modified.unix(),
        }),
        (Some(r), _) => json!({
            "document": document,
            "progress": r.progress,
            "percentage": r.percentage,
            "device": r.device,
            "device_id": r.device_id,
            "timestamp": r.updated_at.unix(),
        }),
        // The reference server's answer for a document it has no progress of (the guard above
        // takes every position when KOReader has reported nothing).
        (None, _) => json!({}),
    };
    Ok(axum::Json(answer).into_response())
}
