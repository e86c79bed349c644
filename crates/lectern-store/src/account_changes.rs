//! The record of what assistants and administrators changed on accounts: who, when, what, and
//! the state before and after, kept for administrators to read.

use lectern_domain::Timestamp;
use lectern_domain::ids;
use sqlx::{Any, Executor};

use crate::Connection;
use crate::StoreError;

/// One change, as recorded.
#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct AccountChange {
    pub change_id: String,
    pub user_account_id: String,
    pub site_id: String,
    /// The user name (or account id) of whoever made it.
    pub changed_by: String,
    pub changed_at: i64,
    /// What was done, e.g. `PUT /v2/accounts/{userIdentifier}`.
    pub action: String,
    /// JSON of the state before and after; None where there was none.
    pub before_state: Option<String>,
    pub after_state: Option<String>,
}

/// What to record: the account, who changed it, the action, and JSON before and after.
pub struct NewChange<'a> {
    pub user_account_id: &'a str,
    pub site_id: &'a str,
    pub changed_by: &'a str,
    pub action: &'a str,
    pub before: Option<serde_json::Value>,
    pub after: Option<serde_json::Value>,
}

/// An identifier that sorts in the order changes were recorded, even within one second (the
/// microseconds lead; a random part keeps two nodes' ids apart).
fn ordered_id() -> String {
    let micros = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_micros());
    format!("{micros:020}-{}", ids::new_id())
}

pub async fn record(conn: &mut Connection, c: NewChange<'_>) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO account_changes (change_id, user_account_id, site_id, changed_by, changed_at,
           action, before_state, after_state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(ordered_id())
    .bind(c.user_account_id)
    .bind(c.site_id)
    .bind(c.changed_by)
    .bind(Timestamp::now().unix())
    .bind(c.action)
    .bind(c.before.map(|v| v.to_string()))
    .bind(c.after.map(|v| v.to_string()))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// An account's changes, the latest first: up to `limit + 1` recorded before the change
/// `before` (a change id, which sorts by time).
pub async fn of_account<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    before: Option<&str>,
    limit: u32,
) -> Result<Vec<AccountChange>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT change_id, user_account_id, site_id, changed_by, changed_at, action, before_state,
                after_state
         FROM account_changes WHERE user_account_id = $1 AND ($2 IS NULL OR change_id < $2)
         ORDER BY change_id DESC LIMIT $3",
    )
    .bind(user_account_id)
    .bind(before)
    .bind(i64::from(limit) + 1)
    .fetch_all(e)
    .await?)
}

pub async fn count<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<u64, StoreError> {
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM account_changes WHERE user_account_id = $1")
            .bind(user_account_id)
            .fetch_one(e)
            .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}
