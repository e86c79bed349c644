//! The connector to a partner's drive: the library's OAuth client there (exchanging a member's
//! authorization code, refreshing their token) and the drive's files, fetched with the member's
//! token when a document comes from the drive. Tests run it against a small drive server.

use std::time::Duration;

use axum::http::StatusCode;
use lectern_domain::Timestamp;
use lectern_domain::invalid::Why;
use lectern_store::partner_tokens::PartnerToken;
use serde::Deserialize;
use url::Url;

use crate::error::{ApiError, ApiResult};
use lectern_operations::House;
use lectern_operations::partner_drive_tokens;

/// A partner's drive: its OAuth token endpoint, where its files are, and the library's client.
#[derive(Clone)]
pub struct PartnerDrive {
    pub token_url: Url,
    /// Files are fetched from `{files_url}{fileId}?alt=media` (the form of the common drive
    /// APIs), with the member's bearer token.
    pub files_url: Url,
    pub client_id: String,
    pub client_secret: String,
    pub http: reqwest::Client,
}

impl std::fmt::Debug for PartnerDrive {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("PartnerDrive")
            .field("token_url", &self.token_url.as_str())
            .field("files_url", &self.files_url.as_str())
            .field("client_id", &self.client_id)
            .finish_non_exhaustive()
    }
}

/// The drive's token response (RFC 6749, section 5.1).
#[derive(Deserialize)]
pub(crate) struct DriveTokens {
    pub access_token: String,
    #[serde(default = "bearer")]
    pub token_type: String,
    pub expires_in: Option<i64>,
    pub refresh_token: Option<String>,
}

fn bearer() -> String {
    "Bearer".to_owned()
}

/// A member's token for the drive, as far as there is one.
pub(crate) enum MemberToken {
    Usable(PartnerToken),
    NotConnected,
    /// Expired, with no refresh token to renew it
    Expired,
}

fn bad_gateway(message: impl Into<Why>) -> ApiError {
    ApiError::new(StatusCode::BAD_GATEWAY, "BAD_GATEWAY", message)
}

fn unreachable(e: reqwest::Error) -> ApiError {
    tracing::warn!(error = %e, "partner drive unreachable");
    let why = "The partner drive did not answer; try again later";
    bad_gateway(Why::of("drive-unreachable", why))
}

/// The drive's answer, as it gave it, that Lectern could not use.
fn drive_answered(key: &'static str, english: String, what: impl ToString) -> ApiError {
    bad_gateway(Why::of(key, english).with("what", what))
}

impl PartnerDrive {
    pub fn new(token_url: Url, files_url: Url, client_id: String, client_secret: String) -> Self {
        PartnerDrive {
            token_url,
            files_url,
            client_id,
            client_secret,
            // Long enough for a 20 MB file over a slow link; the drive must not hold a request
            // open for ever.
            http: reqwest::Client::builder()
                .timeout(Duration::from_secs(60))
                .build()
                .unwrap_or_default(),
        }
    }

    /// Asks the drive's token endpoint; a refusal names `param`.
    pub(crate) async fn exchange(
        &self,
        form: &[(&str, &str)],
        param: &str,
    ) -> ApiResult<DriveTokens> {
        let mut body: Vec<(&str, &str)> = form.to_vec();
        body.push(("client_id", &self.client_id));
        body.push(("client_secret", &self.client_secret));
        let resp = self
            .http
            .post(self.token_url.clone())
            .form(&body)
            .send()
            .await
            .map_err(unreachable)?;
        if !resp.status().is_success() {
            let why: serde_json::Value = resp.json().await.unwrap_or_default();
            let error = why["error"].as_str().unwrap_or("refused").to_owned();
            let why = Why::of(
                "why-drive-refused-it",
                format!("the partner drive refused it ({error})"),
            );
            return Err(ApiError::bad_param(param, why.with("error", error)));
        }
        resp.json::<DriveTokens>().await.map_err(|e| {
            let english = format!("The partner drive answered something unreadable: {e}");
            drive_answered("drive-unreadable", english, e)
        })
    }

