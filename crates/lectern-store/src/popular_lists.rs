//! Popular lists: the lists of titles a library curates (new arrivals, ...), per site.

use sqlx::{Any, Executor, Row};

use crate::{StoreError, Transaction};

use crate::sql::placeholders;

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
