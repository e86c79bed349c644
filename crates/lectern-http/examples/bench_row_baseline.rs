//! The ceiling for `GET /v2/titles/{serviceId}`: a bare axum handler that reads the title's row by
//! key from the same store, with the same driver (sqlx), and answers the stored record's bytes,
//! with no client key, no visibility rule, no cache and no JSON. `bench/title_record.sh` runs it
//! beside the server, pinned the same way.
//!
//! Usage: `bench_row_baseline DATABASE_URL ADDR`, where DATABASE_URL is
//! `sqlite://DIR/lectern.db?mode=ro` or `postgres://…/DB`; serves `GET /v2/titles/{serviceId}`
//! (any query string) with 200 and the record, or 404.

use axum::Router;
use axum::extract::{Path, State};
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use sqlx::AnyPool;

/// As many connections as the server's own pool keeps busy on one core.
const CONNECTIONS: u32 = 8;

async fn row(State(pool): State<AnyPool>, Path(service_id): Path<String>) -> Response {
    let found = sqlx::query_scalar::<_, Vec<u8>>("SELECT record FROM titles WHERE service_id = $1")
        .bind(service_id)
        .fetch_optional(&pool)
        .await;
    match found {
        Ok(Some(record)) => {
            ([(header::CONTENT_TYPE, "application/octet-stream")], record).into_response()
        }
        Ok(None) => StatusCode::NOT_FOUND.into_response(),
        Err(e) => (StatusCode::INTERNAL_SERVER_ERROR, e.to_string()).into_response(),
    }
}

#[tokio::main]
async fn main() -> anyhow::Result<()> {
    let mut args = std::env::args().skip(1);
    let (Some(url), Some(addr)) = (args.next(), args.next()) else {
        anyhow::bail!("usage: bench_row_baseline DATABASE_URL ADDR");
    };
    sqlx::any::install_default_drivers();
    let pool = sqlx::any::AnyPoolOptions::new()
        .max_connections(CONNECTIONS)
        .connect(&url)
        .await?;
    let listener = tokio::net::TcpListener::bind(&addr).await?;
    println!(
        "bench_row_baseline serving title rows at http://{}/v2/titles/{{serviceId}}",
        listener.local_addr()?
    );
    let app = Router::new()
        .route("/v2/titles/{service_id}", get(row))
        .with_state(pool);
    axum::serve(listener, app).await?;
    Ok(())
}
