//! A member's tokens of a partner's drive. Kept as given (a hash could not be presented to the
//! drive), readable only by the server, and removed when the member disconnects.

use lectern_domain::Timestamp;
use sqlx::{Any, Executor};

use crate::Connection;
use crate::StoreError;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct PartnerToken {
    pub access_token: String,
    pub token_type: String,
    pub refresh_token: Option<String>,
    /// Unix seconds; None: the drive gave no lifetime
    pub expires_at: Option<i64>,
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Option<PartnerToken>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT access_token, token_type, refresh_token, expires_at FROM partner_tokens
         WHERE user_account_id = $1",
    )
    .bind(user_account_id)
    .fetch_optional(e)
    .await?)
}

pub async fn put(
    conn: &mut Connection,
    user_account_id: &str,
    t: &PartnerToken,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO partner_tokens (user_account_id, access_token, token_type, refresh_token,
           expires_at, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_account_id) DO UPDATE SET access_token = excluded.access_token,
           token_type = excluded.token_type, refresh_token = excluded.refresh_token,
           expires_at = excluded.expires_at",
    )
    .bind(user_account_id)
    .bind(&t.access_token)
    .bind(&t.token_type)
    .bind(&t.refresh_token)
    .bind(t.expires_at)
    .bind(Timestamp::now().unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Forgets an account's tokens; false when there were none.
pub async fn remove(conn: &mut Connection, user_account_id: &str) -> Result<bool, StoreError> {
    let done = sqlx::query("DELETE FROM partner_tokens WHERE user_account_id = $1")
        .bind(user_account_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}
