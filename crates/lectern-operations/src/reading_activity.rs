//! What a reader just read, from any door: an app's reading event (`POST /v2/readingEvents`) and
//! KOReader's progress report are one operation, with one check of the title, one count, one
//! write.

use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::ids::new_ordered_id;
use lectern_domain::invalid::Why;
use lectern_domain::reading::{self, MetricType, ReadingEvent, ReadingPosition};
use lectern_jobs::epub::positions::Book;
use lectern_store::kosync::{self, Delivered, Progress};
use lectern_store::reading_activity;

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::titles::{CatalogViewer, visible_title};

/// A reading event as an app sends it.
pub struct NewReadingEvent {
    pub service_id: String,
    pub format: Format,
    pub location: String,
    pub metric: i64,
    pub metric_type: MetricType,
    pub location_description: Option<String>,
}

/// Records the event and moves the reader's position to it; answered once both are written.
pub async fn record_event(
    house: &House,
    actor: &Actor,
    new: NewReadingEvent,
) -> Outcome<ReadingEvent> {
    let me = actor.account()?;
    reading::check_location(&new.location).map_err(|why| Failure::invalid("location", why))?;
    if new.metric < 0 {
        return Err(Failure::invalid("metric", Why::negative()));
    }
    if let Some(d) = &new.location_description {
        reading::check_text(d).map_err(|why| Failure::invalid("locationDescription", why))?;
    }
    let who = CatalogViewer::of(house, actor).await?;
    visible_title(house, &who, &new.service_id).await?;
    let event = ReadingEvent {
        service_id: new.service_id,
        format: new.format,
        location: new.location,
        location_description: new.location_description,
        metric: new.metric,
        metric_type: new.metric_type,
        at: Timestamp::now(),
    };
    reading_activity::record(&house.store, &me.user_account_id, &event).await?;
    counted();
    Ok(event)
}

fn counted() {
    metrics::counter!("lectern_reading_events_total").increment(1);
}

/// KOReader's report of where the reader is in a file, as its sync plugin sends it.
pub struct KoreaderReport {
    /// KOReader's name for the file (the MD5 of its first bytes, or of its path).
    pub document: String,
    /// An xPointer in an EPUB, a page number in a fixed layout.
    pub progress: String,
    /// The share of the book before that place, from 0 to 1.
    pub percentage: f64,
    pub device: String,
    pub device_id: String,
}

/// Keeps KOReader's report as it was sent and, for a file Lectern delivered to this reader of a
/// title they may still see, records it as a reading event in that title and format (its place
/// as a CFI when it is an EPUB's): in one transaction. Answers when it was kept.
pub async fn record_koreader_report(
    house: &House,
    actor: &Actor,
    report: KoreaderReport,
) -> Outcome<Timestamp> {
    let me = actor.account()?;
    check_report(&report)?;
    let now = Timestamp::now();
    let reads = house.store.reads();
    let delivered = kosync::delivered(reads, &me.user_account_id, &report.document).await?;
    let event = match &delivered {
        Some(d) => event_of(house, actor, d, &report, now).await?,
        None => None,
    };
    let saved = Progress {
        document: report.document,
        service_id: delivered.as_ref().map(|d| d.service_id.clone()),
        format: delivered.as_ref().map(|d| d.format.clone()),
        progress: report.progress,
        percentage: report.percentage,
        device: report.device,
        device_id: report.device_id,
        updated_at: now,
    };
    let mut tx = house.store.begin().await?;
    kosync::save(&mut tx, &me.user_account_id, &saved).await?;
    if let Some(event) = &event {
        reading_activity::record_in(&mut tx, &new_ordered_id(), &me.user_account_id, event).await?;
    }
    tx.commit().await?;
    if event.is_some() {
        counted();
    }
    Ok(now)
}

