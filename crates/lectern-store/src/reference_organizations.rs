//! The directory of reference organizations (schools, districts, agencies) a new organization
//! is created from, loaded by an operator from a fixture or a CSV file; searched by state, then
//! name, city and type, and paged by name.

use lectern_domain::paging::Direction;
use sqlx::{Any, Executor};

use crate::keyset::Keyset;
use crate::sql::placeholders;
use crate::{StoreError, Transaction};

#[derive(Debug, Clone, PartialEq, Eq, Default, sqlx::FromRow)]
pub struct ReferenceOrganization {
    pub reference_org_id: String,
    pub name: String,
    pub parent_name: Option<String>,
    pub organization_type: String,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    /// The subdivision code without its country ("CA" of "US-CA").
    pub state: String,
    pub postal_code: Option<String>,
    pub country: String,
    pub location_address1: Option<String>,
    pub location_city: Option<String>,
    pub location_state: Option<String>,
    pub location_postal_code: Option<String>,
}

const COLUMNS: &str = "reference_org_id, name, parent_name, organization_type, address1, address2,
    city, state, postal_code, country, location_address1, location_city, location_state,
    location_postal_code";

/// Adds a reference organization or replaces the one of its id.
pub async fn upsert(tx: &mut Transaction, o: &ReferenceOrganization) -> Result<(), StoreError> {
    let sql = format!(
        "INSERT INTO reference_organizations ({COLUMNS}, name_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (reference_org_id) DO UPDATE SET name = excluded.name,
           parent_name = excluded.parent_name, organization_type = excluded.organization_type,
           address1 = excluded.address1, address2 = excluded.address2, city = excluded.city,
           state = excluded.state, postal_code = excluded.postal_code, country = excluded.country,
           location_address1 = excluded.location_address1, location_city = excluded.location_city,
           location_state = excluded.location_state,
           location_postal_code = excluded.location_postal_code, name_key = excluded.name_key"
    );
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(&o.reference_org_id)
        .bind(&o.name)
        .bind(&o.parent_name)
        .bind(&o.organization_type)
        .bind(&o.address1)
        .bind(&o.address2)
        .bind(&o.city)
        .bind(&o.state)
        .bind(&o.postal_code)
        .bind(&o.country)
        .bind(&o.location_address1)
        .bind(&o.location_city)
        .bind(&o.location_state)
        .bind(&o.location_postal_code)
        .bind(o.name.to_lowercase())
        .execute(&mut **tx)
        .await?;
    Ok(())
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    reference_org_id: &str,
) -> Result<Option<ReferenceOrganization>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM reference_organizations WHERE reference_org_id = $1");
    Ok(sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(reference_org_id)
        .fetch_optional(e)
        .await?)
}

/// What a search of the directory asks for.
#[derive(Debug, Clone)]
pub struct DirectoryQuery {
    /// The subdivision code without its country.
    pub state: String,
    /// With the country, when the caller named one ("US-CA").
    pub country: Option<String>,
    /// Part of the name, any case.
    pub name: Option<String>,
    pub city: Option<String>,
    pub organization_types: Vec<String>,
    pub direction: Direction,
    /// (name key, id) of the last row of the previous page.
    pub after: Option<(String, String)>,
    pub limit: u32,
}

/// The filter; `$1` state, `$2` country, `$3` name pattern, `$4` city, then the types.
fn filter(q: &DirectoryQuery) -> String {
    let types = if q.organization_types.is_empty() {
        String::new()
    } else {
        format!(
            " AND organization_type IN ({})",
            placeholders(5, q.organization_types.len())
        )
    };
    format!(
        "state = $1 AND ($2 IS NULL OR country = $2) AND ($3 IS NULL OR name_key LIKE $3)
         AND ($4 IS NULL OR LOWER(city) = $4){types}"
    )
}

fn bind_filter<'q, O>(
    mut query: sqlx::query::QueryAs<'q, Any, O, sqlx::any::AnyArguments>,
    q: &'q DirectoryQuery,
) -> sqlx::query::QueryAs<'q, Any, O, sqlx::any::AnyArguments> {
    // The name is a substring; LIKE's own wildcards in it are taken literally enough, as
    // organization names do not hold them.
    let pattern = q
        .name
        .as_ref()
        .map(|n| format!("%{}%", n.to_lowercase().replace(['%', '_'], "")));
    query = query
        .bind(q.state.as_str())
        .bind(q.country.as_deref())
        .bind(pattern)
        .bind(q.city.as_ref().map(|c| c.to_lowercase()));
    for t in &q.organization_types {
        query = query.bind(t.as_str());
    }
    query
}

/// Up to `limit + 1` organizations in name order, after the previous page's last.
pub async fn page<'e>(
    e: impl Executor<'e, Database = Any>,
    q: &DirectoryQuery,
) -> Result<Vec<(String, ReferenceOrganization)>, StoreError> {
    let keyset = Keyset {
        columns: &["name_key", "reference_org_id"],
        direction: q.direction,
    };
    let first_after = 5 + q.organization_types.len();
    let sql = format!(
        "SELECT name_key, {COLUMNS} FROM reference_organizations WHERE {}{}{}",
        filter(q),
        keyset.after(q.after.is_some(), first_after),
        keyset.order(q.limit)
    );
    let mut query = bind_filter(sqlx::query_as::<_, KeyedRow>(sqlx::AssertSqlSafe(sql)), q);
    if let Some((name_key, id)) = &q.after {
        query = query.bind(name_key.as_str()).bind(id.as_str());
    }
    Ok(query
        .fetch_all(e)
        .await?
        .into_iter()
        .map(|r| (r.name_key, r.organization))
        .collect())
}

#[derive(sqlx::FromRow)]
struct KeyedRow {
    name_key: String,
    #[sqlx(flatten)]
    organization: ReferenceOrganization,
}

pub async fn count<'e>(
    e: impl Executor<'e, Database = Any>,
    q: &DirectoryQuery,
) -> Result<u64, StoreError> {
    let sql = format!(
        "SELECT COUNT(*) FROM reference_organizations WHERE {}",
        filter(q)
    );
    let (n,): (i64,) = bind_filter(sqlx::query_as(sqlx::AssertSqlSafe(sql)), q)
        .fetch_one(e)
        .await?;
    Ok(u64::try_from(n).unwrap_or(0))
}
