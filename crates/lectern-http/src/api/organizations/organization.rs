//! The membership assistant's door to organizations (document 3): `POST /v2/organizations`,
//! `GET`/`PUT /v2/organizations/{organizationId}` and `PUT .../primaryContact`.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::access::membership_management;
use lectern_domain::account::Account;
use lectern_domain::ids;
use lectern_domain::organization::{
    BooksAllowed, CONTACT_PARAMS, Organization, OrganizationEditor, OrganizationFields,
    SponsorFields,
};
use lectern_domain::role::Role;
use lectern_store::{accounts, organizations, subscriptions};
use serde::Deserialize;
use utoipa::IntoParams;

use super::view::{
    OrganizationSponsor, OrganizationView, organization_path, organization_sponsor,
    organization_view,
};
use crate::conventions::caller::Caller;
use crate::conventions::status::Created;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::account::fields::Prepared;
use lectern_operations::organizations as organizations_house;
use lectern_operations::{Actor, refusals};

/// An organization and its primary contact, as `POST /v2/organizations` takes them.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct NewOrganizationParams {
    organization_name: Option<String>,
    address1: Option<String>,
    address2: Option<String>,
    city: Option<String>,
    state: Option<String>,
    /// ISO 3166 alpha-2
    #[param(pattern = "^[A-Z]{2}$")]
    country: Option<String>,
    postal_code: Option<String>,
    /// One of GET /v2/organizationTypes
    #[param(value_type = Option<lectern_domain::organization::OrganizationType>, inline)]
    organization_type: Option<String>,
    phone_number: Option<String>,
    website: Option<String>,
    /// One of GET /v2/subscriptiontypes; default organization
    subscription_type: Option<String>,
    /// Administrators only; default the caller's site
    site: Option<String>,
    contact_first_name: Option<String>,
    contact_last_name: Option<String>,
    contact_title: Option<String>,
    /// Also the contact's user name
    contact_email_address: Option<String>,
    contact_phone_number: Option<String>,
}

/// What `PUT /v2/organizations/{organizationId}` may change; all optional.
#[derive(Deserialize, IntoParams, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct OrganizationChanges {
    pub organization_name: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    #[param(pattern = "^[A-Z]{2}$")]
    pub country: Option<String>,
    pub postal_code: Option<String>,
    pub phone_number: Option<String>,
    pub website: Option<String>,
    pub rider_signed: Option<bool>,
    pub agreement_signed: Option<bool>,
    #[serde(rename = "canDownloadNIMAC")]
    #[param(rename = "canDownloadNIMAC")]
    pub can_download_nimac: Option<bool>,
    /// May add members and vouch for their proof of disability
    pub can_create_users: Option<bool>,
    pub suspended: Option<bool>,
    /// Left out of reports
    pub unreported: Option<bool>,
    /// 100, 200, 300 or unlimited: downloads a member may make a month
    #[param(value_type = Option<String>, pattern = "^(100|200|300|unlimited)$")]
    pub num_books_allowed: Option<BooksAllowed>,
    pub notes: Option<String>,
    pub service_plus: Option<bool>,
    pub reading_companion: Option<bool>,
    /// The default for members their sponsors have not set otherwise
    pub safe_search: Option<bool>,
    pub allow_search_downloads: Option<bool>,
}

impl From<OrganizationChanges> for OrganizationFields {
    fn from(p: OrganizationChanges) -> Self {
        OrganizationFields {
            organization_name: p.organization_name,
            address1: p.address1,
            address2: p.address2,
            city: p.city,
            state: p.state,
            country: p.country,
            postal_code: p.postal_code,
            phone_number: p.phone_number,
            web_site: p.website,
            rider_signed: p.rider_signed,
            agreement_signed: p.agreement_signed,
            can_download_nimac: p.can_download_nimac,
            can_create_users: p.can_create_users,
            suspended: p.suspended,
            unreported: p.unreported,
            num_books_allowed: p.num_books_allowed,
            notes: p.notes,
            service_plus: p.service_plus,
            reading_companion: p.reading_companion,
            safe_search: p.safe_search,
            allow_search_downloads: p.allow_search_downloads,
            ..OrganizationFields::default()
        }
    }
}

