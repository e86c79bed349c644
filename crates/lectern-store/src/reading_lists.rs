//! Reading lists, their titles, subscriptions and assigned members. A change and the counts it
//! moves (`title_count`, `subscriber_count`, `member_count`) and the list's `date_updated` are one
//! transaction; a count moves only when its row was really inserted or deleted, so a title added
//! twice, or two subscribers at once, count exactly.

use lectern_domain::Timestamp;
use lectern_domain::paging::Direction;
use lectern_domain::reading_lists::{ListAccess, ListSortOrder, ReadingList};
use lectern_domain::role::Roles;
use sqlx::{Any, Executor, Row};

use crate::Connection;
use crate::StoreError;
use crate::keyset::{KeyPart, KeyedOrder, bind_key};

const LIST_COLUMNS: &str = "l.reading_list_id, l.name, l.description, l.access, l.owner_id, \
     l.title_count, l.subscriber_count, l.member_count, l.date_updated, u.first_name, u.last_name, \
     u.site_id, u.roles, u.organization_id";

const FROM_LISTS: &str = "FROM reading_lists l JOIN users u ON u.user_account_id = l.owner_id";

/// The caller's own relation to a list.
#[derive(Debug, Clone, Default, PartialEq)]
pub struct Relation {
    pub subscribed: bool,
    /// Who assigned the caller to it ("First Last"), if someone did.
    pub assigned_by: Option<String>,
}

pub struct NewList<'a> {
    pub reading_list_id: &'a str,
    pub owner_id: &'a str,
    pub name: &'a str,
    pub description: Option<&'a str>,
    pub access: ListAccess,
    pub now: Timestamp,
}

pub async fn create(conn: &mut Connection, l: &NewList<'_>) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO reading_lists (reading_list_id, owner_id, name, name_key, description,
                                    access, date_created, date_updated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)",
    )
    .bind(l.reading_list_id)
    .bind(l.owner_id)
    .bind(l.name)
    .bind(l.name.to_lowercase())
    .bind(l.description)
    .bind(l.access.as_str())
    .bind(l.now.unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    reading_list_id: &str,
) -> Result<Option<ReadingList>, StoreError> {
    let sql = format!("SELECT {LIST_COLUMNS} {FROM_LISTS} WHERE l.reading_list_id = $1");
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(reading_list_id)
        .fetch_optional(e)
        .await?
        .as_ref()
        .map(list)
        .transpose()
}

/// The caller's subscription to and assignment on one list.
pub async fn relation<'e>(
    e: impl Executor<'e, Database = Any>,
    reading_list_id: &str,
    user_account_id: &str,
) -> Result<Relation, StoreError> {
    let row = sqlx::query(
        "SELECT
           (SELECT COUNT(*) FROM reading_list_subscriptions
             WHERE reading_list_id = $1 AND user_account_id = $2) AS subscribed,
           (SELECT a.first_name || ' ' || a.last_name FROM reading_list_members m
              JOIN users a ON a.user_account_id = m.assigned_by
             WHERE m.reading_list_id = $1 AND m.user_account_id = $2) AS assigned_by",
    )
    .bind(reading_list_id)
    .bind(user_account_id)
    .fetch_one(e)
    .await?;
    Ok(Relation {
        subscribed: row.try_get::<i64, _>("subscribed")? > 0,
        assigned_by: row.try_get("assigned_by")?,
    })
}

