//! The catalog's service categories: their names and descriptions.

use sqlx::{Any, Executor};

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
