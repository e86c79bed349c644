//! What the access rules need to know of a reader and their organization.

use lectern_domain::account::standing::DownloadTimeframe;
use lectern_domain::title_access::{OrganizationPolicy, ReaderFacts};
use lectern_domain::{Roles, Timestamp};
use sqlx::any::AnyRow;
use sqlx::{Any, Executor, Row};

use crate::StoreError;
use crate::sql::placeholders;

/// The reader as the rules see them, with the downloads counted against their active
/// subscription's allowance; None for an unknown account.
pub async fn reader_facts<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    now: Timestamp,
) -> Result<Option<ReaderFacts>, StoreError> {
    let ids = [user_account_id.to_owned()];
    Ok(reader_facts_of(e, &ids, now).await?.into_iter().next())
}

/// The readers of several accounts (a page of an organization's members), in no set order;
/// unknown accounts are left out.
pub async fn reader_facts_of<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_ids: &[String],
    now: Timestamp,
) -> Result<Vec<ReaderFacts>, StoreError> {
    if user_account_ids.is_empty() {
        return Ok(vec![]);
    }
    let today = now.date();
    // An organization's allowance, when it sets one, replaces the subscription's for its
    // members and counts by calendar month.
    let org_quota =
        "(u.member_kind IN ('organization', 'both') AND o.num_books_allowed IS NOT NULL)";
    let sql = format!(
        "SELECT u.user_account_id, u.site_id, u.roles, u.country, u.allow_adult_content,
                u.organization_id, u.has_education_plan, {standing},
                COALESCE(u.allow_search_downloads, o.allow_search_downloads) AS allow_search_downloads,
                COALESCE(u.safe_search, o.safe_search) AS safe_search,
                o.can_download_nimac, o.suspended,
                CASE WHEN {org_quota} THEN o.num_books_allowed ELSE s.num_books_allowed END
                  AS num_books_allowed,
                CASE WHEN {org_quota} THEN 'monthly' ELSE s.download_timeframe END
                  AS download_timeframe,
                (SELECT COUNT(*) FROM downloads d WHERE d.user_account_id = u.user_account_id
                   AND d.status <> 'failed' AND d.created_at >= CASE
                     WHEN {org_quota} THEN $2
                     WHEN s.download_timeframe = 'entireSubscription' THEN s.start_at ELSE $2 END
                ) AS downloads_in_period
         FROM users u LEFT JOIN organizations o ON o.organization_id = u.organization_id
         LEFT JOIN subscriptions s ON s.subscription_id = (
             SELECT a.subscription_id FROM subscriptions a WHERE a.user_account_id = u.user_account_id
               AND a.start_date <= $1 AND (a.end_date IS NULL OR a.end_date >= $1)
             ORDER BY a.start_date DESC, a.subscription_id DESC LIMIT 1)
         WHERE u.user_account_id IN ({ids})",
        standing = crate::accounts::standing_columns("u"),
        ids = placeholders(3, user_account_ids.len()),
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(today)
        .bind(month_start(now).unix());
    for id in user_account_ids {
        query = query.bind(id);
    }
    query.fetch_all(e).await?.iter().map(facts_of).collect()
}

fn facts_of(r: &AnyRow) -> Result<ReaderFacts, StoreError> {
    let user_account_id: String = r.try_get("user_account_id")?;
    let corrupt = |what: &str| StoreError::Corrupt(format!("user {user_account_id}: {what}"));
    let roles: String = r.try_get("roles")?;
    let organization_id: Option<String> = r.try_get("organization_id")?;
    let organization = match organization_id {
        Some(_) => Some(OrganizationPolicy {
            allow_search_downloads: r.try_get::<i64, _>("allow_search_downloads")? != 0,
            safe_search: r.try_get::<i64, _>("safe_search")? != 0,
            can_download_nimac: r.try_get::<i64, _>("can_download_nimac")? != 0,
            suspended: r.try_get::<i64, _>("suspended")? != 0,
        }),
        None => None,
    };
    let quota: Option<i64> = r.try_get("num_books_allowed")?;
    let quota_period = match r.try_get::<Option<String>, _>("download_timeframe")? {
        None => DownloadTimeframe::Monthly,
        Some(t) => t.parse().map_err(|_| corrupt("download timeframe"))?,
    };
    let used: i64 = r.try_get("downloads_in_period")?;
    Ok(ReaderFacts {
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
        user_account_id,
    })
}

/// Midnight UTC on the first day of `now`'s month: the allowance is per calendar month.
pub fn month_start(now: Timestamp) -> Timestamp {
    use chrono::Datelike;
    chrono::DateTime::from_timestamp(now.unix(), 0)
        .and_then(|t| t.date_naive().with_day(1))
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map_or(now, |t| Timestamp::from_unix(t.and_utc().timestamp()))
}
