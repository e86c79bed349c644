//! What a new organization chooses from: `GET /v2/organizationTypes` and
//! `GET /v2/referenceOrganizations`.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::organization::OrganizationType;
use lectern_domain::paging::{FixedOrder, KeyOrder};
use lectern_operations::reference_directory;
use lectern_store::reference_organizations::{DirectoryQuery, ReferenceOrganization};
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::sponsoring::privileged_client;
use crate::api::accounts::view::Address;
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::links::Link;
use crate::conventions::paging::ListParams;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;

/// A kind of organization.
#[derive(Serialize, ToSchema)]
pub struct OrganizationTypeView {
    pub name: String,
    pub description: String,
}

impl Listed for OrganizationTypeView {
    const ITEMS: &'static str = "organizationTypes";
    const LIST: &'static str = "OrganizationTypeList";
}

pub type OrganizationTypeList = Collection<OrganizationTypeView>;

/// Signed-in users, and applications of the library that sign organizations up (client keys
/// with membership privileges) before anyone has an account.
pub fn user_or_privileged_client(caller: &Caller) -> ApiResult<()> {
    if caller.user().is_some() || caller.client.privileged {
        Ok(())
    } else {
        Err(ApiError::sign_in_required())
    }
}

#[utoipa::path(
    get, path = "/v2/organizationTypes", tag = "organizations",
    params(("api_key" = String, Query, description = "The client's API key"), ListParams<FixedOrder, 100>),
    responses(
        (status = 200, description = "Every organization type, by name", body = OrganizationTypeList),
        (status = 401, description = "Neither signed in nor a client key with membership privileges", body = ErrorBody),
    ),
)]
pub async fn organization_types(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<OrganizationTypeList>> {
    user_or_privileged_client(&caller)?;
    let page = caller
        .params
        .parse::<ListParams<FixedOrder, 100>>()?
        .page()?;
    let mut items: Vec<OrganizationTypeView> = OrganizationType::ALL
        .iter()
        .map(|t| OrganizationTypeView {
            name: t.as_str().to_owned(),
            description: t.description().to_owned(),
        })
        .collect();
    items.sort_by(|a, b| a.name.cmp(&b.name));
    let total = items.len() as u64;
    let paged = page.page_of(items, |t| t.name.clone())?;
    Ok(Json(Collection::page(
        &state,
        "/organizationTypes",
        &caller.params,
        &page,
        paged,
        total,
    )))
}

/// An organization of the directory new organizations are created from.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct ReferenceOrganizationView {
    pub reference_org_id: String,
    pub name: String,
    pub parent_name: Option<String>,
    pub organization_type: String,
    pub address: Address,
    pub location_address: Address,
    pub links: Vec<Link>,
}

impl Listed for ReferenceOrganizationView {
    const ITEMS: &'static str = "referenceOrganizations";
    const LIST: &'static str = "ReferenceOrganizationList";
}

pub type ReferenceOrganizationList = Collection<ReferenceOrganizationView>;

/// A search of the directory.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct DirectoryParams {
    /// A subdivision code: CA, or US-CA (ISO 3166-2)
    #[param(pattern = "^(?:[A-Za-z]{2}-)?[A-Za-z0-9]{1,3}$")]
    state: String,
    /// Part of the name, any case
    name: Option<String>,
    city: Option<String>,
    /// Organization types (repeat per value)
    #[serde(default)]
    #[param(value_type = Vec<OrganizationType>, inline)]
    organization_types: Vec<OrganizationType>,
}

fn view(state: &AppState, o: ReferenceOrganization) -> ReferenceOrganizationView {
    ReferenceOrganizationView {
        links: vec![Link::new(
            "self",
            state.v2_url(&format!(
                "/referenceOrganizations?state={}-{}",
                o.country, o.state
            )),
        )],
        address: Address {
            address1: o.address1,
            address2: o.address2,
            city: o.city,
            state: Some(o.state),
            postal_code: o.postal_code,
            country: Some(o.country.clone()),
        },
        location_address: Address {
            address1: o.location_address1,
            address2: None,
            city: o.location_city,
            state: o.location_state,
            postal_code: o.location_postal_code,
            country: Some(o.country),
        },
        reference_org_id: o.reference_org_id,
        name: o.name,
        parent_name: o.parent_name,
        organization_type: o.organization_type,
    }
}

/// `state` as (subdivision, country if named), or a 400 naming it.
fn parse_state(raw: &str) -> ApiResult<(String, Option<String>)> {
    let (country, code) = match raw.trim().split_once('-') {
        Some((c, s)) => (Some(c.to_uppercase()), s),
        None => (None, raw.trim()),
    };
    let fits =
        !code.is_empty() && code.len() <= 3 && code.chars().all(|c| c.is_ascii_alphanumeric());
    let country_fits = |c: &String| c.len() == 2 && c.bytes().all(|b| b.is_ascii_alphabetic());
    if !fits || country.as_ref().is_some_and(|c| !country_fits(c)) {
        return Err(ApiError::bad_param(
            "state",
            "must be a subdivision code such as CA, or with its country as US-CA",
        ));
    }
    Ok((code.to_uppercase(), country))
}

#[utoipa::path(
    get, path = "/v2/referenceOrganizations", tag = "organizations",
    params(("api_key" = String, Query, description = "A client key with membership privileges"), DirectoryParams, ListParams<KeyOrder>),
    responses(
        (status = 200, description = "A page of the directory, by name", body = ReferenceOrganizationList),
        (status = 400, description = "A bad or missing parameter, named", body = ErrorBody),
        (status = 403, description = "A client key without membership privileges", body = ErrorBody),
    ),
)]
pub async fn reference_organizations(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<ReferenceOrganizationList>> {
    privileged_client(&caller, "search the directory of organizations")?;
    let p: DirectoryParams = caller.params.parse()?;
    let (code, country) = parse_state(&p.state)?;
    let list: ListParams<KeyOrder> = caller.params.parse()?;
    let (sort, direction) = list.order()?;
    let page = list.page_in(sort, direction)?;
    let query = DirectoryQuery {
        state: code,
        country,
        name: p.name,
        city: p.city,
        organization_types: p
            .organization_types
            .iter()
            .map(|t| t.as_str().to_owned())
            .collect(),
        direction,
        after: page.after::<(String, String)>()?,
        limit: page.limit,
    };
    let (mut rows, total) = reference_directory::page(&state, &caller, &query).await?;
    let next = page.next_token(&mut rows, |(key, o)| {
        (key.clone(), o.reference_org_id.clone())
    });
    let items = rows.into_iter().map(|(_, o)| view(&state, o)).collect();
    Ok(Json(Collection::page(
        &state,
        "/referenceOrganizations",
        &caller.params,
        &page,
        (items, next),
        total,
    )))
}
