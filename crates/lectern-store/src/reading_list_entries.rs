//! What a reading list holds and who follows it: its titles, its subscribers and the members
//! assigned to it. Each change moves its list's count and `date_updated` in the same
//! transaction, and only when a row was really inserted or deleted.

use lectern_domain::Timestamp;
use lectern_domain::catalog::names::index_name;
use lectern_domain::catalog::{ContributorType, TitleRecord};
use lectern_domain::paging::Direction;
use lectern_domain::reading_lists::EntrySortOrder;
use sqlx::{Any, Executor, Row};

use crate::keyset::{KeyPart, KeyedOrder, bind_key};
use crate::reading_lists::NewList;
use crate::{StoreError, Transaction};

/// A title on a list, with the curator's details document 2 names.
#[derive(Debug, Clone, PartialEq, Default)]
pub struct ListEntry {
    pub service_id: String,
    pub title_sort: String,
    pub author_sort: String,
    pub date_added: i64,
    pub award: Option<String>,
    pub category: Option<String>,
    pub month: Option<String>,
    pub ranking: Option<i64>,
    pub year: Option<i64>,
}

impl ListEntry {
    /// A title as a list keeps it: its sort keys taken from its record now, so that a list's
    /// titles sort without reading every record. Keys are folded (lower case, accents off); the
    /// author key is the first author's index name ("Du Bois, W. E. B."), empty without one.
    pub fn of(record: &TitleRecord, date_added: Timestamp) -> Self {
        let title = fold(record.title.trim());
        let title = title.trim_start_matches(|c: char| !c.is_alphanumeric());
        ListEntry {
            service_id: record.service_id.clone(),
            title_sort: title.to_owned(),
            author_sort: record
                .contributors_of(ContributorType::Author)
                .next()
                .map(|a| fold(&index_name(a)))
                .unwrap_or_default(),
            date_added: date_added.unix(),
            ..ListEntry::default()
        }
    }
}

fn fold(text: &str) -> String {
    use unicode_normalization::UnicodeNormalization;
    use unicode_normalization::char::is_combining_mark;
    text.nfkd()
        .filter(|c| !is_combining_mark(*c))
        .flat_map(char::to_lowercase)
        .collect()
}

impl KeyedOrder<ListEntry> for EntrySortOrder {
    fn columns(self) -> &'static [&'static str] {
        match self {
            EntrySortOrder::Title => &["title_sort", "service_id"],
            EntrySortOrder::DateAddedToReadingList => &["date_added", "service_id"],
            EntrySortOrder::Author => &["author_sort", "service_id"],
        }
    }

    fn ints(self) -> &'static [bool] {
        match self {
            EntrySortOrder::DateAddedToReadingList => &[true, false],
            EntrySortOrder::Title | EntrySortOrder::Author => &[false, false],
        }
    }

    fn key_of(self, e: &ListEntry) -> Vec<KeyPart> {
        let id = KeyPart::Text(e.service_id.clone());
        match self {
            EntrySortOrder::Title => vec![KeyPart::Text(e.title_sort.clone()), id],
            EntrySortOrder::DateAddedToReadingList => vec![KeyPart::Int(e.date_added), id],
            EntrySortOrder::Author => vec![KeyPart::Text(e.author_sort.clone()), id],
        }
    }
}

