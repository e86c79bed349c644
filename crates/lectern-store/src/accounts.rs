use lectern_domain::Timestamp;
use lectern_domain::account::{Account, AccountDetails};
use lectern_domain::members::MemberKind;
use lectern_domain::role::Roles;
use sqlx::{Any, Executor};

use crate::Connection;
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
    locked: i64,
    email_address: Option<String>,
    phone_number: Option<String>,
    address1: Option<String>,
    address2: Option<String>,
    city: Option<String>,
    state: Option<String>,
    postal_code: Option<String>,
    guardian_first_name: Option<String>,
    guardian_last_name: Option<String>,
    language: Option<String>,
    school_name: Option<String>,
    allow_adult_content: i64,
    has_education_plan: i64,
    needs_new_password: i64,
    credits: i64,
    sponsor_title: Option<String>,
    disability_plans: Option<String>,
    sponsor_manageable: i64,
    safe_search: Option<i64>,
    allow_search_downloads: Option<i64>,
    roster_tag_id: Option<i64>,
    district_sort: Option<String>,
    school_sort: Option<String>,
    has_agreement: i64,
    subscription_status: String,
    proof_of_disability_status: String,
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
            details: AccountDetails {
                email_address: r.email_address,
                phone_number: r.phone_number,
                address1: r.address1,
                address2: r.address2,
                city: r.city,
                state: r.state,
                postal_code: r.postal_code,
                guardian_first_name: r.guardian_first_name,
                guardian_last_name: r.guardian_last_name,
                language: r.language,
                school_name: r.school_name,
                allow_adult_content: r.allow_adult_content != 0,
                has_education_plan: r.has_education_plan != 0,
                needs_new_password: r.needs_new_password != 0,
                credits: r.credits,
                sponsor_title: r.sponsor_title,
                disability_plans: split_list(r.disability_plans.as_deref()),
                sponsor_manageable: r.sponsor_manageable != 0,
                safe_search: r.safe_search.map(|v| v != 0),
                allow_search_downloads: r.allow_search_downloads.map(|v| v != 0),
                roster_tag_id: r.roster_tag_id,
                district_sort: r.district_sort,
                school_sort: r.school_sort,
            },
        })
    }
}

/// A comma-separated stored list.
fn split_list(stored: Option<&str>) -> Vec<String> {
    stored
        .unwrap_or_default()
        .split(',')
        .filter(|v| !v.is_empty())
        .map(str::to_owned)
        .collect()
}

const STORED: [&str; 31] = [
    "user_account_id",
    "user_name",
    "site_id",
    "roles",
    "first_name",
    "last_name",
    "date_of_birth",
    "grade",
    "country",
    "organization_id",
    "locked",
    "email_address",
    "phone_number",
    "address1",
    "address2",
    "city",
    "state",
    "postal_code",
    "guardian_first_name",
    "guardian_last_name",
    "language",
    "school_name",
    "allow_adult_content",
    "has_education_plan",
    "needs_new_password",
    "credits",
    "sponsor_title",
    "disability_plans",
    "sponsor_manageable",
    "safe_search",
    "allow_search_downloads",
];

/// The UTC date, as the text agreements and subscriptions are dated with. Both engines speak
/// it; PostgreSQL sessions run in UTC with ISO dates (`db.rs`) so that it reads as SQLite's.
const TODAY: &str = "CAST(CURRENT_DATE AS TEXT)";

/// The columns of an account read from `users` under `alias`: the stored ones and the three
/// statuses derived from the account's records on the day it is read.
pub(crate) fn columns(alias: &str) -> String {
    // The roster tag is read with the account but written only with its names (set_roster_tag).
    let stored: Vec<String> = STORED
        .iter()
        .chain(&["roster_tag_id", "district_sort", "school_sort"])
        .map(|c| format!("{alias}.{c}"))
        .collect();
    format!("{}, {}", stored.join(", "), standing_columns(alias))
}

/// `has_agreement`, `subscription_status` and `proof_of_disability_status` of the account row
/// under `alias`.
pub(crate) fn standing_columns(alias: &str) -> String {
    let id = format!("{alias}.user_account_id");
    format!(
        "CASE WHEN EXISTS (SELECT 1 FROM agreements g WHERE g.user_account_id = {id} \
           AND (g.date_expired IS NULL OR g.date_expired > {TODAY})) THEN 1 ELSE 0 END AS has_agreement, \
         CASE WHEN EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_account_id = {id} \
           AND s.start_date <= {TODAY} AND (s.end_date IS NULL OR s.end_date >= {TODAY})) THEN 'active' \
           WHEN EXISTS (SELECT 1 FROM subscriptions s WHERE s.user_account_id = {id} \
           AND s.start_date <= {TODAY}) THEN 'expired' ELSE 'missing' END AS subscription_status, \
         CASE WHEN EXISTS (SELECT 1 FROM disabilities d WHERE d.user_account_id = {id}) THEN 'active' \
           WHEN EXISTS (SELECT 1 FROM disability_submissions x WHERE x.user_account_id = {id} \
           AND x.decided_at IS NULL) THEN 'submitted' ELSE 'missing' END AS proof_of_disability_status"
    )
}

fn select_where(condition: &str) -> String {
    format!("SELECT {} FROM users u WHERE {condition}", columns("u"))
}

/// The key user names are unique and looked up by.
pub fn user_name_key(user_name: &str) -> String {
    user_name.to_lowercase()
}