fn check_report(r: &KoreaderReport) -> Outcome<()> {
    if r.document.trim().is_empty() || r.document.len() > 64 {
        return Err(Failure::invalid(
            "document",
            "must be KOReader's name for the file",
        ));
    }
    reading::check_location(&r.progress).map_err(|why| Failure::invalid("progress", why))?;
    if !(0.0..=1.0).contains(&r.percentage) {
        return Err(Failure::invalid("percentage", "must be from 0 to 1"));
    }
    for (name, value) in [("device", &r.device), ("device_id", &r.device_id)] {
        if value.len() > 200 {
            return Err(Failure::invalid(name, "is longer than 200 characters"));
        }
    }
    Ok(())
}

/// The reading event a report of a delivered file makes, if the reader may still see its
/// title; its place as a CFI in an EPUB (kept as sent when it cannot be placed in the file).
async fn event_of(
    house: &House,
    actor: &Actor,
    d: &Delivered,
    report: &KoreaderReport,
    at: Timestamp,
) -> Outcome<Option<ReadingEvent>> {
    let Ok(format) = d.format.parse::<Format>() else {
        return Ok(None);
    };
    let who = CatalogViewer::of(house, actor).await?;
    match visible_title(house, &who, &d.service_id).await {
        Ok(_) => {}
        Err(Failure::NotFound(_)) => return Ok(None),
        Err(other) => return Err(other),
    }
    let location = match book_of(house, d, format).await {
        Some(book) => book
            .cfi_of(&report.progress)
            .map_or_else(|| report.progress.clone(), |place| place.name),
        None => report.progress.clone(),
    };
    Ok(Some(ReadingEvent {
        service_id: d.service_id.clone(),
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
        at,
    }))
}

/// Where KOReader should be in a document: its own last report, or the reader's position in the
/// delivered title when another app moved it on since, as KOReader names a place.
pub enum KoreaderPosition {
    /// KOReader's own report, as it was sent.
    Reported(Progress),
    /// The position another app left, newer than KOReader's report.
    Moved {
        progress: String,
        percentage: f64,
        at: Timestamp,
    },
}

/// Where the reader is in the document, if anywhere.
pub async fn koreader_position(
    house: &House,
    actor: &Actor,
    document: &str,
) -> Outcome<Option<KoreaderPosition>> {
    let me = actor.account()?;
    let reads = house.store.reads();
    let reported = kosync::progress(reads, &me.user_account_id, document).await?;
    let delivered = kosync::delivered(reads, &me.user_account_id, document).await?;
    let format = delivered
        .as_ref()
        .and_then(|d| d.format.parse::<Format>().ok());
    let position = match (&delivered, format) {
        (Some(d), Some(format)) => {
            reading_activity::position(reads, &me.user_account_id, &d.service_id, format).await?
        }
        _ => None,
    };
    Ok(match (reported, position) {
        // Another app moved the reader on since KOReader last reported: its position, with the
        // share of the book before it (KOReader moves only when that differs from its own).
        (r, Some(p)) if r.as_ref().is_none_or(|r| p.date_modified > r.updated_at) => {
            let book = match (&delivered, format) {
                (Some(d), Some(format)) => book_of(house, d, format).await,
                _ => None,
            };
            let (progress, percentage) = match book.and_then(|b| b.xpointer_of(&p.location)) {
                Some(place) => (place.name, place.share),
                None => (p.location, r.as_ref().map_or(0.0, |r| r.percentage)),
            };
            Some(KoreaderPosition::Moved {
                progress,
                percentage,
                at: p.date_modified,
            })
        }
        (Some(r), _) => Some(KoreaderPosition::Reported(r)),
        (None, _) => None,
    })
}

/// The delivered EPUB's spine, for placing positions in it; `None` for another format, or a
/// file no longer kept or not readable (positions then pass as they are).
async fn book_of(house: &House, d: &Delivered, format: Format) -> Option<Book> {
    let key = d
        .object_key
        .as_deref()
        .filter(|_| format == Format::Epub3)?;
    let bytes = match house.files.get(key).await {
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

/// Where the actor is in a title and format, when they have been reading it there.
pub async fn position_of(
    house: &House,
    actor: &Actor,
    service_id: &str,
    format: Format,
) -> Outcome<Option<ReadingPosition>> {
    let me = actor.account()?;
    let reads = house.store.reads();
    Ok(reading_activity::position(reads, &me.user_account_id, service_id, format).await?)
}
