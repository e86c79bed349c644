//! Health for load balancers and orchestrators, outside `/v2` (no client key): `/health`
//! answers while the process serves requests at all; `/ready` answers 200 only while the node
//! can do its work, that is while its store answers; it lists the document types this node
//! cannot convert, since a missing tool does not stop the rest of its work. A node's index is built before it listens,
//! so a listening node is never behind by more than the index's poll.

use std::time::Duration;

use crate::conventions::json::Json;
use axum::extract::State;
use axum::http::StatusCode;
use axum::routing::get;
use serde::Serialize;

use crate::error::ApiError;
use crate::state::AppState;

/// A store that takes longer than this to answer one trivial statement is not ready.
const STORE_TIMEOUT: Duration = Duration::from_secs(2);

#[derive(Serialize)]
struct Health {
    status: &'static str,
}

/// A ready node, and the document types it cannot convert (their uploads are refused).
#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct Readiness {
    status: &'static str,
    unavailable_conversions: Vec<UnavailableConversion>,
}

#[derive(Serialize)]
#[serde(rename_all = "camelCase")]
struct UnavailableConversion {
    mime_type: &'static str,
    reason: String,
}

pub(crate) fn routes() -> axum::Router<AppState> {
    axum::Router::new()
        .route("/health", get(live))
        .route("/ready", get(ready))
}

async fn live() -> Json<Health> {
    Json(Health { status: "UP" })
}

async fn ready(State(state): State<AppState>) -> Result<Json<Readiness>, ApiError> {
    let answered = tokio::time::timeout(STORE_TIMEOUT, state.store.ping()).await;
    let why = match answered {
        Ok(Ok(())) => {
            let unavailable_conversions = state
                .settings
                .converters
                .unavailable_types()
                .into_iter()
                .map(|(kind, reason)| UnavailableConversion {
                    mime_type: kind.as_str(),
                    reason,
                })
                .collect();
            return Ok(Json(Readiness {
                status: "UP",
                unavailable_conversions,
            }));
        }
        Ok(Err(e)) => e.to_string(),
        Err(_) => format!("no answer within {} s", STORE_TIMEOUT.as_secs()),
    };
    tracing::warn!(reason = %why, "not ready: the store is out of reach");
    Err(ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "SERVICE_UNAVAILABLE",
        "This node cannot reach its store",
    )
    .with_header(axum::http::header::RETRY_AFTER, "5"))
}
