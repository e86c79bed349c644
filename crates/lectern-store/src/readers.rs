//! What the access rules need to know of a reader and their organization.

use lectern_domain::title_access::{OrganizationPolicy, ReaderFacts};
use lectern_domain::{Roles, Timestamp};
use sqlx::{Any, Executor, Row};

use crate::{StoreError, Transaction, flag};

/// A reader's own settings that the rules read.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct ReaderPolicy {
    pub allow_adult_content: bool,
    pub has_education_plan: bool,
    /// Downloads allowed per calendar month; None: unlimited.
    pub monthly_quota: Option<u32>,
}

pub async fn set_reader_policy(
    tx: &mut Transaction,
    user_account_id: &str,
    p: ReaderPolicy,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE users SET allow_adult_content = $1, has_education_plan = $2, monthly_quota = $3
         WHERE user_account_id = $4",
    )
    .bind(flag(p.allow_adult_content))
    .bind(flag(p.has_education_plan))
    .bind(p.monthly_quota.map(i64::from))
    .bind(user_account_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

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

/// The reader as the rules see them, with this calendar month's downloads counted; None for an
/// unknown account.
pub async fn reader_facts<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    now: Timestamp,
) -> Result<Option<ReaderFacts>, StoreError> {
    let row = sqlx::query(
        "SELECT u.user_account_id, u.site_id, u.roles, u.country, u.allow_adult_content,
                u.has_agreement, u.subscription_status, u.proof_of_disability_status,
                u.organization_id, u.has_education_plan, u.monthly_quota,
                o.allow_search_downloads, o.safe_search, o.can_download_nimac,
                (SELECT COUNT(*) FROM downloads d WHERE d.user_account_id = u.user_account_id
                   AND d.created_at >= $2 AND d.status <> 'failed') AS downloads_this_month
         FROM users u LEFT JOIN organizations o ON o.organization_id = u.organization_id
         WHERE u.user_account_id = $1",
    )
    .bind(user_account_id)
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
    let quota: Option<i64> = r.try_get("monthly_quota")?;
    let used: i64 = r.try_get("downloads_this_month")?;
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
        downloads_this_month: u32::try_from(used).unwrap_or(u32::MAX),
        monthly_quota: quota.map(|q| u32::try_from(q).unwrap_or(u32::MAX)),
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
