//! An organization's members, paged by keyset: each page starts strictly after the sort key of
//! the previous one, with a row-value comparison both engines evaluate from the index, so a deep
//! page costs what the first one costs.

use lectern_domain::account::Account;
use lectern_domain::members::{Listing, MemberQuery, MemberSort};
use sqlx::{Any, Executor};

use crate::accounts::{self, AccountRow};
use crate::catalog::placeholders;
use crate::keyset::Keyset;
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

/// The filter shared by the page and the count; `$1` is the organization, `$2` the grade,
/// `$3` the district, `$4` the school and `$5` the sponsor whose quick list is asked for. The
/// member kinds and roles are fixed strings of ours, never caller input.
fn filter(listing: &Listing) -> String {
    let who = match listing {
        Listing::Sponsors => "',' || roles || ',' LIKE '%,organizationSponsor,%'".to_owned(),
        Listing::Members { kind, .. } => {
            let kinds: Vec<String> = kind
                .stored_values()
                .iter()
                .map(|k| format!("'{k}'"))
                .collect();
            format!(
                "member_kind IN ({}) AND ($5 IS NULL OR EXISTS (SELECT 1 FROM quick_list_members q \
                 WHERE q.sponsor_id = $5 AND q.user_account_id = u.user_account_id))",
                kinds.join(", ")
            )
        }
    };
    format!(
        "organization_id = $1 AND ($2 IS NULL OR grade = $2) AND ($3 IS NULL OR district_sort = $3) \
         AND ($4 IS NULL OR school_sort = $4) AND {who}"
    )
}

fn bind_filter<'q, O>(
    query: sqlx::query::QueryAs<'q, Any, O, sqlx::any::AnyArguments>,
    q: &'q MemberQuery,
) -> sqlx::query::QueryAs<'q, Any, O, sqlx::any::AnyArguments> {
    let quick_list_of = match &q.listing {
        Listing::Members { quick_list_of, .. } => quick_list_of.as_deref(),
        Listing::Sponsors => None,
    };
    query
        .bind(q.organization_id.as_str())
        .bind(q.grade.as_deref())
        .bind(q.district.as_deref())
        .bind(q.school.as_deref())
        .bind(quick_list_of)
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
    // The page is chosen first and the account's derived columns (its standing, three lookups
    // each) computed for its rows only: computed beside the sort, PostgreSQL would work them
    // out for every member of the organization before keeping ten.
    let sql = format!(
        "SELECT {} FROM (SELECT * FROM users u WHERE {}{}{}) p{}",
        accounts::columns("p"),
        filter(&q.listing),
        keyset.after(q.after.is_some(), 6),
        keyset.order(q.limit),
        keyset.sort()
    );

    let mut query = bind_filter(sqlx::query_as::<_, AccountRow>(sqlx::AssertSqlSafe(sql)), q);
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
    let sql = format!("SELECT COUNT(*) FROM users u WHERE {}", filter(&q.listing));
    let (n,): (i64,) = bind_filter(sqlx::query_as(sqlx::AssertSqlSafe(sql)), q)
        .fetch_one(e)
        .await?;
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
