//! What an organization's assistant sends to change it, by the wire's names: the API's `PUT
//! /v2/organizations/{id}` and the staff's organization page read the same form.

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
