//! Marketing referrals (`POST /v2/utm`): which campaign brought a visitor, for the library's
//! own reports.

use lectern_domain::Timestamp;
use lectern_domain::ids;
use sqlx::{Any, Executor};

use crate::Connection;
use crate::StoreError;

/// A referral's UTM values.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct Referral {
    pub source: String,
    pub medium: Option<String>,
    pub campaign: Option<String>,
    pub term: Option<String>,
    pub content: Option<String>,
}

pub async fn record(
    conn: &mut Connection,
    api_key: &str,
    user_account_id: Option<&str>,
    r: &Referral,
) -> Result<String, StoreError> {
    let id = ids::new_id();
    sqlx::query(
        "INSERT INTO utm_referrals (referral_id, api_key, user_account_id, source, medium, campaign,
           term, content, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9)",
    )
    .bind(&id)
    .bind(api_key)
    .bind(user_account_id)
    .bind(&r.source)
    .bind(&r.medium)
    .bind(&r.campaign)
    .bind(&r.term)
    .bind(&r.content)
    .bind(Timestamp::now().unix())
    .execute(&mut *conn)
    .await?;
    Ok(id)
}

/// How many referrals each source brought, the most first.
pub async fn counts_by_source<'e>(
    e: impl Executor<'e, Database = Any>,
) -> Result<Vec<(String, i64)>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT source, COUNT(*) AS n FROM utm_referrals GROUP BY source ORDER BY n DESC, source",
    )
    .fetch_all(e)
    .await?)
}
