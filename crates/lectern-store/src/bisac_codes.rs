//! BISAC subject codes: their descriptions, paged by code or by description.

use sqlx::{Any, Executor, Row};

use crate::{StoreError, Transaction};

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
