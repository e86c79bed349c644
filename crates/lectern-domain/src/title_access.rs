//! The access rules for titles: for a caller, a title and (for downloads) a reader, whether the
//! title is visible, whether it may be downloaded, and the `titleAccessAlerts` that explain a
//! refusal. Every endpoint that shows or serves a title asks here, so the rules live in one
//! place; `docs/access-rules.md` documents them and their alert codes.
//!
//! Visibility and download are separate questions: a title's metadata may be visible (200) while
//! its download is refused (403), as document 1 describes.

use serde::Serialize;

use crate::account::standing::DownloadTimeframe;
use crate::account::{ProofOfDisabilityStatus, SubscriptionStatus};
use crate::catalog::query::Scope;
use crate::role::{Role, Roles};

/// Document 1's title states.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum TitleStatus {
    Live,
    Withdrawn,
    /// Any state of the production pipeline (new, beingEdited, proofreadValid, ...): not yet live.
    InProduction,
    Removed,
}

string_enum!(
    /// How a title may be used, by its copyright.
    UsageRestriction {
        Copyright = "copyright",
        PublicDomain = "publicDomain",
        CreativeCommons = "creativeCommons",
    }
);

/// What the rules need to know of a title.
#[derive(Debug, Clone, PartialEq)]
pub struct TitleFacts {
    pub site_id: String,
    /// Whether the title's site is a global site, whose titles other sites include.
    pub in_global_collection: bool,
    pub status: TitleStatus,
    pub usage: UsageRestriction,
    pub adult_content: bool,
    /// ISO 3166 alpha-2 codes of the countries it may be read in; empty means everywhere.
    pub countries: Vec<String>,
    /// Restricted by NIMAC to students with an individualized education program.
    pub nimac_restricted: bool,
}

/// The organization policies that bear on its members' access.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrganizationPolicy {
    /// Members may download what they find in search, not only what is assigned to them.
    pub allow_search_downloads: bool,
    /// Adult content is hidden from members.
    pub safe_search: bool,
    /// The organization may give NIMAC-restricted titles to its eligible members.
    pub can_download_nimac: bool,
    /// Its members may not download at all.
    pub suspended: bool,
}

/// What the rules need to know of a reader: the signed-in caller, or the member a sponsor
/// downloads for.
#[derive(Debug, Clone)]
pub struct ReaderFacts {
    pub user_account_id: String,
    pub site_id: String,
    pub roles: Roles,
    pub country: Option<String>,
    pub allow_adult_content: bool,
    pub has_agreement: bool,
    pub subscription_status: SubscriptionStatus,
    pub proof_of_disability_status: ProofOfDisabilityStatus,
    pub organization_id: Option<String>,
    pub organization: Option<OrganizationPolicy>,
    /// Has an education plan (IEP or 504) on file, which NIMAC titles require.
    pub has_education_plan: bool,
    /// The allowance of the active subscription (None: unlimited), the period it counts over,
    /// and the downloads counted in that period so far.
    pub quota: Option<u32>,
    pub quota_period: DownloadTimeframe,
    pub downloads_in_period: u32,
}

/// Who is asking.
#[derive(Debug, Clone)]
pub enum Viewer {
    /// No token: sees the site of the client key.
    Guest {
        site_id: String,
    },
    User(ReaderFacts),
}

impl Viewer {
    /// The site whose collection the viewer sees: a signed-in reader's own, a guest's client's.
    pub fn site_id(&self) -> &str {
        match self {
            Viewer::Guest { site_id } => site_id,
            Viewer::User(r) => &r.site_id,
        }
    }

    fn roles(&self) -> Option<&Roles> {
        match self {
            Viewer::Guest { .. } => None,
            Viewer::User(r) => Some(&r.roles),
        }
    }

