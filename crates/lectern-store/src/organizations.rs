use lectern_domain::Timestamp;
use lectern_domain::organization::{Organization, OrganizationSettings};
use sqlx::{Any, Executor};

use crate::Connection;
use crate::sql::like_escaped;
use crate::{StoreError, flag};

const COLUMNS: &str = "organization_id, site_id, organization_name, organization_type, address1,
    address2, city, state, postal_code, country, phone_number, web_site, has_service_plus,
    has_reading_companion, subscription_type, primary_contact_id, agreement_signed, rider_signed,
    can_download_nimac, can_create_users, suspended, unreported, num_books_allowed, safe_search,
    allow_search_downloads, notes, reference_org_id";

#[derive(sqlx::FromRow)]
struct OrganizationRow {
    organization_id: String,
    site_id: String,
    organization_name: String,
    organization_type: String,
    address1: Option<String>,
    address2: Option<String>,
    city: Option<String>,
    state: Option<String>,
    postal_code: Option<String>,
    country: String,
    phone_number: Option<String>,
    web_site: Option<String>,
    has_service_plus: i64,
    has_reading_companion: i64,
    subscription_type: Option<String>,
    primary_contact_id: Option<String>,
    agreement_signed: i64,
    rider_signed: i64,
    can_download_nimac: i64,
    can_create_users: i64,
    suspended: i64,
    unreported: i64,
    num_books_allowed: Option<i64>,
    safe_search: i64,
    allow_search_downloads: i64,
    notes: Option<String>,
    reference_org_id: Option<String>,
}

impl From<OrganizationRow> for Organization {
    fn from(r: OrganizationRow) -> Self {
        Organization {
            organization_id: r.organization_id,
            site_id: r.site_id,
            organization_name: r.organization_name,
            organization_type: r.organization_type,
            address1: r.address1,
            address2: r.address2,
            city: r.city,
            state: r.state,
            postal_code: r.postal_code,
            country: r.country,
            phone_number: r.phone_number,
            web_site: r.web_site,
            has_service_plus: r.has_service_plus != 0,
            has_reading_companion: r.has_reading_companion != 0,
            subscription_type: r.subscription_type,
            primary_contact_id: r.primary_contact_id,
            settings: OrganizationSettings {
                agreement_signed: r.agreement_signed != 0,
                rider_signed: r.rider_signed != 0,
                can_download_nimac: r.can_download_nimac != 0,
                can_create_users: r.can_create_users != 0,
                suspended: r.suspended != 0,
                unreported: r.unreported != 0,
                num_books_allowed: r
                    .num_books_allowed
                    .map(|n| u32::try_from(n).unwrap_or(u32::MAX)),
                safe_search: r.safe_search != 0,
                allow_search_downloads: r.allow_search_downloads != 0,
            },
            notes: r.notes,
            reference_org_id: r.reference_org_id,
        }
    }
}

/// How a write treats an organization that already exists.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum OnExisting {
    /// A new organization: an existing one is a unique violation (a 409 to the caller).
    Refuse,
    /// Replace every field (fixtures, updates).
    Replace,
}

pub async fn save(
    conn: &mut Connection,
    o: &Organization,
    on_existing: OnExisting,
) -> Result<(), StoreError> {
    let conflict = match on_existing {
        OnExisting::Refuse => "",
        OnExisting::Replace => {
            " ON CONFLICT (organization_id) DO UPDATE SET site_id = excluded.site_id,
           organization_name = excluded.organization_name, organization_type = excluded.organization_type,
           address1 = excluded.address1, address2 = excluded.address2, city = excluded.city,
           state = excluded.state, postal_code = excluded.postal_code, country = excluded.country,
           phone_number = excluded.phone_number, web_site = excluded.web_site,
           has_service_plus = excluded.has_service_plus, has_reading_companion = excluded.has_reading_companion,
           subscription_type = excluded.subscription_type, primary_contact_id = excluded.primary_contact_id,
           agreement_signed = excluded.agreement_signed, rider_signed = excluded.rider_signed,
           can_download_nimac = excluded.can_download_nimac, can_create_users = excluded.can_create_users,
           suspended = excluded.suspended, unreported = excluded.unreported,
           num_books_allowed = excluded.num_books_allowed, safe_search = excluded.safe_search,
           allow_search_downloads = excluded.allow_search_downloads, notes = excluded.notes,
           reference_org_id = excluded.reference_org_id, name_key = excluded.name_key"
        }
    };
    let sql = format!(
        "INSERT INTO organizations ({COLUMNS}, created_at, name_key)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16, $17, $18,
                 $19, $20, $21, $22, $23, $24, $25, $26, $27, $28, $29){conflict}"
    );
    let s = &o.settings;
    sqlx::query(sqlx::AssertSqlSafe(sql))
        .bind(&o.organization_id)
        .bind(&o.site_id)
        .bind(&o.organization_name)
        .bind(&o.organization_type)
        .bind(&o.address1)
        .bind(&o.address2)
        .bind(&o.city)
        .bind(&o.state)
        .bind(&o.postal_code)
        .bind(&o.country)
        .bind(&o.phone_number)
        .bind(&o.web_site)
        .bind(flag(o.has_service_plus))
        .bind(flag(o.has_reading_companion))
        .bind(&o.subscription_type)
        .bind(&o.primary_contact_id)
        .bind(flag(s.agreement_signed))
        .bind(flag(s.rider_signed))
        .bind(flag(s.can_download_nimac))
        .bind(flag(s.can_create_users))
        .bind(flag(s.suspended))
        .bind(flag(s.unreported))
        .bind(s.num_books_allowed.map(i64::from))
        .bind(flag(s.safe_search))
        .bind(flag(s.allow_search_downloads))
        .bind(&o.notes)
        .bind(&o.reference_org_id)
        .bind(Timestamp::now().unix())
        .bind(o.organization_name.to_lowercase())
        .execute(&mut *conn)
        .await?;
    Ok(())
}

