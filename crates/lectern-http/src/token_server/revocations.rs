use crate::conventions::json::Json;
use axum::body::Bytes;
use axum::extract::{RawQuery, State};
use axum::http::{HeaderMap, header};
use axum::response::{IntoResponse, Response};
use lectern_operations::tokens;

use super::client_auth;
use super::token::form_params;
use crate::conventions::status::Status;
use crate::state::AppState;
use crate::token_request::{TokenError, field, missing};

/// Form fields of a revocation request.
#[derive(utoipa::ToSchema)]
#[allow(dead_code)]
pub struct RevocationRequest {
    /// The access or refresh token to revoke
    token: String,
    /// Accepted and ignored, as document 1 lists it
    grant_type: Option<String>,
}

/// Revokes one token, access or refresh (RFC 7009). An unknown token is answered with success,
/// as the RFC asks, since there is nothing left to revoke.
#[utoipa::path(
    post, path = "/oauth/revocations", tag = "oauth",
    request_body(content = RevocationRequest, content_type = "application/x-www-form-urlencoded"),
    responses(
        (status = 200, description = "Revoked", body = Status),
        (status = 400, description = "Token Error", body = TokenError),
        (status = 401, description = "Client authentication failed", body = TokenError),
    ),
    security(("basic" = []))
)]
pub async fn revoke(
    State(state): State<AppState>,
    RawQuery(query): RawQuery,
    headers: HeaderMap,
    body: Bytes,
) -> Response {
    match revoke_token(&state, query, &headers, &body).await {
        Ok(()) => (
            [(header::CACHE_CONTROL, "no-store")],
            Json(Status::success("The token has been revoked")),
        )
            .into_response(),
        Err(e) => e.into_response(),
    }
}

async fn revoke_token(
    state: &AppState,
    query: Option<String>,
    headers: &HeaderMap,
    body: &[u8],
) -> Result<(), TokenError> {
    let params = form_params(query, headers, body)?;
    let client = client_auth::authenticate(state, headers, &params).await?;
    let token = field(&params, "token")?.ok_or_else(|| missing("token"))?;
    Ok(tokens::revoke(state, &client, token).await?)
}
