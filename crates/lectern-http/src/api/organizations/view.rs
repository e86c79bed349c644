//! The Organization and Organization Sponsor resources of document 3, as membership assistants
//! see them.

use lectern_domain::account::Account;
use lectern_domain::organization::Organization;
use serde::Serialize;
use utoipa::ToSchema;

use crate::api::accounts::name::Name;
use crate::api::accounts::view::{Address, account_path};
use crate::conventions::collection::Allows;
use crate::conventions::links::{Link, segment};
use crate::state::AppState;

/// An organization (document 3), with the settings assistants set.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganizationView {
    pub organization_id: String,
    pub organization_name: String,
    pub address: Address,
    pub phone_number: Option<String>,
    pub web_site: Option<String>,
    pub organization_type: String,
    pub subscription_type: Option<String>,
    pub site: String,
    pub primary_contact: Option<OrganizationSponsor>,
    /// A current signed organizational agreement is on file
    pub has_org_agreement: bool,
    pub has_rider: bool,
    pub has_service_plus: bool,
    pub has_reading_companion: bool,
    /// The default for members their sponsors have not set otherwise
    pub safe_search: bool,
    pub allow_search_downloads: bool,
    #[serde(rename = "canDownloadNIMAC")]
    pub can_download_nimac: bool,
    pub can_create_users: bool,
    pub suspended: bool,
    pub unreported: bool,
    /// 100, 200, 300 or unlimited (a month, per member)
    pub num_books_allowed: String,
    pub notes: Option<String>,
    pub links: Vec<Link>,
    pub allows: Allows,
}

/// An organization's sponsor (document 3's Organization Sponsor).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct OrganizationSponsor {
    pub name: Name,
    pub user_account_id: String,
    pub title: Option<String>,
    pub email_address: Option<String>,
    pub phone_number: Option<String>,
    pub language: Option<String>,
    pub allow_adult_content: bool,
    pub roles: Vec<String>,
    pub site: String,
    pub has_agreement: bool,
    pub locked: bool,
    pub deleted: bool,
    pub can_download: bool,
    pub links: Vec<Link>,
    pub allows: Allows,
}

pub fn organization_path(organization_id: &str) -> String {
    format!("/organizations/{}", segment(organization_id))
}

pub fn address_of(o: &Organization) -> Address {
    Address {
        address1: o.address1.clone(),
        address2: o.address2.clone(),
        city: o.city.clone(),
        state: o.state.clone(),
        postal_code: o.postal_code.clone(),
        country: Some(o.country.clone()),
    }
}

pub fn organization_view(
    state: &AppState,
    o: &Organization,
    primary_contact: Option<&Account>,
) -> OrganizationView {
    let base = organization_path(&o.organization_id);
    let s = &o.settings;
    OrganizationView {
        organization_id: o.organization_id.clone(),
        organization_name: o.organization_name.clone(),
        address: address_of(o),
        phone_number: o.phone_number.clone(),
        web_site: o.web_site.clone(),
        organization_type: o.organization_type.clone(),
        subscription_type: o.subscription_type.clone(),
        site: o.site_id.clone(),
        primary_contact: primary_contact.map(|a| organization_sponsor(state, a)),
        has_org_agreement: s.agreement_signed,
        has_rider: s.rider_signed,
        has_service_plus: o.has_service_plus,
        has_reading_companion: o.has_reading_companion,
        safe_search: s.safe_search,
        allow_search_downloads: s.allow_search_downloads,
        can_download_nimac: s.can_download_nimac,
        can_create_users: s.can_create_users,
        suspended: s.suspended,
        unreported: s.unreported,
        num_books_allowed: s
            .num_books_allowed
            .map_or_else(|| "unlimited".to_owned(), |n| n.to_string()),
        notes: o.notes.clone(),
        links: vec![
            Link::new("self", state.v2_url(&base)),
            Link::new("members", state.v2_url(&format!("{base}/members"))),
        ],
        allows: Allows::of(&[("PUT", true)]),
    }
}

pub fn organization_sponsor(state: &AppState, a: &Account) -> OrganizationSponsor {
    OrganizationSponsor {
        name: Name::from(a),
        user_account_id: a.user_account_id.clone(),
        title: a.details.sponsor_title.clone(),
        email_address: a
            .details
            .email_address
            .clone()
            .or_else(|| a.user_name.clone()),
        phone_number: a.details.phone_number.clone(),
        language: a.details.language.clone(),
        allow_adult_content: a.details.allow_adult_content,
        roles: a.roles.iter().map(|r| r.as_str().to_owned()).collect(),
        site: a.site_id.clone(),
        has_agreement: a.has_agreement,
        locked: a.locked,
        deleted: false,
        can_download: a.can_download(),
        links: vec![Link::new("self", state.v2_url(&account_path(a)))],
        allows: Allows::of(&[("PUT", true)]),
    }
}
