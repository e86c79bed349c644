//! The record of what assistants and administrators changed on accounts: who, when, what, and
//! the state before and after, kept for administrators to read.

use lectern_domain::Timestamp;
use lectern_domain::ids;
use sqlx::{Any, Executor};

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

pub async fn record<'e>(
    e: impl Executor<'e, Database = Any>,
    c: NewChange<'_>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO account_changes (change_id, user_account_id, site_id, changed_by, changed_at,
           action, before_state, after_state)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(ids::new_id())
    .bind(c.user_account_id)
    .bind(c.site_id)
    .bind(c.changed_by)
    .bind(Timestamp::now().unix())
    .bind(c.action)
    .bind(c.before.map(|v| v.to_string()))
    .bind(c.after.map(|v| v.to_string()))
    .execute(e)
    .await?;
    Ok(())
}

/// An account's changes, the latest first.
pub async fn of_account<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Vec<AccountChange>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT change_id, user_account_id, site_id, changed_by, changed_at, action, before_state,
                after_state
         FROM account_changes WHERE user_account_id = $1 ORDER BY changed_at DESC, change_id DESC",
    )
    .bind(user_account_id)
    .fetch_all(e)
    .await?)
}