    /// Collection assistants of the title's site, and administrators, manage titles in every
    /// state; they see what members cannot.
    pub fn manages_collection_of(&self, site_id: &str) -> bool {
        match self {
            Viewer::Guest { .. } => false,
            Viewer::User(r) => {
                r.roles.contains(Role::Administrator)
                    || (r.roles.contains(Role::CollectionAssistant) && r.site_id == site_id)
            }
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum AlertLevel {
    /// The download is refused.
    Error,
    /// Worth knowing; the download is allowed.
    Warning,
}

/// An entry of `titleAccessAlerts`.
#[derive(Debug, Clone, PartialEq, Eq, Serialize)]
pub struct Alert {
    pub code: &'static str,
    pub level: AlertLevel,
    pub message: String,
    /// The key of the message that says it in a reader's language (the pages'), and the numbers
    /// it names; the key is empty where only the English words say it.
    #[serde(skip)]
    pub words: (&'static str, Vec<(&'static str, u32)>),
}

impl Alert {
    /// A reader's own document that could not be converted, and why: its owner reads this on
    /// the document's record.
    pub fn document_not_converted(reason: &str) -> Self {
        Alert::error(
            "DOCUMENT_NOT_CONVERTED",
            format!(
                "This document could not be made accessible: {reason}. Delete it and upload it again, or upload another file."
            ),
        )
    }

    fn error(code: &'static str, message: impl Into<String>) -> Self {
        Alert {
            code,
            level: AlertLevel::Error,
            message: message.into(),
            words: ("", Vec::new()),
        }
    }

    fn warning(code: &'static str, message: impl Into<String>) -> Self {
        Alert {
            level: AlertLevel::Warning,
            ..Alert::error(code, message)
        }
    }

    /// The alert said by the message `key`, naming `numbers`.
    fn said_by(self, key: &'static str, numbers: &[(&'static str, u32)]) -> Self {
        Alert {
            words: (key, numbers.to_vec()),
            ..self
        }
    }
}

/// Whether the title exists for this viewer at all. Invisible titles answer 404, as if absent.
pub fn is_visible(viewer: &Viewer, title: &TitleFacts) -> bool {
    let own_site = title.site_id == viewer.site_id();
    if !(own_site || title.in_global_collection || is_administrator(viewer)) {
        return false;
    }
    if viewer.manages_collection_of(&title.site_id) {
        return true;
    }
    if title.status != TitleStatus::Live {
        return false;
    }
    match viewer {
        Viewer::Guest { .. } => !title.adult_content,
        Viewer::User(r) => !(title.adult_content && hides_adult_content(r)),
    }
}

/// The titles `viewer` may see, as a filter over the whole catalog: the same rule as
/// `is_visible`, for an index to apply. `global_sites`: the sites whose titles every site includes.
pub fn search_scope(viewer: &Viewer, global_sites: &[String]) -> Scope {
    if is_administrator(viewer) {
        return Scope {
            sites: None,
            managed_sites: None,
            hide_adult: false,
        };
    }
    let own = viewer.site_id().to_owned();
    let mut sites = vec![own.clone()];
    sites.extend(global_sites.iter().filter(|s| **s != own).cloned());
    let managed_sites = if viewer.manages_collection_of(&own) {
        vec![own]
    } else {
        Vec::new()
    };
    Scope {
        sites: Some(sites),
        managed_sites: Some(managed_sites),
        hide_adult: match viewer {
            Viewer::Guest { .. } => true,
            Viewer::User(r) => hides_adult_content(r),
        },
    }
}

/// Whether a scope lets a title through; `search_scope` and `is_visible` agree on every title.
pub fn scope_admits(scope: &Scope, title: &TitleFacts) -> bool {
    let listed =
        |sites: &Option<Vec<String>>| sites.as_ref().is_none_or(|s| s.contains(&title.site_id));
    if !listed(&scope.sites) {
        return false;
    }
    if listed(&scope.managed_sites) {
        return true;
    }
    title.status == TitleStatus::Live && !(scope.hide_adult && title.adult_content)
}

fn is_administrator(viewer: &Viewer) -> bool {
    viewer
        .roles()
        .is_some_and(|r| r.contains(Role::Administrator))
}

/// Adult content is hidden from readers who have not allowed it, and from members of an
/// organization with safe search on.
fn hides_adult_content(r: &ReaderFacts) -> bool {
    !r.allow_adult_content || r.organization.is_some_and(|o| o.safe_search)
}

