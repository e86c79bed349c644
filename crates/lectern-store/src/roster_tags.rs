//! An organization's roster tags (a district, a school, or both), and the tag a member carries.

use lectern_domain::paging::Direction;
use sqlx::{Any, Executor};

use crate::Connection;
use crate::keyset::Keyset;
use crate::{StoreError, Transaction};

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct RosterTag {
    pub roster_tag_id: i64,
    pub organization_id: String,
    pub district_name: Option<String>,
    pub school_name: Option<String>,
    pub created_at: i64,
}

const COLUMNS: &str = "roster_tag_id, organization_id, district_name, school_name, created_at";

pub async fn insert(conn: &mut Connection, tag: &RosterTag) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO roster_tags (roster_tag_id, organization_id, district_name, school_name, created_at)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(tag.roster_tag_id)
    .bind(&tag.organization_id)
    .bind(&tag.district_name)
    .bind(&tag.school_name)
    .bind(tag.created_at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// A tag of the organization; None when it has no such tag.
pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    organization_id: &str,
    roster_tag_id: i64,
) -> Result<Option<RosterTag>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM roster_tags WHERE organization_id = $1 AND roster_tag_id = $2"
    );
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(organization_id)
        .bind(roster_tag_id)
        .fetch_optional(e)
        .await?)
}

/// Every tag of the organization (to show members' tags with a page of them).
pub async fn all_of<'e>(
    e: impl Executor<'e, Database = Any>,
    organization_id: &str,
) -> Result<Vec<RosterTag>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM roster_tags WHERE organization_id = $1");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(organization_id)
        .fetch_all(e)
        .await?)
}

/// A page of the organization's tags by date added, continuing after `(created_at, id)`.
pub async fn page<'e>(
    e: impl Executor<'e, Database = Any>,
    organization_id: &str,
    direction: Direction,
    after: Option<(i64, i64)>,
    limit: u32,
) -> Result<Vec<RosterTag>, StoreError> {
    let keyset = Keyset {
        columns: &["created_at", "roster_tag_id"],
        direction,
    };
    let sql = format!(
        "SELECT {COLUMNS} FROM roster_tags WHERE organization_id = $1{}{}",
        keyset.after(after.is_some(), 2),
        keyset.order(limit)
    );
    let mut q = sqlx::query_as(sqlx::AssertSqlSafe(sql)).bind(organization_id);
    if let Some((at, id)) = after {
        q = q.bind(at).bind(id);
    }
    Ok(q.fetch_all(e).await?)
}

pub async fn count<'e>(
    e: impl Executor<'e, Database = Any>,
    organization_id: &str,
) -> Result<u64, StoreError> {
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM roster_tags WHERE organization_id = $1")
            .bind(organization_id)
            .fetch_one(e)
            .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// Gives an account a tag (or none), with the tag's names copied for the district and school
/// orders of the member lists.
pub async fn tag_account(
    tx: &mut Transaction,
    user_account_id: &str,
    tag: Option<&RosterTag>,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE users SET roster_tag_id = $1, district_sort = $2, school_sort = $3
         WHERE user_account_id = $4",
    )
    .bind(tag.map(|t| t.roster_tag_id))
    .bind(tag.and_then(|t| t.district_name.as_deref().map(sort_key)))
    .bind(tag.and_then(|t| t.school_name.as_deref().map(sort_key)))
    .bind(user_account_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// A tag's district or school name as members are sorted and filtered by it: regardless of
/// case.
pub fn sort_key(name: &str) -> String {
    name.to_lowercase()
}
