//! The download flow of document 4: the first request queues the reader's package and answers
//! 202; later requests answer 202 until it is ready, then 302 to a signed URL. Refusals are 403
//! with the alerts' messages; too many packages in progress is 429.

use crate::conventions::json::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_domain::title_access::{self, ReaderFacts, TitleFacts, Viewer};
use lectern_store::ReadOn;
use lectern_store::downloads::{self, Download, DownloadStatus, PackageKind, SubjectKind};
use lectern_store::{assigned_titles, preferences, readers, recommendations, request_locks};

use serde::Deserialize;
use utoipa::IntoParams;

use super::signing::signed_url;
use crate::conventions::caller::Caller;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use crate::titles::CatalogViewer;

/// Packages a requester may wait for at once in each lane of the worker; more is a 429. The
/// lanes are counted apart: narrations take minutes, the rest seconds, and three narrations
/// waiting never refuse an EPUB.
pub const MAX_IN_PROGRESS: u32 = 3;
/// Packages all the guests of one client key may wait for at once, whichever guests they are.
pub const MAX_GUESTS_IN_PROGRESS: u32 = 12;

/// The query of a download, of a title or of an edition.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct DownloadParams {
    /// The userAccountId of the member a sponsor or assistant downloads for
    for_user: Option<String>,
}
/// A package made this recently is served again rather than made anew (and counted again).
const REUSE_SECONDS: i64 = 24 * 3600;
/// What a 202's `Retry-After` suggests where no wait is estimated (a document being converted);
/// existing clients poll about this often anyway.
const POLL_SECONDS: u64 = 10;

