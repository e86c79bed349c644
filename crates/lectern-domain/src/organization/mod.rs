//! Organizations (schools, agencies, libraries) whose sponsors act for their members: what they
//! are, the settings that reach their members' access rules, and the rules for changing them.

use crate::account::{
    Account, AccountDetails, ProofOfDisabilityStatus, SubscriptionStatus, USER_NAME_MAX,
    check_country, check_email, check_user_name,
};
use crate::invalid::{Invalid, Problems, Why};
use crate::role::{Role, Roles};
use crate::string_enum::ClosedSet;
use crate::title_access::OrganizationPolicy;

mod form;
pub use form::{MyOrganizationForm, NewOrganizationForm, OrganizationForm};

string_enum!(
    /// `organizationType`: the kinds of organization `GET /v2/organizationTypes` lists.
    OrganizationType {
        School = "school",
        SchoolDistrict = "schoolDistrict",
        University = "university",
        Library = "library",
        Agency = "agency",
        Other = "other",
    }
);

impl OrganizationType {
    pub fn description(self) -> &'static str {
        match self {
            OrganizationType::School => "A primary or secondary school",
            OrganizationType::SchoolDistrict => "A school district or local education authority",
            OrganizationType::University => "A college or university",
            OrganizationType::Library => "A public or institutional library",
            OrganizationType::Agency => "A rehabilitation or disability services agency",
            OrganizationType::Other => "Another kind of organization",
        }
    }
}

string_enum!(
    /// `numBooksAllowed` of document 3: downloads a member may make a month.
    BooksAllowed {
        Hundred = "100",
        TwoHundred = "200",
        ThreeHundred = "300",
        Unlimited = "unlimited",
    }
);

impl BooksAllowed {
    pub fn quota(self) -> Option<u32> {
        match self {
            BooksAllowed::Hundred => Some(100),
            BooksAllowed::TwoHundred => Some(200),
            BooksAllowed::ThreeHundred => Some(300),
            BooksAllowed::Unlimited => None,
        }
    }
}

/// An organization (a school, a library service) whose sponsors act for its members.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct Organization {
    pub organization_id: String,
    pub site_id: String,
    pub organization_name: String,
    pub organization_type: String,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub country: String,
    pub phone_number: Option<String>,
    pub web_site: Option<String>,
    pub has_service_plus: bool,
    pub has_reading_companion: bool,
    pub subscription_type: Option<String>,
    /// The sponsor who speaks for the organization.
    pub primary_contact_id: Option<String>,
    pub settings: OrganizationSettings,
    pub notes: Option<String>,
    pub reference_org_id: Option<String>,
}

/// What an organization has agreed to and may do, set by membership assistants (and, for
/// the search settings, by its primary contact).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct OrganizationSettings {
    pub agreement_signed: bool,
    pub rider_signed: bool,
    pub can_download_nimac: bool,
    /// May add members and vouch for their proof of disability.
    pub can_create_users: bool,
    pub suspended: bool,
    /// Left out of reports.
    pub unreported: bool,
    /// Downloads a member may make a month; None: unlimited.
    pub num_books_allowed: Option<u32>,
    /// The default for members the sponsors have not set otherwise.
    pub safe_search: bool,
    pub allow_search_downloads: bool,
}

impl Default for OrganizationSettings {
    fn default() -> Self {
        OrganizationSettings {
            agreement_signed: false,
            rider_signed: false,
            can_download_nimac: false,
            can_create_users: true,
            suspended: false,
            unreported: false,
            num_books_allowed: None,
            safe_search: true,
            allow_search_downloads: true,
        }
    }
}

impl Organization {
    /// What the access rules read of the organization for a member with no settings of their own.
    pub fn policy(&self) -> OrganizationPolicy {
        let s = &self.settings;
        OrganizationPolicy {
            allow_search_downloads: s.allow_search_downloads,
            safe_search: s.safe_search,
            can_download_nimac: s.can_download_nimac,
            suspended: s.suspended,
        }
    }
}

/// What a create or update of an organization sent; `None` is "not sent".
#[derive(Debug, Clone, Default)]
pub struct OrganizationFields {
    pub organization_name: Option<String>,
    pub organization_type: Option<String>,
    pub address1: Option<String>,
    pub address2: Option<String>,
    pub city: Option<String>,
    pub state: Option<String>,
    pub postal_code: Option<String>,
    pub country: Option<String>,
    pub phone_number: Option<String>,
    pub web_site: Option<String>,
    pub subscription_type: Option<String>,
    pub agreement_signed: Option<bool>,
    pub rider_signed: Option<bool>,
    pub can_download_nimac: Option<bool>,
    pub can_create_users: Option<bool>,
    pub suspended: Option<bool>,
    pub unreported: Option<bool>,
    pub num_books_allowed: Option<BooksAllowed>,
    pub notes: Option<String>,
    pub service_plus: Option<bool>,
    pub reading_companion: Option<bool>,
    pub safe_search: Option<bool>,
    pub allow_search_downloads: Option<bool>,
}