/// The alerts that apply to `reader` downloading `title` (the reader is the caller, or the
/// member a sponsor downloads for). The download is allowed when no alert is an error.
/// `assigned`: the title is assigned to the reader (by a sponsor), which lifts the organization's
/// limit on downloading from search.
pub fn download_alerts(
    reader: Option<&ReaderFacts>,
    title: &TitleFacts,
    assigned: bool,
) -> Vec<Alert> {
    let mut alerts = Vec::new();
    if title.status != TitleStatus::Live {
        alerts.push(
            Alert::error(
                "TITLE_NOT_LIVE",
                "This title is not available for download.",
            )
            .said_by("alert-title-not-live", &[]),
        );
    }
    let Some(r) = reader else {
        alerts.extend(guest_alerts(title));
        return alerts;
    };
    alerts.extend(reader_alerts(r, title));
    alerts.extend(standing_alerts(r));
    alerts.extend(organization_alerts(r, title, assigned));
    alerts.extend(quota_alert(r));
    alerts
}

/// What keeps a guest from a title: its copyright, and countries only a signed-in reader can
/// be checked against.
fn guest_alerts(title: &TitleFacts) -> Vec<Alert> {
    let mut alerts = Vec::new();
    if title.usage == UsageRestriction::Copyright {
        alerts.push(Alert::error(
            "SIGN_IN_REQUIRED",
            "Sign in to download this title: only public-domain and Creative Commons titles may be downloaded without an account.",
        ).said_by("alert-sign-in-required", &[]));
    }
    if !title.countries.is_empty() {
        alerts.push(
            Alert::error(
                "COUNTRY_RESTRICTED",
                "This title may be read only in some countries; sign in so that we know yours.",
            )
            .said_by("alert-country-restricted", &[]),
        );
    }
    alerts
}

/// The reader against the title: a member, whose settings allow its content, in its countries.
fn reader_alerts(r: &ReaderFacts, title: &TitleFacts) -> Vec<Alert> {
    let mut alerts = Vec::new();
    let member =
        r.roles.contains(Role::IndividualMember) || r.roles.contains(Role::OrganizationMember);
    if !member {
        alerts.push(
            Alert::error(
                "NOT_A_MEMBER",
                "Only members download titles for themselves; sponsors download for their members.",
            )
            .said_by("alert-not-a-member", &[]),
        );
    }
    if title.adult_content && hides_adult_content(r) {
        alerts.push(
            Alert::error(
                "ADULT_CONTENT",
                "This title has adult content, which this account does not allow.",
            )
            .said_by("alert-adult-content", &[]),
        );
    }
    if !title.countries.is_empty()
        && !r
            .country
            .as_ref()
            .is_some_and(|c| title.countries.contains(c))
    {
        alerts.push(
            Alert::error(
                "COUNTRY_RESTRICTED",
                "This title may not be read in your country.",
            )
            .said_by("alert-country-not-yours", &[]),
        );
    }
    alerts
}

/// The reader's standing: agreement, subscription and proof of disability.
fn standing_alerts(r: &ReaderFacts) -> Vec<Alert> {
    let mut alerts = Vec::new();
    if r.roles.contains(Role::IndividualMember) && !r.has_agreement {
        alerts.push(
            Alert::error(
                "AGREEMENT_MISSING",
                "Sign the membership agreement to download titles.",
            )
            .said_by("alert-agreement-missing", &[]),
        );
    }
    match r.subscription_status {
        SubscriptionStatus::Active => {}
        SubscriptionStatus::Expired => alerts.push(
            Alert::error(
                "SUBSCRIPTION_EXPIRED",
                "The subscription has expired; renew it to download titles.",
            )
            .said_by("alert-subscription-expired", &[]),
        ),
        SubscriptionStatus::Missing => alerts.push(
            Alert::error(
                "SUBSCRIPTION_MISSING",
                "A subscription is needed to download titles.",
            )
            .said_by("alert-subscription-missing", &[]),
        ),
    }
    match r.proof_of_disability_status {
        ProofOfDisabilityStatus::Active => {}
        ProofOfDisabilityStatus::Submitted => alerts.push(
            Alert::error(
                "PROOF_OF_DISABILITY_PENDING",
                "The proof of disability has been received and is being checked.",
            )
            .said_by("alert-proof-of-disability-pending", &[]),
        ),
        ProofOfDisabilityStatus::Missing => alerts.push(
            Alert::error(
                "PROOF_OF_DISABILITY_MISSING",
                "A proof of disability is needed to download titles.",
            )
            .said_by("alert-proof-of-disability-missing", &[]),
        ),
    }
    alerts
}

