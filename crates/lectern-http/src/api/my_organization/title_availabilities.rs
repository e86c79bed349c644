//! `GET /v2/myOrganization/titleAvailabilities/{serviceId}`: for each member of the sponsor's
//! organization, whether the title is assigned to them and the `titleAccessAlerts` their
//! download would meet, from the same access rules as every download.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::title_access::Alert;
use lectern_operations::sponsored_members::{Availabilities, MemberFacts, members_of};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::member_view::{MemberSummary, member_summary_view};
use super::members::SponsorMembersParams;
use super::sponsoring::sponsoring;
use crate::api::accounts::name::Name;
use crate::api::titles::FormatRef;
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection, Listed};
use crate::conventions::links::{Link, segment};
use crate::conventions::member_pages::{member_window, turned};
use crate::conventions::paging::ListParams;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::members::MemberSort;

/// A member and what stands between them and the title.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberTitleAvailability {
    pub user_account_id: String,
    pub user_name: Option<String>,
    pub name: Name,
    pub email_address: Option<String>,
    pub date_of_birth: Option<String>,
    pub grade: Option<String>,
    pub roles: Vec<String>,
    pub disabilities: Vec<String>,
    pub plans: Vec<String>,
    pub preferred_format: Option<FormatRef>,
    pub on_quick_list: bool,
    /// The title is assigned to the member
    pub assigned: bool,
    /// What the member's download would meet; any `error` refuses it
    #[schema(value_type = Vec<Object>)]
    pub title_access_alerts: Vec<Alert>,
    pub links: Vec<Link>,
    pub allows: Allows,
}

impl Listed for MemberTitleAvailability {
    const ITEMS: &'static str = "memberTitleAvailabilities";
    const LIST: &'static str = "MemberTitleAvailabilityList";
}

pub type MemberTitleAvailabilityList = Collection<MemberTitleAvailability>;

/// The roster tag filters, beside the member list's own parameters.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct TagFilters {
    /// A roster tag: only members tagged with its district
    district_id: Option<i64>,
    /// A roster tag: only members tagged with its school
    school_id: Option<i64>,
}

#[utoipa::path(
    get, path = "/v2/myOrganization/titleAvailabilities/{serviceId}", tag = "myOrganization",
    params(
        ("serviceId" = String, Path, description = "The title"),
        ("api_key" = String, Query, description = "The client's API key"),
        SponsorMembersParams,
        ListParams<MemberSort>,
        TagFilters,
    ),
    responses(
        (status = 200, description = "A page of the organization's members with the title's alerts for each", body = MemberTitleAvailabilityList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor of an organization", body = ErrorBody),
        (status = 404, description = "No such title for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn title_availabilities(
    State(state): State<AppState>,
    caller: Caller,
    Path(service_id): Path<String>,
) -> ApiResult<Json<MemberTitleAvailabilityList>> {
    let s = sponsoring(&state, &caller).await?;
    // The title is looked up before the list's parameters are read: 404 before 400.
    let title = Availabilities::of(&state, &caller, &service_id).await?;
    let list: ListParams<MemberSort> = caller.params.parse()?;
    let (page, window) = member_window(&list)?;
    let sort = window.sort;
    let tags: TagFilters = caller.params.parse()?;
    let p: SponsorMembersParams = caller.params.parse()?;
    let listing = p.listing((tags.district_id, tags.school_id));
    let found = members_of(&state, &s, listing, window).await?;
    let (rows, next, total) = turned(&page, sort, found);
    let standing = title.of_members(&state, &rows).await?;
    let member_facts = MemberFacts::read(&state, &s, &rows).await?;
    let items = rows
        .iter()
        .zip(standing)
        .map(|(a, t)| {
            let summary = member_summary_view(&state, &member_facts, a);
            availability(&state, summary, t.assigned, t.alerts)
        })
        .collect();
    let path = format!(
        "/myOrganization/titleAvailabilities/{}",
        segment(&service_id)
    );
    Ok(Json(Collection::page(
        &state,
        &path,
        &caller.params,
        &page,
        (items, next),
        total,
    )))
}

fn availability(
    state: &AppState,
    m: MemberSummary,
    assigned: bool,
    title_access_alerts: Vec<Alert>,
) -> MemberTitleAvailability {
    let assignments = format!("/assignedTitles/{}", segment(&m.user_account_id));
    let mut links = m.links;
    links.push(Link::new("assignedTitles", state.v2_url(&assignments)));
    MemberTitleAvailability {
        user_account_id: m.user_account_id,
        user_name: m.user_name,
        name: m.name,
        email_address: m.email_address,
        date_of_birth: m.date_of_birth,
        grade: m.grade,
        roles: m.roles,
        disabilities: m.disabilities,
        plans: m.plans,
        preferred_format: m.preferred_format,
        on_quick_list: m.on_quick_list,
        assigned,
        title_access_alerts,
        links,
        allows: Allows::none(),
    }
}
