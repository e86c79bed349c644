//! Periodical series and their editions. A series keeps its record (without editions) as a JSON
//! document beside the columns its listings filter and sort on; each edition is a row.

use std::collections::HashMap;

use lectern_domain::catalog::periodical::{Edition, EditionSort, PeriodicalSeries, SeriesSort};
use lectern_domain::paging::Direction;
use sqlx::{Any, Executor, Row};

use crate::keyset::{KeyPart, KeyedOrder, bind_key};
use crate::sql::{like_escaped, placeholders};
use crate::{StoreError, Transaction};

/// Inserts or replaces a series and all of its editions.
pub async fn upsert(tx: &mut Transaction, series: &PeriodicalSeries) -> Result<(), StoreError> {
    write_series(tx, series, true).await?;
    sqlx::query("DELETE FROM periodical_editions WHERE series_id = $1")
        .bind(&series.series_id)
        .execute(&mut **tx)
        .await?;
    for edition in &series.editions {
        insert_edition_row(tx, &series.series_id, edition).await?;
    }
    Ok(())
}

/// The series' row (its edition count from `series.editions`), replacing one with its id when
/// `replace`; otherwise an id taken is a collision.
async fn write_series(
    tx: &mut Transaction,
    series: &PeriodicalSeries,
    replace: bool,
) -> Result<(), StoreError> {
    let mut bare = series.clone();
    bare.editions.clear();
    let on_conflict = if replace {
        " ON CONFLICT (series_id) DO UPDATE SET site_id = excluded.site_id,
         title_key = excluded.title_key, issn = excluded.issn,
         edition_count = excluded.edition_count, record = excluded.record,
         language_keys = excluded.language_keys"
    } else {
        ""
    };
    let sql = format!(
        "INSERT INTO periodical_series (series_id, site_id, title_key, issn, edition_count, record,
                                        language_keys)
         VALUES ($1, $2, $3, $4, $5, $6, $7){on_conflict}"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(&series.series_id)
        .bind(&series.site)
        .bind(series.title.to_lowercase())
        .bind(&series.issn)
        .bind(i64::try_from(series.editions.len()).unwrap_or(i64::MAX))
        .bind(serde_json::to_string(&bare)?)
        .bind(language_keys(series))
        .execute(&mut **tx)
        .await?;
    Ok(())
}

async fn insert_edition_row(
    tx: &mut Transaction,
    series_id: &str,
    edition: &Edition,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO periodical_editions
         (edition_id, series_id, edition_name, publication_date, record)
         VALUES ($1, $2, $3, $4, $5)",
    )
    .bind(&edition.edition_id)
    .bind(series_id)
    .bind(&edition.edition_name)
    .bind(edition.publication_date.unix())
    .bind(serde_json::to_string(edition)?)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// The series' languages as its listing filters on them: `,eng,fre,`.
fn language_keys(series: &PeriodicalSeries) -> String {
    if series.languages.is_empty() {
        return String::new();
    }
    format!(",{},", series.languages.join(","))
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

/// A series listed with its number of editions.
pub type ListedSeries = (PeriodicalSeries, u64);

impl KeyedOrder<ListedSeries> for SeriesSort {
    fn columns(self) -> &'static [&'static str] {
        match self {
            SeriesSort::Title => &["title_key", "series_id"],
            SeriesSort::Issn => &["COALESCE(issn, '')", "series_id"],
            SeriesSort::EditionCount => &["edition_count", "series_id"],
        }
    }

    fn ints(self) -> &'static [bool] {
        match self {
            SeriesSort::EditionCount => &[true, false],
            SeriesSort::Title | SeriesSort::Issn => &[false, false],
        }
    }

    fn key_of(self, (series, edition_count): &ListedSeries) -> Vec<KeyPart> {
        let first = match self {
            SeriesSort::Title => KeyPart::Text(series.title.to_lowercase()),
            SeriesSort::Issn => KeyPart::Text(series.issn.clone().unwrap_or_default()),
            SeriesSort::EditionCount => {
                KeyPart::Int(i64::try_from(*edition_count).unwrap_or(i64::MAX))
            }
        };
        vec![first, KeyPart::Text(series.series_id.clone())]
    }
}

