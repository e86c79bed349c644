//! Bookmarks: a reader's marks at locations of a title in a format. Their paging, count and
//! deletion are shared with highlights (`marks`).

use lectern_domain::Timestamp;
use lectern_domain::reading::Bookmark;
use sqlx::{Any, Executor, Row};

use crate::Connection;
use crate::StoreError;
use crate::marks::{MarkQuery, Marks, page_rows};

/// One page of the reader's bookmarks in a title and format, oldest first.
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

/// A bookmark from its row (a highlight's row holds one too).
pub(crate) fn bookmark(r: &sqlx::any::AnyRow) -> Result<Bookmark, StoreError> {
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
