//! `GET /v2/myAccount/history`: what was downloaded for the caller, the newest first, paged.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::Timestamp;
use lectern_domain::catalog::Format;
use lectern_store::downloads::{self, SubjectKind};
use lectern_store::titles;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::links::{Link, segment};
use crate::conventions::paging::PageRequest;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use crate::titles::FormatRef;

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
    /// `title` (or `edition`): the title's record
    pub links: Vec<Link>,
}

impl Listed for DownloadHistoryItem {
    const ITEMS: &'static str = "downloads";
    const LIST: &'static str = "DownloadHistory";
}

/// A page of the caller's downloads.
pub type DownloadHistory = Collection<DownloadHistoryItem>;

/// Paging only.
#[derive(Deserialize, IntoParams)]
#[into_params(parameter_in = Query)]
pub struct HistoryParams {
    /// The `next` value of the previous page
    #[allow(dead_code)]
    start: Option<String>,
    /// 1 to 100, default 10
    #[allow(dead_code)]
    limit: Option<u32>,
}

#[utoipa::path(
    get, path = "/v2/myAccount/history", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), HistoryParams),
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
    let _: HistoryParams = caller.params.parse()?;
    let page = PageRequest::from_params(&caller.params, 10)?;
    let after: Option<(i64, String)> = page.after()?;
    let pool = state.store.pool();
    let total = downloads::history_count(pool, &me.user_account_id).await?;
    let mut rows =
        downloads::history_page(pool, &me.user_account_id, after.as_ref(), page.limit).await?;
    let next = page.next_token(&mut rows, |d| (d.created_at.unix(), d.download_id.clone()));
    let ids: Vec<String> = rows
        .iter()
        .filter(|d| d.subject_kind == SubjectKind::Title)
        .map(|d| d.subject.clone())
        .collect();
    let records = titles::get_many(pool, &ids).await?;
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
            DownloadHistoryItem {
                title: records
                    .iter()
                    .find(|t| t.service_id == d.subject)
                    .map(|t| t.title.clone()),
                format: d.format.parse::<Format>().ok().map(FormatRef::from),
                date_downloaded: d.created_at,
                links: vec![Link::new(rel, state.v2_url(&path))],
                service_id: d.subject,
            }
        })
        .collect();
    Ok(Json(Collection::page(
        &state,
        "/myAccount/history",
        &caller.params,
        &page,
        (items, next),
        total,
    )))
}
