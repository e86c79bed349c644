//! A user account: one model, read and changed through two doors (the member's own
//! `/v2/myAccount...` and the membership assistant's `/v2/accounts/{userIdentifier}...`), with
//! one set of rules for both in the submodules.

pub mod braille;
pub mod fields;
pub mod member_fields;
pub mod member_form;
pub mod membership;
pub mod preferences;
pub mod reading_settings;
pub mod recommendation_profile;
pub mod search;
pub mod standing;

use crate::invalid::Why;
use crate::role::{Role, Roles};

string_enum!(
    /// Document 1's subscriptionStatus.
    SubscriptionStatus { Active = "active", Expired = "expired", Missing = "missing" }
);
string_enum!(
    /// Document 1's proofOfDisabilityStatus.
    ProofOfDisabilityStatus { Active = "active", Submitted = "submitted", Missing = "missing" }
);

/// A user account as the store holds it (without its password hash).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    pub user_account_id: String,
    /// Organization members may have no user name.
    pub user_name: Option<String>,
    pub site_id: String,
    pub roles: Roles,
    pub first_name: String,
    pub last_name: String,
    pub date_of_birth: Option<String>,
    pub grade: Option<String>,
    pub country: Option<String>,
    pub organization_id: Option<String>,
    /// Derived from the account's agreements when it is read: one signed and not expired.
    pub has_agreement: bool,
    /// Derived from its subscriptions when it is read.
    pub subscription_status: SubscriptionStatus,
    /// Derived from its disabilities and open submissions when it is read.
    pub proof_of_disability_status: ProofOfDisabilityStatus,
    pub locked: bool,
    pub details: AccountDetails,
}

/// The rest of an account: contact details and settings that no list sorts or filters on.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct AccountDetails {
    pub email_address: Option<String>,
    pub phone_number: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub guardian_first_name: Option<String>,
    pub guardian_last_name: Option<String>,
    /// ISO 639-2 alpha-3.
    pub language: Option<String>,
    /// The school of a student's profile.
    pub school_name: Option<String>,
    pub allow_adult_content: bool,
    /// An IEP or section 504 plan is on file (NIMAC titles require one).
    pub has_education_plan: bool,
    /// The member must choose a new password (set by an assistant, or a password reset).
    pub needs_new_password: bool,
    /// Credits that pay for subscriptions.
    pub credits: i64,
    /// The job title of a sponsor.
    pub sponsor_title: Option<String>,
    /// Education plans on file (`iep`, `section504`); `has_education_plan` follows them.
    pub disability_plans: Vec<String>,
    /// The organization's sponsors may change this member's names, user name, password and
    /// disabilities (document 2's `sponsorManageable`).
    pub sponsor_manageable: bool,
    /// A sponsor's choice for this member; None: the organization's setting.
    pub safe_search: Option<bool>,
    pub allow_search_downloads: Option<bool>,
    /// The member's roster tag and its district and school names in sort form (set with
    /// the tag by `roster_tags::tag_account`, never by a write of the account).
    pub roster_tag_id: Option<i64>,
    pub district_sort: Option<String>,
    pub school_sort: Option<String>,
}

/// The roles of the library's staff: they run memberships, the collection and the library.
pub const STAFF_ROLES: [Role; 3] = [
    Role::MembershipAssistant,
    Role::CollectionAssistant,
    Role::Administrator,
];

impl Account {
    pub fn has_role(&self, role: Role) -> bool {
        self.roles.contains(role)
    }

    /// Whether the account is one of the library's staff.
    pub fn is_staff(&self) -> bool {
        STAFF_ROLES.iter().any(|r| self.has_role(*r))
    }

    /// Whether the account's own standing lets it download at all (a title's own rules aside):
    /// a member, with the agreement an individual member signs, an active subscription and an
    /// active proof of disability. The same conditions as `title_access`'s account alerts.
    pub fn can_download(&self) -> bool {
        let member =
            self.has_role(Role::IndividualMember) || self.has_role(Role::OrganizationMember);
        member
            && (!self.has_role(Role::IndividualMember) || self.has_agreement)
            && self.subscription_status == SubscriptionStatus::Active
            && self.proof_of_disability_status == ProofOfDisabilityStatus::Active
    }
}

/// A grade code of ONIX list 77 (US) or BIC (UK): up to four letters or digits.
pub fn check_grade(raw: &str) -> Result<(), Why> {
    if !raw.is_empty() && raw.len() <= 4 && raw.chars().all(|c| c.is_ascii_alphanumeric()) {
        Ok(())
    } else {
        Err(Why::grade())
    }
}