pub async fn upsert(conn: &mut Connection, o: &Organization) -> Result<(), StoreError> {
    save(conn, o, OnExisting::Replace).await
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    id: &str,
) -> Result<Option<Organization>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM organizations WHERE organization_id = $1");
    let row: Option<OrganizationRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(id)
        .fetch_optional(e)
        .await?;
    Ok(row.map(Organization::from))
}

/// Makes `user_account_id` the organization's primary contact.
pub async fn set_primary_contact(
    conn: &mut Connection,
    organization_id: &str,
    user_account_id: &str,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE organizations SET primary_contact_id = $1 WHERE organization_id = $2")
        .bind(user_account_id)
        .bind(organization_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// A page of a site's organizations whose name has a word starting with each of `words`
/// (lower-cased), in name order: up to `limit + 1`, the extra one telling whether another page
/// follows. A site has thousands of organizations at most, so the words are matched on the
/// site's rows in the index's order rather than through an index of their own.
pub async fn search_page<'e>(
    e: impl Executor<'e, Database = Any>,
    site_id: &str,
    words: &[String],
    after: Option<(&str, &str)>,
    limit: u32,
) -> Result<Vec<Organization>, StoreError> {
    let (condition, values) = search_where(site_id, words);
    let continuing = match after {
        Some(_) => format!(
            " AND (name_key, organization_id) > (${}, ${})",
            values.len() + 1,
            values.len() + 2
        ),
        None => String::new(),
    };
    let sql = format!(
        "SELECT {COLUMNS} FROM organizations WHERE {condition}{continuing}
         ORDER BY name_key, organization_id LIMIT {}",
        u64::from(limit) + 1
    );
    let mut query = sqlx::query_as::<_, OrganizationRow>(sqlx::AssertSqlSafe(sql));
    for v in &values {
        query = query.bind(v.as_str());
    }
    if let Some((name, id)) = after {
        query = query.bind(name).bind(id);
    }
    Ok(query
        .fetch_all(e)
        .await?
        .into_iter()
        .map(Organization::from)
        .collect())
}

/// How many of a site's organizations the words find.
pub async fn search_count<'e>(
    e: impl Executor<'e, Database = Any>,
    site_id: &str,
    words: &[String],
) -> Result<u64, StoreError> {
    let (condition, values) = search_where(site_id, words);
    let sql = format!("SELECT COUNT(*) FROM organizations WHERE {condition}");
    let mut query = sqlx::query_scalar::<_, i64>(sqlx::AssertSqlSafe(sql));
    for v in &values {
        query = query.bind(v.as_str());
    }
    Ok(u64::try_from(query.fetch_one(e).await?).unwrap_or(0))
}

/// The key an organization is listed in name order by.
pub fn name_key(o: &Organization) -> String {
    o.organization_name.to_lowercase()
}

fn search_where(site_id: &str, words: &[String]) -> (String, Vec<String>) {
    let mut values = vec![site_id.to_owned()];
    let mut clauses = vec!["site_id = $1".to_owned()];
    for word in words {
        values.push(format!("% {}%", like_escaped(word)));
        clauses.push(format!(
            "(' ' || name_key) LIKE ${} ESCAPE '\\'",
            values.len()
        ));
    }
    (clauses.join(" AND "), values)
}
