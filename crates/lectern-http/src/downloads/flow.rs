//! The download flow of document 4: the first request queues the reader's package and answers
//! 202; later requests answer 202 until it is ready, then 302 to a signed URL. Refusals are 403
//! with the alerts' messages; too many packages in progress is 429.

use crate::conventions::json::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::invalid::Why;
use lectern_domain::string_enum::ClosedSet;
use lectern_domain::title_access::{self, ReaderFacts, TitleFacts, Viewer};
use lectern_store::downloads::DownloadStatus;

use serde::Deserialize;
use utoipa::IntoParams;

use super::signing::signed_url;
use crate::conventions::caller::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::download_wait;
pub use lectern_operations::downloads::Subject;
use lectern_operations::downloads::{self as downloads_house, Asked};
use lectern_operations::titles::CatalogViewer;

/// The query of a download, of a title or of an edition.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct DownloadParams {
    /// The userAccountId of the member a sponsor or assistant downloads for
    for_user: Option<String>,
}
/// What a 202's `Retry-After` suggests where no wait is estimated (a document being converted);
/// existing clients poll about this often anyway.
const POLL_SECONDS: u64 = 10;

/// Whether a request may start a package, or only look at one asked for before.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Asking {
    /// The API's `GET`, an app following an acquisition link, a posted form: a package is
    /// queued (and counted) when there is none.
    Start,
    /// A page's `GET` (which a link on another site can make a signed-in browser send) and any
    /// `HEAD` (which apps send to learn a file's name): nothing is queued or counted; with no
    /// package asked for, a 404 that says so (`NOT_REQUESTED`).
    Look,
}

impl Asking {
    /// What a request of the API's or an app's door may do: a `HEAD` only looks.
    pub fn by(method: &axum::http::Method) -> Asking {
        if method == axum::http::Method::HEAD {
            Asking::Look
        } else {
            Asking::Start
        }
    }
}

/// The key of the 404 a look answers when no package has been asked for.
pub const NOT_REQUESTED: &str = "NOT_REQUESTED";

pub async fn request(
    state: &AppState,
    caller: &Caller,
    who: &CatalogViewer,
    subject: Subject,
    asking: Asking,
) -> ApiResult<Response> {
    let reader_id = reader(state, caller, who).await?.map(|r| r.user_account_id);
    // Each guest apart (by address), so that one guest's narrations never hold back the others
    // of the same application; all of them together are bounded too.
    let guests = caller
        .user()
        .is_none()
        .then(|| guests_of(&caller.client.api_key));
    let requester = match (caller.user(), &guests) {
        (Some(u), _) => u.user_account_id.clone(),
        (None, guests) => format!("{}{}", guests.as_deref().unwrap_or_default(), caller.from),
    };
    let asked = Asked {
        guests,
        requester: &requester,
        reader_id: reader_id.as_deref(),
        subject: &subject,
        now: Timestamp::now(),
    };
    let Some(download) = downloads_house::ask(state, &asked, asking == Asking::Start).await? else {
        return Err(ApiError::new(
            StatusCode::NOT_FOUND,
            NOT_REQUESTED,
            "No package of this format has been asked for: ask for one to start it",
        ));
    };
    match (download.status, &download.object_key) {
        (DownloadStatus::Ready, Some(key)) => available(state, key).await,
        _ => {
            let wait = download_wait::wait(state, &download).await?;
            Ok(accepted_after(
                "The package is being prepared; ask again when Retry-After says.",
                wait,
            ))
        }
    }
}

/// The requester name every guest of a client key shares the start of.
fn guests_of(api_key: &str) -> String {
    format!("guest:{api_key}:")
}

/// 302 to a signed URL of the file at `object_key`, with the URL in the Status body too.
pub async fn available(state: &AppState, object_key: &str) -> ApiResult<Response> {
    let url = signed_url(state, object_key).await?;
    let mut resp = (StatusCode::FOUND, Json(status("AVAILABLE", url.clone()))).into_response();
    if let Ok(v) = HeaderValue::from_str(&url) {
        resp.headers_mut().insert(header::LOCATION, v);
    }
    Ok(resp)
}

/// 202: the file is being made; `Retry-After` says when to ask again.
pub fn accepted(message: &str) -> Response {
    accepted_after(message, POLL_SECONDS)
}

/// 202 with `Retry-After` in seconds: the wait estimated for the package.
pub fn accepted_after(message: &str, seconds: u64) -> Response {
    let mut resp = (
        StatusCode::ACCEPTED,
        Json(status("ACCEPTED", message.to_owned())),
    )
        .into_response();
    resp.headers_mut()
        .insert(header::RETRY_AFTER, HeaderValue::from(seconds.max(1)));
    resp
}

/// The reader the package is for: the caller, or with `forUser` the member they download for
/// (if they may); None for a guest.
async fn reader(
    state: &AppState,
    caller: &Caller,
    who: &CatalogViewer,
) -> ApiResult<Option<ReaderFacts>> {
    let p: DownloadParams = caller.params.parse()?;
    let for_user = p.for_user.as_deref().map(str::trim);
    Ok(downloads_house::reader_for(state, &who.viewer, for_user).await?)
}

/// Downloading for a member (`forUser`) applies the member's rules, what they may see
/// included: a title the member may not see is refused before anything else is looked at.
pub async fn check_reader_sees(
    state: &AppState,
    caller: &Caller,
    who: &CatalogViewer,
    facts: &TitleFacts,
) -> ApiResult<()> {
    let Some(reader) = reader(state, caller, who).await? else {
        return Ok(());
    };
    let for_other = caller.user().map(|u| &u.user_account_id) != Some(&reader.user_account_id);
    if for_other && !title_access::is_visible(&Viewer::User(reader), facts) {
        return Err(ApiError::forbidden(Why::of(
            "refused-not-for-member",
            "This title is not available to the member you are downloading for",
        )));
    }
    Ok(())
}

fn status(key: &str, message: String) -> ErrorBody {
    ErrorBody {
        key: key.to_owned(),
        messages: vec![message],
        links: vec![],
        error: None,
        error_description: None,
    }
}

/// The format path segment: one of FORMAT, or a 400 naming `format`.
pub fn parse_format(raw: &str) -> ApiResult<Format> {
    Format::read(raw).map_err(|why| ApiError::bad_param("format", why))
}
