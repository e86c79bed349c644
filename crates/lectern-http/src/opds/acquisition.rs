//! `GET /opds/{siteId}/titles/{serviceId}/{format}`: an acquisition link, which an app follows
//! once and expects the file from. It is the API's download (`GET /v2/titles/{serviceId}/
//! {format}`: the same rules, the same allowance, the same package) that waits for the package
//! instead of answering 202, up to `PACKAGE_WAIT`; the file then comes by the download's 302 to
//! its signed URL, which apps follow. A package that takes longer answers 503 with
//! `Retry-After`, and the next follow gets the same package (`docs/decisions.md`, "An
//! acquisition link waits for the package").

use std::time::{Duration, Instant};

use axum::extract::{Path, State};
use axum::http::{HeaderValue, Method, StatusCode, header};
use axum::response::{IntoResponse, Response};
use lectern_domain::title_access::UsageRestriction;

use super::site::{OpdsAsk, OpdsSite};
use crate::downloads::Asking;
use crate::downloads::title_download;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
use lectern_operations::streaming;
use lectern_operations::titles::{CatalogViewer, visible_title};

/// How long a follow waits for its package: under the 30 s an app's request commonly waits.
pub const PACKAGE_WAIT: Duration = Duration::from_secs(20);
const POLL: Duration = Duration::from_millis(250);

pub async fn acquire(
    State(state): State<AppState>,
    method: Method,
    Path((site_id, service_id, format)): Path<(String, String, String)>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    // KOReader sends a HEAD first to learn the file's name: it neither queues nor counts.
    let asking = Asking::by(&method);
    let site = OpdsSite::named(&state, &site_id).await?;
    let started = Instant::now();
    // Resolved once: a Basic sign-in is a password check, not to be repeated every poll.
    let caller = site.caller(&state, &ask).await?;
    guest_asked_for_what_anyone_may_have(&state, &caller, &service_id).await?;
    loop {
        let answer = title_download(&state, &caller, &service_id, &format, asking).await?;
        if answer.status() != StatusCode::ACCEPTED || asking == Asking::Look {
            return Ok(answer);
        }
        if started.elapsed() + POLL > PACKAGE_WAIT {
            return Ok(still_packaging());
        }
        tokio::time::sleep(POLL).await;
    }
}

/// `GET /opds/{siteId}/titles/{serviceId}/webpub`: the title opened to read online, as the API's
/// `GET /v2/titles/{serviceId}/webpub` opens it (the same rules, counted the same way): a 302 to
/// its Readium Web Publication Manifest below a signed reading link, which a Readium app
/// follows and streams the book from. A guest asking for a title only readers may have is
/// asked to sign in, as an acquisition link asks.
pub async fn read_online(
    State(state): State<AppState>,
    Path((site_id, service_id)): Path<(String, String)>,
    ask: OpdsAsk,
) -> ApiResult<Response> {
    let site = OpdsSite::named(&state, &site_id).await?;
    let caller = site.caller(&state, &ask).await?;
    guest_asked_for_what_anyone_may_have(&state, &caller, &service_id).await?;
    let book = streaming::open(&state, &caller, &service_id).await?;
    crate::streaming::opened(&state, &book).await
}

/// A guest asking for a title only readers may have is asked to sign in (401, which has an app
/// show its sign-in), rather than refused as the API refuses a guest (403).
async fn guest_asked_for_what_anyone_may_have(
    state: &AppState,
    caller: &crate::conventions::caller::Caller,
    service_id: &str,
) -> ApiResult<()> {
    if caller.user().is_none() {
        let who = CatalogViewer::of(state, caller).await?;
        let record = visible_title(state, &who, service_id).await?;
        if record.usage_restriction == UsageRestriction::Copyright {
            return Err(sign_in_first());
        }
    }
    Ok(())
}

/// 401: a guest asked for a title only readers may have.
fn sign_in_first() -> ApiError {
    ApiError::unauthorized("Sign in to download this title")
}

fn still_packaging() -> Response {
    let mut response = ApiError::new(
        StatusCode::SERVICE_UNAVAILABLE,
        "PACKAGE_NOT_READY",
        "Your copy is still being prepared; follow the link again in a minute.",
    )
    .into_response();
    response
        .headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from_static("30"));
    response
}
