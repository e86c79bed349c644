//! Mail the server sends, kept in the store: a request to a competent authority, for now. An
//! operator's mailer (or `lectern admin outbox`) reads what is unsent and marks it sent, so no
//! mail server is needed to run Lectern or to test it.

use lectern_domain::Timestamp;
use lectern_domain::ids;
use sqlx::{Any, Executor};

use crate::Connection;
use crate::StoreError;

#[derive(Debug, Clone, PartialEq, Eq, sqlx::FromRow)]
pub struct Message {
    pub message_id: String,
    pub site_id: String,
    pub recipient: String,
    pub subject: String,
    pub body: String,
    pub created_at: i64,
    pub sent_at: Option<i64>,
}

/// Queues a message; its identifier.
pub async fn enqueue(
    conn: &mut Connection,
    site_id: &str,
    recipient: &str,
    subject: &str,
    body: &str,
) -> Result<String, StoreError> {
    let id = ids::new_id();
    sqlx::query(
        "INSERT INTO outbox (message_id, site_id, recipient, subject, body, created_at)
         VALUES ($1, $2, $3, $4, $5, $6)",
    )
    .bind(&id)
    .bind(site_id)
    .bind(recipient)
    .bind(subject)
    .bind(body)
    .bind(Timestamp::now().unix())
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

/// Messages not yet sent, the oldest first.
pub async fn unsent<'e>(e: impl Executor<'e, Database = Any>) -> Result<Vec<Message>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT message_id, site_id, recipient, subject, body, created_at, sent_at FROM outbox
         WHERE sent_at IS NULL ORDER BY created_at, message_id",
    )
    .fetch_all(e)
    .await?)
}

/// Messages to one recipient, the newest first.
pub async fn to_recipient<'e>(
    e: impl Executor<'e, Database = Any>,
    recipient: &str,
) -> Result<Vec<Message>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT message_id, site_id, recipient, subject, body, created_at, sent_at FROM outbox
         WHERE recipient = $1 ORDER BY created_at DESC, message_id DESC",
    )
    .bind(recipient)
    .fetch_all(e)
    .await?)
}

/// Marks a message sent; false when it was unknown or sent already.
pub async fn mark_sent(conn: &mut Connection, message_id: &str) -> Result<bool, StoreError> {
    let done =
        sqlx::query("UPDATE outbox SET sent_at = $2 WHERE message_id = $1 AND sent_at IS NULL")
            .bind(message_id)
            .bind(Timestamp::now().unix())
            .execute(&mut *conn)
            .await?;
    Ok(done.rows_affected() == 1)
}
