//! Reading events and the position they leave. An event and the position it moves are written
//! in one transaction, so an acknowledged event is never without its position, and reading the
//! position is one lookup by key however many events there are.

use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::ids::new_ordered_id;
use lectern_domain::reading::{ReadingEvent, ReadingPosition};
use sqlx::{Any, Executor, Row};

use std::collections::HashMap;

use futures_util::future::BoxFuture;

use crate::group_commit::Batch;
use crate::sql::placeholders;
use crate::{Store, StoreError, Transaction};

/// Records an event and moves the reader's position in that title and format to it; the
/// position's first date stays that of the first event. Answers once the event is committed,
/// in one transaction with the events recorded at the same time (`group_commit`).
pub async fn record(
    store: &Store,
    user_account_id: &str,
    event: &ReadingEvent,
) -> Result<(), StoreError> {
    let item = Recorded {
        event_id: new_ordered_id(),
        user_account_id: user_account_id.to_owned(),
        event: event.clone(),
    };
    store.reading_events.write(store, item).await
}

/// Reading events, written many at a time: one statement for the events, one for the positions
/// they move.
pub(crate) struct ReadingEvents;

pub(crate) struct Recorded {
    event_id: String,
    user_account_id: String,
    event: ReadingEvent,
}

impl Batch for ReadingEvents {
    type Item = Recorded;

    fn write<'a>(
        &'a self,
        tx: &'a mut Transaction,
        items: &'a [Recorded],
    ) -> BoxFuture<'a, Result<(), StoreError>> {
        Box::pin(write_events(tx, items))
    }
}

async fn write_events(tx: &mut Transaction, items: &[Recorded]) -> Result<(), StoreError> {
    insert_events(tx, items).await?;
    let moved = moved_positions(items);
    let first_reads = move_positions(tx, &moved).await?;
    // As in `record_in`: only a position started or backdated by these events changes the
    // reader's row in `title_readers`.
    for (m, first_read) in moved.iter().zip(first_reads) {
        if first_read >= m.earliest {
            crate::recommendations::note_reader(tx, m.service_id, m.user_account_id, m.earliest)
                .await?;
        }
    }
    Ok(())
}

async fn insert_events(tx: &mut Transaction, items: &[Recorded]) -> Result<(), StoreError> {
    const COLUMNS: usize = 9;
    let rows: Vec<String> = (0..items.len())
        .map(|i| format!("({})", placeholders(i * COLUMNS + 1, COLUMNS)))
        .collect();
    let sql = format!(
        "INSERT INTO reading_events (event_id, user_account_id, service_id, format, location,
                                     location_description, metric, metric_type, occurred_at)
         VALUES {} ON CONFLICT (event_id) DO NOTHING",
        rows.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for Recorded {
        event_id,
        user_account_id,
        event,
    } in items
    {
        query = query
            .bind(event_id)
            .bind(user_account_id)
            .bind(&event.service_id)
            .bind(event.format.as_str())
            .bind(&event.location)
            .bind(&event.location_description)
            .bind(event.metric)
            .bind(event.metric_type.as_str())
            .bind(event.at.unix());
    }
    query.execute(&mut **tx).await?;
    Ok(())
}

/// Where a group's events leave one reader in one title and format: at its latest event, first
/// read at its earliest.
struct Moved<'a> {
    user_account_id: &'a str,
    service_id: &'a str,
    latest: &'a ReadingEvent,
    earliest: i64,
}

fn moved_positions(items: &[Recorded]) -> Vec<Moved<'_>> {
    let mut moved: Vec<Moved<'_>> = Vec::new();
    for r in items {
        let e = &r.event;
        let same = |m: &&mut Moved<'_>| {
            m.user_account_id == r.user_account_id
                && m.service_id == e.service_id
                && m.latest.format == e.format
        };
        match moved.iter_mut().find(|m| same(m)) {
            Some(m) => {
                // Of events at the same second, the one recorded last is where the reader is.
                if e.at >= m.latest.at {
                    m.latest = e;
                }
                m.earliest = m.earliest.min(e.at.unix());
            }
            None => moved.push(Moved {
                user_account_id: &r.user_account_id,
                service_id: &e.service_id,
                latest: e,
                earliest: e.at.unix(),
            }),
        }
    }
    moved
}

/// Moves each position (see `record_in`); each one's first date after the move, in order.
async fn move_positions(tx: &mut Transaction, moved: &[Moved<'_>]) -> Result<Vec<i64>, StoreError> {
    const COLUMNS: usize = 7;
    let rows: Vec<String> = (0..moved.len())
        .map(|i| format!("({})", placeholders(i * COLUMNS + 1, COLUMNS)))
        .collect();
    let sql = format!(
        "INSERT INTO reading_positions (user_account_id, service_id, format, location,
                                        location_description, date_added, date_modified)
         VALUES {} {MOVE_TO_LATER} RETURNING user_account_id, service_id, format, date_added",
        rows.join(", ")
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for m in moved {
        query = query
            .bind(m.user_account_id)
            .bind(m.service_id)
            .bind(m.latest.format.as_str())
            .bind(&m.latest.location)
            .bind(&m.latest.location_description)
            .bind(m.earliest)
            .bind(m.latest.at.unix());
    }
    // RETURNING promises no order: each row is matched to its position by key, read once.
    let mut first_reads = HashMap::new();
    for r in query.fetch_all(&mut **tx).await? {
        let key: (String, String, String) = (
            r.try_get("user_account_id")?,
            r.try_get("service_id")?,
            r.try_get("format")?,
        );
        first_reads.insert(key, r.try_get::<i64, _>("date_added")?);
    }
    moved
        .iter()
        .map(|m| {
            let key = (
                m.user_account_id.to_owned(),
                m.service_id.to_owned(),
                m.latest.format.as_str().to_owned(),
            );
            first_reads.get(&key).copied().ok_or_else(|| {
                StoreError::Corrupt("a moved reading position was not returned".into())
            })
        })
        .collect()
}

/// The position moves to a later event only: events may be recorded out of order (a
/// fixture's), and the position is where the latest one left the reader; its first date is
/// the earliest.
const MOVE_TO_LATER: &str = "ON CONFLICT (user_account_id, service_id, format) DO UPDATE SET
           location = CASE WHEN excluded.date_modified >= reading_positions.date_modified
                           THEN excluded.location ELSE reading_positions.location END,
           location_description = CASE WHEN excluded.date_modified >= reading_positions.date_modified
                           THEN excluded.location_description
                           ELSE reading_positions.location_description END,
           date_added = CASE WHEN excluded.date_added < reading_positions.date_added
                           THEN excluded.date_added ELSE reading_positions.date_added END,
           date_modified = CASE WHEN excluded.date_modified > reading_positions.date_modified
                           THEN excluded.date_modified ELSE reading_positions.date_modified END";

/// `record`, in a transaction of the caller's, with the event's id given: an event of that id
/// recorded already is not recorded twice, and moves the position no further than it did (a
/// fixture loaded again adds nothing).
pub async fn record_in(
    tx: &mut Transaction,
    event_id: &str,
    user_account_id: &str,
    event: &ReadingEvent,
) -> Result<(), StoreError> {
    let item = Recorded {
        event_id: event_id.to_owned(),
        user_account_id: user_account_id.to_owned(),
        event: event.clone(),
    };
    write_events(tx, std::slice::from_ref(&item)).await
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
