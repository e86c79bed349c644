//! Titles assigned to organization members by their sponsors or the membership assistants, with
//! the sort keys of the title and the assigner kept on the row so that a member's assignments
//! page by keyset without reading every record.

use lectern_domain::Timestamp;
use lectern_domain::assigned_titles::AssignedSortOrder;
use lectern_domain::catalog::TitleRecord;
use lectern_domain::paging::Direction;
use sqlx::{Any, Executor, FromRow};

use crate::Connection;
use crate::StoreError;
use crate::keyset::{KeyPart, KeyedOrder, bind_key};
use crate::reading_list_entries::ListEntry;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Assignment {
    pub user_account_id: String,
    pub service_id: String,
    pub assigned_by: Option<String>,
    /// The assigner's display name when read (None once their account is gone).
    #[sqlx(default)]
    pub assigned_by_name: Option<String>,
    pub assigner_sort: String,
    pub title_sort: String,
    pub author_sort: String,
    pub date_assigned: i64,
    pub date_downloaded: Option<i64>,
}

impl Assignment {
    /// `record` assigned to `user_account_id` by `assigner` (id and display name) at `now`.
    pub fn of(
        record: &TitleRecord,
        user_account_id: &str,
        assigner: (&str, &str),
        now: Timestamp,
    ) -> Self {
        let keys = ListEntry::of(record, now);
        Assignment {
            user_account_id: user_account_id.to_owned(),
            service_id: record.service_id.clone(),
            assigned_by: Some(assigner.0.to_owned()),
            assigned_by_name: Some(assigner.1.to_owned()),
            assigner_sort: assigner.1.to_lowercase(),
            title_sort: keys.title_sort,
            author_sort: keys.author_sort,
            date_assigned: now.unix(),
            date_downloaded: None,
        }
    }
}

impl KeyedOrder<Assignment> for AssignedSortOrder {
    fn columns(self) -> &'static [&'static str] {
        match self {
            AssignedSortOrder::Title => &["a.title_sort", "a.service_id"],
            AssignedSortOrder::Author => &["a.author_sort", "a.title_sort", "a.service_id"],
            AssignedSortOrder::Assigner => &["a.assigner_sort", "a.date_assigned", "a.service_id"],
            AssignedSortOrder::AssignedDate => &["a.date_assigned", "a.service_id"],
            AssignedSortOrder::DownloadDate => &["COALESCE(a.date_downloaded, 0)", "a.service_id"],
        }
    }

    fn ints(self) -> &'static [bool] {
        match self {
            AssignedSortOrder::Title => &[false, false],
            AssignedSortOrder::Author => &[false, false, false],
            AssignedSortOrder::Assigner => &[false, true, false],
            AssignedSortOrder::AssignedDate | AssignedSortOrder::DownloadDate => &[true, false],
        }
    }

    fn key_of(self, a: &Assignment) -> Vec<KeyPart> {
        let id = KeyPart::Text(a.service_id.clone());
        let text = |s: &str| KeyPart::Text(s.to_owned());
        match self {
            AssignedSortOrder::Title => vec![text(&a.title_sort), id],
            AssignedSortOrder::Author => vec![text(&a.author_sort), text(&a.title_sort), id],
            AssignedSortOrder::Assigner => {
                vec![text(&a.assigner_sort), KeyPart::Int(a.date_assigned), id]
            }
            AssignedSortOrder::AssignedDate => vec![KeyPart::Int(a.date_assigned), id],
            AssignedSortOrder::DownloadDate => {
                vec![KeyPart::Int(a.date_downloaded.unwrap_or(0)), id]
            }
        }
    }
}

/// Assigns a title; one already assigned keeps its first assignment. False when it was.
pub async fn assign(conn: &mut Connection, a: &Assignment) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "INSERT INTO assigned_titles (user_account_id, service_id, assigned_by, assigner_sort,
           title_sort, author_sort, date_assigned)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (user_account_id, service_id) DO NOTHING",
    )
    .bind(&a.user_account_id)
    .bind(&a.service_id)
    .bind(&a.assigned_by)
    .bind(&a.assigner_sort)
    .bind(&a.title_sort)
    .bind(&a.author_sort)
    .bind(a.date_assigned)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes an assignment back; false when there was none.
