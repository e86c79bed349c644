use axum::Json;
use axum::extract::{Path, State};
use lectern_domain::access::membership_management;
use lectern_domain::members::{MemberKind, MemberQuery, MemberSort};
use lectern_domain::paging::Direction;
use lectern_store::{members, organizations, readers};
use serde::Deserialize;
use utoipa::IntoParams;

use crate::accounts::view::{OrganizationContext, UserAccount, user_account};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection};
use crate::conventions::links::segment;
use crate::conventions::paging::PageRequest;
use crate::conventions::params::Params;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::refusals;
use crate::state::AppState;

/// A page of user accounts.
pub type UserAccountList = Collection<UserAccount>;

/// The members of an organization, for membership assistants of its site and administrators.
#[utoipa::path(
    get, path = "/v2/organizations/{organizationId}/members", tag = "organizations",
    params(
        ("organizationId" = String, Path, description = "The organization"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        MembersParams,
    ),
    responses(
        (status = 200, description = "A page of the organization's members", body = UserAccountList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No valid access token", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such organization for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn list_members(
    State(state): State<AppState>,
    caller: Caller,
    Path(organization_id): Path<String>,
) -> ApiResult<Json<UserAccountList>> {
    let me = caller.signed_in()?;
    let organization = organizations::get(state.store.pool(), &organization_id)
        .await?
        .ok_or_else(|| not_found(&organization_id))?;
    refusals::membership(
        membership_management(&caller.client, me, &organization.site_id),
        "list an organization's members",
        || not_found(&organization_id),
    )?;

    let page = PageRequest::from_params(&caller.params, 10)?;
    let mut query = member_query(&caller.params, &organization_id, &page)?;
    query.after = match page.after::<(String, String, Vec<String>)>()? {
        None => None,
        Some((sort, direction, key)) => {
            if sort != query.sort.as_str()
                || direction != query.direction.as_str()
                || key.len() != members::key_len(query.sort)
            {
                return Err(ApiError::bad_param(
                    "start",
                    "belongs to a list in another order; start again without it",
                ));
            }
            Some(key)
        }
    };
    let total_results = members::count(state.store.pool(), &query).await?;
    let mut rows = members::page(state.store.pool(), &query).await?;
    let (sort, direction) = (query.sort, query.direction);
    let next = page.next_token(&mut rows, |a| {
        (sort.as_str(), direction.as_str(), sort.key_of(a))
    });
    let path = format!("/organizations/{}/members", segment(&organization_id));
    let context = OrganizationContext {
        policy: readers::organization_policy(state.store.pool(), &organization_id).await?,
        organization: Some(organization),
    };
    let items = rows
        .iter()
        .map(|a| user_account(&state, a, &context, Allows::of(&[("PUT", true)])))
        .collect();
    // Creating members (POST) is not offered yet: nothing is allowed on the list itself.
    Ok(Json(Collection::page(
        &state,
        &path,
        &caller.params,
        &page,
        (items, next),
        total_results,
    )))
}

/// The parameters of an organization's members list.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct MembersParams {
    /// Only members of this grade
    grade: Option<String>,
    /// allMembers (default), individualMembers, orgMembers
    #[param(value_type = Option<String>, pattern = "^(allMembers|individualMembers|orgMembers)$")]
    sponsor_list: Option<MemberKind>,
    /// lastName (default), firstName, district, school, grade, birthDate
    #[param(value_type = Option<String>, pattern = "^(lastName|firstName|district|school|grade|birthDate)$")]
    sort_order: Option<MemberSort>,
    /// asc (default) or desc
    #[param(value_type = Option<String>, pattern = "^(asc|desc)$")]
    direction: Option<Direction>,
    /// The `next` value of the previous page
    #[allow(dead_code)]
    start: Option<String>,
    /// 1 to 100, default 10
    #[allow(dead_code)]
    #[param(minimum = 1, maximum = 100)]
    limit: Option<u32>,
}

fn member_query(
    params: &Params,
    organization_id: &str,
    page: &PageRequest,
) -> ApiResult<MemberQuery> {
    let p: MembersParams = params.parse()?;
    Ok(MemberQuery {
        organization_id: organization_id.to_owned(),
        grade: p.grade,
        kind: p.sponsor_list.unwrap_or(MemberKind::All),
        sort: p.sort_order.unwrap_or(MemberSort::LastName),
        direction: p.direction.unwrap_or_default(),
        after: None,
        limit: page.limit,
    })
}

fn not_found(organization_id: &str) -> ApiError {
    ApiError::not_found(format!("There is no organization '{organization_id}'"))
}
