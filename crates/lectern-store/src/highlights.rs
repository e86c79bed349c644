//! Highlights: a reader's marked passages of a title in a format, each with a colour and a note.
//! Their paging, count and deletion are shared with bookmarks (`marks`).

use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::reading::{Highlight, HighlightColor, PassageEnd};
use sqlx::{Any, Executor, Row};

use crate::Connection;
use crate::StoreError;
use crate::bookmarks::bookmark;
use crate::marks::{MarkQuery, Marks, WHERE_MARKS, page_rows};

/// One page of the reader's highlights in a title and format, oldest first.
pub async fn highlights<'e>(
    e: impl Executor<'e, Database = Any>,
    q: &MarkQuery<'_>,
) -> Result<Vec<Highlight>, StoreError> {
    page_rows(e, Marks::Highlights, q)
        .await?
        .iter()
        .map(highlight)
        .collect()
}

/// Creates a highlight; one at the same location already is a unique violation (a 409).
pub async fn insert_highlight(
    conn: &mut Connection,
    user_account_id: &str,
    h: &Highlight,
) -> Result<(), StoreError> {
    write_highlight(&mut *conn, user_account_id, h, "").await
}

/// Creates or replaces a highlight (a fixture's).
pub async fn put_highlight(
    conn: &mut Connection,
    user_account_id: &str,
    h: &Highlight,
) -> Result<(), StoreError> {
    write_highlight(
        &mut *conn,
        user_account_id,
        h,
        "ON CONFLICT (user_account_id, service_id, format, location) DO UPDATE SET
           text = excluded.text, position = excluded.position,
           progression = excluded.progression, total_progression = excluded.total_progression,
           color = excluded.color, note = excluded.note, date_updated = excluded.date_updated,
           end_location = excluded.end_location, end_position = excluded.end_position,
           end_progression = excluded.end_progression,
           end_total_progression = excluded.end_total_progression",
    )
    .await
}

async fn write_highlight(
    conn: &mut Connection,
    user_account_id: &str,
    h: &Highlight,
    on_conflict: &'static str,
) -> Result<(), StoreError> {
    let m = &h.mark;
    let sql = format!(
        "INSERT INTO highlights (user_account_id, service_id, format, location, text, position,
                                 progression, total_progression, color, note, date_created,
                                 date_updated, end_location, end_position, end_progression,
                                 end_total_progression)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
         {on_conflict}"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(user_account_id)
        .bind(&m.service_id)
        .bind(m.format.as_str())
        .bind(&m.location)
        .bind(&m.text)
        .bind(m.position)
        .bind(m.progression)
        .bind(m.total_progression)
        .bind(h.color.as_str())
        .bind(&h.note)
        .bind(m.date_created.unix())
        .bind(h.date_updated.unix())
        .bind(&h.end.location)
        .bind(h.end.position)
        .bind(h.end.progression)
        .bind(h.end.total_progression)
        .persistent(false)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// The highlight at a location, if there is one.
pub async fn highlight_at<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    service_id: &str,
    format: Format,
    location: &str,
) -> Result<Option<Highlight>, StoreError> {
    let sql = format!(
        "SELECT {} FROM highlights WHERE {WHERE_MARKS} AND location = $4",
        Marks::Highlights.columns()
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(user_account_id)
        .bind(service_id)
        .bind(format.as_str())
        .bind(location)
        .fetch_optional(e)
        .await?
        .as_ref()
        .map(highlight)
        .transpose()
}

/// Replaces what a highlight says (its text, places, colour and note); whether it existed.
pub async fn update_highlight(
    conn: &mut Connection,
    user_account_id: &str,
    h: &Highlight,
) -> Result<bool, StoreError> {
    let m = &h.mark;
    let done = sqlx::query(
        "UPDATE highlights SET text = $5, position = $6, progression = $7, total_progression = $8,
                color = $9, note = $10, date_updated = $11, end_location = $12,
                end_position = $13, end_progression = $14, end_total_progression = $15
         WHERE user_account_id = $1 AND service_id = $2 AND format = $3 AND location = $4",
    )
    .bind(user_account_id)
    .bind(&m.service_id)
    .bind(m.format.as_str())
    .bind(&m.location)
    .bind(&m.text)
    .bind(m.position)
    .bind(m.progression)
    .bind(m.total_progression)
    .bind(h.color.as_str())
    .bind(&h.note)
    .bind(h.date_updated.unix())
    .bind(&h.end.location)
    .bind(h.end.position)
    .bind(h.end.progression)
    .bind(h.end.total_progression)
    .persistent(false)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() > 0)
}

fn highlight(r: &sqlx::any::AnyRow) -> Result<Highlight, StoreError> {
    let color: String = r.try_get("color")?;
    Ok(Highlight {
        mark: bookmark(r)?,
        color: color
            .parse::<HighlightColor>()
            .map_err(StoreError::Corrupt)?,
        note: r.try_get("note")?,
        date_updated: Timestamp::from_unix(r.try_get("date_updated")?),
        end: PassageEnd {
            location: r.try_get("end_location")?,
            position: r.try_get("end_position")?,
            progression: r.try_get("end_progression")?,
            total_progression: r.try_get("end_total_progression")?,
        },
    })
}
