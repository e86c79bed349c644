//! Accounts linked to a partner's identity (issuer and subject of its identity tokens), one per
//! site.

use lectern_domain::Timestamp;
use sqlx::{Any, Executor};

use crate::Connection;
use crate::StoreError;

/// The partner's identity, as its tokens name it.
pub struct PartnerSubject<'a> {
    pub site_id: &'a str,
    pub issuer: &'a str,
    pub subject: &'a str,
}

/// Links the identity to the account; false when it is linked to an account already.
pub async fn link(
    conn: &mut Connection,
    who: &PartnerSubject<'_>,
    user_account_id: &str,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "INSERT INTO partner_identities (site_id, issuer, subject, user_account_id, created_at)
         VALUES ($1, $2, $3, $4, $5) ON CONFLICT DO NOTHING",
    )
    .bind(who.site_id)
    .bind(who.issuer)
    .bind(who.subject)
    .bind(user_account_id)
    .bind(Timestamp::now().unix())
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// The account the identity is linked to on the site, if any.
pub async fn account_of<'e>(
    e: impl Executor<'e, Database = Any>,
    who: &PartnerSubject<'_>,
) -> Result<Option<String>, StoreError> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT user_account_id FROM partner_identities
         WHERE site_id = $1 AND issuer = $2 AND subject = $3",
    )
    .bind(who.site_id)
    .bind(who.issuer)
    .bind(who.subject)
    .fetch_optional(e)
    .await?;
    Ok(row.map(|(id,)| id))
}

/// Records an identity assertion as used, until it expires; false when it was used before.
pub async fn spend_assertion(
    conn: &mut Connection,
    assertion_key: &str,
    expires_at: i64,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "INSERT INTO spent_assertions (assertion_key, expires_at) VALUES ($1, $2)
         ON CONFLICT (assertion_key) DO NOTHING",
    )
    .bind(assertion_key)
    .bind(expires_at)
    .execute(&mut *conn)
    .await?;
    Ok(done.rows_affected() == 1)
}
