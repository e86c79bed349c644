use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::account::Account;
use lectern_domain::members::{Listing, MemberKind, MemberQuery, MemberSort};
use lectern_domain::organization::Organization;

use serde::Deserialize;
use utoipa::IntoParams;

use lectern_domain::Timestamp;
use lectern_domain::account::member_fields::{DisabilityPlan, MemberFields};
use lectern_domain::account::standing::{DisabilityType, ProofSource};
use lectern_domain::ids;

use crate::api::accounts::view::{OrganizationContext, UserAccount, account_path, user_account};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection};
use crate::conventions::links::segment;
use crate::conventions::member_pages::{member_key, turned};
use crate::conventions::paging::{ListParams, PageRequest};
use crate::conventions::params::Params;
use crate::conventions::status::Created;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::account_writes::Write;
use lectern_operations::organization_members::{MemberExtras, write_member};
use lectern_operations::sponsored_members;

/// A page of user accounts.
pub type UserAccountList = Collection<UserAccount>;

/// The members of an organization, for membership assistants of its site and administrators.
#[utoipa::path(
    get, path = "/v2/organizations/{organizationId}/members", tag = "organizations",
    params(
        ("organizationId" = String, Path, description = "The organization"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        MembersParams,
        ListParams<MemberSort>,
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
    let organization = lectern_operations::organizations::managed(
        &state,
        &caller,
        &organization_id,
        "list an organization's members",
    )
    .await?;
    Ok(Json(
        members_page(&state, organization, &caller.params).await?,
    ))
}

/// A page of the organization's members (which the caller manages), as `params` ask.
pub async fn members_page(
    state: &AppState,
    organization: Organization,
    params: &Params,
) -> ApiResult<UserAccountList> {
    let organization_id = organization.organization_id.clone();
    let list: ListParams<MemberSort> = params.parse()?;
    let page = list.page()?;
    let query = member_query(params, &organization_id, &list, &page)?;
    let (rows, next, total_results) = account_page(state, &page, query).await?;
    let path = format!("/organizations/{}/members", segment(&organization_id));
    let context = OrganizationContext::of_organization(state, Some(organization)).await?;
    let items = rows
        .iter()
        .map(|a| user_account(state, a, &context, Allows::of(&[("PUT", true)])))
        .collect();
    Ok(
        Collection::page(state, &path, params, &page, (items, next), total_results)
            .allowing(Allows::of(&[("POST", true)])),
    )
}

/// One page of an organization's accounts, continuing after the page token of `page` (which
/// must come from a list in the same order), with the next token and the total.
pub async fn account_page(
    state: &AppState,
    page: &PageRequest,
    mut query: MemberQuery,
) -> ApiResult<(Vec<Account>, Option<String>, u64)> {
    query.after = member_key(page, query.sort)?;
    let found = sponsored_members::accounts_page(state, &query).await?;
    Ok(turned(page, query.sort, found))
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
}

fn member_query(
    params: &Params,
    organization_id: &str,
    list: &ListParams<MemberSort>,
    page: &PageRequest,
) -> ApiResult<MemberQuery> {
    let p: MembersParams = params.parse()?;
    let (sort, direction) = list.order()?;
    let kind = p.sponsor_list.unwrap_or(MemberKind::All);
    if kind == MemberKind::QuickList {
        return Err(ApiError::bad_param(
            "sponsorList",
            "myQuickList is a sponsor's own list; membership assistants list allMembers, individualMembers or orgMembers",
        ));
    }
    Ok(MemberQuery {
        organization_id: organization_id.to_owned(),
        grade: p.grade,
        listing: Listing::Members {
            kind,
            quick_list_of: None,
        },
        district: None,
        school: None,
        sort,
        direction,
        after: None,
        limit: page.limit,
    })
}

/// A new organization member (document 3).
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct NewMemberParams {
    first_name: Option<String>,
    last_name: Option<String>,
    /// YYYY-MM-DD
    #[param(format = Date)]
    date_of_birth: Option<String>,
    /// ONIX list 77 (US) or BIC (UK)
    #[param(pattern = "^[A-Za-z0-9]{1,4}$")]
    grade: Option<String>,
    /// For members who sign in themselves
    #[serde(rename = "username")]
    #[param(rename = "username")]
    user_name: Option<String>,
    /// 8 to 32 characters with a letter and a number
    password: Option<String>,
    /// visual, learning, physical, nonspecific (repeat per value)
    #[param(value_type = Option<Vec<DisabilityType>>, inline)]
    disability_type: Option<Vec<DisabilityType>>,
    /// Who vouches for the disabilities sent; default schoolVerified
    #[param(value_type = Option<ProofSource>, inline)]
    proof_source: Option<ProofSource>,
    /// iep, section504 (repeat per value)
    #[param(value_type = Option<Vec<DisabilityPlan>>, inline)]
    disability_plan: Option<Vec<DisabilityPlan>>,
}

impl NewMemberParams {
    fn fields(self) -> (MemberFields, ProofSource) {
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
                ..MemberFields::default()
            },
            self.proof_source.unwrap_or(ProofSource::SchoolVerified),
        )
    }
}

#[utoipa::path(
    post, path = "/v2/organizations/{organizationId}/members", tag = "organizations",
    params(
        ("organizationId" = String, Path, description = "The organization"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        NewMemberParams,
    ),
    responses(
        (status = 201, description = "Created; Location names the account", body = UserAccount),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such organization for this caller", body = ErrorBody),
        (status = 409, description = "The user name belongs to another account", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_member(
    State(state): State<AppState>,
    caller: Caller,
    Path(organization_id): Path<String>,
) -> ApiResult<Created<UserAccount>> {
    let organization = lectern_operations::organizations::managed(
        &state,
        &caller,
        &organization_id,
        "add members to organizations",
    )
    .await?;
    let p: NewMemberParams = caller.params.parse()?;
    let (account, view) = add_member(&state, organization, p).await?;
    Ok(Created(state.v2_url(&account_path(&account)), view))
}

/// A new member of the organization (which the caller manages): the account as its managers
/// see it.
pub async fn add_member(
    state: &AppState,
    organization: Organization,
    p: NewMemberParams,
) -> ApiResult<(Account, UserAccount)> {
    let (fields, proof_source) = p.fields();
    let member = fields.create(
        ids::new_id(),
        &organization,
        proof_source,
        &Timestamp::now().date(),
    )?;
    write_member(state, &member, Write::Create, MemberExtras::default()).await?;
    let account = lectern_store::accounts::get(
        state.store.reads(),
        &member.prepared.account.user_account_id,
    )
    .await?
    .ok_or_else(|| ApiError::internal("the new member is gone"))?;
    let context = OrganizationContext::of_organization(state, Some(organization)).await?;
    let view = user_account(state, &account, &context, Allows::of(&[("PUT", true)]));
    Ok((account, view))
}
