//! `POST /v2/myOrganization`: an organization signs itself up through one of the library's own
//! applications, from the directory (`referenceOrgId`) or from the fields given, with its
//! primary contact, who signs in with the password given.

use axum::extract::State;
use lectern_domain::account::fields::Prepared;
use lectern_domain::ids;
use lectern_domain::invalid::Invalid;
use lectern_domain::organization::{
    CONTACT_PARAMS, Organization, OrganizationFields, SponsorFields,
};
use lectern_domain::password::NewPassword;
use lectern_operations::reference_directory;
use serde::Deserialize;
use utoipa::IntoParams;

use super::sponsoring::privileged_client;
use super::view::{MyOrganization, Tags, my_organization, sponsor_summary};
use crate::conventions::caller::Caller;
use crate::conventions::status::Created;
use crate::error::{ApiError, ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::organizations as organizations_house;
use lectern_operations::organizations::both;

/// A new organization and its primary contact.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct SignUpParams {
    /// From GET /v2/referenceOrganizations; without it, organizationName, country and
    /// organizationType are required
    reference_org_id: Option<String>,
    organization_name: Option<String>,
    /// ISO 3166 alpha-2
    #[param(pattern = "^[A-Z]{2}$")]
    country: Option<String>,
    /// One of GET /v2/organizationTypes
    #[param(value_type = Option<lectern_domain::organization::OrganizationType>, inline)]
    organization_type: Option<String>,
    address1: Option<String>,
    address2: Option<String>,
    city: Option<String>,
    state: Option<String>,
    postal_code: Option<String>,
    phone_number: Option<String>,
    website: Option<String>,
    contact_first_name: Option<String>,
    contact_last_name: Option<String>,
    contact_title: Option<String>,
    /// Also the contact's user name
    contact_email_address: Option<String>,
    /// 8 to 32 characters with a letter and a number
    contact_password: Option<String>,
    contact_phone_number: Option<String>,
    /// Must be true: the organization signs the organizational agreement
    agreement_signed: Option<bool>,
}

/// The directory's record of a reference organization fills what the form left out (what the
/// form sends wins); its id, for the new organization.
async fn fill_from_directory(
    state: &AppState,
    id: &str,
    fields: &mut OrganizationFields,
) -> ApiResult<String> {
    let r = reference_directory::entry(state, id)
        .await?
        .ok_or_else(|| {
            ApiError::bad_param(
                "referenceOrgId",
                format!("there is no reference organization '{id}'"),
            )
        })?;
    let fill = |sent: &mut Option<String>, from: Option<String>| {
        if sent.is_none() {
            *sent = from;
        }
    };
    fill(&mut fields.organization_name, Some(r.name.clone()));
    fill(
        &mut fields.organization_type,
        Some(r.organization_type.clone()),
    );
    fill(&mut fields.country, Some(r.country.clone()));
    fill(&mut fields.address1, r.address1.clone());
    fill(&mut fields.address2, r.address2.clone());
    fill(&mut fields.city, r.city.clone());
    fill(&mut fields.state, Some(r.state.clone()));
    fill(&mut fields.postal_code, r.postal_code.clone());
    Ok(r.reference_org_id)
}

/// The signed agreement an organization joins with, and its contact's password; what is wrong
/// with either, named.
fn check_agreement_and_password(
    agreement_signed: Option<bool>,
    password: Option<&str>,
) -> (Option<NewPassword>, Vec<Invalid>) {
    let mut problems = Vec::new();
    match agreement_signed {
        None => problems.push(Invalid::required("agreementSigned")),
        Some(false) => problems.push(Invalid::new(
            "agreementSigned",
            "must be true: an organization signs the agreement to join",
        )),
        Some(true) => {}
    }
    let password = match password.map(NewPassword::parse) {
        None => {
            problems.push(Invalid::required("contactPassword"));
            None
        }
        Some(Err(e)) => {
            problems.push(Invalid::new("contactPassword", e.to_string()));
            None
        }
        Some(Ok(pw)) => Some(pw),
    };
    (password, problems)
}

#[utoipa::path(
    post, path = "/v2/myOrganization", tag = "myOrganization",
    params(("api_key" = String, Query, description = "A client key with membership privileges"), SignUpParams),
    responses(
        (status = 201, description = "Created with its primary contact, who signs in with the password given", body = MyOrganization),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 403, description = "A client key without membership privileges", body = ErrorBody),
        (status = 409, description = "The contact's e-mail address is another account's user name", body = ErrorBody),
    ),
)]
pub async fn sign_up(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<MyOrganization>> {
    privileged_client(&caller, "sign organizations up")?;
    let p: SignUpParams = caller.params.parse()?;
    let mut fields = OrganizationFields {
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
        subscription_type: Some("organization".to_owned()),
        agreement_signed: Some(true),
        ..OrganizationFields::default()
    };
    let reference = match &p.reference_org_id {
        Some(id) => Some(fill_from_directory(&state, id, &mut fields).await?),
        None => None,
    };
    let (password, extra) =
        check_agreement_and_password(p.agreement_signed, p.contact_password.as_deref());
    let contact = SponsorFields {
        first_name: p.contact_first_name,
        last_name: p.contact_last_name,
        title: p.contact_title,
        email_address: p.contact_email_address,
        phone_number: p.contact_phone_number,
    };
    let site = caller.client.site_id.clone();
    let organization = fields
        .create(
            ids::new_id(),
            site,
            &["organizationName", "country", "organizationType"],
        )
        .map(|o| Organization {
            reference_org_id: reference.clone(),
            ..o
        });
    let (mut organization, mut contact) = both(organization, |o| {
        let c = contact.create(&CONTACT_PARAMS, false, ids::new_id(), o);
        match (c, extra.is_empty()) {
            (Ok(c), true) => Ok(c),
            (Ok(_), false) => Err(extra),
            (Err(mut e), _) => {
                e.extend(extra);
                Err(e)
            }
        }
    })?;
    // The contact chose their own password: nothing to renew.
    contact.details.needs_new_password = false;
    let prepared = Prepared {
        account: contact,
        password,
        user_name_param: "contactEmailAddress",
    };
    organizations_house::create_with_contact(&state, &mut organization, &prepared).await?;
    let summary = sponsor_summary(&state, &prepared.account, &Tags::new(vec![]), true);
    Ok(Created(
        state.v2_url("/myOrganization"),
        my_organization(&state, &organization, Some(summary), true),
    ))
}