/// What is being downloaded, once the caller may see it and it has the format.
pub struct Subject {
    pub kind: SubjectKind,
    /// The title's service id, or `seriesId/editionId`.
    pub id: String,
    pub facts: TitleFacts,
    pub format: Format,
}

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
    // A package already asked for is answered without the requester's lock, as a reader's app
    // asks again and again until it is ready: nothing is written for it, and on SQLite that
    // lock is the store's one write lock, which each download then held across four more
    // queries: 7 in 100 requests of the mixed load, among the writers that waited for the lock
    // for over a second (`docs/benchmarks.md`, "Mixed load"). A refusal needs no lock either:
    // what a concurrent request changes only adds to what refuses.
    let first = check(ReadOn::Reads(state.store.reads()), &asked).await?;
    let download = match (first.existing, asking) {
        (Some(d), _) => d,
        (None, Asking::Start) => queue_once(state, &asked).await?,
        (None, Asking::Look) => {
            return Err(ApiError::new(
                StatusCode::NOT_FOUND,
                NOT_REQUESTED,
                "No package of this format has been asked for: ask for one to start it",
            ));
        }
    };
    match (download.status, &download.object_key) {
        (DownloadStatus::Ready, Some(key)) => available(state, key).await,
        _ => {
            let wait = super::estimate::wait(state, &download).await?;
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

/// A download asked for: by whom, for which reader, of what, when.
struct Asked<'a> {
    /// For a guest, the start every guest of the client key shares (`guests_of`).
    guests: Option<String>,
    requester: &'a str,
    reader_id: Option<&'a str>,
    subject: &'a Subject,
    now: Timestamp,
}

/// The checks and the insert, as one transaction alone for this requester and reader: ten
/// requests at once make one package of a title and stay within the allowance and the cap.
async fn queue_once(state: &AppState, asked: &Asked<'_>) -> ApiResult<Download> {
    let format = asked.subject.format.as_str();
    let mut tx = state.store.begin().await?;
    let guests = asked.guests.as_deref();
    let mut keys = vec![asked.requester];
    keys.extend(asked.reader_id);
    keys.extend(guests);
    request_locks::serialize(&mut tx, &keys, asked.now).await?;
    let checked = check(ReadOn::Connection(&mut tx), asked).await?;
    if let Some(d) = checked.existing {
        // Another request queued it since the first look.
        tx.commit().await?;
        return Ok(d);
    }
    let lane = PackageKind::of(format);
    if downloads::in_progress(&mut *tx, asked.requester, lane).await? >= MAX_IN_PROGRESS {
        let what = match lane {
            PackageKind::Audio => "narrations",
            PackageKind::Other => "packages",
        };
        return Err(ApiError::too_many_requests(
            10,
            format!(
                "{MAX_IN_PROGRESS} {what} are already being prepared for you; ask again when one is ready"
            ),
        ));
    }
    if let Some(guests) = guests
        && downloads::in_progress_of_all(&mut *tx, guests).await? >= MAX_GUESTS_IN_PROGRESS
    {
        return Err(ApiError::too_many_requests(
            30,
            "Many guests of this application are waiting for packages; ask again in a minute, or sign in",
        ));
    }
    let (kind, id) = (asked.subject.kind, asked.subject.id.as_str());
    let d = downloads::enqueue(
        &mut tx,
        asked.reader_id,
        asked.requester,
        kind,
        id,
        format,
        asked.now,
    )
    .await?;
    metrics::counter!("lectern_downloads_requested_total", "format" => format.to_owned())
        .increment(1);
    if let (Some(reader), SubjectKind::Title) = (asked.reader_id, kind) {
        recommendations::note_reader(&mut tx, id, reader, asked.now.unix()).await?;
        if checked.assigned {
            assigned_titles::mark_downloaded(&mut tx, reader, id, asked.now).await?;
        }
    }
    tx.commit().await?;
    Ok(d)
}

/// What the checks found, when the reader may download.
struct Checked {
    /// The package of this download asked for within the reuse period.
    existing: Option<Download>,
    /// Whether the title is assigned to the reader.
    assigned: bool,
}

/// The checks of a download; a 403 with the alerts when the reader may not download it.
async fn check(mut reads: ReadOn<'_>, asked: &Asked<'_>) -> ApiResult<Checked> {
    let mut reader = match asked.reader_id {
        Some(id) => Some(
            readers::reader_facts(&mut reads, id, asked.now)
                .await?
                .ok_or_else(|| ApiError::unauthorized("The account of this token is gone"))?,
        ),
        None => None,
    };
    let subject = asked.subject;
    let mut reusable_since = asked.now.plus_seconds(-REUSE_SECONDS);
    if let (Format::Brf, Some(id)) = (subject.format, asked.reader_id) {
        // Braille is laid out by the reader's preferences when it is packaged: a package made
        // before they last changed them is not theirs any more. Times are in whole seconds:
        // one made in the second they were saved counts as made after it, or every request in
        // that second would queue another.
        if let Some(saved) = preferences::saved_at(&mut reads, id).await? {
            reusable_since = reusable_since.max(saved);
        }
    }
    let existing = downloads::current(
        &mut reads,
        asked.requester,
        asked.reader_id,
        subject.kind,
        &subject.id,
        subject.format.as_str(),
        reusable_since,
    )
    .await?;
    if let (Some(_), Some(r)) = (&existing, reader.as_mut()) {
        // Asking again for a package already requested is the same download: it was counted
        // against this month's allowance when it was first asked for.
        r.downloads_in_period = r.downloads_in_period.saturating_sub(1);
    }
    let assigned = match (asked.reader_id, subject.kind) {
        (Some(id), SubjectKind::Title) => {
            assigned_titles::is_assigned(&mut reads, id, &subject.id).await?
        }
        _ => false,
    };
    let alerts = title_access::download_alerts(reader.as_ref(), &subject.facts, assigned);
    if !title_access::allows_download(&alerts) {
        let refusing = alerts
            .iter()
            .filter(|a| a.level == title_access::AlertLevel::Error);
        return Err(ApiError::forbidden_by_alerts(refusing));
    }
    Ok(Checked { existing, assigned })
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
        return Err(ApiError::forbidden(
            "This title is not available to the member you are downloading for",
        ));
    }
    Ok(())
}

async fn reader(
    state: &AppState,
    caller: &Caller,
    who: &CatalogViewer,
) -> ApiResult<Option<ReaderFacts>> {
    let signed_in = match &who.viewer {
        Viewer::Guest { .. } => None,
        Viewer::User(r) => Some(r),
    };
    let p: DownloadParams = caller.params.parse()?;
    let Some(for_user) = p.for_user.as_deref().map(str::trim) else {
        return Ok(signed_in.cloned());
    };
    let sponsor = signed_in.ok_or_else(ApiError::sign_in_required)?;
    let member = readers::reader_facts(state.store.reads(), for_user, Timestamp::now())
        .await?
        .filter(|m| title_access::may_download_for(sponsor, m))
        .ok_or_else(|| {
            ApiError::forbidden(format!(
                "You may not download for '{for_user}': sponsors download for members of their organization, membership assistants for accounts of their site"
            ))
        })?;
    Ok(Some(member))
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
    raw.parse()
        .map_err(|why| ApiError::bad_param("format", why))
}
