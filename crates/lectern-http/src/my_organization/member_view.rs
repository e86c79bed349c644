//! Document 2's member summary: an organization member as its sponsors see them, with what a
//! page of them needs read in one go (disabilities, preferred formats, quick list, tags).

use std::collections::{HashMap, HashSet};

use lectern_domain::account::Account;
use lectern_store::{disabilities, members, preferences, roster_tags};
use serde::Serialize;
use utoipa::ToSchema;

use super::sponsoring::Sponsoring;
use super::view::{RosterTagView, Tags};
use crate::accounts::name::Name;
use crate::conventions::collection::{Allows, Listed};
use crate::conventions::links::{Link, segment};
use crate::error::ApiResult;
use crate::state::AppState;
use crate::titles::FormatRef;

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

/// What the summaries of a page of members need besides the accounts.
pub struct MemberFacts {
    tags: Tags,
    disabilities: HashMap<String, Vec<String>>,
    formats: HashMap<String, FormatRef>,
    quick_list: HashSet<String>,
    policy: lectern_domain::title_access::OrganizationPolicy,
}

impl MemberFacts {
    pub async fn of(
        state: &AppState,
        sponsoring: &Sponsoring<'_>,
        accounts: &[Account],
    ) -> ApiResult<Self> {
        let reads = state.store.reads();
        let ids: Vec<String> = accounts.iter().map(|a| a.user_account_id.clone()).collect();
        let mut by_member: HashMap<String, Vec<String>> = HashMap::new();
        for (id, d) in disabilities::of_accounts(reads, &ids).await? {
            by_member
                .entry(id)
                .or_default()
                .push(d.disability_type.as_str().to_owned());
        }
        let formats = preferences::formats_of(reads, &ids)
            .await?
            .into_iter()
            .map(|(id, f)| (id, FormatRef::from(f)))
            .collect();
        Ok(MemberFacts {
            tags: Tags::new(
                roster_tags::all_of(reads, &sponsoring.organization.organization_id).await?,
            ),
            disabilities: by_member,
            formats,
            quick_list: members::on_quick_list(reads, &sponsoring.me.user_account_id, &ids)
                .await?
                .into_iter()
                .collect(),
            policy: sponsoring.organization.policy(),
        })
    }

    pub fn summary(&self, state: &AppState, a: &Account) -> MemberSummary {
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
            disabilities: self
                .disabilities
                .get(&a.user_account_id)
                .cloned()
                .unwrap_or_default(),
            plans: d.disability_plans.clone(),
            preferred_format: self.formats.get(&a.user_account_id).cloned(),
            roster_tag: self.tags.of(state, a),
            on_quick_list: self.quick_list.contains(&a.user_account_id),
            allow_adult_content: d.allow_adult_content,
            safe_search: d.safe_search.unwrap_or(self.policy.safe_search),
            allow_search_downloads: d
                .allow_search_downloads
                .unwrap_or(self.policy.allow_search_downloads),
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
}
