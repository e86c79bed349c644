//! An organization's members, paged by keyset: each page starts strictly after the sort key of
//! the previous one, with a row-value comparison both engines evaluate from the index, so a deep
//! page costs what the first one costs.

use lectern_domain::account::Account;
use lectern_domain::members::{MemberKind, MemberQuery, MemberSort};
use sqlx::{Any, Executor};

use crate::StoreError;
use crate::accounts::{self, AccountRow};
use crate::keyset::Keyset;

/// The SQL expressions a sort orders by, matching `MemberSort::key_of` one for one.
fn sort_columns(sort: MemberSort) -> &'static [&'static str] {
    match sort {
        MemberSort::LastName | MemberSort::District | MemberSort::School => {
            &["last_name", "first_name", "user_account_id"]
        }
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

/// The filter shared by the page and the count; `$1` is the organization, `$2` the grade. The
/// member kinds are fixed strings of ours, never caller input.
fn filter(kind: MemberKind) -> String {
    let kinds: Vec<String> = kind
        .stored_values()
        .iter()
        .map(|k| format!("'{k}'"))
        .collect();
    format!(
        "organization_id = $1 AND ($2 IS NULL OR grade = $2) AND member_kind IN ({})",
        kinds.join(", ")
    )
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
    let sql = format!(
        "SELECT {} FROM users u WHERE {}{}{}",
        accounts::columns("u"),
        filter(q.kind),
        keyset.after(q.after.is_some(), 3),
        keyset.order(q.limit)
    );

    let mut query = sqlx::query_as::<_, AccountRow>(sqlx::AssertSqlSafe(sql))
        .bind(&q.organization_id)
        .bind(&q.grade);
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
    let sql = format!("SELECT COUNT(*) FROM users WHERE {}", filter(q.kind));
    let (n,): (i64,) = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(&q.organization_id)
        .bind(&q.grade)
        .fetch_one(e)
        .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}

/// How many values the sort key of an order has; a page token of another length is not ours.
pub fn key_len(sort: MemberSort) -> usize {
    sort_columns(sort).len()
}
