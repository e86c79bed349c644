//! Subscriptions, their types and promotion codes: the records `subscriptionStatus` and the
//! download allowance are derived from.

use lectern_domain::Timestamp;
use lectern_domain::account::standing::{
    DownloadTimeframe, PromoCode, Subscription, SubscriptionTerms, SubscriptionType,
};
use lectern_domain::paging::Direction;
use sqlx::{Any, Executor};

use crate::Connection;
use crate::keyset::{KeyPart, Keyset, bind_key};
use crate::{StoreError, Transaction};

#[derive(sqlx::FromRow)]
struct Row {
    subscription_id: String,
    user_account_id: String,
    subscription_type: String,
    start_date: String,
    end_date: Option<String>,
    num_books_allowed: Option<i64>,
    download_timeframe: Option<String>,
    notes: Option<String>,
    price: i64,
    promo_code: Option<String>,
    credits_used: i64,
}

fn timeframe(raw: Option<String>, what: &str) -> Result<Option<DownloadTimeframe>, StoreError> {
    raw.map(|t| t.parse())
        .transpose()
        .map_err(|e| StoreError::Corrupt(format!("{what}: {e}")))
}

fn books(n: Option<i64>) -> Option<u32> {
    n.map(|n| u32::try_from(n).unwrap_or(u32::MAX))
}

impl TryFrom<Row> for Subscription {
    type Error = StoreError;
    fn try_from(r: Row) -> Result<Self, StoreError> {
        Ok(Subscription {
            terms: SubscriptionTerms {
                subscription_type: r.subscription_type,
                start_date: r.start_date,
                end_date: r.end_date,
                num_books_allowed: books(r.num_books_allowed),
                download_timeframe: timeframe(
                    r.download_timeframe,
                    &format!("subscription {}", r.subscription_id),
                )?,
                notes: r.notes,
            },
            subscription_id: r.subscription_id,
            user_account_id: r.user_account_id,
            price: r.price,
            promo_code: r.promo_code,
            credits_used: r.credits_used,
        })
    }
}

const COLUMNS: &str = "subscription_id, user_account_id, subscription_type, start_date, end_date, \
    num_books_allowed, download_timeframe, notes, price, promo_code, credits_used";

/// Midnight UTC of a `YYYY-MM-DD` date.
fn start_instant(date: &str) -> Result<i64, StoreError> {
    Timestamp::parse(date)
        .map(Timestamp::unix)
        .map_err(|_| StoreError::Corrupt(format!("subscription start '{date}'")))
}

/// Records a subscription, or rewrites the one with its identifier.
pub async fn put(
    conn: &mut Connection,
    s: &Subscription,
    created_by: Option<&str>,
) -> Result<(), StoreError> {
    let t = &s.terms;
    sqlx::query(
        "INSERT INTO subscriptions (subscription_id, user_account_id, subscription_type, start_date,
           start_at, end_date, num_books_allowed, download_timeframe, notes, price, promo_code,
           credits_used, created_by, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)
         ON CONFLICT (subscription_id) DO UPDATE SET subscription_type = excluded.subscription_type,
           start_date = excluded.start_date, start_at = excluded.start_at,
           end_date = excluded.end_date, num_books_allowed = excluded.num_books_allowed,
           download_timeframe = excluded.download_timeframe, notes = excluded.notes",
    )
    .bind(&s.subscription_id)
    .bind(&s.user_account_id)
    .bind(&t.subscription_type)
    .bind(&t.start_date)
    .bind(start_instant(&t.start_date)?)
    .bind(&t.end_date)
    .bind(t.num_books_allowed.map(i64::from))
    .bind(t.download_timeframe.map(DownloadTimeframe::as_str))
    .bind(&t.notes)
    .bind(s.price)
    .bind(&s.promo_code)
    .bind(s.credits_used)
    .bind(created_by)
    .bind(Timestamp::now().unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    subscription_id: &str,
) -> Result<Option<Subscription>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM subscriptions WHERE user_account_id = $1 AND subscription_id = $2"
    );
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_account_id)
        .bind(subscription_id)
        .fetch_optional(e)
        .await?;
    row.map(Subscription::try_from).transpose()
}

