//! Reading events and the position they leave. An event and the position it moves are written
//! in one transaction, so an acknowledged event is never without its position, and reading the
//! position is one lookup by key however many events there are.

use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::ids::new_id;
use lectern_domain::reading::{ReadingEvent, ReadingPosition};
use sqlx::{Any, Executor, Row};

use crate::{Store, StoreError, Transaction};

/// Records an event and moves the reader's position in that title and format to it; the
/// position's first date stays that of the first event.
pub async fn record(
    store: &Store,
    user_account_id: &str,
    event: &ReadingEvent,
) -> Result<(), StoreError> {
    let mut tx = store.begin().await?;
    record_in(&mut tx, &new_id(), user_account_id, event).await?;
    tx.commit().await?;
    Ok(())
}

/// `record`, in a transaction of the caller's, with the event's id given: an event of that id
/// recorded already is not recorded twice (a fixture loaded again adds nothing).
pub async fn record_in(
    tx: &mut Transaction,
    event_id: &str,
    user_account_id: &str,
    event: &ReadingEvent,
) -> Result<(), StoreError> {
    let inserted = sqlx::query(
        "INSERT INTO reading_events (event_id, user_account_id, service_id, format, location,
                                     location_description, metric, metric_type, occurred_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (event_id) DO NOTHING",
    )
    .bind(event_id)
    .bind(user_account_id)
    .bind(&event.service_id)
    .bind(event.format.as_str())
    .bind(&event.location)
    .bind(&event.location_description)
    .bind(event.metric)
    .bind(event.metric_type.as_str())
    .bind(event.at.unix())
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if inserted == 0 {
        return Ok(());
    }
    // The position moves to a later event only: events may be recorded out of order (a
    // fixture's), and the position is where the latest one left the reader.
    let first_read: i64 = sqlx::query_scalar(
        "INSERT INTO reading_positions (user_account_id, service_id, format, location,
                                        location_description, date_added, date_modified)
         VALUES ($1, $2, $3, $4, $5, $6, $6)
         ON CONFLICT (user_account_id, service_id, format) DO UPDATE SET
           location = CASE WHEN excluded.date_modified >= reading_positions.date_modified
                           THEN excluded.location ELSE reading_positions.location END,
           location_description = CASE WHEN excluded.date_modified >= reading_positions.date_modified
                           THEN excluded.location_description
                           ELSE reading_positions.location_description END,
           date_added = CASE WHEN excluded.date_added < reading_positions.date_added
                           THEN excluded.date_added ELSE reading_positions.date_added END,
           date_modified = CASE WHEN excluded.date_modified > reading_positions.date_modified
                           THEN excluded.date_modified ELSE reading_positions.date_modified END
         RETURNING date_added",
    )
    .bind(user_account_id)
    .bind(&event.service_id)
    .bind(event.format.as_str())
    .bind(&event.location)
    .bind(&event.location_description)
    .bind(event.at.unix())
    .fetch_one(&mut **tx)
    .await?;
    // A position read earlier than this event was noted in `title_readers` when it was first
    // written, at that earlier time; only an event that starts or backdates a position can
    // change the reader's row there. Most events move a position forward, and skipping the
    // statement spares a round trip while the store's write lock is held.
    if first_read < event.at.unix() {
        return Ok(());
    }
    crate::recommendations::note_reader(
        &mut **tx,
        &event.service_id,
        user_account_id,
        event.at.unix(),
    )
    .await
}

/// Where the reader is in a title and format; `None` if they never read it there.
pub async fn position<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    service_id: &str,
    format: Format,
) -> Result<Option<ReadingPosition>, StoreError> {
    let row = sqlx::query(
        "SELECT location, location_description, date_added, date_modified
         FROM reading_positions WHERE user_account_id = $1 AND service_id = $2 AND format = $3",
    )
    .bind(user_account_id)
    .bind(service_id)
    .bind(format.as_str())
    .fetch_optional(e)
    .await?;
    row.map(|r| {
        Ok(ReadingPosition {
            service_id: service_id.to_owned(),
            format,
            location: r.try_get("location")?,
            location_description: r.try_get("location_description")?,
            date_added: Timestamp::from_unix(r.try_get("date_added")?),
            date_modified: Timestamp::from_unix(r.try_get("date_modified")?),
        })
    })
    .transpose()
}
