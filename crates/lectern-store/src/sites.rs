use lectern_domain::Timestamp;
use lectern_domain::site::Site;
use sqlx::{Any, Executor};

use crate::Connection;
use crate::{StoreError, flag};

#[derive(sqlx::FromRow)]
struct SiteRow {
    id: String,
    name: String,
    global: i64,
}

impl From<SiteRow> for Site {
    fn from(r: SiteRow) -> Self {
        Site {
            id: r.id,
            name: r.name,
            global: r.global != 0,
        }
    }
}

pub async fn upsert(conn: &mut Connection, site: &Site) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO sites (id, name, global, created_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, global = excluded.global",
    )
    .bind(&site.id)
    .bind(&site.name)
    .bind(flag(site.global))
    .bind(Timestamp::now().unix())
    .execute(&mut *conn)
    .await?;
    opds_catalog_client(conn, site).await
}

/// The api_key of a site's OPDS catalog.
pub fn opds_key(site_id: &str) -> String {
    format!("opds-{site_id}")
}

/// The site's OPDS catalog key, made with the site as migration 0024 made it for the sites
/// before it: `opds-{site}`, trusted and public. Reading apps see no key, so the key is no
/// secret; what it may do is what any public client of the site may.
async fn opds_catalog_client(conn: &mut Connection, site: &Site) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO clients (api_key, name, site_id, secret_hash, redirect_uris, trusted,
                              privileged, disabled, created_at, opds_catalog)
         SELECT $1, $2, $3, NULL, '[]', 1, 0, 0, $4, 1
         WHERE NOT EXISTS (SELECT 1 FROM clients WHERE site_id = $3 AND opds_catalog = 1)
         ON CONFLICT (api_key) DO NOTHING",
    )
    .bind(opds_key(&site.id))
    .bind(format!("{} OPDS catalog", site.name))
    .bind(&site.id)
    .bind(Timestamp::now().unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    id: &str,
) -> Result<Option<Site>, StoreError> {
    let row: Option<SiteRow> = sqlx::query_as("SELECT id, name, global FROM sites WHERE id = $1")
        .bind(id)
        .fetch_optional(e)
        .await?;
    Ok(row.map(Site::from))
}

pub async fn list<'e>(e: impl Executor<'e, Database = Any>) -> Result<Vec<Site>, StoreError> {
    let rows: Vec<SiteRow> = sqlx::query_as("SELECT id, name, global FROM sites ORDER BY id")
        .fetch_all(e)
        .await?;
    Ok(rows.into_iter().map(Site::from).collect())
}