/// The subscription in force on `today`: the one that started last.
pub async fn active<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    today: &str,
) -> Result<Option<Subscription>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM subscriptions WHERE user_account_id = $1 AND start_date <= $2
           AND (end_date IS NULL OR end_date >= $2)
         ORDER BY start_date DESC, subscription_id DESC LIMIT 1"
    );
    let row: Option<Row> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_account_id)
        .bind(today)
        .fetch_optional(e)
        .await?;
    row.map(Subscription::try_from).transpose()
}

const ORDER: Keyset<'static> = Keyset {
    columns: &["start_date", "subscription_id"],
    direction: lectern_domain::paging::Direction::Desc,
};

/// A page of an account's subscriptions, the latest start first: up to `limit + 1` after the
/// key `(startDate, subscriptionId)`.
pub async fn page<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    after: Option<&[KeyPart]>,
    limit: u32,
) -> Result<Vec<Subscription>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM subscriptions WHERE user_account_id = $1{}{}",
        ORDER.after(after.is_some(), 2),
        ORDER.order(limit)
    );
    let query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(user_account_id);
    let query = match after {
        Some(key) => bind_key(query, key),
        None => query,
    };
    let rows = query.fetch_all(e).await?;
    rows.iter()
        .map(|r| <Row as sqlx::FromRow<_>>::from_row(r).map_err(StoreError::from))
        .map(|r| r.and_then(Subscription::try_from))
        .collect()
}

/// The sort key a subscription's page token carries.
pub fn key_of(s: &Subscription) -> Vec<KeyPart> {
    vec![
        KeyPart::Text(s.terms.start_date.clone()),
        KeyPart::Text(s.subscription_id.clone()),
    ]
}

pub async fn count<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<u64, StoreError> {
    let (n,): (i64,) =
        sqlx::query_as("SELECT COUNT(*) FROM subscriptions WHERE user_account_id = $1")
            .bind(user_account_id)
            .fetch_one(e)
            .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}

#[derive(sqlx::FromRow)]
struct TypeRow {
    name: String,
    description: String,
    price: Option<i64>,
    duration_days: Option<i64>,
    num_books_allowed: Option<i64>,
    download_timeframe: Option<String>,
}

impl TryFrom<TypeRow> for SubscriptionType {
    type Error = StoreError;
    fn try_from(r: TypeRow) -> Result<Self, StoreError> {
        Ok(SubscriptionType {
            download_timeframe: timeframe(r.download_timeframe, &format!("type {}", r.name))?,
            name: r.name,
            description: r.description,
            price: r.price,
            duration_days: r.duration_days,
            num_books_allowed: books(r.num_books_allowed),
        })
    }
}

/// Every subscription type, by name.
pub async fn types<'e>(
    e: impl Executor<'e, Database = Any>,
) -> Result<Vec<SubscriptionType>, StoreError> {
    let rows: Vec<TypeRow> = sqlx::query_as(
        "SELECT name, description, price, duration_days, num_books_allowed, download_timeframe
         FROM subscription_types ORDER BY name",
    )
    .fetch_all(e)
    .await?;
    rows.into_iter().map(SubscriptionType::try_from).collect()
}

/// A page of the subscription types by name, after `after` (`limit + 1` rows at most).
pub async fn types_page<'e>(
    e: impl Executor<'e, Database = Any>,
    after: Option<&str>,
    limit: u32,
) -> Result<Vec<SubscriptionType>, StoreError> {
    let keyset = Keyset {
        columns: &["name"],
        direction: Direction::Asc,
    };
    let sql = format!(
        "SELECT name, description, price, duration_days, num_books_allowed, download_timeframe \
         FROM subscription_types WHERE 1 = 1{}{}",
        keyset.after(after.is_some(), 1),
        keyset.order(limit)
    );
    let mut query = sqlx::query_as::<_, TypeRow>(sqlx::AssertSqlSafe(sql));
    if let Some(name) = after {
        query = query.bind(name);
    }
    let rows = query.fetch_all(e).await?;
    rows.into_iter().map(SubscriptionType::try_from).collect()
}

