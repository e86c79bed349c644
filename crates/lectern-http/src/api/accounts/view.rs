//! The User Account resource of document 3, which both doors show: a membership assistant at
//! `/v2/accounts/{userIdentifier}`, and the member (with a few more fields) at `/v2/myAccount`.

use lectern_domain::account::Account;
use lectern_domain::organization::Organization;

use serde::Serialize;
use utoipa::ToSchema;

use super::name::Name;
use crate::api::my_organization::roster_tag_view::{RosterTagView, Tags};
use crate::conventions::collection::{Allows, Listed};
use crate::conventions::links::{Link, segment};
use crate::error::ApiResult;
use crate::state::AppState;

/// A postal address.
#[derive(Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct Address {
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub country: Option<String>,
}

/// A user account (document 3).
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserAccount {
    pub user_account_id: String,
    pub name: Name,
    /// The e-mail address, which is also the user name; null for members without one.
    pub email_address: Option<String>,
    pub address: Address,
    /// The legal guardian of a minor; null when none is recorded.
    pub guardian: Option<Name>,
    pub date_of_birth: Option<String>,
    pub grade: Option<String>,
    pub phone_number: Option<String>,
    pub language: Option<String>,
    pub site: String,
    pub allow_adult_content: bool,
    pub has_agreement: bool,
    pub locked: bool,
    pub deleted: bool,
    /// Whether the account's standing lets it download (a title's own rules aside).
    pub can_download: bool,
    pub has_service_plus: bool,
    pub has_reading_companion: bool,
    pub safe_search: bool,
    pub allow_search_downloads: bool,
    pub roles: Vec<String>,
    /// The member's roster tag in their organization
    pub roster_tag: Option<RosterTagView>,
    /// active, submitted or missing
    pub proof_of_disability_status: String,
    /// active, expired or missing
    pub subscription_status: String,
    pub links: Vec<Link>,
    pub allows: Allows,
}

impl Listed for UserAccount {
    const ITEMS: &'static str = "userAccounts";
    const LIST: &'static str = "UserAccountList";
}

/// What an account's organization contributes to its view.
#[derive(Default)]
pub struct OrganizationContext {
    pub organization: Option<Organization>,
    /// Its roster tags, which its members carry.
    pub tags: Tags,
}

impl OrganizationContext {
    pub async fn of(state: &AppState, account: &Account) -> ApiResult<Self> {
        if account.organization_id.is_none() {
            return Ok(OrganizationContext::default());
        }
        let organization = lectern_operations::organizations::of_account(state, account).await?;
        Self::of_organization(state, organization).await
    }

    pub async fn of_organization(
        state: &AppState,
        organization: Option<Organization>,
    ) -> ApiResult<Self> {
        let tags = match &organization {
            Some(o) => Tags::new(lectern_operations::roster_tags::all_of(state, o).await?),
            None => Tags::default(),
        };
        Ok(OrganizationContext { organization, tags })
    }
}

/// The path of an account under `/v2`, by its identifier.
pub fn account_path(a: &Account) -> String {
    format!("/accounts/{}", segment(&a.user_account_id))
}

/// An account as its assistants and sponsors see it, linked under `/v2/accounts/{id}`.
pub fn user_account(
    state: &AppState,
    a: &Account,
    org: &OrganizationContext,
    allows: Allows,
) -> UserAccount {
    let base = account_path(a);
    let links = [
        ("self", ""),
        ("agreements", "/agreements"),
        ("subscriptions", "/subscriptions"),
        ("disabilities", "/pod"),
        ("preferences", "/preferences"),
        ("recommendationProfile", "/recommendationProfile"),
    ]
    .into_iter()
    .map(|(rel, tail)| Link::new(rel, state.v2_url(&format!("{base}{tail}"))))
    .collect();
    linked_user_account(state, a, org, allows, links)
}

/// An account with the links of the door it is seen through (`/v2/myAccount` has its own).
pub fn linked_user_account(
    state: &AppState,
    a: &Account,
    org: &OrganizationContext,
    allows: Allows,
    links: Vec<Link>,
) -> UserAccount {
    let d = &a.details;
    let policy = org.organization.as_ref().map(Organization::policy);
    let guardian = match (&d.guardian_first_name, &d.guardian_last_name) {
        (None, None) => None,
        (first, last) => Some(Name::of(
            first.clone().unwrap_or_default(),
            last.clone().unwrap_or_default(),
        )),
    };
    UserAccount {
        user_account_id: a.user_account_id.clone(),
        name: Name::from(a),
        email_address: d.email_address.clone().or_else(|| a.user_name.clone()),
        address: Address {
            address1: d.address1.clone(),
            address2: d.address2.clone(),
            city: d.city.clone(),
            state: d.state.clone(),
            postal_code: d.postal_code.clone(),
            country: a.country.clone(),
        },
        guardian,
        date_of_birth: a.date_of_birth.clone(),
        grade: a.grade.clone(),
        phone_number: d.phone_number.clone(),
        language: d.language.clone(),
        site: a.site_id.clone(),
        allow_adult_content: d.allow_adult_content,
        has_agreement: a.has_agreement,
        locked: a.locked,
        // Accounts are locked, never deleted.
        deleted: false,
        can_download: a.can_download(),
        has_service_plus: org
            .organization
            .as_ref()
            .is_some_and(|o| o.has_service_plus),
        has_reading_companion: org
            .organization
            .as_ref()
            .is_some_and(|o| o.has_reading_companion),
        safe_search: d
            .safe_search
            .unwrap_or_else(|| policy.map_or(!d.allow_adult_content, |p| p.safe_search)),
        allow_search_downloads: d
            .allow_search_downloads
            .unwrap_or_else(|| policy.is_none_or(|p| p.allow_search_downloads)),
        roles: a.roles.iter().map(|r| r.as_str().to_owned()).collect(),
        roster_tag: org.tags.of(state, a),
        proof_of_disability_status: a.proof_of_disability_status.as_str().to_owned(),
        subscription_status: a.subscription_status.as_str().to_owned(),
        links,
        allows,
    }
}