/// A page of a series listing.
pub struct SeriesPage<'a> {
    pub filter: &'a SeriesFilter,
    pub order: SeriesSort,
    pub direction: Direction,
    pub after: Option<&'a [KeyPart]>,
    pub limit: u32,
}

/// The filter's `WHERE` clause, its parameters numbered from 1, and their values in order.
fn series_where(filter: &SeriesFilter) -> (String, Vec<String>) {
    let mut clauses = vec!["1 = 1".to_owned()];
    let mut values = Vec::new();
    if let Some(sites) = &filter.sites {
        clauses.push(format!("site_id IN ({})", placeholders(1, sites.len())));
        values.extend(sites.iter().cloned());
    }
    if let Some(t) = &filter.title {
        values.push(format!("%{}%", like_escaped(&t.to_lowercase())));
        clauses.push(format!("title_key LIKE ${} ESCAPE '\\'", values.len()));
    }
    if let Some(i) = &filter.issn {
        values.push(i.clone());
        clauses.push(format!("issn = ${}", values.len()));
    }
    if let Some(l) = &filter.language {
        values.push(format!("%,{},%", like_escaped(l)));
        clauses.push(format!("language_keys LIKE ${} ESCAPE '\\'", values.len()));
    }
    (clauses.join(" AND "), values)
}

/// A page of series in the listing's order, with their edition counts (`limit + 1` rows at
/// most; the extra one tells that another page follows).
pub async fn page<'e>(
    e: impl Executor<'e, Database = Any>,
    q: &SeriesPage<'_>,
) -> Result<Vec<ListedSeries>, StoreError> {
    let (filter, values) = series_where(q.filter);
    let keyset = q.order.keyset(q.direction);
    let sql = format!(
        "SELECT record, edition_count FROM periodical_series WHERE {filter}{}{}",
        keyset.after(q.after.is_some(), values.len() + 1),
        keyset.order(q.limit)
    );
    let values: Vec<&str> = values.iter().map(String::as_str).collect();
    keyset_rows(e, sql, &values, q.after)
        .await?
        .iter()
        .map(|row| {
            let count: i64 = row.try_get("edition_count")?;
            Ok((
                serde_json::from_str(row.try_get("record")?)?,
                u64::try_from(count).unwrap_or(0),
            ))
        })
        .collect()
}

/// How many series the filter finds.
pub async fn count<'e>(
    e: impl Executor<'e, Database = Any>,
    filter: &SeriesFilter,
) -> Result<u64, StoreError> {
    let (filter, values) = series_where(filter);
    let sql = format!("SELECT COUNT(*) FROM periodical_series WHERE {filter}");
    let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql));
    for v in &values {
        query = query.bind(v.as_str());
    }
    Ok(u64::try_from(query.fetch_one(e).await?).unwrap_or(0))
}

/// The latest edition that is not withdrawn of each of the series, in one query.
pub async fn latest_editions<'e>(
    e: impl Executor<'e, Database = Any>,
    series_ids: &[&str],
) -> Result<HashMap<String, Edition>, StoreError> {
    if series_ids.is_empty() {
        return Ok(HashMap::new());
    }
    let sql = format!(
        "SELECT e.series_id, e.record FROM periodical_editions e
         WHERE e.series_id IN ({}) AND e.withdrawn = 0 AND NOT EXISTS (
           SELECT 1 FROM periodical_editions l
           WHERE l.series_id = e.series_id AND l.withdrawn = 0
             AND (l.publication_date, l.edition_id) > (e.publication_date, e.edition_id))",
        placeholders(1, series_ids.len())
    );
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for id in series_ids {
        query = query.bind(*id);
    }
    query
        .fetch_all(e)
        .await?
        .iter()
        .map(|row| {
            Ok((
                row.try_get("series_id")?,
                serde_json::from_str(row.try_get("record")?)?,
            ))
        })
        .collect()
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

/// An edition as its series' listing pages it, with the key its name sorts by.
pub struct ListedEdition {
    pub edition: Edition,
    /// The name in lower case, as the store folds it (`lower`), so that a page token's key
    /// compares with the column exactly as the store compares it.
    pub name_key: String,
}

impl KeyedOrder<ListedEdition> for EditionSort {
    fn columns(self) -> &'static [&'static str] {
        match self {
            EditionSort::PublicationDate => &["publication_date", "edition_id"],
            EditionSort::EditionName => &["lower(edition_name)", "edition_id"],
        }
    }

    fn ints(self) -> &'static [bool] {
        match self {
            EditionSort::PublicationDate => &[true, false],
            EditionSort::EditionName => &[false, false],
        }
    }

    fn key_of(self, row: &ListedEdition) -> Vec<KeyPart> {
        let id = KeyPart::Text(row.edition.edition_id.clone());
        match self {
            EditionSort::PublicationDate => {
                vec![KeyPart::Int(row.edition.publication_date.unix()), id]
            }
            EditionSort::EditionName => vec![KeyPart::Text(row.name_key.clone()), id],
        }
    }
}