/// Moves one of a list's counts by `delta` and marks it updated.
async fn touch(
    tx: &mut Transaction,
    reading_list_id: &str,
    count: &str,
    delta: i64,
    now: Timestamp,
) -> Result<(), StoreError> {
    let sql = format!(
        "UPDATE reading_lists SET {count} = {count} + $2, date_updated = $3 \
         WHERE reading_list_id = $1"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(reading_list_id)
        .bind(delta)
        .bind(now.unix())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

/// Adds a title; one already on the list stays as it was. Whether it was added.
pub async fn add_title(
    tx: &mut Transaction,
    reading_list_id: &str,
    entry: &ListEntry,
    now: Timestamp,
) -> Result<bool, StoreError> {
    let added = sqlx::query(
        "INSERT INTO reading_list_titles (reading_list_id, service_id, title_sort, author_sort,
                                          date_added, award, category, month, ranking, year)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (reading_list_id, service_id) DO NOTHING",
    )
    .bind(reading_list_id)
    .bind(&entry.service_id)
    .bind(&entry.title_sort)
    .bind(&entry.author_sort)
    .bind(entry.date_added)
    .bind(&entry.award)
    .bind(&entry.category)
    .bind(&entry.month)
    .bind(entry.ranking)
    .bind(entry.year)
    .execute(&mut **tx)
    .await?
    .rows_affected()
        > 0;
    if added {
        touch(tx, reading_list_id, "title_count", 1, now).await?;
    }
    Ok(added)
}

/// Removes a title; whether it was on the list.
pub async fn remove_title(
    tx: &mut Transaction,
    reading_list_id: &str,
    service_id: &str,
    now: Timestamp,
) -> Result<bool, StoreError> {
    let removed = sqlx::query(
        "DELETE FROM reading_list_titles WHERE reading_list_id = $1 AND service_id = $2",
    )
    .bind(reading_list_id)
    .bind(service_id)
    .execute(&mut **tx)
    .await?
    .rows_affected()
        > 0;
    if removed {
        touch(tx, reading_list_id, "title_count", -1, now).await?;
    }
    Ok(removed)
}

/// One page of a list's titles, and one more when another page follows.
pub async fn titles<'e>(
    e: impl Executor<'e, Database = Any>,
    reading_list_id: &str,
    sort: EntrySortOrder,
    direction: Direction,
    after: Option<&[KeyPart]>,
    limit: u32,
) -> Result<Vec<ListEntry>, StoreError> {
    let keyset = sort.keyset(direction);
    let sql = format!(
        "SELECT service_id, title_sort, author_sort, date_added, award, category, month, ranking,
                year
         FROM reading_list_titles WHERE reading_list_id = $1{}{}",
        keyset.after(after.is_some(), 2),
        keyset.order(limit)
    );
    let query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(reading_list_id);
    let query = match after {
        Some(key) => bind_key(query, key),
        None => query,
    };
    query
        .fetch_all(e)
        .await?
        .iter()
        .map(|r| {
            Ok(ListEntry {
                service_id: r.try_get("service_id")?,
                title_sort: r.try_get("title_sort")?,
                author_sort: r.try_get("author_sort")?,
                date_added: r.try_get("date_added")?,
                award: r.try_get("award")?,
                category: r.try_get("category")?,
                month: r.try_get("month")?,
                ranking: r.try_get("ranking")?,
                year: r.try_get("year")?,
            })
        })
        .collect()
}

/// Subscribes or unsubscribes a reader; the subscriber count moves only on a real change.
pub async fn set_subscription(
    tx: &mut Transaction,
    reading_list_id: &str,
    user_account_id: &str,
    enabled: bool,
    now: Timestamp,
) -> Result<(), StoreError> {
    let query = if enabled {
        sqlx::query(
            "INSERT INTO reading_list_subscriptions (reading_list_id, user_account_id,
                                                     date_subscribed)
             VALUES ($1, $2, $3) ON CONFLICT (reading_list_id, user_account_id) DO NOTHING",
        )
        .bind(reading_list_id)
        .bind(user_account_id)
        .bind(now.unix())
    } else {
        sqlx::query(
            "DELETE FROM reading_list_subscriptions
             WHERE reading_list_id = $1 AND user_account_id = $2",
        )
        .bind(reading_list_id)
        .bind(user_account_id)
    };
    let changed = query.execute(&mut **tx).await?.rows_affected() > 0;
    if changed {
        let delta = if enabled { 1 } else { -1 };
        touch(tx, reading_list_id, "subscriber_count", delta, now).await?;
    }
    Ok(())
}

