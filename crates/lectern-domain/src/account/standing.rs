//! What decides whether an account may download: its agreements, subscriptions and proof of
//! disability, as records with the rules for making and reading them. The statuses an account
//! shows (`hasAgreement`, `subscriptionStatus`, `proofOfDisabilityStatus`) are derived from these
//! records on the day they are read, never stored.

use crate::account::check_date;
use crate::invalid::{Invalid, Problems, Why};

string_enum!(
    /// The kinds of signed agreement: members sign the terms of use, volunteers and sponsors
    /// their own agreements.
    AgreementType {
        // `individual` is document 3's model value for the same agreement.
        TermsOfUse = "termsOfUse" | "individual",
        Volunteer = "volunteer",
        Sponsor = "sponsor",
    }
);

string_enum!(
    /// How a subscription's `numBooksAllowed` is counted.
    DownloadTimeframe { Monthly = "monthly", EntireSubscription = "entireSubscription" }
);

string_enum!(
    /// Document 3's DIS.
    DisabilityType {
        Visual = "visual",
        Learning = "learning",
        Physical = "physical",
        Nonspecific = "nonspecific",
    }
);

string_enum!(
    /// Document 3's PROOF: who vouched for a disability.
    ProofSource {
        SchoolVerified = "schoolVerified",
        Faxed = "faxed",
        Nls = "nls",
        LearningOrg = "learningOrg",
        Partner = "partner",
        TrainingOrg = "trainingOrg",
        MarrakeshPartner = "marrakeshPartner",
    }
);

/// A signed agreement.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Agreement {
    pub agreement_id: String,
    pub user_account_id: String,
    pub agreement_type: AgreementType,
    pub date_signed: String,
    pub date_expired: Option<String>,
    pub print_name: String,
    /// The user name of whoever recorded it (the member themselves, or an assistant).
    pub recording_user: Option<String>,
    pub signed_by_legal_guardian: bool,
}

impl Agreement {
    /// In force on `today` (`YYYY-MM-DD`): it expires at the start of its `dateExpired`.
    pub fn is_current(&self, today: &str) -> bool {
        self.date_expired.as_deref().is_none_or(|d| d > today)
    }
}

/// An agreement about to be recorded.
#[derive(Debug, Clone)]
pub struct NewAgreement {
    pub agreement_type: AgreementType,
    pub date_signed: String,
    pub print_name: String,
    pub signed_by_legal_guardian: bool,
}

impl NewAgreement {
    pub fn check(self, today: &str) -> Result<Self, Vec<Invalid>> {
        let mut p = Problems::new();
        match check_date(&self.date_signed) {
            Err(why) => p.add("dateSigned", why),
            Ok(()) if self.date_signed.as_str() > today => p.add("dateSigned", Why::in_future()),
            Ok(()) => {}
        }
        check_text(&mut p, "printName", &self.print_name, 200);
        p.done(self)
    }
}

/// A subscription: from `startDate` to `endDate` (both included; no end: open-ended).
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Subscription {
    pub subscription_id: String,
    pub user_account_id: String,
    pub terms: SubscriptionTerms,
    /// What it cost, the promo code that lowered it, and the credits that paid for it.
    pub price: i64,
    pub promo_code: Option<String>,
    pub credits_used: i64,
}

impl Subscription {
    pub fn is_active(&self, today: &str) -> bool {
        self.terms.start_date.as_str() <= today
            && self.terms.end_date.as_deref().is_none_or(|d| d >= today)
    }
}

/// A subscription's terms, as an assistant sets them (the API's parameters, the staff's form).
#[derive(Debug, serde::Deserialize)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::IntoParams),
    into_params(parameter_in = Query, rename_all = "camelCase")
)]
#[serde(rename_all = "camelCase")]
pub struct SubscriptionForm {
    /// YYYY-MM-DD
    start_date: String,
    /// YYYY-MM-DD, not before startDate; absent: open-ended
    end_date: Option<String>,
    /// A name listed at /v2/subscriptiontypes
    user_subscription_type: String,
    /// Downloads allowed per downloadTimeframe; absent: the type's, else unlimited
    num_books_allowed: Option<u32>,
    /// monthly (default) or entireSubscription
    #[cfg_attr(feature = "openapi", param(value_type = Option<DownloadTimeframe>, inline))]
    download_timeframe: Option<DownloadTimeframe>,
    notes: Option<String>,
}

impl SubscriptionForm {
    /// The terms asked for, of one of the library's types (`all`), whose allowance they take
    /// unless they set their own.
    pub fn terms(self, all: &[SubscriptionType]) -> Result<SubscriptionTerms, Vec<Invalid>> {
        let kind = known_type(all, &self.user_subscription_type).map_err(|e| vec![e])?;
        SubscriptionTerms {
            num_books_allowed: self.num_books_allowed.or(kind.num_books_allowed),
            download_timeframe: self.download_timeframe.or(kind.download_timeframe),
            subscription_type: self.user_subscription_type,
            start_date: self.start_date,
            end_date: self.end_date,
            notes: self.notes,
        }
        .check()
    }
}