/// Inserts or replaces an account by its identifier. A `None` password hash keeps the stored one.
pub async fn upsert(
    conn: &mut Connection,
    a: &Account,
    password_hash: Option<&str>,
) -> Result<(), StoreError> {
    write(
        &mut *conn,
        a,
        password_hash,
        "ON CONFLICT (user_account_id) DO UPDATE SET",
    )
    .await
}

/// Adds a new account; a user name already taken is a unique violation (409).
pub async fn insert(
    conn: &mut Connection,
    a: &Account,
    password_hash: Option<&str>,
) -> Result<(), StoreError> {
    write(conn, a, password_hash, "").await
}

async fn write(
    conn: &mut Connection,
    a: &Account,
    password_hash: Option<&str>,
    on_conflict: &str,
) -> Result<(), StoreError> {
    let mut names: Vec<&str> = STORED.to_vec();
    names.extend([
        "user_name_key",
        "last_name_key",
        "first_name_key",
        "password_hash",
        "member_kind",
        "created_at",
        "updated_at",
    ]);
    let placeholders: Vec<String> = (1..=names.len()).map(|i| format!("${i}")).collect();
    let conflict = if on_conflict.is_empty() {
        String::new()
    } else {
        let sets: Vec<String> = names
            .iter()
            .filter(|n| !matches!(**n, "user_account_id" | "created_at"))
            .map(|n| match *n {
                "password_hash" => {
                    "password_hash = COALESCE(excluded.password_hash, users.password_hash)"
                        .to_owned()
                }
                _ => format!("{n} = excluded.{n}"),
            })
            .collect();
        format!("{on_conflict} {}", sets.join(", "))
    };
    let sql = format!(
        "INSERT INTO users ({}) VALUES ({}) {conflict}",
        names.join(", "),
        placeholders.join(", ")
    );
    let d = &a.details;
    let now = Timestamp::now().unix();
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(&a.user_account_id)
        .bind(&a.user_name)
        .bind(&a.site_id)
        .bind(a.roles.to_stored())
        .bind(&a.first_name)
        .bind(&a.last_name)
        .bind(&a.date_of_birth)
        .bind(&a.grade)
        .bind(&a.country)
        .bind(&a.organization_id)
        .bind(flag(a.locked))
        .bind(&d.email_address)
        .bind(&d.phone_number)
        .bind(&d.address1)
        .bind(&d.address2)
        .bind(&d.city)
        .bind(&d.state)
        .bind(&d.postal_code)
        .bind(&d.guardian_first_name)
        .bind(&d.guardian_last_name)
        .bind(&d.language)
        .bind(&d.school_name)
        .bind(flag(d.allow_adult_content))
        .bind(flag(d.has_education_plan))
        .bind(flag(d.needs_new_password))
        .bind(d.credits)
        .bind(&d.sponsor_title)
        .bind(Some(d.disability_plans.join(",")).filter(|v| !v.is_empty()))
        .bind(flag(d.sponsor_manageable))
        .bind(d.safe_search.map(flag))
        .bind(d.allow_search_downloads.map(flag))
        .bind(a.user_name.as_deref().map(user_name_key))
        .bind(a.last_name.to_lowercase())
        .bind(a.first_name.to_lowercase())
        .bind(password_hash)
        .bind(MemberKind::stored_for(&a.roles))
        .bind(now)
        .bind(now)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    id: &str,
) -> Result<Option<Account>, StoreError> {
    let sql = select_where("u.user_account_id = $1");
    let row: Option<AccountRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(e)
        .await?;
    row.map(Account::try_from).transpose()
}

/// Several accounts by identifier, in one query (a page's worth: a list's rows each naming one);
/// those that do not exist are left out.
pub async fn get_many<'e>(
    e: impl Executor<'e, Database = Any>,
    ids: &[&str],
) -> Result<Vec<Account>, StoreError> {
    if ids.is_empty() {
        return Ok(vec![]);
    }
    let sql = select_where(&format!(
        "u.user_account_id IN ({})",
        crate::sql::placeholders(1, ids.len())
    ));
    let mut q = sqlx::query_as::<_, AccountRow>(sqlx::AssertSqlSafe(sql));
    for id in ids {
        q = q.bind(*id);
    }
    q.fetch_all(e)
        .await?
        .into_iter()
        .map(Account::try_from)
        .collect()
}

/// An account and its password hash, by user name (any case).
pub async fn credentials<'e>(
    e: impl Executor<'e, Database = Any>,
    user_name: &str,
) -> Result<Option<(Account, Option<String>)>, StoreError> {
    let sql = format!(
        "SELECT {}, u.password_hash FROM users u WHERE u.user_name_key = $1",
        columns("u")
    );
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
    let sql = select_where("u.user_account_id = $1 OR u.user_name_key = $2");
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
    let sql = select_where(
        "($1 IS NULL OR u.site_id = $1) ORDER BY u.site_id, u.last_name, u.first_name, u.user_account_id",
    );
    let rows: Vec<AccountRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(site_id)
        .fetch_all(e)
        .await?;
    rows.into_iter().map(Account::try_from).collect()
}

/// Replaces an account's password hash; false when no such account.
pub async fn set_password_hash(
    conn: &mut Connection,
    user_account_id: &str,
    hash: &str,
) -> Result<bool, StoreError> {
    let done = sqlx::query("UPDATE users SET password_hash = $1 WHERE user_account_id = $2")
        .bind(hash)
        .bind(user_account_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Locks or unlocks an account; false when no such account.
pub async fn set_locked(
    conn: &mut Connection,
    user_account_id: &str,
    locked: bool,
) -> Result<bool, StoreError> {
    let done = sqlx::query("UPDATE users SET locked = $1 WHERE user_account_id = $2")
        .bind(flag(locked))
        .bind(user_account_id)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}