/// New details for a list; `None` leaves a detail as it is.
pub async fn update(
    conn: &mut Connection,
    reading_list_id: &str,
    name: Option<&str>,
    description: Option<&str>,
    access: Option<ListAccess>,
    now: Timestamp,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE reading_lists SET name = COALESCE($2, name), name_key = COALESCE($3, name_key),
                description = COALESCE($4, description), access = COALESCE($5, access),
                date_updated = $6
         WHERE reading_list_id = $1",
    )
    .bind(reading_list_id)
    .bind(name)
    .bind(name.map(str::to_lowercase))
    .bind(description)
    .bind(access.map(ListAccess::as_str))
    .bind(now.unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Which lists a listing shows, for the reader `user`.
#[derive(Debug, Clone, Copy)]
pub enum ListScope<'a> {
    /// Their own lists, those they subscribe to (unless made private since), and those they
    /// are assigned to: `GET /v2/myLists`.
    Mine { user: &'a str },
    /// Their own lists only.
    Own { user: &'a str },
    /// Lists of others they may read: shared on their site, org lists of their organization,
    /// and those they are assigned to.
    OthersShared {
        user: &'a str,
        site: &'a str,
        organization: Option<&'a str>,
    },
}

impl KeyedOrder<ReadingList> for ListSortOrder {
    fn columns(self) -> &'static [&'static str] {
        match self {
            ListSortOrder::Name => &["l.name_key", "l.reading_list_id"],
            ListSortOrder::Owner => &["u.last_name", "u.first_name", "l.reading_list_id"],
            ListSortOrder::DateUpdated => &["l.date_updated", "l.reading_list_id"],
        }
    }

    fn ints(self) -> &'static [bool] {
        match self {
            ListSortOrder::Name => &[false, false],
            ListSortOrder::Owner => &[false, false, false],
            ListSortOrder::DateUpdated => &[true, false],
        }
    }

    fn key_of(self, l: &ReadingList) -> Vec<KeyPart> {
        let text = |s: &str| KeyPart::Text(s.to_owned());
        match self {
            ListSortOrder::Name => vec![text(&l.name.to_lowercase()), text(&l.reading_list_id)],
            ListSortOrder::Owner => vec![
                text(&l.owner_last_name),
                text(&l.owner_first_name),
                text(&l.reading_list_id),
            ],
            ListSortOrder::DateUpdated => vec![
                KeyPart::Int(l.date_updated.unix()),
                text(&l.reading_list_id),
            ],
        }
    }
}

pub struct ListQuery<'a> {
    pub scope: ListScope<'a>,
    /// Matched, any case, anywhere in a list's name or description.
    pub keyword: Option<&'a str>,
    pub sort: ListSortOrder,
    pub direction: Direction,
    pub after: Option<Vec<KeyPart>>,
    pub limit: u32,
}