/// What an organization member's organization decides, and NIMAC titles' eligibility.
fn organization_alerts(r: &ReaderFacts, title: &TitleFacts, assigned: bool) -> Vec<Alert> {
    let mut alerts = Vec::new();
    if let Some(policy) = r.organization
        && r.roles.contains(Role::OrganizationMember)
    {
        if policy.suspended {
            alerts.push(Alert::error(
                "ORGANIZATION_SUSPENDED",
                "Your organization's membership is suspended; its members cannot download titles.",
            ).said_by("alert-organization-suspended", &[]));
        }
        if !policy.allow_search_downloads && !assigned {
            alerts.push(
                Alert::error(
                    "ASSIGNED_TITLES_ONLY",
                    "Your organization lets you download only the titles assigned to you.",
                )
                .said_by("alert-assigned-titles-only", &[]),
            );
        }
    }
    if title.nimac_restricted {
        let eligible = r.has_education_plan && r.organization.is_some_and(|o| o.can_download_nimac);
        if !eligible {
            alerts.push(Alert::error(
                "NIMAC_RESTRICTED",
                "This title is restricted to students with an education plan, through their school.",
            ).said_by("alert-nimac-restricted", &[]));
        }
    }
    alerts
}

/// The allowance: used up (an error), or nearly (a warning at 5 or fewer left).
fn quota_alert(r: &ReaderFacts) -> Option<Alert> {
    let quota = r.quota?;
    let left = quota.saturating_sub(r.downloads_in_period);
    let (reached, low, period) = match r.quota_period {
        DownloadTimeframe::Monthly => ("MONTHLY_QUOTA_REACHED", "MONTHLY_QUOTA_LOW", "this month"),
        DownloadTimeframe::EntireSubscription => (
            "SUBSCRIPTION_QUOTA_REACHED",
            "SUBSCRIPTION_QUOTA_LOW",
            "of this subscription",
        ),
    };
    let (reached_words, low_words) = match r.quota_period {
        DownloadTimeframe::Monthly => ("alert-monthly-quota-reached", "alert-monthly-quota-low"),
        DownloadTimeframe::EntireSubscription => (
            "alert-subscription-quota-reached",
            "alert-subscription-quota-low",
        ),
    };
    if left == 0 {
        Some(
            Alert::error(
                reached,
                format!("The allowance of {quota} downloads {period} has been used."),
            )
            .said_by(reached_words, &[("quota", quota)]),
        )
    } else if left <= 5 {
        Some(
            Alert::warning(
                low,
                format!("{left} of the {quota} downloads {period} are left."),
            )
            .said_by(low_words, &[("quota", quota), ("left", left)]),
        )
    } else {
        None
    }
}

pub fn allows_download(alerts: &[Alert]) -> bool {
    alerts.iter().all(|a| a.level != AlertLevel::Error)
}

/// Whether `caller` may download for `reader` (`forUser`): a sponsor for a member of their own
/// organization, a membership assistant for an account of their site, an administrator for anyone.
pub fn may_download_for(caller: &ReaderFacts, reader: &ReaderFacts) -> bool {
    if caller.user_account_id == reader.user_account_id {
        return true;
    }
    if caller.roles.contains(Role::Administrator) {
        return true;
    }
    if caller.roles.contains(Role::MembershipAssistant) && caller.site_id == reader.site_id {
        return true;
    }
    caller.roles.contains(Role::OrganizationSponsor)
        && caller.organization_id.is_some()
        && caller.organization_id == reader.organization_id
        && reader.roles.contains(Role::OrganizationMember)
}

/// Whether the caller's title links carry `?forUser={userAccountId}`: callers who download for
/// others.
pub fn downloads_for_others(caller: &ReaderFacts) -> bool {
    caller.roles.contains(Role::OrganizationSponsor)
        || caller.roles.contains(Role::MembershipAssistant)
        || caller.roles.contains(Role::Administrator)
}

#[cfg(test)]
#[path = "title_access_tests.rs"]
mod tests;
