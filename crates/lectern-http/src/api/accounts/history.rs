//! `GET /v2/myAccount/history`: what was downloaded for the caller, the newest first, paged;
//! and the same of an account for its membership assistants, `GET /v2/accounts/{id}/history`,
//! which document 3 leaves out and the staff's pages show.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::catalog::ContributorType;
use lectern_domain::catalog::Format;
use lectern_domain::paging::Direction;
use lectern_store::downloads::{Download, DownloadStatus, SubjectKind};
use serde::Serialize;
use utoipa::ToSchema;

use super::managed::{Managed, managed};
use crate::api::accounts::name::Name;
use crate::api::titles::{FormatRef, contributor_name};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::links::{Link, segment};
use crate::conventions::paging::{ListParams, PageRequest};
use crate::conventions::params::Params;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::paging::FixedOrder;
use lectern_operations::download_history::{self, Requesters, display_name};
use lectern_operations::listing::{NewestPage, NewestWindow};

/// One download.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct DownloadHistoryItem {
    /// The title's serviceId; for a periodical edition, `seriesId/editionId`
    pub service_id: String,
    /// The title's title, when it is still in the catalog
    pub title: Option<String>,
    pub format: Option<FormatRef>,
    #[schema(value_type = String)]
    pub date_downloaded: Timestamp,
    /// When the download was asked for (the upstream's name; the same instant as
    /// `dateDownloaded`, since a package is asked for by downloading)
    #[schema(value_type = String)]
    pub date_requested: Timestamp,
    /// Whether the file can be had: `AVAILABLE`, or `PENDING` while it is made
    pub download_status: StatusModel,
    /// How the package stands: `QUEUED`, `PACKAGING` or `COMPLETED`
    pub packaging_status: StatusModel,
    /// Deprecated by document 1 (Versioning 4) for `downloadStatus`, which it repeats
    pub status: StatusModel,
    /// The title's authors, when it is still in the catalog (deprecated upstream; kept for
    /// clients that read it)
    pub authors: Vec<Name>,
    /// Who asked for the download: the reader, or the sponsor who downloaded for them
    pub downloaded_by: Option<String>,
    /// Whom it was made for: the reader
    pub downloaded_for: Option<String>,
    /// `title` (or `edition`): the title's record
    pub links: Vec<Link>,
}

/// The upstream's Status Model: a key and the messages that explain it.
#[derive(Serialize, ToSchema)]
pub struct StatusModel {
    pub key: &'static str,
    pub messages: Vec<&'static str>,
}

impl StatusModel {
    fn download(status: DownloadStatus) -> Self {
        match status {
            DownloadStatus::Ready => StatusModel {
                key: "AVAILABLE",
                messages: vec!["The file can be downloaded"],
            },
            DownloadStatus::Streamed => StatusModel {
                key: "AVAILABLE",
                messages: vec!["The title was opened to read online, and can be again"],
            },
            _ => StatusModel {
                key: "PENDING",
                messages: vec!["The file is being made"],
            },
        }
    }

    fn packaging(status: DownloadStatus) -> Self {
        let key = match status {
            DownloadStatus::Queued => "QUEUED",
            DownloadStatus::Packaging => "PACKAGING",
            DownloadStatus::Ready | DownloadStatus::Streamed => "COMPLETED",
            DownloadStatus::Failed => "ERROR",
        };
        StatusModel {
            key,
            messages: vec![download_history::packaging_in_words(status)],
        }
    }
}

impl Listed for DownloadHistoryItem {
    const ITEMS: &'static str = "downloads";
    const LIST: &'static str = "DownloadHistory";
    const ITEMS_ALIAS: Option<&'static str> = Some("titleDownloads");
}

/// A page of the caller's downloads.
pub type DownloadHistory = Collection<DownloadHistoryItem>;

#[utoipa::path(
    get, path = "/v2/myAccount/history", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), ListParams<FixedOrder>),
    responses(
        (status = 200, description = "The caller's downloads, the newest first", body = DownloadHistory),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn my_history(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<DownloadHistory>> {
    let me = caller.signed_in()?;
    let page = caller.params.parse::<ListParams<FixedOrder>>()?.page()?;
    let after = page.after()?;
    let found = download_history::mine(&state, &caller, newest_first(&page, &after)).await?;
    let path = "/myAccount/history";
    Ok(Json(
        history_of(&state, &caller.params, &page, me, found, path).await?,
    ))
}

#[utoipa::path(
    get, path = "/v2/accounts/{userIdentifier}/history", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        ListParams<FixedOrder>,
    ),
    responses(
        (status = 200, description = "The account's downloads, the newest first", body = DownloadHistory),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn account_history(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<DownloadHistory>> {
    let m = managed(&state, &caller, &user_identifier, "read download histories").await?;
    Ok(Json(managed_history(&state, &m, &caller.params).await?))
}

/// A page of the managed account's downloads, the newest first, as `params` ask.
pub async fn managed_history(
    state: &AppState,
    m: &Managed,
    params: &Params,
) -> ApiResult<DownloadHistory> {
    let page = params.parse::<ListParams<FixedOrder>>()?.page()?;
    let after = page.after()?;
    let found = download_history::of_managed(state, m, newest_first(&page, &after)).await?;
    let path = format!("/accounts/{}/history", segment(&m.account.user_account_id));
    history_of(state, params, &page, &m.account, found, &path).await
}

fn newest_first<'a>(page: &PageRequest, after: &'a Option<(i64, String)>) -> NewestWindow<'a> {
    NewestWindow {
        after: after.as_ref(),
        reading: Direction::Desc,
        limit: page.limit,
    }
}

/// The page of what was downloaded for `owner` (`found`, as read), listed at `path`.
async fn history_of(
    state: &AppState,
    params: &Params,
    page: &PageRequest,
    owner: &Account,
    found: NewestPage<Download>,
    path: &str,
) -> ApiResult<DownloadHistory> {
    let NewestPage { mut rows, total } = found;
    let next = page.next_token(&mut rows, download_history::key_of);
    let records = download_history::titles_of(state, &rows).await?;
    let owner_name = Some(display_name(owner));
    let names = Requesters::read(&state.store, owner, &rows).await?;
    let items = rows
        .into_iter()
        .map(|d| {
            let (rel, path) = match d.subject_kind {
                SubjectKind::Title => ("title", format!("/titles/{}", segment(&d.subject))),
                SubjectKind::Edition => {
                    let (series, edition) = d.subject.split_once('/').unwrap_or((&d.subject, ""));
                    (
                        "edition",
                        format!(
                            "/periodicals/{}/editions/{}",
                            segment(series),
                            segment(edition)
                        ),
                    )
                }
            };
            let record = records.iter().find(|t| t.service_id == d.subject);
            DownloadHistoryItem {
                title: record.map(|t| t.title.clone()),
                authors: record
                    .map(|t| {
                        t.contributors_of(ContributorType::Author)
                            .map(contributor_name)
                            .collect()
                    })
                    .unwrap_or_default(),
                format: d.format.parse::<Format>().ok().map(FormatRef::from),
                date_downloaded: d.created_at,
                date_requested: d.created_at,
                download_status: StatusModel::download(d.status),
                packaging_status: StatusModel::packaging(d.status),
                status: StatusModel::download(d.status),
                downloaded_by: names.of(&d.requester),
                downloaded_for: owner_name.clone(),
                links: vec![Link::new(rel, state.v2_url(&path))],
                service_id: d.subject,
            }
        })
        .collect();
    Ok(Collection::page(
        state,
        path,
        params,
        page,
        (items, next),
        total,
    ))
}