/// The parameters of a new organization that `POST /v2/organizations` requires.
pub(crate) const REQUIRED: &[&str] = &[
    "organizationName",
    "address1",
    "city",
    "country",
    "postalCode",
    "organizationType",
];

/// An organization of the caller's reach, or 404 (another site's is not there for them).
pub async fn managed_organization(
    state: &AppState,
    caller: &Caller,
    organization_id: &str,
    action: &str,
) -> ApiResult<Organization> {
    let me = caller.signed_in()?;
    let absent = || {
        lectern_operations::Failure::not_found(format!(
            "There is no organization '{organization_id}'"
        ))
    };
    // The client and role are judged before the organization is looked up, so that an
    // unprivileged caller learns nothing of which organizations exist.
    refusals::membership(
        membership_management(&caller.client, me, &me.site_id),
        action,
        absent,
    )?;
    let organization = organizations::get(state.store.reads(), organization_id)
        .await?
        .ok_or_else(absent)?;
    refusals::membership(
        membership_management(&caller.client, me, &organization.site_id),
        action,
        absent,
    )?;
    Ok(organization)
}

/// The organization's primary contact, when it has one.
pub async fn primary_contact(state: &AppState, o: &Organization) -> ApiResult<Option<Account>> {
    match &o.primary_contact_id {
        None => Ok(None),
        Some(id) => Ok(accounts::get(state.store.reads(), id).await?),
    }
}

pub async fn assistant_view(state: &AppState, o: &Organization) -> ApiResult<OrganizationView> {
    let contact = primary_contact(state, o).await?;
    Ok(organization_view(state, o, contact.as_ref()))
}

/// A subscription type named by a parameter must exist.
pub async fn check_subscription_type(state: &AppState, name: Option<&str>) -> ApiResult<()> {
    let Some(name) = name else { return Ok(()) };
    let types = subscriptions::types(state.store.reads()).await?;
    if types.iter().any(|t| t.name == name) {
        return Ok(());
    }
    let names: Vec<&str> = types.iter().map(|t| t.name.as_str()).collect();
    Err(ApiError::bad_param(
        "subscriptionType",
        format!("must be one of {}", names.join(", ")),
    ))
}

