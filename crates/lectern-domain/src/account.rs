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
    pub has_agreement: bool,
    pub subscription_status: SubscriptionStatus,
    pub proof_of_disability_status: ProofOfDisabilityStatus,
    pub locked: bool,
}

impl Account {
    pub fn has_role(&self, role: Role) -> bool {
        self.roles.contains(role)
    }
}

/// A calendar date `YYYY-MM-DD`, checked to be a real date.
pub fn check_date(raw: &str) -> Result<(), &'static str> {
    chrono::NaiveDate::parse_from_str(raw, "%Y-%m-%d")
        .map(|_| ())
        .map_err(|_| "must be a date written YYYY-MM-DD")
}

/// An ISO 3166 alpha-2 country code: two upper-case letters.
pub fn check_country(raw: &str) -> Result<(), &'static str> {
    if raw.len() == 2 && raw.bytes().all(|b| b.is_ascii_uppercase()) {
        Ok(())
    } else {
        Err("must be an ISO 3166 alpha-2 code such as US or GB")
    }
}

/// A user name: 1 to 100 characters with no white space or control characters.
pub fn check_user_name(raw: &str) -> Result<(), &'static str> {
    let ok = !raw.is_empty()
        && raw.chars().count() <= 100
        && !raw.chars().any(|c| c.is_whitespace() || c.is_control());
    if ok {
        Ok(())
    } else {
        Err("must be 1 to 100 characters without spaces")
    }
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
}