/// How many subscription types there are.
pub async fn types_count<'e>(e: impl Executor<'e, Database = Any>) -> Result<u64, StoreError> {
    let n: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM subscription_types")
        .fetch_one(e)
        .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// Adds a subscription type or rewrites the one of its name.
pub async fn put_type(conn: &mut Connection, t: &SubscriptionType) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO subscription_types (name, description, price, duration_days, num_books_allowed, download_timeframe)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (name) DO UPDATE SET description = excluded.description, price = excluded.price,
           duration_days = excluded.duration_days, num_books_allowed = excluded.num_books_allowed,
           download_timeframe = excluded.download_timeframe",
    )
    .bind(&t.name)
    .bind(&t.description)
    .bind(t.price)
    .bind(t.duration_days)
    .bind(t.num_books_allowed.map(i64::from))
    .bind(t.download_timeframe.map(DownloadTimeframe::as_str))
    .execute(&mut *conn)
    .await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
struct PromoRow {
    code: String,
    site_id: String,
    subscription_type: Option<String>,
    percent_off: i64,
    uses_left: Option<i64>,
    expires_on: Option<String>,
}

/// A promotion code of a site, by its text in any case.
pub async fn promo_code<'e>(
    e: impl Executor<'e, Database = Any>,
    site_id: &str,
    code: &str,
) -> Result<Option<PromoCode>, StoreError> {
    let row: Option<PromoRow> = sqlx::query_as(
        "SELECT code, site_id, subscription_type, percent_off, uses_left, expires_on
         FROM promo_codes WHERE code_key = $1 AND site_id = $2",
    )
    .bind(code.to_lowercase())
    .bind(site_id)
    .fetch_optional(e)
    .await?;
    Ok(row.map(|r| PromoCode {
        code: r.code,
        site_id: r.site_id,
        subscription_type: r.subscription_type,
        percent_off: u32::try_from(r.percent_off).unwrap_or(0),
        uses_left: r.uses_left.map(|u| u32::try_from(u).unwrap_or(0)),
        expires_on: r.expires_on,
    }))
}

pub async fn put_promo_code(conn: &mut Connection, p: &PromoCode) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO promo_codes (code_key, code, site_id, subscription_type, percent_off, uses_left, expires_on)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (code_key) DO UPDATE SET code = excluded.code, site_id = excluded.site_id,
           subscription_type = excluded.subscription_type, percent_off = excluded.percent_off,
           uses_left = excluded.uses_left, expires_on = excluded.expires_on",
    )
    .bind(p.code.to_lowercase())
    .bind(&p.code)
    .bind(&p.site_id)
    .bind(&p.subscription_type)
    .bind(i64::from(p.percent_off))
    .bind(p.uses_left.map(i64::from))
    .bind(&p.expires_on)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Uses a promotion code once; false when another request took its last use first.
pub async fn spend_promo_code(tx: &mut Transaction, code: &str) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE promo_codes SET uses_left = uses_left - 1
         WHERE code_key = $1 AND (uses_left IS NULL OR uses_left > 0)",
    )
    .bind(code.to_lowercase())
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}

/// Takes credits from an account; false when it has fewer than `amount` (a race lost).
pub async fn spend_credits(
    tx: &mut Transaction,
    user_account_id: &str,
    amount: i64,
) -> Result<bool, StoreError> {
    if amount == 0 {
        return Ok(true);
    }
    let done = sqlx::query(
        "UPDATE users SET credits = credits - $1 WHERE user_account_id = $2 AND credits >= $1",
    )
    .bind(amount)
    .bind(user_account_id)
    .execute(&mut **tx)
    .await?;
    Ok(done.rows_affected() == 1)
}