#[utoipa::path(
    post, path = "/v2/organizations", tag = "organizations",
    params(("api_key" = String, Query, description = "A client key with membership privileges"), NewOrganizationParams),
    responses(
        (status = 201, description = "Created with its primary contact; Location names it", body = OrganizationView),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 409, description = "The contact's e-mail address is another account's user name", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_organization(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<OrganizationView>> {
    caller.signed_in()?;
    let p: NewOrganizationParams = caller.params.parse()?;
    let (organization, view) = create_from(&state, &caller, p).await?;
    Ok(Created(
        state.v2_url(&organization_path(&organization.organization_id)),
        view,
    ))
}

/// A new organization with its primary contact, as the actor may make it.
pub async fn create_from(
    state: &AppState,
    actor: &Actor,
    p: NewOrganizationParams,
) -> ApiResult<(Organization, OrganizationView)> {
    let me = actor.account()?;
    let site = p.site.clone().unwrap_or_else(|| me.site_id.clone());
    refusals::membership(
        membership_management(&actor.client, me, &me.site_id),
        "create organizations",
        || {
            lectern_operations::Failure::refused(
                "Membership assistants create organizations on their own site",
            )
        },
    )?;
    if p.site.is_some() {
        if !me.has_role(Role::Administrator) {
            return Err(ApiError::bad_param(
                "site",
                "only administrators may set site",
            ));
        }
        if lectern_store::sites::get(state.store.reads(), &site)
            .await?
            .is_none()
        {
            return Err(ApiError::bad_param(
                "site",
                format!("there is no site '{site}'"),
            ));
        }
    }
    check_subscription_type(state, p.subscription_type.as_deref()).await?;
    let contact = SponsorFields {
        first_name: p.contact_first_name,
        last_name: p.contact_last_name,
        title: p.contact_title,
        email_address: p.contact_email_address,
        phone_number: p.contact_phone_number,
    };
    let fields = OrganizationFields {
        organization_name: p.organization_name,
        organization_type: p.organization_type,
        address1: p.address1,
        address2: p.address2,
        city: p.city,
        state: p.state,
        postal_code: p.postal_code,
        country: p.country,
        phone_number: p.phone_number,
        web_site: p.website,
        subscription_type: Some(p.subscription_type.unwrap_or_else(|| "organization".into())),
        ..OrganizationFields::default()
    };
    let (mut organization, contact) = both(fields.create(ids::new_id(), site, REQUIRED), |o| {
        contact.create(&CONTACT_PARAMS, false, ids::new_id(), o)
    })?;
    let contact = Prepared {
        account: contact,
        password: None,
        user_name_param: "contactEmailAddress",
    };
    organizations_house::create_with_contact(state, &mut organization, &contact).await?;
    let view = organization_view(state, &organization, Some(&contact.account));
    Ok((organization, view))
}

/// An organization and its contact, with the problems of both in one 400.
pub fn both(
    organization: Result<Organization, Vec<lectern_domain::invalid::Invalid>>,
    contact: impl FnOnce(&Organization) -> Result<Account, Vec<lectern_domain::invalid::Invalid>>,
) -> ApiResult<(Organization, Account)> {
    let (organization, mut problems) = match organization {
        Ok(o) => (o, vec![]),
        Err(p) => (Organization::default(), p),
    };
    match contact(&organization) {
        Ok(c) if problems.is_empty() => Ok((organization, c)),
        Ok(_) => Err(problems.into()),
        Err(p) => {
            problems.extend(p);
            Err(problems.into())
        }
    }
}

#[utoipa::path(
    get, path = "/v2/organizations/{organizationId}", tag = "organizations",
    params(
        ("organizationId" = String, Path, description = "The organization"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The organization", body = OrganizationView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such organization for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn get_organization(
    State(state): State<AppState>,
    caller: Caller,
    Path(organization_id): Path<String>,
) -> ApiResult<Json<OrganizationView>> {
    let o = managed_organization(&state, &caller, &organization_id, "read organizations").await?;
    Ok(Json(assistant_view(&state, &o).await?))
}

#[utoipa::path(
    put, path = "/v2/organizations/{organizationId}", tag = "organizations",
    params(
        ("organizationId" = String, Path, description = "The organization"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        OrganizationChanges,
    ),
    responses(
        (status = 200, description = "The organization as changed; its members' access rules follow at once", body = OrganizationView),
        (status = 400, description = "A bad parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such organization for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn update_organization(
    State(state): State<AppState>,
    caller: Caller,
    Path(organization_id): Path<String>,
) -> ApiResult<Json<OrganizationView>> {
    let o = managed_organization(&state, &caller, &organization_id, "change organizations").await?;
    let p: OrganizationChanges = caller.params.parse()?;
    let next = organizations_house::change(
        &state,
        &o.organization_id,
        OrganizationEditor::Assistant,
        p.into(),
    )
    .await?;
    Ok(Json(assistant_view(&state, &next).await?))
}

/// The new primary contact.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct PrimaryContactParams {
    /// A sponsor of the organization: user name or userAccountId
    pub user_identifier: String,
}

#[utoipa::path(
    put, path = "/v2/organizations/{organizationId}/primaryContact", tag = "organizations",
    params(
        ("organizationId" = String, Path, description = "The organization"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        PrimaryContactParams,
    ),
    responses(
        (status = 200, description = "The new primary contact", body = OrganizationSponsor),
        (status = 400, description = "Missing, or no sponsor of this organization", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such organization for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn set_primary_contact(
    State(state): State<AppState>,
    caller: Caller,
    Path(organization_id): Path<String>,
) -> ApiResult<Json<OrganizationSponsor>> {
    let o = managed_organization(&state, &caller, &organization_id, "change organizations").await?;
    let p: PrimaryContactParams = caller.params.parse()?;
    let sponsor = organizations_house::set_primary_contact(&state, &o, &p.user_identifier).await?;
    Ok(Json(organization_sponsor(&state, &sponsor)))
}
