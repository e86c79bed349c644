//! Periodical series and their editions. A series keeps its record (without editions) as a JSON
//! document beside the columns its listings filter and sort on; each edition is a row.

use lectern_domain::catalog::periodical::{Edition, PeriodicalSeries};
use sqlx::{Any, Executor, Row};

use crate::{StoreError, Transaction};

/// Inserts or replaces a series and all of its editions.
pub async fn upsert(tx: &mut Transaction, series: &PeriodicalSeries) -> Result<(), StoreError> {
    let mut bare = series.clone();
    bare.editions.clear();
    sqlx::query(
        "INSERT INTO periodical_series (series_id, site_id, title_key, issn, edition_count, record)
         VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (series_id) DO UPDATE SET site_id = excluded.site_id,
         title_key = excluded.title_key, issn = excluded.issn,
         edition_count = excluded.edition_count, record = excluded.record",
    )
    .bind(&series.series_id)
    .bind(&series.site)
    .bind(series.title.to_lowercase())
    .bind(&series.issn)
    .bind(i64::try_from(series.editions.len()).unwrap_or(i64::MAX))
    .bind(serde_json::to_string(&bare)?)
    .execute(&mut **tx)
    .await?;
    sqlx::query("DELETE FROM periodical_editions WHERE series_id = $1")
        .bind(&series.series_id)
        .execute(&mut **tx)
        .await?;
    for edition in &series.editions {
        sqlx::query(
            "INSERT INTO periodical_editions
             (edition_id, series_id, edition_name, publication_date, record)
             VALUES ($1, $2, $3, $4, $5)",
        )
        .bind(&edition.edition_id)
        .bind(&series.series_id)
        .bind(&edition.edition_name)
        .bind(edition.publication_date.unix())
        .bind(serde_json::to_string(edition)?)
        .execute(&mut **tx)
        .await?;
    }
    Ok(())
}

/// A series listing's filters. Text filters match case-insensitively anywhere in the title.
#[derive(Debug, Clone, Default, PartialEq, Eq)]
pub struct SeriesFilter {
    /// The sites to list; `None`: every site.
    pub sites: Option<Vec<String>>,
    pub title: Option<String>,
    pub issn: Option<String>,
    pub language: Option<String>,
}

/// Series in listing order, with their edition counts. Series are few (hundreds, not millions),
/// so the listing reads the filtered set and the HTTP layer pages over it by key.
pub async fn list<'e>(
    e: impl Executor<'e, Database = Any>,
    filter: &SeriesFilter,
) -> Result<Vec<(PeriodicalSeries, u64)>, StoreError> {
    let sites = filter.sites.as_deref().unwrap_or_default();
    let sql = match &filter.sites {
        Some(_) => format!(
            "SELECT record, edition_count FROM periodical_series
             WHERE site_id IN ({}) ORDER BY title_key, series_id",
            crate::sql::placeholders(1, sites.len())
        ),
        None => "SELECT record, edition_count FROM periodical_series ORDER BY title_key, series_id"
            .to_owned(),
    };
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for s in sites {
        query = query.bind(s);
    }
    let title = filter.title.as_ref().map(|t| t.to_lowercase());
    let mut found = Vec::new();
    for row in query.fetch_all(e).await? {
        let series: PeriodicalSeries = serde_json::from_str(row.try_get("record")?)?;
        let count: i64 = row.try_get("edition_count")?;
        let keep = title
            .as_ref()
            .is_none_or(|t| series.title.to_lowercase().contains(t.as_str()))
            && filter
                .issn
                .as_ref()
                .is_none_or(|i| series.issn.as_ref() == Some(i))
            && filter
                .language
                .as_ref()
                .is_none_or(|l| series.languages.contains(l));
        if keep {
            found.push((series, u64::try_from(count).unwrap_or(0)));
        }
    }
    Ok(found)
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    series_id: &str,
) -> Result<Option<(PeriodicalSeries, u64)>, StoreError> {
    let row =
        sqlx::query("SELECT record, edition_count FROM periodical_series WHERE series_id = $1")
            .bind(series_id)
            .fetch_optional(e)
            .await?;
    row.map(|r| {
        let count: i64 = r.try_get("edition_count")?;
        Ok((
            serde_json::from_str(r.try_get("record")?)?,
            u64::try_from(count).unwrap_or(0),
        ))
    })
    .transpose()
}

