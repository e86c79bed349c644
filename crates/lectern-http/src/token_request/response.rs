use lectern_operations::tokens::Issued;
use serde::Serialize;

/// The Token shape of document 1.
#[derive(Debug, Serialize, utoipa::ToSchema)]
pub struct TokenResponse {
    pub access_token: String,
    pub token_type: &'static str,
    /// Seconds until the access token expires.
    pub expires_in: u64,
    pub refresh_token: String,
    pub scope: &'static str,
}

impl TokenResponse {
    /// The tokens the token service issued, as document 1 answers them.
    pub fn of(issued: Issued) -> Self {
        TokenResponse {
            access_token: issued.access_token,
            token_type: "bearer",
            expires_in: issued.expires_in,
            refresh_token: issued.refresh_token,
            scope: "basic",
        }
    }
}
