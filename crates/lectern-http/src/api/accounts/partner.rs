//! `POST`/`DELETE /v2/partnerAccessToken`: a member's connection to a partner's drive (where
//! documents to convert come from). The library's own application gets the member's consent at
//! the drive and hands Lectern the authorization code; Lectern, which holds the library's client
//! secret, exchanges it, keeps the refresh token, and gives the application a short-lived access
//! token for the drive's picker, refreshing it when asked again.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::Timestamp;
use lectern_domain::invalid::Why;
use lectern_operations::partner_drive_tokens;
use lectern_store::partner_tokens::PartnerToken;

use crate::partner_drive::MemberToken;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::conventions::caller::Caller;
use crate::conventions::links::Link;
use crate::conventions::status::Status;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::{AppState, PartnerDrive};

/// A token for the partner's drive API.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct PartnerAccessToken {
    pub access_token: String,
    pub token_type: String,
    /// Seconds it stays valid
    pub expires_in: Option<i64>,
    pub links: Vec<Link>,
}

/// The drive's consent, when connecting.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ConnectParams {
    /// The authorization code the drive gave the application; absent: a fresh token of the
    /// connection made before
    code: Option<String>,
    /// The redirect URI the code was issued to (required with `code`)
    redirect_uri: Option<String>,
}

fn privileged_member(caller: &Caller) -> ApiResult<&lectern_domain::account::Account> {
    let me = caller.signed_in()?;
    if !caller.client.privileged {
        return Err(ApiError::forbidden(Why::of(
            "refused-partner-drive-privileged",
            "Partner drives are connected through the library's own applications (client keys with membership privileges)",
        )));
    }
    Ok(me)
}

fn drive(state: &AppState) -> ApiResult<&PartnerDrive> {
    state.settings.partner_drive.as_ref().ok_or_else(|| {
        ApiError::not_found(Why::of(
            "absent-partner-drive-set-up",
            "No partner drive is set up for this library",
        ))
    })
}

fn view(state: &AppState, token: &PartnerToken, now: Timestamp) -> PartnerAccessToken {
    PartnerAccessToken {
        access_token: token.access_token.clone(),
        token_type: token.token_type.clone(),
        expires_in: token.expires_at.map(|at| (at - now.unix()).max(0)),
        links: vec![Link::new("self", state.v2_url("/partnerAccessToken"))],
    }
}

#[utoipa::path(
    post, path = "/v2/partnerAccessToken", tag = "accounts",
    params(("api_key" = String, Query, description = "A client key with membership privileges"), ConnectParams),
    responses(
        (status = 200, description = "A token for the partner's drive", body = PartnerAccessToken),
        (status = 400, description = "A missing parameter, or a code the drive refused", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "A client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No partner drive is set up, or the member has not connected it", body = ErrorBody),
        (status = 502, description = "The partner drive did not answer", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn partner_access_token(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<PartnerAccessToken>> {
    let me = privileged_member(&caller)?;
    let drive = drive(&state)?;
    let p: ConnectParams = caller.params.parse()?;
    let now = Timestamp::now();
    let token = match p.code {
        Some(code) => {
            let redirect_uri = p
                .redirect_uri
                .ok_or_else(|| ApiError::missing_param("redirectUri"))?;
            let tokens = drive
                .exchange(
                    &[
                        ("grant_type", "authorization_code"),
                        ("code", &code),
                        ("redirect_uri", &redirect_uri),
                    ],
                    "code",
                )
                .await?;
            drive
                .remember(&state, &me.user_account_id, tokens, None, now)
                .await?
        }
        None => match drive.member_token(&state, &me.user_account_id, now).await? {
            MemberToken::Usable(token) => token,
            MemberToken::NotConnected => {
                return Err(ApiError::not_found(Why::of(
                    "absent-partner-drive-connected",
                    "You have not connected a partner drive; send the drive's code",
                )));
            }
            MemberToken::Expired => {
                return Err(ApiError::not_found(Why::of(
                    "absent-partner-drive-token",
                    "The partner drive's token expired and cannot be renewed; connect again",
                )));
            }
        },
    };
    Ok(Json(view(&state, &token, now)))
}

#[utoipa::path(
    delete, path = "/v2/partnerAccessToken", tag = "accounts",
    params(("api_key" = String, Query, description = "A client key with membership privileges")),
    responses(
        (status = 200, description = "The drive's tokens are forgotten", body = Status),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "A client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No partner drive was connected", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn disconnect_partner(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<Status>> {
    privileged_member(&caller)?;
    partner_drive_tokens::forget_mine(&state, &caller).await?;
    Ok(Json(Status::success("The partner drive is disconnected")))
}
