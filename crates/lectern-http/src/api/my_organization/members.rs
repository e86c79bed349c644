//! The sponsor's members: `GET`/`POST /v2/myOrganization/members`,
//! `PUT /v2/myOrganization/members/{userIdentifier}` and the member's preferences.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::account::Account;
use lectern_domain::account::member_fields::{DisabilityPlan, MemberFields};
use lectern_domain::account::standing::DisabilityType;
use lectern_domain::members::{MemberKind, MemberSort};
use lectern_domain::role::Role;
use serde::Deserialize;
use utoipa::IntoParams;

use super::member_view::{MemberSummary, member_path, member_summary_view};
use super::sponsoring::{Sponsoring, sponsoring};
use crate::api::accounts::preferences::{PreferenceParams, PreferencesView, changes, stored, view};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection};
use crate::conventions::member_pages::{member_window, turned};
use crate::conventions::paging::ListParams;
use crate::conventions::status::Created;
use crate::error::{ApiResult, ErrorBody};
use crate::reading_settings::ReadingParams;
use crate::state::AppState;
use lectern_operations::preferences;
use lectern_operations::sponsored_members::{
    MemberAdding, MemberChange, MemberFacts, MemberInput, MemberListing, members_of,
};

pub type MemberSummaryList = Collection<MemberSummary>;

/// The parameters of the sponsor's member lists.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct SponsorMembersParams {
    /// Only members of this grade
    pub grade: Option<String>,
    /// allMembers (default), myQuickList, individualMembers, orgMembers
    #[param(value_type = Option<String>, pattern = "^(allMembers|myQuickList|individualMembers|orgMembers)$")]
    pub sponsor_list: Option<MemberKind>,
}

impl SponsorMembersParams {
    /// What the sponsor's list is narrowed to, by these parameters and the roster tag's.
    pub fn listing(self, (district_id, school_id): (Option<i64>, Option<i64>)) -> MemberListing {
        MemberListing {
            kind: self.sponsor_list,
            grade: self.grade,
            district_id,
            school_id,
        }
    }
}

#[utoipa::path(
    get, path = "/v2/myOrganization/members", tag = "myOrganization",
    params(("api_key" = String, Query, description = "The client's API key"), SponsorMembersParams, ListParams<MemberSort>),
    responses(
        (status = 200, description = "A page of the organization's members", body = MemberSummaryList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor of an organization", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn list_members(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<MemberSummaryList>> {
    let s = sponsoring(&state, &caller).await?;
    let list: ListParams<MemberSort> = caller.params.parse()?;
    let (page, window) = member_window(&list)?;
    let sort = window.sort;
    let p: SponsorMembersParams = caller.params.parse()?;
    let found = members_of(&state, &s, p.listing((None, None)), window).await?;
    let (rows, next, total) = turned(&page, sort, found);
    let facts = MemberFacts::read(&state, &s, &rows).await?;
    let items = rows
        .iter()
        .map(|a| member_summary_view(&state, &facts, a))
        .collect();
    let may_add = MemberAdding::may(&caller, &s);
    Ok(Json(
        Collection::page(
            &state,
            "/myOrganization/members",
            &caller.params,
            &page,
            (items, next),
            total,
        )
        .allowing(Allows::of(&[("POST", may_add)])),
    ))
}

/// A member as a sponsor creates or changes them.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct SponsorMemberParams {
    first_name: Option<String>,
    last_name: Option<String>,
    /// YYYY-MM-DD
    #[param(format = Date)]
    date_of_birth: Option<String>,
    /// ONIX list 77 (US) or BIC (UK)
    #[param(pattern = "^[A-Za-z0-9]{1,4}$")]
    grade: Option<String>,
    #[serde(rename = "username")]
    #[param(rename = "username")]
    user_name: Option<String>,
    /// 8 to 32 characters with a letter and a number
    password: Option<String>,
    /// visual, learning, physical, nonspecific (repeat per value)
    #[param(value_type = Option<Vec<DisabilityType>>, inline)]
    disability_type: Option<Vec<DisabilityType>>,
    /// iep, section504 (repeat per value)
    #[param(value_type = Option<Vec<DisabilityPlan>>, inline)]
    disability_plan: Option<Vec<DisabilityPlan>>,
    /// true adds the member to the caller's quick list, false removes them
    on_quick_list: Option<bool>,
    /// One of GET /v2/myOrganization/rosterTags
    roster_tag_id: Option<i64>,
    safe_search: Option<bool>,
    allow_search_downloads: Option<bool>,
}

