use axum::extract::{Path, State};
use lectern_domain::account::Account;
use lectern_domain::account::member_form::NewMemberForm;
use lectern_domain::members::{MemberSort, MembersForm};
use lectern_domain::organization::Organization;

use crate::api::accounts::view::{OrganizationContext, UserAccount, account_path, user_account};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection};
use crate::conventions::json::Json;
use crate::conventions::links::segment;
use crate::conventions::member_pages::{member_window, turned};
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::conventions::status::Created;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::{organization_members, organizations};

/// A page of user accounts.
pub type UserAccountList = Collection<UserAccount>;

/// The members of an organization, for membership assistants of its site and administrators.
#[utoipa::path(
    get, path = "/v2/organizations/{organizationId}/members", tag = "organizations",
    params(
        ("organizationId" = String, Path, description = "The organization"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        MembersForm,
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
async fn members_page(
    state: &AppState,
    organization: Organization,
    params: &Params,
) -> ApiResult<UserAccountList> {
    let list: ListParams<MemberSort> = params.parse()?;
    let asked: MembersForm = params.parse()?;
    let (page, window) = member_window(&list)?;
    let sort = window.sort;
    let found = organizations::page_of_managed(state, &organization, asked, window).await?;
    let (rows, next, total_results) = turned(&page, sort, found);
    let path = format!(
        "/organizations/{}/members",
        segment(&organization.organization_id)
    );
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

#[utoipa::path(
    post, path = "/v2/organizations/{organizationId}/members", tag = "organizations",
    params(
        ("organizationId" = String, Path, description = "The organization"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        NewMemberForm,
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
    let p: NewMemberForm = caller.params.parse()?;
    let (account, view) = add_member(&state, organization, p).await?;
    Ok(Created(state.v2_url(&account_path(&account)), view))
}

/// A new member of the organization (which the caller manages): the account as its managers
/// see it.
async fn add_member(
    state: &AppState,
    organization: Organization,
    form: NewMemberForm,
) -> ApiResult<(Account, UserAccount)> {
    let account = organization_members::add(state, &organization, form).await?;
    let context = OrganizationContext::of_organization(state, Some(organization)).await?;
    let view = user_account(state, &account, &context, Allows::of(&[("PUT", true)]));
    Ok((account, view))
}
