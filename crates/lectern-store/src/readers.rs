//! What the access rules need to know of a reader and their organization.

use lectern_domain::account::standing::DownloadTimeframe;
use lectern_domain::title_access::{OrganizationPolicy, ReaderFacts};
use lectern_domain::{Roles, Timestamp};
use sqlx::{Any, Executor, Row};

use crate::{StoreError, Transaction, flag};

pub async fn set_organization_policy(
    tx: &mut Transaction,
    organization_id: &str,
    p: OrganizationPolicy,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE organizations SET allow_search_downloads = $1, safe_search = $2,
         can_download_nimac = $3 WHERE organization_id = $4",
    )
    .bind(flag(p.allow_search_downloads))
    .bind(flag(p.safe_search))
    .bind(flag(p.can_download_nimac))
    .bind(organization_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The reader as the rules see them, with the downloads counted against their active
/// subscription's allowance; None for an unknown account.
pub async fn reader_facts<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    now: Timestamp,
) -> Result<Option<ReaderFacts>, StoreError> {
    let today = now.date();
    let sql = format!(
        "SELECT u.user_account_id, u.site_id, u.roles, u.country, u.allow_adult_content,
                u.organization_id, u.has_education_plan, {},
                o.allow_search_downloads, o.safe_search, o.can_download_nimac,
                s.num_books_allowed, s.download_timeframe,
                (SELECT COUNT(*) FROM downloads d WHERE d.user_account_id = u.user_account_id
                   AND d.status <> 'failed' AND d.created_at >= CASE
                     WHEN s.download_timeframe = 'entireSubscription' THEN s.start_at ELSE $3 END
                ) AS downloads_in_period
         FROM users u LEFT JOIN organizations o ON o.organization_id = u.organization_id
         LEFT JOIN subscriptions s ON s.subscription_id = (
             SELECT a.subscription_id FROM subscriptions a WHERE a.user_account_id = u.user_account_id
               AND a.start_date <= $2 AND (a.end_date IS NULL OR a.end_date >= $2)
             ORDER BY a.start_date DESC, a.subscription_id DESC LIMIT 1)
         WHERE u.user_account_id = $1",
        crate::accounts::standing_columns("u")
    );
    let row = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(user_account_id)
        .bind(&today)
        .bind(month_start(now).unix())
        .fetch_optional(e)
        .await?;
    let Some(r) = row else { return Ok(None) };
    let corrupt = |what: &str| StoreError::Corrupt(format!("user {user_account_id}: {what}"));
    let roles: String = r.try_get("roles")?;
    let organization_id: Option<String> = r.try_get("organization_id")?;
    let organization = match organization_id {
        Some(_) => Some(OrganizationPolicy {
            allow_search_downloads: r.try_get::<i64, _>("allow_search_downloads")? != 0,
            safe_search: r.try_get::<i64, _>("safe_search")? != 0,
            can_download_nimac: r.try_get::<i64, _>("can_download_nimac")? != 0,
        }),
        None => None,
    };
    let quota: Option<i64> = r.try_get("num_books_allowed")?;
    let quota_period = match r.try_get::<Option<String>, _>("download_timeframe")? {
        None => DownloadTimeframe::Monthly,
        Some(t) => t.parse().map_err(|_| corrupt("download timeframe"))?,
    };
    let used: i64 = r.try_get("downloads_in_period")?;
    Ok(Some(ReaderFacts {
        user_account_id: r.try_get("user_account_id")?,
        site_id: r.try_get("site_id")?,
        roles: Roles::from_stored(&roles).map_err(|_| corrupt("roles"))?,
        country: r.try_get("country")?,
        allow_adult_content: r.try_get::<i64, _>("allow_adult_content")? != 0,
        has_agreement: r.try_get::<i64, _>("has_agreement")? != 0,
        subscription_status: r
            .try_get::<String, _>("subscription_status")?
            .parse()
            .map_err(|_| corrupt("subscription status"))?,
        proof_of_disability_status: r
            .try_get::<String, _>("proof_of_disability_status")?
            .parse()
            .map_err(|_| corrupt("proof of disability status"))?,
        organization_id,
        organization,
        has_education_plan: r.try_get::<i64, _>("has_education_plan")? != 0,
        quota: quota.map(|q| u32::try_from(q).unwrap_or(u32::MAX)),
        quota_period,
        downloads_in_period: u32::try_from(used).unwrap_or(u32::MAX),
    }))
}

/// Midnight UTC on the first day of `now`'s month: the allowance is per calendar month.
pub fn month_start(now: Timestamp) -> Timestamp {
    use chrono::Datelike;
    chrono::DateTime::from_timestamp(now.unix(), 0)
        .and_then(|t| t.date_naive().with_day(1))
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map_or(now, |t| Timestamp::from_unix(t.and_utc().timestamp()))
}

/// An organization's policies that bear on its members; None for an unknown organization.
pub async fn organization_policy<'e>(
    e: impl Executor<'e, Database = Any>,
    organization_id: &str,
) -> Result<Option<OrganizationPolicy>, StoreError> {
    let row: Option<(i64, i64, i64)> = sqlx::query_as(
        "SELECT allow_search_downloads, safe_search, can_download_nimac FROM organizations
         WHERE organization_id = $1",
    )
    .bind(organization_id)
    .fetch_optional(e)
    .await?;
    Ok(row.map(|(search, safe, nimac)| OrganizationPolicy {
        allow_search_downloads: search != 0,
        safe_search: safe != 0,
        can_download_nimac: nimac != 0,
    }))
}
