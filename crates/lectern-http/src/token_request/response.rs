use lectern_domain::Timestamp;
use lectern_domain::sealed_pair::TokenPair;
use lectern_domain::secret::{new_token, token_hash};
use lectern_store::oauth::{NewToken, insert_access_token, insert_refresh_token};
use lectern_store::{Connection, StoreError};
use serde::Serialize;

use crate::state::AppState;

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

/// Issues an access token and a refresh token for a grant.
pub async fn issue(
    conn: &mut Connection,
    state: &AppState,
    grant_id: &str,
    user_account_id: &str,
    api_key: &str,
) -> Result<TokenResponse, StoreError> {
    let pair = TokenPair {
        access_token: new_token(),
        refresh_token: new_token(),
    };
    issue_pair(conn, state, grant_id, user_account_id, api_key, pair).await
}

/// Issues a pair made beforehand (a refresh seals it with the token it spends first).
pub async fn issue_pair(
    conn: &mut Connection,
    state: &AppState,
    grant_id: &str,
    user_account_id: &str,
    api_key: &str,
    pair: TokenPair,
) -> Result<TokenResponse, StoreError> {
    let now = Timestamp::now();
    let access_ttl = state.settings.access_token_ttl.as_secs();
    let refresh_ttl = state.settings.refresh_token_ttl.as_secs();
    let TokenPair {
        access_token: access,
        refresh_token: refresh,
    } = pair;
    let access_hash = token_hash(&access);
    let refresh_hash = token_hash(&refresh);
    let expiry = |ttl: u64| now.plus_seconds(i64::try_from(ttl).unwrap_or(i64::MAX));
    let access_row = NewToken {
        hash: &access_hash,
        grant_id,
        user_account_id,
        api_key,
        expires_at: expiry(access_ttl),
    };
    let refresh_row = NewToken {
        hash: &refresh_hash,
        grant_id,
        user_account_id,
        api_key,
        expires_at: expiry(refresh_ttl),
    };
    insert_access_token(&mut *conn, &access_row).await?;
    insert_refresh_token(&mut *conn, &refresh_row).await?;
    metrics::counter!("lectern_tokens_issued_total").increment(1);
    Ok(TokenResponse {
        access_token: access,
        token_type: "bearer",
        expires_in: access_ttl,
        refresh_token: refresh,
        scope: "basic",
    })
}