/// A calendar date `YYYY-MM-DD`, checked to be a real date.
pub fn check_date(raw: &str) -> Result<(), crate::invalid::Why> {
    chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map(|_| ())
        .map_err(|_| Why::date())
}

/// An ISO 3166 alpha-2 country code: two upper-case letters.
pub fn check_country(raw: &str) -> Result<(), Why> {
    if raw.len() == 2 && raw.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(())
    } else {
        Err(Why::country())
    }
}

/// An ISO 639-2 alpha-3 language code: three lower-case letters.
pub fn check_language(raw: &str) -> Result<(), Why> {
    if raw.len() == 3 && raw.bytes().all(|b| b.is_ascii_lowercase()) {
        Ok(())
    } else {
        Err(Why::language())
    }
}

/// An e-mail address, in the loose form that catches typing mistakes without refusing real
/// addresses: something, an `@`, and a domain with a dot.
pub fn check_email(raw: &str) -> Result<(), Why> {
    let ok = raw.len() <= 254
        && !raw.chars().any(|c| c.is_whitespace() || c.is_control())
        && raw.split_once('@').is_some_and(|(local, domain)| {
            !local.is_empty()
                && domain.contains('.')
                && !domain.starts_with('.')
                && !domain.ends_with('.')
        });
    if ok { Ok(()) } else { Err(Why::email()) }
}

/// [`check_email`]'s rule as an ECMA-262 pattern, for the OpenAPI document (its length limit
/// aside: a pattern cannot count as well as match).
pub const EMAIL_PATTERN: &str = "^[^@\\s\\x00-\\x1f\\x7f-\\x9f]+@[^.\\s\\x00-\\x1f\\x7f-\\x9f][^\\s\\x00-\\x1f\\x7f-\\x9f]*\\.[^\\s\\x00-\\x1f\\x7f-\\x9f]*[^.\\s\\x00-\\x1f\\x7f-\\x9f]$";

/// [`check_user_name`]'s rule as an ECMA-262 pattern, for the OpenAPI document.
pub const USER_NAME_PATTERN: &str = "^[^\\s\\x00-\\x1f\\x7f-\\x9f]{1,100}$";

/// The longest user name, in characters (an e-mail address used as one is held to it too).
pub const USER_NAME_MAX: usize = 100;

/// A user name: 1 to 100 characters with no white space or control characters.
pub fn check_user_name(raw: &str) -> Result<(), Why> {
    let ok = !raw.is_empty()
        && raw.chars().count() <= USER_NAME_MAX
        && !raw.chars().any(|c| c.is_whitespace() || c.is_control());
    if ok { Ok(()) } else { Err(Why::user_name()) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn statuses_parse_from_their_api_names_only() {
        assert_eq!(
            "expired".parse::<SubscriptionStatus>(),
            Ok(SubscriptionStatus::Expired)
        );
        assert!(
            "gone"
                .parse::<ProofOfDisabilityStatus>()
                .is_err_and(|e| e.contains("'gone'"))
        );
    }

    #[test]
    fn dates_countries_and_names_are_checked() {
        assert!(check_date("2010-02-28").is_ok());
        assert!(check_date("2010-02-30").is_err());
        assert!(check_country("GB").is_ok());
        assert!(check_country("gb").is_err());
        assert!(check_user_name("ann@example.org").is_ok());
        assert!(check_user_name("ann smith").is_err());
    }

    proptest::proptest! {
        #[test]
        fn the_user_name_pattern_is_the_check(raw in "[a@ \\u{85}\\u{1}é]{0,3}|a{99,101}") {
            let pattern = regex::Regex::new(USER_NAME_PATTERN).unwrap();
            proptest::prop_assert_eq!(pattern.is_match(&raw), check_user_name(&raw).is_ok(), "{:?}", raw);
        }

        /// The document's pattern and the server's check agree (below the length limit, which
        /// the pattern leaves out).
        #[test]
        fn the_email_pattern_is_the_check(raw in "[a.@ \u{85}\u{1}\u{9f}é]{0,12}") {
            let pattern = regex::Regex::new(EMAIL_PATTERN).unwrap();
            proptest::prop_assert_eq!(pattern.is_match(&raw), check_email(&raw).is_ok(), "{:?}", raw);
        }
    }
}
