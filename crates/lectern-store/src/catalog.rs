//! The catalog's small reference lists: categories, BISAC codes and popular lists.

use sqlx::{Any, Executor, Row};

use crate::{StoreError, Transaction};

pub async fn upsert_category(
    tx: &mut Transaction,
    name: &str,
    description: Option<&str>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO categories (name, description) VALUES ($1, $2)
         ON CONFLICT (name) DO UPDATE SET description = excluded.description",
    )
    .bind(name)
    .bind(description)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Every category with its description, by name.
pub async fn categories<'e>(
    e: impl Executor<'e, Database = Any>,
) -> Result<Vec<(String, Option<String>)>, StoreError> {
    Ok(
        sqlx::query_as("SELECT name, description FROM categories ORDER BY name")
            .fetch_all(e)
            .await?,
    )
}

/// Every BISAC code with its description.
pub async fn bisac_descriptions<'e>(
    e: impl Executor<'e, Database = Any>,
) -> Result<Vec<(String, String)>, StoreError> {
    Ok(sqlx::query_as("SELECT code, description FROM bisac_codes")
        .fetch_all(e)
        .await?)
}

pub async fn upsert_bisac(
    tx: &mut Transaction,
    code: &str,
    description: &str,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO bisac_codes (code, description, description_key) VALUES ($1, $2, $3)
         ON CONFLICT (code) DO UPDATE SET description = excluded.description,
         description_key = excluded.description_key",
    )
    .bind(code)
    .bind(description)
    .bind(description.to_lowercase())
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Which BISAC codes a listing asks for.
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum BisacPrefix {
    All,
    Code(String),
    Description(String),
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct BisacCode {
    pub code: String,
    pub description: String,
}

/// A page of BISAC codes in code order, or description order for a description prefix; the key
/// is the last (description key, code) served. Prefixes are compared with `substr`, which needs
/// no escaping of LIKE's wildcards and no collation-dependent range; the list is a few thousand
/// codes, so scanning it is cheap.
pub async fn bisac_page<'e>(
    e: impl Executor<'e, Database = Any>,
    prefix: &BisacPrefix,
    after: Option<&(String, String)>,
    limit: u32,
) -> Result<Vec<BisacCode>, StoreError> {
    let (column, prefix) = bisac_range(prefix);
    let sql = format!(
        "SELECT code, description FROM bisac_codes
         WHERE ($1 IS NULL OR substr({column}, 1, length($1)) = $1)
         AND ($2 IS NULL OR ({column}, code) > ($2, $3))
         ORDER BY {column}, code LIMIT {}",
        u64::from(limit) + 1
    );
    let rows = sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(prefix.clone())
        .bind(after.map(|a| a.0.clone()))
        .bind(after.map(|a| a.1.clone()))
        .fetch_all(e)
        .await?;
    rows.iter()
        .map(|r| {
            Ok(BisacCode {
                code: r.try_get("code")?,
                description: r.try_get("description")?,
            })
        })
        .collect()
}

/// The sort key of a code in a listing, for the page token.
pub fn bisac_key(prefix: &BisacPrefix, code: &BisacCode) -> (String, String) {
    match prefix {
        BisacPrefix::Description(_) => (code.description.to_lowercase(), code.code.clone()),
        _ => (code.code.clone(), code.code.clone()),
    }
}

pub async fn bisac_count<'e>(
    e: impl Executor<'e, Database = Any>,
    prefix: &BisacPrefix,
) -> Result<u64, StoreError> {
    let (column, prefix) = bisac_range(prefix);
    let sql = format!(
        "SELECT COUNT(*) FROM bisac_codes WHERE ($1 IS NULL OR substr({column}, 1, length($1)) = $1)"
    );
    let n: i64 = sqlx::query_scalar(sqlx::AssertSqlSafe(sql))
        .bind(prefix.clone())
        .fetch_one(e)
        .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}

