use crate::conventions::json::Json;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use lectern_operations::tokens::Refusal;
use serde::Serialize;

/// The Token Error shape of document 1.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TokenError {
    pub error: &'static str,
    pub error_description: String,
    #[serde(skip)]
    status: StatusCode,
    #[serde(skip)]
    retry_after: Option<u64>,
}

impl TokenError {
    pub fn new(error: &'static str, description: impl Into<String>) -> Self {
        TokenError {
            error,
            error_description: description.into(),
            status: StatusCode::BAD_REQUEST,
            retry_after: None,
        }
    }

    /// An error the framework raised on a token-server path (a 405, a 404), in this shape.
    pub fn with_status(
        status: StatusCode,
        error: &'static str,
        description: impl Into<String>,
    ) -> Self {
        TokenError {
            status,
            ..Self::new(error, description)
        }
    }

    /// Client authentication failed: 401, as RFC 6749 section 5.2 asks.
    pub fn invalid_client(description: impl Into<String>) -> Self {
        TokenError {
            status: StatusCode::UNAUTHORIZED,
            ..Self::new("invalid_client", description)
        }
    }

    /// Too many sign-in attempts: 429 with `Retry-After`.
    pub fn too_many_attempts(retry_after: u64) -> Self {
        TokenError {
            status: StatusCode::TOO_MANY_REQUESTS,
            retry_after: Some(retry_after.max(1)),
            ..Self::new(
                "temporarily_unavailable",
                "Too many failed sign-in attempts for this user name; retry later",
            )
        }
    }

    pub fn server_error(cause: impl std::fmt::Display) -> Self {
        tracing::error!(error = %cause, "token endpoint failed");
        TokenError {
            status: StatusCode::INTERNAL_SERVER_ERROR,
            ..Self::new(
                "server_error",
                "Something went wrong on our side; please retry later",
            )
        }
    }
}

impl From<lectern_store::StoreError> for TokenError {
    fn from(e: lectern_store::StoreError) -> Self {
        match &e {
            lectern_store::StoreError::Database(db)
                if lectern_store::dialect::is_unavailable(db) =>
            {
                tracing::warn!(error = %e, "store unavailable");
                TokenError {
                    status: StatusCode::SERVICE_UNAVAILABLE,
                    retry_after: Some(1),
                    ..Self::new(
                        "temporarily_unavailable",
                        "The service is busy; retry shortly",
                    )
                }
            }
            _ => TokenError::server_error(e),
        }
    }
}

impl From<Refusal> for TokenError {
    /// The token service's refusal in RFC 6749's words.
    fn from(refused: Refusal) -> Self {
        match refused {
            Refusal::InvalidGrant(why) => TokenError::new("invalid_grant", why),
            Refusal::UnauthorizedClient(why) => TokenError::new("unauthorized_client", why),
            Refusal::InvalidRequest(why) => TokenError::new("invalid_request", why),
            Refusal::TooManyAttempts(wait) => TokenError::too_many_attempts(wait),
            Refusal::Store(e) => e.into(),
        }
    }
}

impl IntoResponse for TokenError {
    fn into_response(self) -> Response {
        let status = self.status;
        let retry_after = self.retry_after;
        let mut resp = (
            status,
            [
                (header::CACHE_CONTROL, "no-store"),
                (header::PRAGMA, "no-cache"),
            ],
            Json(self),
        )
            .into_response();
        if status == StatusCode::UNAUTHORIZED {
            resp.headers_mut().insert(
                header::WWW_AUTHENTICATE,
                axum::http::HeaderValue::from_static("Basic realm=\"lectern\""),
            );
        }
        if let Some(seconds) = retry_after {
            resp.headers_mut()
                .insert(header::RETRY_AFTER, seconds.into());
        }
        resp
    }
}
