use lectern_domain::Timestamp;
use lectern_domain::client::{Client, FirstParty};
use sqlx::{Any, Executor};

use crate::Connection;
use crate::{StoreError, flag};

#[derive(sqlx::FromRow)]
struct ClientRow {
    api_key: String,
    name: String,
    site_id: String,
    secret_hash: Option<String>,
    redirect_uris: String,
    trusted: i64,
    privileged: i64,
    disabled: i64,
    rate_limit_per_minute: Option<i64>,
    opds_catalog: i64,
    web_pages: i64,
}

impl TryFrom<ClientRow> for Client {
    type Error = StoreError;
    fn try_from(r: ClientRow) -> Result<Self, StoreError> {
        let redirect_uris = serde_json::from_str(&r.redirect_uris).map_err(|e| {
            StoreError::Corrupt(format!("redirect URIs of client {}: {e}", r.api_key))
        })?;
        let rate_limit_per_minute = r
            .rate_limit_per_minute
            .map(u32::try_from)
            .transpose()
            .map_err(|_| StoreError::Corrupt(format!("rate limit of client {}", r.api_key)))?;
        Ok(Client {
            api_key: r.api_key,
            name: r.name,
            site_id: r.site_id,
            redirect_uris,
            trusted: r.trusted != 0,
            privileged: r.privileged != 0,
            disabled: r.disabled != 0,
            secret_hash: r.secret_hash,
            rate_limit_per_minute,
            first_party: if r.opds_catalog != 0 {
                Some(FirstParty::OpdsCatalog)
            } else if r.web_pages != 0 {
                Some(FirstParty::WebPages)
            } else {
                None
            },
        })
    }
}

const COLUMNS: &str = "api_key, name, site_id, secret_hash, redirect_uris, trusted, privileged, disabled, \
     rate_limit_per_minute, opds_catalog, web_pages";

pub async fn upsert(conn: &mut Connection, client: &Client) -> Result<(), StoreError> {
    let uris = serde_json::to_string(&client.redirect_uris).unwrap_or_else(|_| "[]".into());
    sqlx::query(
        "INSERT INTO clients (api_key, name, site_id, secret_hash, redirect_uris, trusted, privileged,
                              disabled, rate_limit_per_minute, created_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (api_key) DO UPDATE SET name = excluded.name, site_id = excluded.site_id,
           secret_hash = excluded.secret_hash, redirect_uris = excluded.redirect_uris,
           trusted = excluded.trusted, privileged = excluded.privileged, disabled = excluded.disabled,
           rate_limit_per_minute = excluded.rate_limit_per_minute",
    )
    .bind(&client.api_key)
    .bind(&client.name)
    .bind(&client.site_id)
    .bind(&client.secret_hash)
    .bind(uris)
    .bind(flag(client.trusted))
    .bind(flag(client.privileged))
    .bind(flag(client.disabled))
    .bind(client.rate_limit_per_minute.map(i64::from))
    .bind(Timestamp::now().unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn get<'e>(
    e: impl Executor<'e, Database = Any>,
    api_key: &str,
) -> Result<Option<Client>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM clients WHERE api_key = $1");
    let row: Option<ClientRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .bind(api_key)
        .fetch_optional(e)
        .await?;
    row.map(Client::try_from).transpose()
}

pub async fn list<'e>(e: impl Executor<'e, Database = Any>) -> Result<Vec<Client>, StoreError> {
    let sql = format!("SELECT {COLUMNS} FROM clients ORDER BY site_id, api_key");
    let rows: Vec<ClientRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql))
        .fetch_all(e)
        .await?;
    rows.into_iter().map(Client::try_from).collect()
}

/// Sets the key's share of requests a minute (`None`: the server's default); false when there
/// is no such key.
pub async fn set_rate_limit(
    conn: &mut Connection,
    api_key: &str,
    per_minute: Option<u32>,
) -> Result<bool, StoreError> {
    let changed = sqlx::query("UPDATE clients SET rate_limit_per_minute = $1 WHERE api_key = $2")
        .bind(per_minute.map(i64::from))
        .bind(api_key)
        .execute(&mut *conn)
        .await?
        .rows_affected();
    Ok(changed > 0)
}
