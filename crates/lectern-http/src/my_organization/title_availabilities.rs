//! `GET /v2/myOrganization/titleAvailabilities/{serviceId}`: for each member of the sponsor's
//! organization, whether the title is assigned to them and the `titleAccessAlerts` their
//! download would meet, from the same access rules as every download.

use std::collections::HashSet;

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::Timestamp;
use lectern_domain::title_access::{self, Alert};
use lectern_store::{assigned_titles, readers, roster_tags};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::member_view::{MemberFacts, MemberSummary};
use super::members::SponsorMembersParams;
use super::sponsoring::{Sponsoring, sponsoring};
use crate::accounts::name::Name;
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection, Listed};
use crate::conventions::links::{Link, segment};
use crate::conventions::paging::ListParams;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::organizations::members::account_page;
use crate::state::AppState;
use crate::titles::{CatalogViewer, FormatRef, visible_title};
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

/// The sort form of a tag's district or school name, for the filter; a tag of no one's, or one
/// without that name, is a 400 naming the parameter.
async fn tag_name(
    state: &AppState,
    s: &Sponsoring<'_>,
    param: &'static str,
    id: Option<i64>,
    pick: fn(&roster_tags::RosterTag) -> Option<&String>,
) -> ApiResult<Option<String>> {
    let Some(id) = id else { return Ok(None) };
    let tag = roster_tags::get(state.store.reads(), &s.organization.organization_id, id).await?;
    tag.as_ref()
        .and_then(pick)
        .map(|name| Some(roster_tags::sort_key(name)))
        .ok_or_else(|| {
            ApiError::bad_param(
                param,
                format!("your organization has no such roster tag {id}"),
            )
        })
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
    let who = CatalogViewer::of(&state, &caller).await?;
    let record = visible_title(&state, &who, &service_id).await?;
    let facts = record.facts(who.in_global(&record.site));
    let list: ListParams<MemberSort> = caller.params.parse()?;
    let order = list.order()?;
    let page = list.page_in(order.0, order.1)?;
    let tags: TagFilters = caller.params.parse()?;
    let p: SponsorMembersParams = caller.params.parse()?;
    let mut query = p.query(&s, order, &page);
    query.district = tag_name(&state, &s, "districtId", tags.district_id, |t| {
        t.district_name.as_ref()
    })
    .await?;
    query.school = tag_name(&state, &s, "schoolId", tags.school_id, |t| {
        t.school_name.as_ref()
    })
    .await?;
    let (rows, next, total) = account_page(&state, &page, query).await?;

    let reads = state.store.reads();
    let ids: Vec<String> = rows.iter().map(|a| a.user_account_id.clone()).collect();
    let readers = readers::reader_facts_of(reads, &ids, Timestamp::now()).await?;
    let assigned: HashSet<String> = assigned_titles::members_assigned(reads, &service_id, &ids)
        .await?
        .into_iter()
        .collect();
    let member_facts = MemberFacts::of(&state, &s, &rows).await?;
    let items = rows
        .iter()
        .map(|a| {
            let reader = readers
                .iter()
                .find(|r| r.user_account_id == a.user_account_id);
            let is_assigned = assigned.contains(&a.user_account_id);
            let alerts = title_access::download_alerts(reader, &facts, is_assigned);
            availability(&state, member_facts.summary(&state, a), is_assigned, alerts)
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
