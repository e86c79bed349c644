//! `POST /v2/utm`: records which campaign brought a visitor, for the library's own applications.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_operations::referrals;
use lectern_store::utm::Referral;
use serde::Deserialize;
use utoipa::IntoParams;

use crate::conventions::caller::Caller;
use crate::conventions::status::Status;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

/// The UTM values of the visit.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct UtmParams {
    /// Where the visitor came from (a site, a newsletter)
    utm_source: String,
    utm_medium: Option<String>,
    utm_campaign: Option<String>,
    utm_term: Option<String>,
    utm_content: Option<String>,
}

#[utoipa::path(
    post, path = "/v2/utm", tag = "accounts",
    params(("api_key" = String, Query, description = "A client key with membership privileges"), UtmParams),
    responses(
        (status = 201, description = "Recorded (with the signed-in user, if any)", body = Status),
        (status = 400, description = "A bad or missing parameter, named", body = ErrorBody),
        (status = 403, description = "A client key without membership privileges", body = ErrorBody),
    ),
)]
pub async fn record_referral(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<(axum::http::StatusCode, Json<Status>)> {
    referrals::may_record(&caller)?;
    let p: UtmParams = caller.params.parse()?;
    let referral = Referral {
        source: p.utm_source,
        medium: p.utm_medium,
        campaign: p.utm_campaign,
        term: p.utm_term,
        content: p.utm_content,
    };
    referrals::record(&state, &caller, referral).await?;
    Ok((
        axum::http::StatusCode::CREATED,
        Json(Status::success("The referral was recorded")),
    ))
}
