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
