use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::members::MemberKind;
use lectern_domain::role::Roles;
use sqlx::{Any, Executor};

use crate::{StoreError, flag};

#[derive(sqlx::FromRow)]
pub(crate) struct AccountRow {
    user_account_id: String,
    user_name: Option<String>,
    site_id: String,
    roles: String,
    first_name: String,
    last_name: String,
    date_of_birth: Option<String>,
    grade: Option<String>,
    country: Option<String>,
    organization_id: Option<String>,
    has_agreement: i64,
    subscription_status: String,
    proof_of_disability_status: String,
    locked: i64,
}

#[derive(sqlx::FromRow)]
struct CredentialRow {
    #[sqlx(flatten)]
    account: AccountRow,
    password_hash: Option<String>,
}

impl TryFrom<AccountRow> for Account {
    type Error = StoreError;
    fn try_from(r: AccountRow) -> Result<Self, StoreError> {
        let corrupt = |what: &str, e: String| {
            StoreError::Corrupt(format!("{what} of account {}: {e}", r.user_account_id))
        };
        Ok(Account {
            roles: Roles::from_stored(&r.roles).map_err(|e| corrupt("roles", e.to_string()))?,
            subscription_status: r
                .subscription_status
                .parse()
                .map_err(|e| corrupt("subscriptionStatus", e))?,
            proof_of_disability_status: r
                .proof_of_disability_status
                .parse()
                .map_err(|e| corrupt("proofOfDisabilityStatus", e))?,
            user_account_id: r.user_account_id,
            user_name: r.user_name,
            site_id: r.site_id,
            first_name: r.first_name,
            last_name: r.last_name,
            date_of_birth: r.date_of_birth,
            grade: r.grade,
            country: r.country,
            organization_id: r.organization_id,
            has_agreement: r.has_agreement != 0,
            locked: r.locked != 0,
        })
    }
}

pub(crate) const COLUMNS: &str = "user_account_id, user_name, site_id, roles, first_name, last_name, date_of_birth, grade, \
    country, organization_id, has_agreement, subscription_status, proof_of_disability_status, locked";

/// The key user names are unique and looked up by.
pub fn user_name_key(user_name: &str) -> String {
    user_name.to_lowercase()
}

/// Inserts or replaces an account by its identifier. A `None` password hash keeps the stored one.
pub async fn upsert<'e>(
    e: impl Executor<'e, Database = Any>,
    a: &Account,
    password_hash: Option<&str>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO users (user_account_id, user_name, user_name_key, password_hash, site_id, roles,
           first_name, last_name, date_of_birth, country, organization_id, has_agreement,
           subscription_status, proof_of_disability_status, locked, created_at, grade, member_kind)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18)
         ON CONFLICT (user_account_id) DO UPDATE SET user_name = excluded.user_name,
           user_name_key = excluded.user_name_key,
           password_hash = COALESCE(excluded.password_hash, users.password_hash),
           site_id = excluded.site_id, roles = excluded.roles, first_name = excluded.first_name,
           last_name = excluded.last_name, date_of_birth = excluded.date_of_birth,
           country = excluded.country, organization_id = excluded.organization_id,
           has_agreement = excluded.has_agreement, subscription_status = excluded.subscription_status,
           proof_of_disability_status = excluded.proof_of_disability_status, locked = excluded.locked,
           grade = excluded.grade, member_kind = excluded.member_kind",
    )
    .bind(&a.user_account_id)
    .bind(&a.user_name)
    .bind(a.user_name.as_deref().map(user_name_key))
    .bind(password_hash)
    .bind(&a.site_id)
    .bind(a.roles.to_stored())
    .bind(&a.first_name)
    .bind(&a.last_name)
    .bind(&a.date_of_birth)
    .bind(&a.country)
    .bind(&a.organization_id)
    .bind(flag(a.has_agreement))
    .bind(a.subscription_status.as_str())
    .bind(a.proof_of_disability_status.as_str())
    .bind(flag(a.locked))
    .bind(Timestamp::now().unix())
    .bind(&a.grade)
    .bind(MemberKind::stored_for(&a.roles))
    .execute(e)
    .await?;
    Ok(())
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    id: &str,
) -> Result<Option<Account>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM users WHERE user_account_id = $1");
    let row: Option<AccountRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(e)
        .await?;
    row.map(Account::try_from).transpose()
}

/// An account and its password hash, by user name (any case).
pub async fn credentials<'e>(
    e: impl Executor<'e, Database = Any>,
    user_name: &str,
) -> Result<Option<(Account, Option<String>)>, StoreError> {
    let sql = format!("SELECT {COLUMNS}, password_hash FROM users WHERE user_name_key = $1");
    let row: Option<CredentialRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(user_name_key(user_name))
        .fetch_optional(e)
        .await?;
    row.map(|r| Ok((Account::try_from(r.account)?, r.password_hash)))
        .transpose()
}

/// The stored password hash of an account, if it has one.
pub async fn password_hash<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
) -> Result<Option<String>, StoreError> {
    let row: Option<(Option<String>,)> =
        sqlx::query_as("SELECT password_hash FROM users WHERE user_account_id = $1")
            .bind(user_account_id)
            .fetch_optional(e)
            .await?;
    Ok(row.and_then(|(h,)| h))
}

/// An account named by a user identifier: its user name or its userAccountId.
pub async fn by_identifier<'e>(
    e: impl Executor<'e, Database = Any>,
    identifier: &str,
) -> Result<Option<Account>, StoreError> {
    let sql =
        format!("SELECT {COLUMNS} FROM users WHERE user_account_id = $1 OR user_name_key = $2");
    let row: Option<AccountRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(identifier)
        .bind(user_name_key(identifier))
        .fetch_optional(e)
        .await?;
    row.map(Account::try_from).transpose()
}

/// Accounts of one site, or of every site, in name order.
pub async fn list<'e>(
    e: impl Executor<'e, Database = Any>,
    site_id: Option<&str>,
) -> Result<Vec<Account>, StoreError> {
    let sql = format!(
        "SELECT {COLUMNS} FROM users WHERE ($1 IS NULL OR site_id = $1)
         ORDER BY site_id, last_name, first_name, user_account_id"
    );
    let rows: Vec<AccountRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(site_id)
        .fetch_all(e)
        .await?;
    rows.into_iter().map(Account::try_from).collect()
}

/// Replaces an account's password hash; false when no such account.
pub async fn set_password_hash<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    hash: &str,
) -> Result<bool, StoreError> {
    let done = sqlx::query("UPDATE users SET password_hash = $1 WHERE user_account_id = $2")
        .bind(hash)
        .bind(user_account_id)
        .execute(e)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Locks or unlocks an account; false when no such account.
pub async fn set_locked<'e>(
    e: impl Executor<'e, Database = Any>,
    user_account_id: &str,
    locked: bool,
) -> Result<bool, StoreError> {
    let done = sqlx::query("UPDATE users SET locked = $1 WHERE user_account_id = $2")
        .bind(flag(locked))
        .bind(user_account_id)
        .execute(e)
        .await?;
    Ok(done.rows_affected() == 1)
}