/// `$1` user, `$2` site, `$3` organization, `$4` keyword pattern.
///
/// A reader's own lists are found through the three indexes that name them (owner, subscriber,
/// member) before the conditions on their relation are tried: the conditions alone, an `OR`
/// across three tables, would have every list of the library read for every reader.
fn filter(scope: ListScope<'_>) -> &'static str {
    match scope {
        ListScope::Mine { .. } => {
            "l.reading_list_id IN (\
               SELECT reading_list_id FROM reading_lists WHERE owner_id = $1 \
               UNION ALL SELECT reading_list_id FROM reading_list_subscriptions \
                 WHERE user_account_id = $1 \
               UNION ALL SELECT reading_list_id FROM reading_list_members \
                 WHERE user_account_id = $1) \
             AND (l.owner_id = $1 OR (s.user_account_id IS NOT NULL AND l.access <> 'private') \
             OR m.user_account_id IS NOT NULL)"
        }
        ListScope::Own { .. } => "l.owner_id = $1",
        ListScope::OthersShared { .. } => {
            "l.owner_id <> $1 AND ((l.access = 'shared' AND u.site_id = $2) \
             OR (l.access = 'org' AND u.organization_id = $3) OR m.user_account_id IS NOT NULL)"
        }
    }
}

const JOIN_RELATION: &str = "LEFT JOIN reading_list_subscriptions s \
       ON s.reading_list_id = l.reading_list_id AND s.user_account_id = $1 \
     LEFT JOIN reading_list_members m \
       ON m.reading_list_id = l.reading_list_id AND m.user_account_id = $1 \
     LEFT JOIN users a ON a.user_account_id = m.assigned_by";

const KEYWORD: &str = "($4 IS NULL OR LOWER(l.name) LIKE $4 ESCAPE '\\' \
     OR LOWER(COALESCE(l.description, '')) LIKE $4 ESCAPE '\\')";

fn scope_binds(scope: ListScope<'_>) -> (&str, Option<&str>, Option<&str>) {
    match scope {
        ListScope::Mine { user } | ListScope::Own { user } => (user, None, None),
        ListScope::OthersShared {
            user,
            site,
            organization,
        } => (user, Some(site), organization),
    }
}

/// A `LIKE` pattern matching `keyword` anywhere, its own `%`, `_` and `\` taken literally.
fn pattern(keyword: &str) -> String {
    let escaped = keyword
        .to_lowercase()
        .replace('\\', "\\\\")
        .replace('%', "\\%")
        .replace('_', "\\_");
    format!("%{escaped}%")
}

/// One page of lists with the caller's relation to each, and one more when another page follows.
pub async fn page<'e>(
    e: impl Executor<'e, Database = Any>,
    q: &ListQuery<'_>,
) -> Result<Vec<(ReadingList, Relation)>, StoreError> {
    let keyset = q.sort.keyset(q.direction);
    let sql = format!(
        "SELECT {LIST_COLUMNS}, s.user_account_id AS subscriber, \
                a.first_name || ' ' || a.last_name AS assigned_by \
         {FROM_LISTS} {JOIN_RELATION} WHERE {} AND {KEYWORD}{}{}",
        filter(q.scope),
        keyset.after(q.after.is_some(), 5),
        keyset.order(q.limit)
    );
    let (user, site, org) = scope_binds(q.scope);
    let query = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(user)
        .bind(site)
        .bind(org)
        .bind(q.keyword.map(pattern));
    let query = match &q.after {
        Some(key) => bind_key(query, key),
        None => query,
    };
    query
        .fetch_all(e)
        .await?
        .iter()
        .map(|r| {
            Ok((
                list(r)?,
                Relation {
                    subscribed: r.try_get::<Option<String>, _>("subscriber")?.is_some(),
                    assigned_by: r.try_get("assigned_by")?,
                },
            ))
        })
        .collect()
}

pub async fn count<'e>(
    e: impl Executor<'e, Database = Any>,
    q: &ListQuery<'_>,
) -> Result<u64, StoreError> {
    let sql = format!(
        "SELECT COUNT(*) {FROM_LISTS} {JOIN_RELATION} WHERE {} AND {KEYWORD}",
        filter(q.scope)
    );
    let (user, site, org) = scope_binds(q.scope);
    let n: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(user)
        .bind(site)
        .bind(org)
        .bind(q.keyword.map(pattern))
        .fetch_one(e)
        .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}

fn list(r: &sqlx::any::AnyRow) -> Result<ReadingList, StoreError> {
    let access: String = r.try_get("access")?;
    let roles: String = r.try_get("roles")?;
    let count = |name: &str| -> Result<u64, StoreError> {
        Ok(u64::try_from(r.try_get::<i64, _>(name)?).unwrap_or(0))
    };
    Ok(ReadingList {
        reading_list_id: r.try_get("reading_list_id")?,
        name: r.try_get("name")?,
        description: r.try_get("description")?,
        access: access.parse().map_err(StoreError::Corrupt)?,
        owner_id: r.try_get("owner_id")?,
        owner_first_name: r.try_get("first_name")?,
        owner_last_name: r.try_get("last_name")?,
        owner_site: r.try_get("site_id")?,
        owner_roles: Roles::from_stored(&roles).map_err(|e| StoreError::Corrupt(e.to_string()))?,
        owner_organization: r.try_get("organization_id")?,
        title_count: count("title_count")?,
        subscriber_count: count("subscriber_count")?,
        member_count: count("member_count")?,
        date_updated: Timestamp::from_unix(r.try_get("date_updated")?),
    })
}