/// The library's kind of subscription of that name; a bad `userSubscriptionType` otherwise.
pub fn known_type<'a>(
    all: &'a [SubscriptionType],
    name: &str,
) -> Result<&'a SubscriptionType, Invalid> {
    all.iter().find(|t| t.name == name).ok_or_else(|| {
        let names: Vec<&str> = all.iter().map(|t| t.name.as_str()).collect();
        Invalid::new("userSubscriptionType", Why::not_one_of(name, &names))
    })
}

/// What an assistant sets on a subscription.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionTerms {
    pub subscription_type: String,
    pub start_date: String,
    pub end_date: Option<String>,
    pub num_books_allowed: Option<u32>,
    pub download_timeframe: Option<DownloadTimeframe>,
    pub notes: Option<String>,
}

impl SubscriptionTerms {
    /// A `numBooksAllowed` without a timeframe counts per month, as most plans do.
    pub fn check(mut self) -> Result<Self, Vec<Invalid>> {
        let mut p = Problems::new();
        p.check("startDate", check_date(&self.start_date));
        if let Some(end) = &self.end_date {
            match check_date(end) {
                Err(why) => p.add("endDate", why),
                Ok(()) if *end < self.start_date => p.add("endDate", Why::before("startDate")),
                Ok(()) => {}
            }
        }
        if self.num_books_allowed.is_some_and(|n| n > 100_000) {
            p.add(
                "numBooksAllowed",
                Why::of("why-books-at-most", "must be at most 100000"),
            );
        }
        if self.num_books_allowed.is_none() && self.download_timeframe.is_some() {
            p.add(
                "downloadTimeframe",
                Why::of(
                    "why-timeframe-needs-books",
                    "needs numBooksAllowed: it says how the allowance is counted",
                ),
            );
        }
        if self.num_books_allowed.is_some() && self.download_timeframe.is_none() {
            self.download_timeframe = Some(DownloadTimeframe::Monthly);
        }
        if let Some(notes) = &self.notes {
            check_text(&mut p, "notes", notes, 2000);
        }
        p.done(self)
    }
}

/// A kind of subscription, listed at `/v2/subscriptiontypes`.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct SubscriptionType {
    pub name: String,
    pub description: String,
    /// What a member pays in credits to buy it; None: only assistants grant it.
    pub price: Option<i64>,
    pub duration_days: Option<i64>,
    pub num_books_allowed: Option<u32>,
    pub download_timeframe: Option<DownloadTimeframe>,
}

/// A promotion code: a percentage off a subscription's price.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct PromoCode {
    pub code: String,
    pub site_id: String,
    /// The one type it applies to; None: any type.
    pub subscription_type: Option<String>,
    pub percent_off: u32,
    pub uses_left: Option<u32>,
    pub expires_on: Option<String>,
}

/// Why a promotion code cannot be used.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum PromoRefusal {
    OtherType,
    Expired,
    UsedUp,
}

impl PromoCode {
    pub fn usable_for(&self, subscription_type: &str, today: &str) -> Result<(), PromoRefusal> {
        if self
            .subscription_type
            .as_deref()
            .is_some_and(|t| t != subscription_type)
        {
            Err(PromoRefusal::OtherType)
        } else if self.expires_on.as_deref().is_some_and(|d| d < today) {
            Err(PromoRefusal::Expired)
        } else if self.uses_left == Some(0) {
            Err(PromoRefusal::UsedUp)
        } else {
            Ok(())
        }
    }
}

/// How a member's purchase of a subscription is paid.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Payment {
    pub price: i64,
    pub discount: i64,
    pub credits_used: i64,
    /// What is left for the library's shop to take (paid outside the API).
    pub amount_due: i64,
}

/// The price less the promotion (rounded in the member's favour), then credits as far as they
/// go, when the member chose to use them.
pub fn payment(price: i64, percent_off: u32, credits: i64, use_credits: bool) -> Payment {
    let price = price.max(0);
    let discount = (price * i64::from(percent_off.min(100)) + 99) / 100;
    let after_discount = price - discount.min(price);
    let credits_used = if use_credits {
        credits.max(0).min(after_discount)
    } else {
        0
    };
    Payment {
        price,
        discount: discount.min(price),
        credits_used,
        amount_due: after_discount - credits_used,
    }
}

/// A bought subscription starts the day after the one in force ends; otherwise today.
pub fn renewal_start(current: Option<&Subscription>, today: &str) -> String {
    match current.and_then(|s| s.terms.end_date.as_deref()) {
        Some(end) => plus_days(end, 1),
        None => today.to_owned(),
    }
}