pub async fn remove(
    conn: &mut Connection,
    user_account_id: &str,
    service_id: &str,
) -> Result<bool, StoreError> {
    let done =
        sqlx::query("DELETE FROM assigned_titles WHERE user_account_id = $1 AND service_id = $2")
            .bind(user_account_id)
            .bind(service_id)
            .execute(&mut *conn)
            .await?;
    Ok(done.rows_affected() == 1)
}

pub async fn is_assigned<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    service_id: &str,
) -> Result<bool, StoreError> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT 1 FROM assigned_titles WHERE user_account_id = $1 AND service_id = $2",
    )
    .bind(user_account_id)
    .bind(service_id)
    .fetch_optional(e)
    .await?;
    Ok(row.is_some())
}

/// Every title assigned to a member (the access rules lift the organization's limit on them).
pub async fn service_ids<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Vec<String>, StoreError> {
    let rows: Vec<(String,)> =
        sqlx::query_as("SELECT service_id FROM assigned_titles WHERE user_account_id = $1")
            .bind(user_account_id)
            .fetch_all(e)
            .await?;
    Ok(rows.into_iter().map(|(id,)| id).collect())
}

/// Notes the member's download of an assigned title (nothing when it is not assigned).
pub async fn mark_downloaded(
    conn: &mut Connection,
    user_account_id: &str,
    service_id: &str,
    at: Timestamp,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE assigned_titles SET date_downloaded = $3
         WHERE user_account_id = $1 AND service_id = $2",
    )
    .bind(user_account_id)
    .bind(service_id)
    .bind(at.unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A page of a member's assignments: up to `limit + 1`, after `after`'s key.
pub async fn page<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    sort: AssignedSortOrder,
    direction: Direction,
    after: Option<&[KeyPart]>,
    limit: u32,
) -> Result<Vec<Assignment>, StoreError> {
    let keyset = sort.keyset(direction);
    let sql = format!(
        "SELECT a.user_account_id, a.service_id, a.assigned_by,
                u.first_name || ' ' || u.last_name AS assigned_by_name, a.assigner_sort,
                a.title_sort, a.author_sort, a.date_assigned, a.date_downloaded
         FROM assigned_titles a LEFT JOIN users u ON u.user_account_id = a.assigned_by
         WHERE a.user_account_id = $1{}{}",
        keyset.after(after.is_some(), 2),
        keyset.order(limit)
    );
    let query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(user_account_id);
    let query = match after {
        Some(key) => bind_key(query, key),
        None => query,
    };
    let rows = query.fetch_all(e).await?;
    Ok(rows
        .iter()
        .map(Assignment::from_row)
        .collect::<Result<_, _>>()?)
}

pub async fn count<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<u64, StoreError> {
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM assigned_titles WHERE user_account_id = $1")
            .bind(user_account_id)
            .fetch_one(e)
            .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// Which of `user_account_ids` have `service_id` assigned.
pub async fn members_assigned<'e>(
    e: impl Executor<'e, Database = Any>,
    service_id: &str,
    user_account_ids: &[String],
) -> Result<Vec<String>, StoreError> {
    if user_account_ids.is_empty() {
        return Ok(vec![]);
    }
    let sql = format!(
        "SELECT user_account_id FROM assigned_titles WHERE service_id = $1
         AND user_account_id IN ({})",
        crate::sql::placeholders(2, user_account_ids.len())
    );
    let mut q = sqlx::query_as::<_, (String,)>(sqlx::AssertSqlSafe(sql)).bind(service_id);
    for id in user_account_ids {
        q = q.bind(id);
    }
    Ok(q.fetch_all(e).await?.into_iter().map(|(id,)| id).collect())
}
