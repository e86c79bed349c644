//! The sponsor's members: `GET`/`POST /v2/myOrganization/members`,
//! `PUT /v2/myOrganization/members/{userIdentifier}` and the member's preferences.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::account::member_fields::{DisabilityPlan, MemberFields};
use lectern_domain::account::standing::{DisabilityType, ProofSource};
use lectern_domain::ids;
use lectern_domain::members::{Listing, MemberKind, MemberQuery, MemberSort};
use lectern_domain::paging::Direction;
use lectern_domain::role::Role;
use lectern_store::accounts;
use lectern_store::roster_tags::{self, RosterTag};
use serde::Deserialize;
use utoipa::IntoParams;

use super::member_view::{MemberFacts, MemberSummary, member_path};
use super::sponsoring::{Sponsoring, privileged_client, sponsoring};
use crate::accounts::preferences::{PreferenceParams, PreferencesView, stored, view};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection};
use crate::conventions::paging::{ListParams, PageRequest};
use crate::conventions::status::Created;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::organizations::members::account_page;
use crate::state::AppState;
use lectern_operations::account_writes::Write;
use lectern_operations::organization_members::{MemberExtras, write_member};
use lectern_operations::preferences;

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
    /// The query of the sponsor's own organization for these parameters, in `order`.
    pub fn query(
        self,
        s: &Sponsoring<'_>,
        (sort, direction): (MemberSort, Direction),
        page: &PageRequest,
    ) -> MemberQuery {
        let kind = self.sponsor_list.unwrap_or(MemberKind::All);
        MemberQuery {
            organization_id: s.organization.organization_id.clone(),
            grade: self.grade,
            listing: Listing::Members {
                kind,
                quick_list_of: (kind == MemberKind::QuickList)
                    .then(|| s.me.user_account_id.clone()),
            },
            district: None,
            school: None,
            sort,
            direction,
            after: None,
            limit: page.limit,
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
    let order = list.order()?;
    let page = list.page_in(order.0, order.1)?;
    let p: SponsorMembersParams = caller.params.parse()?;
    let (rows, next, total) = account_page(&state, &page, p.query(&s, order, &page)).await?;
    let facts = MemberFacts::of(&state, &s, &rows).await?;
    let items = rows.iter().map(|a| facts.summary(&state, a)).collect();
    let may_add = caller.client.privileged && s.organization.settings.can_create_users;
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

impl SponsorMemberParams {
    fn split(self) -> (MemberFields, Option<bool>, Option<i64>) {
        (
            MemberFields {
                first_name: self.first_name,
                last_name: self.last_name,
                date_of_birth: self.date_of_birth,
                grade: self.grade,
                user_name: self.user_name,
                password: self.password,
                disability_types: self.disability_type,
                disability_plans: self.disability_plan,
                safe_search: self.safe_search,
                allow_search_downloads: self.allow_search_downloads,
            },
            self.on_quick_list,
            self.roster_tag_id,
        )
    }
}

/// The organization's tag named by `rosterTagId`, or a 400 naming it.
async fn tag_of(
    state: &AppState,
    s: &Sponsoring<'_>,
    id: Option<i64>,
) -> ApiResult<Option<RosterTag>> {
    let Some(id) = id else { return Ok(None) };
    roster_tags::get(state.store.reads(), &s.organization.organization_id, id)
        .await?
        .map(Some)
        .ok_or_else(|| {
            ApiError::bad_param(
                "rosterTagId",
                format!("your organization has no roster tag {id}"),
            )
        })
}

/// One member of the caller's organization as its sponsors see them (the member's page; the API
/// lists members and answers a write with the member, and reads no single one).
pub async fn member_summary(
    state: &AppState,
    caller: &Caller,
    user_identifier: &str,
) -> ApiResult<MemberSummary> {
    let s = sponsoring(state, caller).await?;
    let member = s
        .account(state, user_identifier, Role::OrganizationMember)
        .await?;
    let facts = MemberFacts::of(state, &s, std::slice::from_ref(&member)).await?;
    Ok(facts.summary(state, &member))
}

async fn summary_of(state: &AppState, s: &Sponsoring<'_>, id: &str) -> ApiResult<MemberSummary> {
    let a = accounts::get(state.store.reads(), id)
        .await?
        .ok_or_else(|| ApiError::internal("the member just written is gone"))?;
    let facts = MemberFacts::of(state, s, std::slice::from_ref(&a)).await?;
    Ok(facts.summary(state, &a))
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
    let s = sponsoring(&state, &caller).await?;
    privileged_client(&caller, "add members")?;
    if !s.organization.settings.can_create_users {
        return Err(ApiError::forbidden(
            "Your organization is not authorized to add members; ask the library",
        ));
    }
    let p: SponsorMemberParams = caller.params.parse()?;
    let (fields, on_quick_list, tag) = p.split();
    let tag = tag_of(&state, &s, tag).await?;
    let member = fields.create(
        ids::new_id(),
        &s.organization,
        ProofSource::SchoolVerified,
        &Timestamp::now().date(),
    )?;
    let extras = MemberExtras {
        roster_tag: tag.as_ref().map(Some),
        quick_list: on_quick_list.map(|on| (s.me.user_account_id.as_str(), on)),
    };
    write_member(&state, &member, Write::Create, extras).await?;
    let id = &member.prepared.account.user_account_id;
    let summary = summary_of(&state, &s, id).await?;
    Ok(Created(
        state.v2_url(&member_path(&member.prepared.account)),
        summary,
    ))
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
    let s = sponsoring(&state, &caller).await?;
    let member = s
        .account(&state, &user_identifier, Role::OrganizationMember)
        .await?;
    let p: SponsorMemberParams = caller.params.parse()?;
    let tag_sent = p.roster_tag_id.is_some();
    let (fields, on_quick_list, tag) = p.split();
    let tag = tag_of(&state, &s, tag).await?;
    let changed = fields.apply(
        &member,
        ProofSource::SchoolVerified,
        &Timestamp::now().date(),
    )?;
    let extras = MemberExtras {
        roster_tag: tag_sent.then_some(tag.as_ref()),
        quick_list: on_quick_list.map(|on| (s.me.user_account_id.as_str(), on)),
    };
    write_member(&state, &changed, Write::Update, extras).await?;
    Ok(Json(summary_of(&state, &s, &member.user_account_id).await?))
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
    let p: PreferenceParams = caller.params.parse()?;
    let after = preferences::change_sponsored(&state, &s, &member, p.into()).await?;
    Ok(Json(view(&state, &preferences_path(&member), after)))
}