/// The editions of a series that are not withdrawn, oldest first.
pub async fn editions<'e>(
    e: impl Executor<'e, Database = Any>,
    series_id: &str,
) -> Result<Vec<Edition>, StoreError> {
    let rows = sqlx::query(
        "SELECT record FROM periodical_editions WHERE series_id = $1 AND withdrawn = 0
         ORDER BY publication_date, edition_id",
    )
    .bind(series_id)
    .fetch_all(e)
    .await?;
    rows.iter()
        .map(|r| Ok(serde_json::from_str(r.try_get("record")?)?))
        .collect()
}

pub async fn edition<'e>(
    e: impl Executor<'e, Database = Any>,
    series_id: &str,
    edition_id: &str,
) -> Result<Option<Edition>, StoreError> {
    let record: Option<String> = sqlx::query_scalar(
        "SELECT record FROM periodical_editions
         WHERE series_id = $1 AND edition_id = $2 AND withdrawn = 0",
    )
    .bind(series_id)
    .bind(edition_id)
    .fetch_optional(e)
    .await?;
    record.map(|r| Ok(serde_json::from_str(&r)?)).transpose()
}

/// The series an edition belongs to, withdrawn or not: edition ids are unique across series.
pub async fn series_of_edition<'e>(
    e: impl Executor<'e, Database = Any>,
    edition_id: &str,
) -> Result<Option<String>, StoreError> {
    Ok(
        sqlx::query_scalar("SELECT series_id FROM periodical_editions WHERE edition_id = $1")
            .bind(edition_id)
            .fetch_optional(e)
            .await?,
    )
}

/// Replaces a series' own fields, leaving its editions as they are.
pub async fn update_series(
    tx: &mut Transaction,
    series: &PeriodicalSeries,
) -> Result<(), StoreError> {
    let mut bare = series.clone();
    bare.editions.clear();
    sqlx::query(
        "UPDATE periodical_series SET title_key = $1, issn = $2, record = $3 WHERE series_id = $4",
    )
    .bind(series.title.to_lowercase())
    .bind(&series.issn)
    .bind(serde_json::to_string(&bare)?)
    .bind(&series.series_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Replaces an edition's fields (not withdrawn ones).
pub async fn update_edition(
    tx: &mut Transaction,
    series_id: &str,
    edition: &Edition,
) -> Result<(), StoreError> {
    sqlx::query(
        "UPDATE periodical_editions SET edition_name = $1, publication_date = $2, record = $3
         WHERE series_id = $4 AND edition_id = $5 AND withdrawn = 0",
    )
    .bind(&edition.edition_name)
    .bind(edition.publication_date.unix())
    .bind(serde_json::to_string(edition)?)
    .bind(series_id)
    .bind(&edition.edition_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Withdraws an edition: it leaves the listings and cannot be downloaded. False when it was not
/// there to withdraw (gone, or withdrawn already).
pub async fn withdraw_edition(
    tx: &mut Transaction,
    series_id: &str,
    edition_id: &str,
) -> Result<bool, StoreError> {
    let done = sqlx::query(
        "UPDATE periodical_editions SET withdrawn = 1
         WHERE series_id = $1 AND edition_id = $2 AND withdrawn = 0",
    )
    .bind(series_id)
    .bind(edition_id)
    .execute(&mut **tx)
    .await?
    .rows_affected();
    if done == 0 {
        return Ok(false);
    }
    sqlx::query(
        "UPDATE periodical_series SET edition_count = edition_count - 1 WHERE series_id = $1",
    )
    .bind(series_id)
    .execute(&mut **tx)
    .await?;
    Ok(true)
}