/// Assigns members to a list, or takes them off it, in the caller's transaction; the member count moves
/// by the rows really changed.
pub async fn set_members(
    tx: &mut Transaction,
    reading_list_id: &str,
    assigned_by: &str,
    assign: &[String],
    unassign: &[String],
    now: Timestamp,
) -> Result<(), StoreError> {
    let mut delta = 0i64;
    for member in assign {
        let n = sqlx::query(
            "INSERT INTO reading_list_members (reading_list_id, user_account_id, assigned_by,
                                               date_assigned)
             VALUES ($1, $2, $3, $4) ON CONFLICT (reading_list_id, user_account_id) DO NOTHING",
        )
        .bind(reading_list_id)
        .bind(member)
        .bind(assigned_by)
        .bind(now.unix())
        .execute(&mut **tx)
        .await?
        .rows_affected();
        delta += i64::try_from(n).unwrap_or(0);
    }
    for member in unassign {
        let n = sqlx::query(
            "DELETE FROM reading_list_members WHERE reading_list_id = $1 AND user_account_id = $2",
        )
        .bind(reading_list_id)
        .bind(member)
        .execute(&mut **tx)
        .await?
        .rows_affected();
        delta -= i64::try_from(n).unwrap_or(0);
    }
    touch(tx, reading_list_id, "member_count", delta, now).await?;
    Ok(())
}

/// A whole list as a fixture gives it: written over whatever the list held.
pub struct WholeList<'a> {
    pub list: NewList<'a>,
    pub entries: Vec<ListEntry>,
    pub subscribers: &'a [String],
    /// (member, who assigned them)
    pub members: Vec<(&'a str, &'a str)>,
}

/// Writes a list, its titles, subscribers and members, replacing what it held, with its counts
/// set from them.
pub async fn replace(tx: &mut Transaction, w: &WholeList<'_>) -> Result<(), StoreError> {
    let l = &w.list;
    sqlx::query(
        "INSERT INTO reading_lists (reading_list_id, owner_id, name, name_key, description,
                                    access, date_created, date_updated)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $7)
         ON CONFLICT (reading_list_id) DO UPDATE SET owner_id = excluded.owner_id,
           name = excluded.name, name_key = excluded.name_key,
           description = excluded.description, access = excluded.access",
    )
    .bind(l.reading_list_id)
    .bind(l.owner_id)
    .bind(l.name)
    .bind(l.name.to_lowercase())
    .bind(l.description)
    .bind(l.access.as_str())
    .bind(l.now.unix())
    .execute(&mut **tx)
    .await?;
    for table in [
        "reading_list_titles",
        "reading_list_subscriptions",
        "reading_list_members",
    ] {
        sqlx::query(sqlx::AssertSqlSafe(format!(
            "DELETE FROM {table} WHERE reading_list_id = $1"
        )))
        .bind(l.reading_list_id)
        .execute(&mut **tx)
        .await?;
    }
    for e in &w.entries {
        sqlx::query(
            "INSERT INTO reading_list_titles (reading_list_id, service_id, title_sort, author_sort,
                                              date_added, award, category, month, ranking, year)
             VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)",
        )
        .bind(l.reading_list_id)
        .bind(&e.service_id)
        .bind(&e.title_sort)
        .bind(&e.author_sort)
        .bind(e.date_added)
        .bind(&e.award)
        .bind(&e.category)
        .bind(&e.month)
        .bind(e.ranking)
        .bind(e.year)
        .persistent(false)
        .execute(&mut **tx)
        .await?;
    }
    for s in w.subscribers {
        sqlx::query(
            "INSERT INTO reading_list_subscriptions (reading_list_id, user_account_id,
                                                     date_subscribed) VALUES ($1, $2, $3)",
        )
        .bind(l.reading_list_id)
        .bind(s)
        .bind(l.now.unix())
        .execute(&mut **tx)
        .await?;
    }
    for (member, by) in &w.members {
        sqlx::query(
            "INSERT INTO reading_list_members (reading_list_id, user_account_id, assigned_by,
                                               date_assigned) VALUES ($1, $2, $3, $4)",
        )
        .bind(l.reading_list_id)
        .bind(*member)
        .bind(*by)
        .bind(l.now.unix())
        .execute(&mut **tx)
        .await?;
    }
    let count = |n: usize| i64::try_from(n).unwrap_or(i64::MAX);
    sqlx::query(
        "UPDATE reading_lists SET title_count = $2, subscriber_count = $3, member_count = $4
         WHERE reading_list_id = $1",
    )
    .bind(l.reading_list_id)
    .bind(count(w.entries.len()))
    .bind(count(w.subscribers.len()))
    .bind(count(w.members.len()))
    .execute(&mut **tx)
    .await?;
    Ok(())
}