/// A page of a series' editions that are not withdrawn (`limit + 1` rows at most).
pub async fn editions_page<'e>(
    e: impl Executor<'e, Database = Any>,
    series_id: &str,
    (order, direction): (EditionSort, Direction),
    after: Option<&[KeyPart]>,
    limit: u32,
) -> Result<Vec<ListedEdition>, StoreError> {
    let keyset = order.keyset(direction);
    let sql = format!(
        "SELECT record, lower(edition_name) AS name_key FROM periodical_editions \
         WHERE series_id = $1 AND withdrawn = 0{}{}",
        keyset.after(after.is_some(), 2),
        keyset.order(limit)
    );
    keyset_rows(e, sql, &[series_id], after)
        .await?
        .iter()
        .map(|row| {
            Ok(ListedEdition {
                edition: serde_json::from_str(row.try_get("record")?)?,
                name_key: row.try_get("name_key")?,
            })
        })
        .collect()
}

/// The rows of one page: `sql` takes `values` as its first parameters, then the key of the last
/// row of the page before, if any.
async fn keyset_rows<'e>(
    e: impl Executor<'e, Database = Any>,
    sql: String,
    values: &[&str],
    after: Option<&[KeyPart]>,
) -> Result<Vec<sqlx::any::AnyRow>, StoreError> {
    let mut query = sqlx::query(sqlx::AssertSqlSafe(sql));
    for v in values {
        query = query.bind(*v);
    }
    if let Some(key) = after {
        query = bind_key(query, key);
    }
    Ok(query.fetch_all(e).await?)
}

/// How many editions of the series are not withdrawn.
pub async fn editions_count<'e>(
    e: impl Executor<'e, Database = Any>,
    series_id: &str,
) -> Result<u64, StoreError> {
    let n: i64 = sqlx::query_scalar(
        "SELECT COUNT(*) FROM periodical_editions WHERE series_id = $1 AND withdrawn = 0",
    )
    .bind(series_id)
    .fetch_one(e)
    .await?;
    Ok(u64::try_from(n).unwrap_or(0))
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

/// Adds a new series with its editions; a series id taken already is a collision on
/// `periodical_series_pkey` (see `conflicts`), nothing replaced.
pub async fn insert_series(
    tx: &mut Transaction,
    series: &PeriodicalSeries,
) -> Result<(), StoreError> {
    write_series(tx, series, false).await?;
    for edition in &series.editions {
        insert_edition_row(tx, &series.series_id, edition).await?;
    }
    Ok(())
}

/// Adds one edition to a series, leaving the others as they are; an edition id taken already
/// (by any series) is a collision on `periodical_editions_pkey`.
pub async fn insert_edition(
    tx: &mut Transaction,
    series_id: &str,
    edition: &Edition,
) -> Result<(), StoreError> {
    insert_edition_row(tx, series_id, edition).await?;
    sqlx::query(
        "UPDATE periodical_series SET edition_count = edition_count + 1 WHERE series_id = $1",
    )
    .bind(series_id)
    .execute(&mut **tx)
    .await?;
    Ok(())
}

/// Replaces a series' own fields, leaving its editions as they are.
pub async fn update_series(
    tx: &mut Transaction,
    series: &PeriodicalSeries,
) -> Result<(), StoreError> {
    let mut bare = series.clone();
    bare.editions.clear();
    sqlx::query(
        "UPDATE periodical_series SET title_key = $1, issn = $2, record = $3, language_keys = $5
         WHERE series_id = $4",
    )
    .bind(series.title.to_lowercase())
    .bind(&series.issn)
    .bind(serde_json::to_string(&bare)?)
    .bind(&series.series_id)
    .bind(language_keys(series))
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