    /// The member's stored token, renewed (and stored again) when it has less than a minute left.
    pub(crate) async fn member_token(
        &self,
        house: &House,
        user_account_id: &str,
        now: Timestamp,
    ) -> ApiResult<MemberToken> {
        let Some(stored) = partner_drive_tokens::kept(house, user_account_id).await? else {
            return Ok(MemberToken::NotConnected);
        };
        if stored.expires_at.is_none_or(|at| at > now.unix() + 60) {
            return Ok(MemberToken::Usable(stored));
        }
        let Some(refresh) = stored.refresh_token.clone() else {
            return Ok(MemberToken::Expired);
        };
        let fresh = self
            .exchange(
                &[("grant_type", "refresh_token"), ("refresh_token", &refresh)],
                "refreshToken",
            )
            .await?;
        let token = self
            .remember(house, user_account_id, fresh, Some(refresh), now)
            .await?;
        Ok(MemberToken::Usable(token))
    }

    /// Stores the drive's answer as the member's token; a refresh token the drive did not
    /// rotate stays.
    pub(crate) async fn remember(
        &self,
        house: &House,
        user_account_id: &str,
        tokens: DriveTokens,
        previous_refresh: Option<String>,
        now: Timestamp,
    ) -> ApiResult<PartnerToken> {
        let token = PartnerToken {
            access_token: tokens.access_token,
            token_type: tokens.token_type,
            refresh_token: tokens.refresh_token.or(previous_refresh),
            expires_at: tokens.expires_in.map(|s| now.unix() + s),
        };
        partner_drive_tokens::keep(house, user_account_id, &token).await?;
        Ok(token)
    }

    /// The content of a file of the member's drive, refused past `max_bytes` without reading
    /// further; refusals name `partnerDriveFileId`.
    pub(crate) async fn fetch_file(
        &self,
        token: &PartnerToken,
        file_id: &str,
        max_bytes: usize,
        too_large: impl Fn() -> ApiError,
    ) -> ApiResult<Vec<u8>> {
        let mut url = self.files_url.clone();
        url.path_segments_mut()
            .map_err(|()| {
                let why = "The partner drive's files URL cannot name a file";
                bad_gateway(Why::of("drive-files-url", why))
            })?
            .pop_if_empty()
            .push(file_id);
        url.query_pairs_mut().append_pair("alt", "media");
        let resp = self
            .http
            .get(url)
            .bearer_auth(&token.access_token)
            .send()
            .await
            .map_err(unreachable)?;
        let param = "partnerDriveFileId";
        match resp.status() {
            s if s.is_success() => {}
            StatusCode::NOT_FOUND => {
                let why = Why::of("why-no-drive-file", "is no file of your partner drive");
                return Err(ApiError::bad_param(param, why));
            }
            StatusCode::UNAUTHORIZED | StatusCode::FORBIDDEN => {
                let why = "the partner drive refused access to it; connect the drive again";
                return Err(ApiError::bad_param(
                    param,
                    Why::of("why-drive-refused", why),
                ));
            }
            other => {
                let english = format!("The partner drive answered {other}");
                return Err(drive_answered("drive-answered", english, other));
            }
        }
        if resp.content_length().is_some_and(|n| n > max_bytes as u64) {
            return Err(too_large());
        }
        let mut bytes = Vec::new();
        let mut resp = resp;
        while let Some(chunk) = resp.chunk().await.map_err(|e| {
            let english = format!("The partner drive broke off: {e}");
            drive_answered("drive-broke-off", english, e)
        })? {
            if bytes.len() + chunk.len() > max_bytes {
                return Err(too_large());
            }
            bytes.extend_from_slice(&chunk);
        }
        Ok(bytes)
    }
}
