//! Bookmarks and highlights: a reader's marks at locations of a title in a format. Both tables
//! share their key (reader, title, format, location) and their paging (by creation, then
//! location); a highlight adds a colour, a note and when it was last changed.

use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::paging::Direction;
use lectern_domain::reading::{Bookmark, Highlight, HighlightColor, PassageEnd};
use sqlx::{Any, Executor, Row};

use crate::Connection;
use crate::StoreError;
use crate::keyset::Keyset;

/// Which marks.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Marks {
    Bookmarks,
    Highlights,
}

impl Marks {
    fn table(self) -> &'static str {
        match self {
            Marks::Bookmarks => "bookmarks",
            Marks::Highlights => "highlights",
        }
    }

    fn columns(self) -> &'static str {
        match self {
            Marks::Bookmarks => MARK_COLUMNS,
            Marks::Highlights => concat!(
                "service_id, format, location, text, position, progression, total_progression, ",
                "date_created, color, note, date_updated, end_location, end_position, ",
                "end_progression, end_total_progression"
            ),
        }
    }
}

// Statements that bind an optional float are not kept prepared: through `Any`, PostgreSQL fixes
// a parameter's type when the statement is first prepared, and a NULL bound first gives it a type
// that a float later does not fit ("incorrect binary data format").

const MARK_COLUMNS: &str =
    "service_id, format, location, text, position, progression, total_progression, date_created";

/// The marks of one reader in one title and format.
pub struct MarkQuery<'a> {
    pub user_account_id: &'a str,
    pub service_id: &'a str,
    pub format: Format,
    /// The (date created, location) of the last mark of the previous page.
    pub after: Option<(i64, String)>,
    pub limit: u32,
}

const KEYSET: Keyset<'static> = Keyset {
    columns: &["date_created", "location"],
    direction: Direction::Asc,
};

const WHERE_MARKS: &str = "user_account_id = $1 AND service_id = $2 AND format = $3";

/// One page of marks, oldest first, with one more row than `limit` when another page follows.
async fn page_rows<'e>(
    e: impl Executor<'e, Database = Any>,
    marks: Marks,
    q: &MarkQuery<'_>,
) -> Result<Vec<sqlx::any::AnyRow>, StoreError> {
    let sql = format!(
        "SELECT {} FROM {} WHERE {WHERE_MARKS}{}{}",
        marks.columns(),
        marks.table(),
        KEYSET.after(q.after.is_some(), 4),
        KEYSET.order(q.limit)
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(q.user_account_id)
        .bind(q.service_id)
        .bind(q.format.as_str());
    if let Some((created, location)) = &q.after {
        query = query.bind(*created).bind(location.as_str());
    }
    Ok(query.fetch_all(e).await?)
}

pub async fn count<'e>(
    e: impl Executor<'e, Database = Any>,
    marks: Marks,
    q: &MarkQuery<'_>,
) -> Result<u64, StoreError> {
    let sql = format!("SELECT COUNT(*) FROM {} WHERE {WHERE_MARKS}", marks.table());
    let n: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(q.user_account_id)
        .bind(q.service_id)
        .bind(q.format.as_str())
        .fetch_one(e)
        .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// Deletes the mark at a location; whether there was one.
pub async fn delete(
    conn: &mut Connection,
    marks: Marks,
    user_account_id: &str,
    service_id: &str,
    format: Format,
    location: &str,
) -> Result<bool, StoreError> {
    let sql = format!(
        "DELETE FROM {} WHERE {WHERE_MARKS} AND location = $4",
        marks.table()
    );
    let done = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(user_account_id)
        .bind(service_id)
        .bind(format.as_str())
        .bind(location)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() > 0)
}

pub async fn bookmarks<'e>(
    e: impl Executor<'e, Database = Any>,
    q: &MarkQuery<'_>,
) -> Result<Vec<Bookmark>, StoreError> {
    page_rows(e, Marks::Bookmarks, q)
        .await?
        .iter()
        .map(bookmark)
        .collect()
}

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

/// Saves a bookmark; one at the same location is updated (its creation date kept).
pub async fn save_bookmark(
    conn: &mut Connection,
    user_account_id: &str,
    b: &Bookmark,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO bookmarks (user_account_id, service_id, format, location, text, position,
                                progression, total_progression, date_created)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)
         ON CONFLICT (user_account_id, service_id, format, location) DO UPDATE SET
           text = excluded.text, position = excluded.position,
           progression = excluded.progression, total_progression = excluded.total_progression",
    )
    .bind(user_account_id)
    .bind(&b.service_id)
    .bind(b.format.as_str())
    .bind(&b.location)
    .bind(&b.text)
    .bind(b.position)
    .bind(b.progression)
    .bind(b.total_progression)
    .bind(b.date_created.unix())
    .persistent(false)
    .execute(&mut *conn)
    .await?;
    Ok(())
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

fn bookmark(r: &sqlx::any::AnyRow) -> Result<Bookmark, StoreError> {
    let format: String = r.try_get("format")?;
    Ok(Bookmark {
        service_id: r.try_get("service_id")?,
        format: format.parse().map_err(StoreError::Corrupt)?,
        location: r.try_get("location")?,
        text: r.try_get("text")?,
        position: r.try_get("position")?,
        progression: r.try_get("progression")?,
        total_progression: r.try_get("total_progression")?,
        date_created: Timestamp::from_unix(r.try_get("date_created")?),
    })
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