fn bisac_range(prefix: &BisacPrefix) -> (&'static str, Option<String>) {
    match prefix {
        BisacPrefix::All => ("code", None),
        BisacPrefix::Code(p) => ("code", Some(p.to_uppercase())),
        BisacPrefix::Description(p) => ("description_key", Some(p.to_lowercase())),
    }
}

pub async fn upsert_popular_list(
    tx: &mut Transaction,
    list_id: &str,
    site_id: &str,
    description: &str,
    service_ids: &[String],
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO popular_lists (list_id, site_id, description) VALUES ($1, $2, $3)
         ON CONFLICT (list_id) DO UPDATE SET site_id = excluded.site_id,
         description = excluded.description",
    )
    .bind(list_id)
    .bind(site_id)
    .bind(description)
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM popular_list_titles WHERE list_id = $1")
        .bind(list_id)
        .execute(&mut **tx)
        .await?;
    for (position, service_id) in service_ids.iter().enumerate() {
        sqlx::query(
            "INSERT INTO popular_list_titles (list_id, position, service_id) VALUES ($1, $2, $3)",
        )
        .bind(list_id)
        .bind(i64::try_from(position).unwrap_or(i64::MAX))
        .bind(service_id)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PopularList {
    pub list_id: String,
    pub site_id: String,
    pub description: String,
}

/// A page of the popular lists of the given sites, by id.
pub async fn popular_lists_page<'e>(
    e: impl Executor<'e, Database = Any>,
    sites: &[String],
    after: Option<&str>,
    limit: u32,
) -> Result<Vec<PopularList>, StoreError> {
    let sites_in = placeholders(2, sites.len());
    let sql = format!(
        "SELECT list_id, site_id, description FROM popular_lists
         WHERE ($1 IS NULL OR list_id > $1) AND site_id IN ({sites_in})
         ORDER BY list_id LIMIT {}",
        u64::from(limit) + 1
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql)).bind(after);
    for s in sites {
        query = query.bind(s);
    }
    query
        .fetch_all(e)
        .await?
        .iter()
        .map(|r| {
            Ok(PopularList {
                list_id: r.try_get("list_id")?,
                site_id: r.try_get("site_id")?,
                description: r.try_get("description")?,
            })
        })
        .collect()
}

pub async fn popular_lists_count<'e>(
    e: impl Executor<'e, Database = Any>,
    sites: &[String],
) -> Result<u64, StoreError> {
    let sql = format!(
        "SELECT COUNT(*) FROM popular_lists WHERE site_id IN ({})",
        placeholders(1, sites.len())
    );
    let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql));
    for s in sites {
        query = query.bind(s);
    }
    Ok(u64::try_from(query.fetch_one(e).await?).unwrap_or(0))
}

pub async fn popular_list<'e>(
    e: impl Executor<'e, Database = Any>,
    list_id: &str,
) -> Result<Option<PopularList>, StoreError> {
    let row =
        sqlx::query("SELECT list_id, site_id, description FROM popular_lists WHERE list_id = $1")
            .bind(list_id)
            .fetch_optional(e)
            .await?;
    row.map(|r| {
        Ok(PopularList {
            list_id: r.try_get("list_id")?,
            site_id: r.try_get("site_id")?,
            description: r.try_get("description")?,
        })
    })
    .transpose()
}

/// The titles of a popular list, in list order, with their positions.
pub async fn popular_list_titles<'e>(
    e: impl Executor<'e, Database = Any>,
    list_id: &str,
) -> Result<Vec<(i64, String)>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT position, service_id FROM popular_list_titles WHERE list_id = $1 ORDER BY position",
    )
    .bind(list_id)
    .fetch_all(e)
    .await?)
}

/// `$first, $first+1, ...` for `n` values; never empty, so `IN ()` cannot occur.
pub(crate) fn placeholders(first: usize, n: usize) -> String {
    if n == 0 {
        return "NULL".to_owned();
    }
    (first..first + n)
        .map(|i| format!("${i}"))
        .collect::<Vec<_>>()
        .join(", ")
}