/// `date` (`YYYY-MM-DD`) moved by `days`.
pub fn plus_days(date: &str, days: i64) -> String {
    chrono::NaiveDate::parse_from_str(date, "%Y-%m-%d")
        .map(|d| (d + chrono::Duration::days(days)).to_string())
        .unwrap_or_else(|_| date.to_owned())
}

/// A disability on file, and who vouched for it (serialized by document 2's names, as the
/// record of changes shows it).
#[derive(Debug, Clone, Copy, PartialEq, Eq, serde::Serialize)]
#[serde(rename_all = "camelCase")]
pub struct Disability {
    pub disability_type: DisabilityType,
    pub proof_source: ProofSource,
}

/// Proof sent for review.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Submission {
    pub date_submitted: String,
    pub note: String,
    pub open: bool,
}

fn check_text(p: &mut Problems, param: &'static str, value: &str, max: usize) {
    if value.trim().is_empty() {
        p.add(param, Why::not_blank());
    } else if value.chars().count() > max {
        p.add(param, Why::at_most_chars(max));
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn terms(start: &str, end: Option<&str>) -> SubscriptionTerms {
        SubscriptionTerms {
            subscription_type: "individual".into(),
            start_date: start.into(),
            end_date: end.map(Into::into),
            num_books_allowed: None,
            download_timeframe: None,
            notes: None,
        }
    }

    #[test]
    fn a_subscription_is_active_from_its_start_to_its_end_inclusive() {
        let s = Subscription {
            subscription_id: "s".into(),
            user_account_id: "u".into(),
            terms: terms("2026-01-01", Some("2026-12-31")),
            price: 0,
            promo_code: None,
            credits_used: 0,
        };
        assert!(!s.is_active("2025-12-31"));
        assert!(s.is_active("2026-01-01"));
        assert!(s.is_active("2026-12-31"));
        assert!(!s.is_active("2027-01-01"));
    }

    #[test]
    fn an_agreement_lapses_on_its_expiry_date() {
        let a = Agreement {
            agreement_id: "a".into(),
            user_account_id: "u".into(),
            agreement_type: AgreementType::TermsOfUse,
            date_signed: "2026-01-01".into(),
            date_expired: Some("2026-06-01".into()),
            print_name: "Ann".into(),
            recording_user: None,
            signed_by_legal_guardian: false,
        };
        assert!(a.is_current("2026-05-31"));
        assert!(!a.is_current("2026-06-01"));
    }

    #[test]
    fn terms_are_checked_and_an_allowance_counts_monthly_by_default() {
        let bad = terms("2026-02-30", Some("2025-01-01")).check().unwrap_err();
        assert_eq!(bad[0].param, "startDate");
        let backwards = terms("2026-02-01", Some("2026-01-01")).check().unwrap_err();
        assert_eq!(backwards[0].param, "endDate");
        let mut t = terms("2026-01-01", None);
        t.num_books_allowed = Some(10);
        assert_eq!(
            t.check().unwrap().download_timeframe,
            Some(DownloadTimeframe::Monthly)
        );
        let mut t = terms("2026-01-01", None);
        t.download_timeframe = Some(DownloadTimeframe::Monthly);
        assert_eq!(t.check().unwrap_err()[0].param, "downloadTimeframe");
    }

    #[test]
    fn payment_takes_the_promotion_then_credits() {
        assert_eq!(
            payment(50, 20, 15, true),
            Payment {
                price: 50,
                discount: 10,
                credits_used: 15,
                amount_due: 25
            }
        );
        assert_eq!(payment(50, 0, 80, true).amount_due, 0);
        assert_eq!(payment(50, 0, 80, true).credits_used, 50);
        assert_eq!(payment(50, 0, 80, false).credits_used, 0);
        assert_eq!(payment(50, 100, 80, true).credits_used, 0);
        // A third off 10 is 3.3: rounded up, for the member.
        assert_eq!(payment(10, 33, 0, true).discount, 4);
    }

    #[test]
    fn a_promotion_code_fits_its_type_dates_and_uses() {
        let code = PromoCode {
            code: "SPRING".into(),
            site_id: "a".into(),
            subscription_type: Some("individual".into()),
            percent_off: 20,
            uses_left: Some(1),
            expires_on: Some("2026-05-31".into()),
        };
        assert_eq!(code.usable_for("individual", "2026-05-31"), Ok(()));
        assert_eq!(
            code.usable_for("student", "2026-05-01"),
            Err(PromoRefusal::OtherType)
        );
        assert_eq!(
            code.usable_for("individual", "2026-06-01"),
            Err(PromoRefusal::Expired)
        );
        let used = PromoCode {
            uses_left: Some(0),
            ..code
        };
        assert_eq!(
            used.usable_for("individual", "2026-05-01"),
            Err(PromoRefusal::UsedUp)
        );
    }
}
