use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::assigned_titles::AssignedSortOrder;
use lectern_operations::assigned_titles::{self as assignments, managed_member};
use lectern_store::assigned_titles::Assignment;
use lectern_store::keyset::KeyedOrder;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use crate::api::titles::{TitleSummary, summary};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection, Listed};
use crate::conventions::links::segment;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

/// A title assigned to a member.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AssignedTitleView {
    #[serde(flatten)]
    pub summary: TitleSummary,
    /// Who assigned it (their display name); null once their account is gone
    pub assigned_by: Option<String>,
    pub date_assigned: String,
    /// The member's latest download of it; null before the first
    pub date_downloaded: Option<String>,
}

impl Listed for AssignedTitleView {
    const ITEMS: &'static str = "titles";
    const LIST: &'static str = "AssignedTitles";
    const TITLE_LIST: bool = true;
}

pub type AssignedTitles = Collection<AssignedTitleView>;

/// The parameters that shape a page (a POST's `serviceId` is not one).
fn listing_params(params: &Params) -> Params {
    params.only(&["sortOrder", "direction", "start", "limit"])
}

/// A page of the member's assignments the caller may see, as the caller sees the titles.
async fn page(
    state: &AppState,
    caller: &Caller,
    member: &Account,
    path: &str,
    may_assign: bool,
) -> ApiResult<AssignedTitles> {
    let listing = listing_params(&caller.params);
    let list: ListParams<AssignedSortOrder> = listing.parse()?;
    let (page, window) = list.window::<Assignment>()?;
    let sort = window.sort;
    let mut found = assignments::page(state, caller, member, window).await?;
    let mut rows = std::mem::take(&mut found.rows);
    let next = page.next_token(&mut rows, |a| sort.key_of(a));
    let who = &found.shown.viewer;
    let perspective = who.perspective();
    let views = rows
        .into_iter()
        .filter_map(|a: Assignment| {
            let r = found.shown.get(&a.service_id)?;
            Some(AssignedTitleView {
                summary: summary(state, r, who.in_global(&r.site), &perspective),
                assigned_by: a.assigned_by_name,
                date_assigned: Timestamp::from_unix(a.date_assigned).to_string(),
                date_downloaded: a
                    .date_downloaded
                    .map(|t| Timestamp::from_unix(t).to_string()),
            })
        })
        .collect();
    Ok(
        Collection::page(state, path, &listing, &page, (views, next), found.total)
            .allowing(Allows::of(&[("POST", may_assign)])),
    )
}

#[utoipa::path(
    get, path = "/v2/myAssignedTitles", tag = "assigned titles",
    params(("api_key" = String, Query, description = "The client's API key"), ListParams<AssignedSortOrder>),
    responses(
        (status = 200, description = "The titles assigned to the caller", body = AssignedTitles),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not an organization member", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn my_assigned_titles(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<AssignedTitles>> {
    let me = assignments::assignee(&caller)?;
    Ok(Json(
        page(&state, &caller, me, "/myAssignedTitles", false).await?,
    ))
}

fn assigned_path(member: &Account) -> String {
    format!("/assignedTitles/{}", segment(&member.user_account_id))
}

#[utoipa::path(
    get, path = "/v2/assignedTitles/{userIdentifier}", tag = "assigned titles",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "The client's API key"),
        ListParams<AssignedSortOrder>,
    ),
    responses(
        (status = 200, description = "The titles assigned to the member", body = AssignedTitles),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Neither a sponsor nor a membership assistant (on a client key with membership privileges)", body = ErrorBody),
        (status = 404, description = "No such organization member for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn assigned_titles(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<AssignedTitles>> {
    let member = managed_member(&state, &caller, &user_identifier).await?;
    let path = assigned_path(&member);
    Ok(Json(page(&state, &caller, &member, &path, true).await?))
}

/// The title to assign.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct AssignParams {
    /// A live title the member may see
    service_id: String,
}

#[utoipa::path(
    post, path = "/v2/assignedTitles/{userIdentifier}", tag = "assigned titles",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "The client's API key"),
        AssignParams,
    ),
    responses(
        (status = 200, description = "The title is assigned (once, however often it is sent); the member's assigned titles", body = AssignedTitles),
        (status = 400, description = "No live title the member may see, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Neither a sponsor nor a membership assistant (on a client key with membership privileges)", body = ErrorBody),
        (status = 404, description = "No such organization member for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn assign_title(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<AssignedTitles>> {
    // A member the caller does not manage is absent whatever else was sent.
    let p: AssignParams = match caller.params.parse() {
        Ok(p) => p,
        Err(e) => {
            managed_member(&state, &caller, &user_identifier).await?;
            return Err(e);
        }
    };
    let members = assignments::assign(&state, &caller, &[user_identifier], &p.service_id).await?;
    let member = members
        .into_iter()
        .next()
        .ok_or_else(|| ApiError::internal("an assignment without its member"))?;
    let path = assigned_path(&member);
    Ok(Json(page(&state, &caller, &member, &path, true).await?))
}

#[utoipa::path(
    delete, path = "/v2/assignedTitles/{userIdentifier}/{serviceId}", tag = "assigned titles",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("serviceId" = String, Path, description = "The title to take back"),
        ("api_key" = String, Query, description = "The client's API key"),
    ),
    responses(
        (status = 200, description = "The assignment is taken back; the titles left", body = AssignedTitles),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Neither a sponsor nor a membership assistant (on a client key with membership privileges)", body = ErrorBody),
        (status = 404, description = "No such member for this caller, or the title is not assigned to them", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn unassign_title(
    State(state): State<AppState>,
    caller: Caller,
    Path((user_identifier, service_id)): Path<(String, String)>,
) -> ApiResult<Json<AssignedTitles>> {
    let member = assignments::unassign(&state, &caller, &user_identifier, &service_id).await?;
    let path = assigned_path(&member);
    Ok(Json(page(&state, &caller, &member, &path, true).await?))
}
