//! `GET /v2/organizations`: the organizations of the caller's site, found by words of their
//! names, for membership assistants (document 3 shows no listing; the staff's pages need one).

use axum::extract::State;
use lectern_domain::paging::FixedOrder;
use lectern_store::organizations;
use serde::Deserialize;
use utoipa::IntoParams;

use super::view::OrganizationView;
use super::view::organization_view;
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection, Listed};
use crate::conventions::json::Json;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::Actor;
use lectern_operations::organizations as organizations_house;

impl Listed for OrganizationView {
    const ITEMS: &'static str = "organizations";
    const LIST: &'static str = "OrganizationList";
}

/// A page of organizations.
pub type OrganizationList = Collection<OrganizationView>;

/// What to find.
#[derive(Deserialize, IntoParams, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct OrganizationSearchParams {
    /// Words, each the start of a word of the organization's name
    pub keyword: Option<String>,
    /// Administrators only; default the caller's site
    pub site: Option<String>,
}

#[utoipa::path(
    get, path = "/v2/organizations", tag = "organizations",
    params(
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        OrganizationSearchParams,
        ListParams<FixedOrder>,
    ),
    responses(
        (status = 200, description = "A page of organizations, in order of name", body = OrganizationList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn search_organizations(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<OrganizationList>> {
    Ok(Json(
        organization_search(&state, &caller, &caller.params).await?,
    ))
}

/// The organizations the actor may manage that `params` ask for, a page of them.
async fn organization_search(
    state: &AppState,
    actor: &Actor,
    params: &Params,
) -> ApiResult<OrganizationList> {
    let p: OrganizationSearchParams = params.parse()?;
    let page = params.parse::<ListParams<FixedOrder>>()?.page()?;
    let after: Option<(String, String)> = page.after()?;
    let after = after.as_ref().map(|(n, id)| (n.as_str(), id.as_str()));
    let (mut rows, total) = organizations_house::find(
        state,
        actor,
        (p.site, p.keyword.as_deref()),
        after,
        page.limit,
    )
    .await?;
    let next = page.next_token(&mut rows, |o| {
        (organizations::name_key(o), o.organization_id.clone())
    });
    let contacts = organizations_house::primary_contacts(state, &rows).await?;
    let items = rows
        .iter()
        .map(|o| {
            let contact = contacts
                .iter()
                .find(|a| Some(a.user_account_id.as_str()) == o.primary_contact_id.as_deref());
            organization_view(state, o, contact)
        })
        .collect();
    Ok(
        Collection::page(state, "/organizations", params, &page, (items, next), total)
            .allowing(Allows::of(&[("POST", true)])),
    )
}
