//! Document 2's shapes of the sponsor's door: the My Organization summary, the sponsor summary
//! and the roster tag.

use lectern_domain::account::Account;
use lectern_domain::organization::Organization;
use serde::Serialize;
use utoipa::ToSchema;

pub use super::roster_tag_view::{RosterTagView, Tags, roster_tag_view};
use crate::api::accounts::name::Name;
use crate::api::accounts::view::Address;
use crate::api::organizations::view::address_of;
use crate::conventions::collection::{Allows, Listed};
use crate::conventions::links::{Link, segment};
use crate::state::AppState;

/// The sponsor's organization (document 2's My Organization summary).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MyOrganization {
    pub organization_name: String,
    pub organization_type: String,
    pub address: Address,
    pub phone_number: Option<String>,
    pub web_site: Option<String>,
    pub has_service_plus: bool,
    pub has_reading_companion: bool,
    /// The default for members their sponsors have not set otherwise
    pub safe_search: bool,
    pub allow_search_downloads: bool,
    pub primary_contact: Option<SponsorSummary>,
    pub links: Vec<Link>,
    /// PUT for the primary contact
    pub allows: Allows,
}

/// A sponsor, as other sponsors of the organization see them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct SponsorSummary {
    pub user_account_id: String,
    pub name: Name,
    pub title: Option<String>,
    pub email_address: Option<String>,
    pub phone_number: Option<String>,
    pub roster_tag: Option<RosterTagView>,
    pub links: Vec<Link>,
    pub allows: Allows,
}

impl Listed for SponsorSummary {
    const ITEMS: &'static str = "sponsorSummaries";
    const LIST: &'static str = "SponsorSummaryList";
}

pub fn sponsor_path(a: &Account) -> String {
    format!("/myOrganization/sponsors/{}", segment(&a.user_account_id))
}

/// `may_change`: the viewer may PUT this sponsor (privileged client keys only).
pub fn sponsor_summary(
    state: &AppState,
    a: &Account,
    tags: &Tags,
    may_change: bool,
) -> SponsorSummary {
    SponsorSummary {
        user_account_id: a.user_account_id.clone(),
        name: Name::from(a),
        title: a.details.sponsor_title.clone(),
        email_address: a
            .details
            .email_address
            .clone()
            .or_else(|| a.user_name.clone()),
        phone_number: a.details.phone_number.clone(),
        roster_tag: tags.of(state, a),
        links: vec![Link::new("self", state.v2_url(&sponsor_path(a)))],
        allows: Allows::of(&[("PUT", may_change)]),
    }
}

pub fn my_organization(
    state: &AppState,
    o: &Organization,
    contact: Option<SponsorSummary>,
    viewer_is_contact: bool,
) -> MyOrganization {
    MyOrganization {
        organization_name: o.organization_name.clone(),
        organization_type: o.organization_type.clone(),
        address: address_of(o),
        phone_number: o.phone_number.clone(),
        web_site: o.web_site.clone(),
        has_service_plus: o.has_service_plus,
        has_reading_companion: o.has_reading_companion,
        safe_search: o.settings.safe_search,
        allow_search_downloads: o.settings.allow_search_downloads,
        primary_contact: contact,
        links: [
            ("self", "/myOrganization"),
            ("members", "/myOrganization/members"),
            ("sponsors", "/myOrganization/sponsors"),
        ]
        .into_iter()
        .map(|(rel, path)| Link::new(rel, state.v2_url(path)))
        .collect(),
        allows: Allows::of(&[("PUT", viewer_is_contact)]),
    }
}
