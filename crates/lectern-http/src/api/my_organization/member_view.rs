//! Document 2's member summary: an organization member as its sponsors see them, with what a
//! page of them needs read in one go (disabilities, preferred formats, quick list, tags).

use lectern_domain::account::Account;
use lectern_operations::sponsored_members::MemberFacts;
use serde::Serialize;
use utoipa::ToSchema;

use super::view::{RosterTagView, roster_tag_view};
use crate::api::accounts::name::Name;
use crate::api::titles::FormatRef;
use crate::conventions::collection::{Allows, Listed};
use crate::conventions::links::{Link, segment};
use crate::state::AppState;

/// An organization member, as its sponsors see them.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct MemberSummary {
    pub user_account_id: String,
    pub user_name: Option<String>,
    pub name: Name,
    pub email_address: Option<String>,
    pub phone_number: Option<String>,
    pub date_of_birth: Option<String>,
    pub grade: Option<String>,
    pub language: Option<String>,
    pub roles: Vec<String>,
    /// visual, learning, physical, nonspecific
    pub disabilities: Vec<String>,
    /// iep, section504
    pub plans: Vec<String>,
    pub preferred_format: Option<FormatRef>,
    pub roster_tag: Option<RosterTagView>,
    pub on_quick_list: bool,
    pub allow_adult_content: bool,
    pub safe_search: bool,
    pub allow_search_downloads: bool,
    pub has_agreement: bool,
    pub locked: bool,
    pub can_download: bool,
    /// Whether the sponsors may change names, user name, password and disabilities
    pub sponsor_manageable: bool,
    pub links: Vec<Link>,
    pub allows: Allows,
}

impl Listed for MemberSummary {
    const ITEMS: &'static str = "memberSummaries";
    const LIST: &'static str = "MemberSummaryList";
}

pub fn member_path(a: &Account) -> String {
    format!("/myOrganization/members/{}", segment(&a.user_account_id))
}

/// The member as its sponsors see them, from the facts of their page.
pub fn member_summary_view(state: &AppState, facts: &MemberFacts, a: &Account) -> MemberSummary {
    let d = &a.details;
    let path = member_path(a);
    MemberSummary {
        user_account_id: a.user_account_id.clone(),
        user_name: a.user_name.clone(),
        name: Name::from(a),
        email_address: d.email_address.clone(),
        phone_number: d.phone_number.clone(),
        date_of_birth: a.date_of_birth.clone(),
        grade: a.grade.clone(),
        language: d.language.clone(),
        roles: a.roles.iter().map(|r| r.as_str().to_owned()).collect(),
        disabilities: facts.disabilities(a).to_vec(),
        plans: d.disability_plans.clone(),
        preferred_format: facts.preferred_format(a).map(FormatRef::from),
        roster_tag: facts.tag(a).map(|t| roster_tag_view(state, t)),
        on_quick_list: facts.on_quick_list(a),
        allow_adult_content: d.allow_adult_content,
        safe_search: facts.safe_search(a),
        allow_search_downloads: facts.allow_search_downloads(a),
        has_agreement: a.has_agreement,
        locked: a.locked,
        can_download: a.can_download(),
        sponsor_manageable: d.sponsor_manageable,
        links: vec![
            Link::new("self", state.v2_url(&path)),
            Link::new("preferences", state.v2_url(&format!("{path}/preferences"))),
        ],
        allows: Allows::of(&[("PUT", true)]),
    }
}
