//! `PUT /kosync/syncs/progress` and `GET /kosync/syncs/progress/{document}`: KOReader's report
//! of where the reader is, kept as it was sent and, for a file Lectern delivered, as the
//! reader's position in its title and format; and back, whichever is newer. In an EPUB the two
//! name places differently (KOReader an xPointer, the API's other apps a CFI): each is converted
//! to the other's, to the spine item and the nearest element, with the share of the book before
//! it (`lectern_jobs::epub::positions`).

use axum::extract::{Path, State};
use axum::http::HeaderMap;
use axum::response::{IntoResponse, Response};
use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::reading::{self, MetricType, ReadingEvent};
use lectern_jobs::epub::positions::Book;
use lectern_store::kosync::{self, Delivered, Progress};
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
        service_id: delivered.as_ref().map(|d| d.service_id.clone()),
        format: delivered.as_ref().map(|d| d.format.clone()),
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
    if let Some(d) = delivered
        && let Ok(format) = d.format.parse::<Format>()
    {
        // Other apps read a CFI; one that cannot be placed in the file is kept as sent.
        let location = match book_of(&state, &d, format).await {
            Some(book) => book
                .cfi_of(&report.progress)
                .map_or(report.progress, |place| place.name),
            None => report.progress,
        };
        let event = ReadingEvent {
            service_id: d.service_id,
            format,
            location,
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
    let format = delivered
        .as_ref()
        .and_then(|d| d.format.parse::<Format>().ok());
    let position = match (&delivered, format) {
        (Some(d), Some(format)) => {
            reading_activity::position(reads, &me.user_account_id, &d.service_id, format).await?
        }
        _ => None,
    };
    let answer = match (reported, position) {
        // Another app moved the reader on since KOReader last reported: its position, as
        // KOReader names a place, with the share of the book before it (KOReader moves only
        // when that differs from its own).
        (r, Some(p)) if r.as_ref().is_none_or(|r| p.date_modified > r.updated_at) => {
            let book = match (&delivered, format) {
                (Some(d), Some(format)) => book_of(&state, d, format).await,
                _ => None,
            };
            let (progress, percentage) = match book.and_then(|b| b.xpointer_of(&p.location)) {
                Some(place) => (place.name, place.share),
                None => (p.location, r.as_ref().map_or(0.0, |r| r.percentage)),
            };
            json!({
                "document": document,
                "progress": progress,
                "percentage": percentage,
                "device": "Lectern",
                "device_id": "lectern",
                "timestamp": p.date_modified.unix(),
            })
        }
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

/// The delivered EPUB's spine, for placing positions in it; `None` for another format, or a
/// file no longer kept or not readable (positions then pass as they are).
async fn book_of(state: &AppState, d: &Delivered, format: Format) -> Option<Book> {
    let key = d
        .object_key
        .as_deref()
        .filter(|_| format == Format::Epub3)?;
    let bytes = match state.files.get(key).await {
        Ok(bytes) => bytes,
        Err(e) => {
            tracing::debug!(key, error = %e, "a delivered file is not here to place a position in");
            return None;
        }
    };
    // Reading a book's spine is CPU work: off the async threads.
    match tokio::task::spawn_blocking(move || Book::read(&bytes)).await {
        Ok(Ok(book)) => Some(book),
        Ok(Err(e)) => {
            tracing::debug!(key, error = %e, "a delivered EPUB could not be read for positions");
            None
        }
        Err(_) => None,
    }
}
