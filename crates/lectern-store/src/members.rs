//! An organization's members, paged by keyset: each page starts strictly after the sort key of
//! the previous one, with a row-value comparison both engines evaluate from the index, so a deep
//! page costs what the first one costs.

use lectern_domain::account::Account;
use lectern_domain::members::{Listing, MemberQuery, MemberSort};
use sqlx::{Any, Executor};

use crate::accounts::{self, AccountRow};
use crate::keyset::Keyset;
use crate::sql::placeholders;
use crate::{StoreError, Transaction};

/// The SQL expressions a sort orders by, matching `MemberSort::key_of` one for one.
fn sort_columns(sort: MemberSort) -> &'static [&'static str] {
    match sort {
        MemberSort::LastName => &["last_name", "first_name", "user_account_id"],
        MemberSort::District => &[
            "COALESCE(district_sort, '')",
            "last_name",
            "first_name",
            "user_account_id",
        ],
        MemberSort::School => &[
            "COALESCE(school_sort, '')",
            "last_name",
            "first_name",
            "user_account_id",
        ],
        MemberSort::FirstName => &["first_name", "last_name", "user_account_id"],
        MemberSort::Grade => &[
            "COALESCE(grade, '')",
            "last_name",
            "first_name",
            "user_account_id",
        ],
        MemberSort::BirthDate => &[
            "COALESCE(date_of_birth, '')",
            "last_name",
            "first_name",
            "user_account_id",
        ],
    }
}

/// The filter shared by the page and the count, and the values it binds from `$1` on. Only the
/// filters asked for are written: a catch-all such as `($2 IS NULL OR grade = $2)` makes
/// PostgreSQL's generic plan of the prepared statement read the whole organization and sort it
/// instead of walking the index in the page's order. The member kinds and roles are fixed
/// strings of ours, never caller input.
fn filter(q: &MemberQuery) -> (String, Vec<&str>) {
    let mut values = vec![q.organization_id.as_str()];
    let mut conditions = vec!["organization_id = $1".to_owned()];
    for (column, value) in [
        ("grade", &q.grade),
        ("district_sort", &q.district),
        ("school_sort", &q.school),
    ] {
        if let Some(v) = value {
            values.push(v.as_str());
            conditions.push(format!("{column} = ${}", values.len()));
        }
    }
    match &q.listing {
        Listing::Sponsors => {
            conditions.push("',' || roles || ',' LIKE '%,organizationSponsor,%'".to_owned());
        }
        Listing::Members {
            kind,
            quick_list_of,
        } => {
            let kinds: Vec<String> = kind
                .stored_values()
                .iter()
                .map(|k| format!("'{k}'"))
                .collect();
            conditions.push(format!("member_kind IN ({})", kinds.join(", ")));
            if let Some(sponsor) = quick_list_of {
                values.push(sponsor.as_str());
                conditions.push(format!(
                    "EXISTS (SELECT 1 FROM quick_list_members q WHERE q.sponsor_id = ${} \
                     AND q.user_account_id = u.user_account_id)",
                    values.len()
                ));
            }
        }
    }
    (conditions.join(" AND "), values)
}

/// One page: up to `limit + 1` members, the extra one telling whether another page follows.
pub async fn page<'e>(
    e: impl Executor<'e, Database = Any>,
    q: &MemberQuery,
) -> Result<Vec<Account>, StoreError> {
    let keyset = Keyset {
        columns: sort_columns(q.sort),
        direction: q.direction,
    };
    let (condition, values) = filter(q);
    let sql = format!(
        "SELECT {} FROM users u WHERE {condition}{}{}",
        accounts::columns("u"),
        keyset.after(q.after.is_some(), values.len() + 1),
        keyset.order(q.limit)
    );
    let mut query = sqlx::query_as::<_, AccountRow>(sqlx::AssertSqlSafe(sql));
    for v in values {
        query = query.bind(v);
    }
    if let Some(after) = &q.after {
        for value in after {
            query = query.bind(value);
        }
    }
    query
        .fetch_all(e)
        .await?
        .into_iter()
        .map(Account::try_from)
        .collect()
}

pub async fn count<'e>(
    e: impl Executor<'e, Database = Any>,
    q: &MemberQuery,
) -> Result<u64, StoreError> {
    let (condition, values) = filter(q);
    let sql = format!("SELECT COUNT(*) FROM users u WHERE {condition}");
    let mut query = sqlx::query_as::<_, (i64,)>(sqlx::AssertSqlSafe(sql));
    for v in values {
        query = query.bind(v);
    }
    let (n,) = query.fetch_one(e).await?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// How many values the sort key of an order has; a page token of another length is not ours.
pub fn key_len(sort: MemberSort) -> usize {
    sort_columns(sort).len()
}

/// Puts a member on a sponsor's quick list, or takes them off.
pub async fn set_on_quick_list(
    tx: &mut Transaction,
    sponsor_id: &str,
    user_account_id: &str,
    on_list: bool,
) -> Result<(), StoreError> {
    let sql = if on_list {
        "INSERT INTO quick_list_members (sponsor_id, user_account_id) VALUES ($1, $2)
         ON CONFLICT (sponsor_id, user_account_id) DO NOTHING"
    } else {
        "DELETE FROM quick_list_members WHERE sponsor_id = $1 AND user_account_id = $2"
    };
    sqlx::query(sql)
        .bind(sponsor_id)
        .bind(user_account_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Takes an account off every sponsor's quick list: it has left their organization.
pub async fn off_every_quick_list(
    tx: &mut Transaction,
    user_account_id: &str,
) -> Result<(), StoreError> {
    sqlx::query("DELETE FROM quick_list_members WHERE user_account_id = $1")
        .bind(user_account_id)
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Which of `user_account_ids` are on the sponsor's quick list.
pub async fn on_quick_list<'e>(
    e: impl Executor<'e, Database = Any>,
    sponsor_id: &str,
    user_account_ids: &[String],
) -> Result<Vec<String>, StoreError> {
    if user_account_ids.is_empty() {
        return Ok(vec![]);
    }
    let sql = format!(
        "SELECT user_account_id FROM quick_list_members WHERE sponsor_id = $1
         AND user_account_id IN ({})",
        placeholders(2, user_account_ids.len())
    );
    let mut q = sqlx::query_as::<_, (String,)>(sqlx::AssertSqlSafe(sql)).bind(sponsor_id);
    for id in user_account_ids {
        q = q.bind(id);
    }
    Ok(q.fetch_all(e).await?.into_iter().map(|(id,)| id).collect())
}