impl From<SponsorMemberParams> for MemberInput {
    fn from(p: SponsorMemberParams) -> Self {
        MemberInput {
            fields: MemberFields {
                first_name: p.first_name,
                last_name: p.last_name,
                date_of_birth: p.date_of_birth,
                grade: p.grade,
                user_name: p.user_name,
                password: p.password,
                disability_types: p.disability_type,
                disability_plans: p.disability_plan,
                safe_search: p.safe_search,
                allow_search_downloads: p.allow_search_downloads,
            },
            on_quick_list: p.on_quick_list,
            roster_tag_id: p.roster_tag_id,
        }
    }
}

/// The member just written, read back as stored.
async fn summary_of(state: &AppState, s: &Sponsoring<'_>, id: &str) -> ApiResult<MemberSummary> {
    let a = s.account(state, id, Role::OrganizationMember).await?;
    let facts = MemberFacts::read(state, s, std::slice::from_ref(&a)).await?;
    Ok(member_summary_view(state, &facts, &a))
}

#[utoipa::path(
    post, path = "/v2/myOrganization/members", tag = "myOrganization",
    params(("api_key" = String, Query, description = "A client key with membership privileges"), SponsorMemberParams),
    responses(
        (status = 201, description = "Created; Location names the member", body = MemberSummary),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor, an organization not allowed to add members, or a client key without membership privileges", body = ErrorBody),
        (status = 409, description = "The user name belongs to another account", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_member(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<MemberSummary>> {
    let adding = MemberAdding::of(&state, &caller).await?;
    let p: SponsorMemberParams = caller.params.parse()?;
    let member = adding.add(&state, p.into()).await?;
    let summary = summary_of(&state, adding.sponsoring(), &member.user_account_id).await?;
    Ok(Created(state.v2_url(&member_path(&member)), summary))
}

#[utoipa::path(
    put, path = "/v2/myOrganization/members/{userIdentifier}", tag = "myOrganization",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "The client's API key"),
        SponsorMemberParams,
    ),
    responses(
        (status = 200, description = "The member as changed", body = MemberSummary),
        (status = 400, description = "A bad parameter, each named (names, user name, password and disabilities of a member who is not sponsor-manageable)", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor of an organization", body = ErrorBody),
        (status = 404, description = "No such member of the caller's organization", body = ErrorBody),
        (status = 409, description = "The user name belongs to another account", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn update_member(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<MemberSummary>> {
    let change = MemberChange::of(&state, &caller, &user_identifier).await?;
    let p: SponsorMemberParams = caller.params.parse()?;
    let member = change.apply(&state, p.into()).await?;
    let s = change.sponsoring();
    Ok(Json(summary_of(&state, s, &member.user_account_id).await?))
}

fn preferences_path(a: &Account) -> String {
    format!("{}/preferences", member_path(a))
}

#[utoipa::path(
    get, path = "/v2/myOrganization/members/{userIdentifier}/preferences", tag = "myOrganization",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "The client's API key"),
    ),
    responses(
        (status = 200, description = "The member's preferences", body = PreferencesView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor of an organization", body = ErrorBody),
        (status = 404, description = "No such member of the caller's organization", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn member_preferences(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<PreferencesView>> {
    let s = sponsoring(&state, &caller).await?;
    let member = s
        .account(&state, &user_identifier, Role::OrganizationMember)
        .await?;
    let p = stored(&state, &member).await?;
    Ok(Json(view(&state, &preferences_path(&member), p)))
}

#[utoipa::path(
    put, path = "/v2/myOrganization/members/{userIdentifier}/preferences", tag = "myOrganization",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "The client's API key"),
        PreferenceParams,
        ReadingParams,
    ),
    responses(
        (status = 200, description = "The member's preferences as changed", body = PreferencesView),
        (status = 400, description = "A bad parameter, each named (a Braille format and width that do not fit)", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor of an organization", body = ErrorBody),
        (status = 404, description = "No such member of the caller's organization", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn change_member_preferences(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<PreferencesView>> {
    let s = sponsoring(&state, &caller).await?;
    let member = s
        .account(&state, &user_identifier, Role::OrganizationMember)
        .await?;
    let changes = changes(&caller.params)?;
    let after = preferences::change_sponsored(&state, &s, &member, changes).await?;
    Ok(Json(view(&state, &preferences_path(&member), after)))
}