/// Who changes an organization, which decides which fields they may send.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum OrganizationEditor {
    /// Its primary contact: the address, names and the search settings only.
    PrimaryContact,
    /// A membership assistant of its site, or an administrator: every field.
    Assistant,
}

impl OrganizationFields {
    /// A new organization; `required` names the fields the door requires.
    pub fn create(
        self,
        organization_id: String,
        site_id: String,
        required: &[&'static str],
    ) -> Result<Organization, Vec<Invalid>> {
        let mut p = Problems::new();
        for param in required {
            if self.sent(param).is_none() {
                p.add_required(param, Why::required());
            }
        }
        self.check(OrganizationEditor::Assistant, &mut p);
        let blank = Organization {
            organization_id,
            site_id,
            ..Organization::default()
        };
        let organization = self.merge(blank);
        p.done(organization)
    }

    /// `current` as changed by the fields sent.
    pub fn apply(
        self,
        editor: OrganizationEditor,
        current: &Organization,
    ) -> Result<Organization, Vec<Invalid>> {
        let mut p = Problems::new();
        self.check(editor, &mut p);
        let next = self.merge(current.clone());
        p.done(next)
    }

    /// Whether a field was sent, by its parameter name (for the required checks).
    fn sent(&self, param: &str) -> Option<()> {
        let text = match param {
            "organizationName" => &self.organization_name,
            "organizationType" => &self.organization_type,
            "address1" => &self.address1,
            "city" => &self.city,
            "state" => &self.state,
            "postalCode" => &self.postal_code,
            "country" => &self.country,
            _ => return Some(()),
        };
        text.as_ref().filter(|v| !v.trim().is_empty()).map(|_| ())
    }

    /// The fields [`TEXT_LIMITS`] bounds, in its order.
    fn texts(&self) -> [&Option<String>; 9] {
        [
            &self.organization_name,
            &self.address1,
            &self.address2,
            &self.city,
            &self.state,
            &self.postal_code,
            &self.phone_number,
            &self.web_site,
            &self.notes,
        ]
    }

    fn check(&self, editor: OrganizationEditor, p: &mut Problems) {
        for ((param, max), value) in TEXT_LIMITS.into_iter().zip(self.texts()) {
            if let Some(v) = value
                && v.chars().count() > max
            {
                p.add(param, Why::at_most_chars(max));
            }
        }
        if let Some(name) = &self.organization_name
            && name.trim().is_empty()
        {
            p.add("organizationName", Why::not_empty());
        }
        if let Some(v) = self.web_site.as_deref().filter(|v| !v.trim().is_empty()) {
            p.check("website", crate::web_address::check_web_address(v));
        }
        if let Some(v) = &self.country {
            p.check("country", check_country(v));
        }
        if let Some(v) = &self.organization_type
            && let Err(why) = OrganizationType::read(v)
        {
            p.add("organizationType", why);
        }
        if editor == OrganizationEditor::PrimaryContact {
            for (param, sent) in self.assistant_only() {
                if sent {
                    p.add(
                        param,
                        Why::of(
                            "why-assistants-set-it",
                            "only membership assistants may set it",
                        ),
                    );
                }
            }
        }
    }

    fn assistant_only(&self) -> [(&'static str, bool); 12] {
        [
            ("organizationType", self.organization_type.is_some()),
            ("subscriptionType", self.subscription_type.is_some()),
            ("agreementSigned", self.agreement_signed.is_some()),
            ("riderSigned", self.rider_signed.is_some()),
            ("canDownloadNIMAC", self.can_download_nimac.is_some()),
            ("canCreateUsers", self.can_create_users.is_some()),
            ("suspended", self.suspended.is_some()),
            ("unreported", self.unreported.is_some()),
            ("numBooksAllowed", self.num_books_allowed.is_some()),
            ("notes", self.notes.is_some()),
            ("servicePlus", self.service_plus.is_some()),
            ("readingCompanion", self.reading_companion.is_some()),
        ]
    }

    fn merge(self, mut o: Organization) -> Organization {
        let texts = [
            (self.address1, &mut o.address1),
            (self.address2, &mut o.address2),
            (self.city, &mut o.city),
            (self.state, &mut o.state),
            (self.postal_code, &mut o.postal_code),
            (self.phone_number, &mut o.phone_number),
            (self.web_site, &mut o.web_site),
            (self.subscription_type, &mut o.subscription_type),
            (self.notes, &mut o.notes),
        ];
        for (sent, stored) in texts {
            if let Some(v) = sent {
                *stored = Some(v);
            }
        }
        if let Some(v) = self.organization_name {
            o.organization_name = v;
        }
        if let Some(v) = self.organization_type {
            o.organization_type = v;
        }
        if let Some(v) = self.country {
            o.country = v;
        }
        let s = &mut o.settings;
        let flags = [
            (self.agreement_signed, &mut s.agreement_signed),
            (self.rider_signed, &mut s.rider_signed),
            (self.can_download_nimac, &mut s.can_download_nimac),
            (self.can_create_users, &mut s.can_create_users),
            (self.suspended, &mut s.suspended),
            (self.unreported, &mut s.unreported),
            (self.safe_search, &mut s.safe_search),
            (self.allow_search_downloads, &mut s.allow_search_downloads),
            (self.service_plus, &mut o.has_service_plus),
            (self.reading_companion, &mut o.has_reading_companion),
        ];
        for (sent, stored) in flags {
            if let Some(v) = sent {
                *stored = v;
            }
        }
        if let Some(b) = self.num_books_allowed {
            o.settings.num_books_allowed = b.quota();
        }
        o
    }
}

/// A sponsor's fields: an organization's primary contact (`contact...` parameters) or a
/// sponsor a sponsor adds (plain parameters).
#[derive(Debug, Clone, Default)]
pub struct SponsorFields {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub title: Option<String>,
    /// Also the user name.
    pub email_address: Option<String>,
    pub phone_number: Option<String>,
}

/// The longest text each organization field takes, in characters (the OpenAPI document states
/// them from here).
pub const TEXT_LIMITS: [(&str, usize); 9] = [
    ("organizationName", 200),
    ("address1", 200),
    ("address2", 200),
    ("city", 100),
    ("state", 100),
    ("postalCode", 20),
    ("phoneNumber", 40),
    ("website", 300),
    ("notes", 4000),
];

/// The longest text each of `SponsorFields` takes, in field order; the e-mail address is also
/// the user name.
pub const SPONSOR_TEXT_LIMITS: [usize; 5] = [100, 100, 100, USER_NAME_MAX, 40];

/// The parameter names of `SponsorFields`, in field order, as a door calls them.
pub type SponsorParams = [&'static str; 5];
pub const CONTACT_PARAMS: SponsorParams = [
    "contactFirstName",
    "contactLastName",
    "contactTitle",
    "contactEmailAddress",
    "contactPhoneNumber",
];
pub const SPONSOR_PARAMS: SponsorParams = [
    "firstName",
    "lastName",
    "title",
    "emailAddress",
    "phoneNumber",
];

impl SponsorFields {
    fn named(&self, names: &SponsorParams) -> [(&'static str, &Option<String>, usize); 5] {
        let max = SPONSOR_TEXT_LIMITS;
        [
            (names[0], &self.first_name, max[0]),
            (names[1], &self.last_name, max[1]),
            (names[2], &self.title, max[2]),
            (names[3], &self.email_address, max[3]),
            (names[4], &self.phone_number, max[4]),
        ]
    }

    fn check(&self, names: &SponsorParams, required: usize, p: &mut Problems) {
        for (i, (param, value, max)) in self.named(names).into_iter().enumerate() {
            match value {
                None if i < required => p.add_required(param, Why::required()),
                Some(v) if v.trim().is_empty() && i < required => p.add(param, Why::not_empty()),
                Some(v) if v.chars().count() > max => p.add(param, Why::at_most_chars(max)),
                _ => {}
            }
        }
        if let Some(v) = &self.email_address {
            p.check(names[3], check_email(v));
            p.check(names[3], check_user_name(v));
        }
    }

    /// A new sponsor of `organization`: names, title and e-mail address are required, and the
    /// phone number too when `phone_required`. The sponsor signs in with the e-mail address
    /// once they have chosen a password.
    pub fn create(
        self,
        names: &SponsorParams,
        phone_required: bool,
        user_account_id: String,
        organization: &Organization,
    ) -> Result<Account, Vec<Invalid>> {
        let mut p = Problems::new();
        self.check(names, if phone_required { 5 } else { 4 }, &mut p);
        let account = Account {
            user_account_id,
            user_name: self.email_address.clone(),
            site_id: organization.site_id.clone(),
            roles: Roles::new([Role::OrganizationSponsor]),
            first_name: self.first_name.unwrap_or_default(),
            last_name: self.last_name.unwrap_or_default(),
            date_of_birth: None,
            grade: None,
            country: Some(organization.country.clone()),
            organization_id: Some(organization.organization_id.clone()),
            has_agreement: false,
            subscription_status: SubscriptionStatus::Missing,
            proof_of_disability_status: ProofOfDisabilityStatus::Missing,
            locked: false,
            details: AccountDetails {
                email_address: self.email_address,
                phone_number: self.phone_number,
                sponsor_title: self.title,
                needs_new_password: true,
                ..AccountDetails::default()
            },
        };
        p.done(account)
    }

    /// `sponsor` as changed by the fields sent.
    pub fn apply(self, names: &SponsorParams, sponsor: &Account) -> Result<Account, Vec<Invalid>> {
        let mut p = Problems::new();
        self.check(names, 0, &mut p);
        for (param, value, _) in self.named(names).into_iter().take(4) {
            if value.as_ref().is_some_and(|v| v.trim().is_empty()) {
                p.add(param, Why::not_empty());
            }
        }
        let mut next = sponsor.clone();
        if let Some(v) = self.first_name {
            next.first_name = v;
        }
        if let Some(v) = self.last_name {
            next.last_name = v;
        }
        if let Some(v) = self.title {
            next.details.sponsor_title = Some(v);
        }
        if let Some(v) = self.email_address {
            next.user_name = Some(v.clone());
            next.details.email_address = Some(v);
        }
        if let Some(v) = self.phone_number {
            next.details.phone_number = Some(v);
        }
        p.done(next)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn school() -> OrganizationFields {
        OrganizationFields {
            organization_name: Some("Hill School".into()),
            organization_type: Some("school".into()),
            address1: Some("1 Hill Road".into()),
            city: Some("Springfield".into()),
            postal_code: Some("12345".into()),
            country: Some("US".into()),
            ..OrganizationFields::default()
        }
    }

    const REQUIRED: &[&str] = &[
        "organizationName",
        "address1",
        "city",
        "country",
        "postalCode",
        "organizationType",
    ];

    #[test]
    fn a_new_organization_needs_its_required_fields_each_named() {
        let o = school()
            .create("o1".into(), "main".into(), REQUIRED)
            .unwrap();
        assert_eq!(o.organization_name, "Hill School");
        assert!(o.settings.safe_search && o.settings.allow_search_downloads);
        let missing = OrganizationFields::default()
            .create("o2".into(), "main".into(), REQUIRED)
            .unwrap_err();
        let named: Vec<_> = missing.iter().map(|i| i.param).collect();
        assert_eq!(named, REQUIRED);
    }

    #[test]
    fn primary_contacts_change_the_address_and_search_settings_only() {
        let o = school()
            .create("o1".into(), "main".into(), REQUIRED)
            .unwrap();
        let changed = OrganizationFields {
            city: Some("Shelbyville".into()),
            safe_search: Some(false),
            ..OrganizationFields::default()
        }
        .apply(OrganizationEditor::PrimaryContact, &o)
        .unwrap();
        assert_eq!(changed.city.as_deref(), Some("Shelbyville"));
        assert!(!changed.settings.safe_search);
        let refused = OrganizationFields {
            suspended: Some(true),
            num_books_allowed: Some(BooksAllowed::Hundred),
            ..OrganizationFields::default()
        }
        .apply(OrganizationEditor::PrimaryContact, &o)
        .unwrap_err();
        let named: Vec<_> = refused.iter().map(|i| i.param).collect();
        assert_eq!(named, ["suspended", "numBooksAllowed"]);
    }

    #[test]
    fn assistants_set_the_allowance_and_bad_forms_are_named() {
        let o = school()
            .create("o1".into(), "main".into(), REQUIRED)
            .unwrap();
        let limited = OrganizationFields {
            num_books_allowed: Some(BooksAllowed::TwoHundred),
            suspended: Some(true),
            ..OrganizationFields::default()
        }
        .apply(OrganizationEditor::Assistant, &o)
        .unwrap();
        assert_eq!(limited.settings.num_books_allowed, Some(200));
        assert!(limited.policy().suspended);
        let bad = OrganizationFields {
            country: Some("Narnia".into()),
            organization_type: Some("castle".into()),
            ..OrganizationFields::default()
        }
        .apply(OrganizationEditor::Assistant, &o)
        .unwrap_err();
        let named: Vec<_> = bad.iter().map(|i| i.param).collect();
        assert_eq!(named, ["country", "organizationType"]);
    }
}
