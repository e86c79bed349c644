use lectern_domain::Timestamp;
use lectern_domain::client::FirstParty;
use lectern_domain::site::Site;
use sqlx::{Any, Executor};

use crate::Connection;
use crate::{StoreError, flag};

#[derive(sqlx::FromRow)]
struct SiteRow {
    id: String,
    name: String,
    global: i64,
    language: Option<String>,
}

impl From<SiteRow> for Site {
    fn from(r: SiteRow) -> Self {
        Site {
            id: r.id,
            name: r.name,
            global: r.global != 0,
            language: r.language,
        }
    }
}

pub async fn upsert(conn: &mut Connection, site: &Site) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO sites (id, name, global, created_at, language) VALUES ($1, $2, $3, $4, $5)
         ON CONFLICT (id) DO UPDATE SET name = excluded.name, global = excluded.global,
             language = excluded.language",
    )
    .bind(&site.id)
    .bind(&site.name)
    .bind(flag(site.global))
    .bind(Timestamp::now().unix())
    .bind(&site.language)
    .execute(&mut *conn)
    .await?;
    first_party_client(conn, site, FirstParty::OpdsCatalog).await?;
    first_party_client(conn, site, FirstParty::WebPages).await
}

/// The api_key of a site's OPDS catalog.
pub fn opds_key(site_id: &str) -> String {
    FirstParty::OpdsCatalog.key_of(site_id)
}

/// The api_key a site's web pages answer as.
pub fn web_key(site_id: &str) -> String {
    FirstParty::WebPages.key_of(site_id)
}

/// One of the site's own keys, made with the site as migrations 0024 and 0026 made them for the
/// sites before them: trusted and public. Nobody types these keys, so they are no secret; what
/// they may do is what any public client of the site may.
async fn first_party_client(
    conn: &mut Connection,
    site: &Site,
    kind: FirstParty,
) -> Result<(), StoreError> {
    let column = match kind {
        FirstParty::OpdsCatalog => "opds_catalog",
        FirstParty::WebPages => "web_pages",
    };
    // The column is one of the two names above, never input.
    sqlx::query(sqlx::AssertSqlSafe(format!(
        "INSERT INTO clients (api_key, name, site_id, secret_hash, redirect_uris, trusted,
                              privileged, disabled, created_at, {column})
         SELECT $1, $2, $3, NULL, '[]', 1, 0, 0, $4, 1
         WHERE NOT EXISTS (SELECT 1 FROM clients WHERE site_id = $3 AND {column} = 1)
         ON CONFLICT (api_key) DO NOTHING"
    )))
    .bind(kind.key_of(&site.id))
    .bind(kind.name_of(&site.name))
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
    let row: Option<SiteRow> =
        sqlx::query_as("SELECT id, name, global, language FROM sites WHERE id = $1")
            .bind(id)
            .fetch_optional(e)
            .await?;
    Ok(row.map(Site::from))
}

pub async fn list<'e>(e: impl Executor<'e, Database = Any>) -> Result<Vec<Site>, StoreError> {
    let rows: Vec<SiteRow> =
        sqlx::query_as("SELECT id, name, global, language FROM sites ORDER BY id")
            .fetch_all(e)
            .await?;
    Ok(rows.into_iter().map(Site::from).collect())
}
