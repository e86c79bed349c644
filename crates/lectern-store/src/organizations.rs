use lectern_domain::Timestamp;
use lectern_domain::organization::Organization;
use sqlx::{Any, Executor};

use crate::{StoreError, flag};

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
        }
    }
}

pub async fn upsert<'e>(
    e: impl Executor<'e, Database = Any>,
    o: &Organization,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO organizations (organization_id, site_id, organization_name, organization_type,
           address1, address2, city, state, postal_code, country, phone_number, web_site,
           has_service_plus, has_reading_companion, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15)
         ON CONFLICT (organization_id) DO UPDATE SET site_id = excluded.site_id,
           organization_name = excluded.organization_name, organization_type = excluded.organization_type,
           address1 = excluded.address1, address2 = excluded.address2, city = excluded.city,
           state = excluded.state, postal_code = excluded.postal_code, country = excluded.country,
           phone_number = excluded.phone_number, web_site = excluded.web_site,
           has_service_plus = excluded.has_service_plus, has_reading_companion = excluded.has_reading_companion",
    )
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
    .bind(Timestamp::now().unix())
    .execute(e)
    .await?;
    Ok(())
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    id: &str,
) -> Result<Option<Organization>, StoreError> {
    let row: Option<OrganizationRow> = sqlx::query_as(
        "SELECT organization_id, site_id, organization_name, organization_type, address1, address2, city,
           state, postal_code, country, phone_number, web_site, has_service_plus, has_reading_companion
         FROM organizations WHERE organization_id = $1",
    )
    .bind(id)
    .fetch_optional(e)
    .await?;
    Ok(row.map(Organization::from))
}
