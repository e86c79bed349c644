//! What a membership assistant sends to make or change an organization, by the wire's names:
//! the API's `POST /v2/organizations` and the staff's new organization page read one form, its
//! `PUT /v2/organizations/{id}` and the staff's organization page the other.

use serde::Deserialize;

use super::{BooksAllowed, OrganizationFields};

/// Every field document 3 lets a membership assistant change; all optional.
#[derive(Debug, Deserialize, Default)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::IntoParams),
    into_params(parameter_in = Query, rename_all = "camelCase")
)]
#[serde(rename_all = "camelCase")]
pub struct OrganizationForm {
    organization_name: Option<String>,
    address1: Option<String>,
    address2: Option<String>,
    city: Option<String>,
    state: Option<String>,
    #[cfg_attr(feature = "openapi", param(pattern = "^[A-Z]{2}$"))]
    country: Option<String>,
    postal_code: Option<String>,
    phone_number: Option<String>,
    website: Option<String>,
    rider_signed: Option<bool>,
    agreement_signed: Option<bool>,
    #[serde(rename = "canDownloadNIMAC")]
    #[cfg_attr(feature = "openapi", param(rename = "canDownloadNIMAC"))]
    can_download_nimac: Option<bool>,
    /// May add members and vouch for their proof of disability
    can_create_users: Option<bool>,
    suspended: Option<bool>,
    /// Left out of reports
    unreported: Option<bool>,
    /// 100, 200, 300 or unlimited: downloads a member may make a month
    #[cfg_attr(
        feature = "openapi",
        param(value_type = Option<String>, pattern = "^(100|200|300|unlimited)$")
    )]
    num_books_allowed: Option<BooksAllowed>,
    notes: Option<String>,
    service_plus: Option<bool>,
    reading_companion: Option<bool>,
    /// The default for members their sponsors have not set otherwise
    safe_search: Option<bool>,
    allow_search_downloads: Option<bool>,
}

impl From<OrganizationForm> for OrganizationFields {
    fn from(p: OrganizationForm) -> Self {
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

/// A new organization and its primary contact, as sent (each may be absent; the house names
/// what a new organization lacks).
#[derive(Debug, Clone, Default, Deserialize)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::IntoParams),
    into_params(parameter_in = Query, rename_all = "camelCase")
)]
#[serde(rename_all = "camelCase")]
pub struct NewOrganizationForm {
    pub organization_name: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    /// ISO 3166 alpha-2
    #[cfg_attr(feature = "openapi", param(pattern = "^[A-Z]{2}$"))]
    pub country: Option<String>,
    pub postal_code: Option<String>,
    /// One of GET /v2/organizationTypes
    #[cfg_attr(
        feature = "openapi",
        param(value_type = Option<super::OrganizationType>, inline)
    )]
    pub organization_type: Option<String>,
    pub phone_number: Option<String>,
    pub website: Option<String>,
    /// One of GET /v2/subscriptiontypes; default organization
    pub subscription_type: Option<String>,
    /// Administrators only; default the caller's site
    pub site: Option<String>,
    pub contact_first_name: Option<String>,
    pub contact_last_name: Option<String>,
    pub contact_title: Option<String>,
    /// Also the contact's user name
    pub contact_email_address: Option<String>,
    pub contact_phone_number: Option<String>,
}

/// What an organization's primary contact may change (`PUT /v2/myOrganization`); all optional.
#[derive(Debug, Deserialize, Default)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::IntoParams),
    into_params(parameter_in = Query, rename_all = "camelCase")
)]
#[serde(rename_all = "camelCase")]
pub struct MyOrganizationForm {
    organization_name: Option<String>,
    address1: Option<String>,
    address2: Option<String>,
    city: Option<String>,
    state: Option<String>,
    /// ISO 3166 alpha-2
    #[cfg_attr(feature = "openapi", param(pattern = "^[A-Z]{2}$"))]
    country: Option<String>,
    postal_code: Option<String>,
    phone_number: Option<String>,
    website: Option<String>,
    /// The default for new members (and members the sponsors have not set otherwise)
    safe_search: Option<bool>,
    allow_search_downloads: Option<bool>,
}

impl From<MyOrganizationForm> for OrganizationFields {
    fn from(p: MyOrganizationForm) -> Self {
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
            safe_search: p.safe_search,
            allow_search_downloads: p.allow_search_downloads,
            ..OrganizationFields::default()
        }
    }
}
