//! What bookmarks (`bookmarks`) and highlights (`highlights`) share: both are a reader's marks at
//! locations of a title in a format, with the same key (reader, title, format, location), the
//! same paging (by creation, then location), count and deletion; a highlight adds a colour, a
//! note and when it was last changed.

use lectern_domain::catalog::Format;
use lectern_domain::paging::Direction;
use sqlx::{Any, Executor};

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

    pub(crate) fn columns(self) -> &'static str {
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

// Statements that bind an optional float are not kept prepared (`persistent(false)` in
// `bookmarks` and `highlights`): through `Any`, PostgreSQL fixes
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

pub(crate) const WHERE_MARKS: &str = "user_account_id = $1 AND service_id = $2 AND format = $3";

/// One page of marks, oldest first, with one more row than `limit` when another page follows.
pub(crate) async fn page_rows<'e>(
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
