//! The fields of an organization member that its sponsors and the membership assistants set
//! (document 2's `POST`/`PUT /v2/myOrganization/members`, document 3's
//! `POST /v2/organizations/{organizationId}/members`), and the rules both doors apply.

use crate::account::fields::{Prepared, is_adult};
use crate::account::standing::{Disability, DisabilityType, ProofSource};
use crate::account::{
    Account, AccountDetails, ProofOfDisabilityStatus, SubscriptionStatus, check_date, check_grade,
    check_user_name,
};
use crate::invalid::{Invalid, Problems, Why};
use crate::organization::Organization;
use crate::password::NewPassword;
use crate::role::{Role, Roles};

/// What every new organization member must be given, in the order `create` checks it.
pub const MEMBER_REQUIRED_ON_CREATE: [&str; 4] = ["firstName", "lastName", "dateOfBirth", "grade"];

string_enum!(
    /// `disabilityPlan`: an education plan on file.
    DisabilityPlan {
        Iep = "iep",
        Section504 = "section504",
    }
);

/// What a create or update of a member sent; `None` is "not sent".
#[derive(Debug, Clone, Default)]
pub struct MemberFields {
    pub first_name: Option<String>,
    pub last_name: Option<String>,
    pub date_of_birth: Option<String>,
    pub grade: Option<String>,
    pub user_name: Option<String>,
    pub password: Option<String>,
    pub disability_types: Option<Vec<DisabilityType>>,
    pub disability_plans: Option<Vec<DisabilityPlan>>,
    pub safe_search: Option<bool>,
    pub allow_search_downloads: Option<bool>,
}

/// A member ready to be stored, with the disabilities to record when some were sent.
#[derive(Debug)]
pub struct PreparedMember {
    pub prepared: Prepared,
    pub disabilities: Option<Vec<Disability>>,
}

/// The fields only a member's sponsors may change while the member is sponsor-manageable.
pub const SPONSOR_MANAGED: [&str; 6] = [
    "firstName",
    "lastName",
    "username",
    "password",
    "disabilityType",
    "disabilityPlan",
];

impl MemberFields {
    /// A new organization member. Names, birth date and grade are required; the proof source
    /// of the disabilities sent is `proof_source`.
    pub fn create(
        self,
        user_account_id: String,
        organization: &Organization,
        proof_source: ProofSource,
        today: &str,
    ) -> Result<PreparedMember, Vec<Invalid>> {
        let mut p = Problems::new();
        let values = [
            &self.first_name,
            &self.last_name,
            &self.date_of_birth,
            &self.grade,
        ];
        for (param, value) in MEMBER_REQUIRED_ON_CREATE.into_iter().zip(values) {
            if value.is_none() {
                p.add_required(param, Why::required());
            }
        }
        let password = self.check(today, &mut p);
        let plans = self.plan_names();
        let account = Account {
            user_account_id,
            user_name: self.user_name.clone(),
            site_id: organization.site_id.clone(),
            roles: Roles::new([Role::OrganizationMember]),
            first_name: self.first_name.clone().unwrap_or_default(),
            last_name: self.last_name.clone().unwrap_or_default(),
            date_of_birth: self.date_of_birth.clone(),
            grade: self.grade.clone(),
            country: Some(organization.country.clone()),
            organization_id: Some(organization.organization_id.clone()),
            has_agreement: false,
            subscription_status: SubscriptionStatus::Missing,
            proof_of_disability_status: ProofOfDisabilityStatus::Missing,
            locked: false,
            details: AccountDetails {
                allow_adult_content: self
                    .date_of_birth
                    .as_deref()
                    .is_some_and(|d| is_adult(d, today)),
                has_education_plan: !plans.clone().unwrap_or_default().is_empty(),
                disability_plans: plans.unwrap_or_default(),
                sponsor_manageable: true,
                safe_search: self.safe_search,
                allow_search_downloads: self.allow_search_downloads,
                ..AccountDetails::default()
            },
        };
        let disabilities = self.disabilities(proof_source);
        p.done(PreparedMember {
            prepared: Prepared {
                account,
                password,
                user_name_param: "username",
            },
            disabilities,
        })
    }

    /// `member` as changed by a sponsor. Names, user name, password and disabilities are
    /// refused, each named, when the member is not sponsor-manageable.
    pub fn apply(
        self,
        member: &Account,
        proof_source: ProofSource,
        today: &str,
    ) -> Result<PreparedMember, Vec<Invalid>> {
        let mut p = Problems::new();
        if !member.details.sponsor_manageable {
            let sent = [
                self.first_name.is_some(),
                self.last_name.is_some(),
                self.user_name.is_some(),
                self.password.is_some(),
                self.disability_types.is_some(),
                self.disability_plans.is_some(),
            ];
            for (param, was_sent) in SPONSOR_MANAGED.into_iter().zip(sent) {
                if was_sent {
                    p.add(
                        param,
                        Why::of(
                            "why-member-manages-it",
                            "this member manages it; it is not sponsor-manageable",
                        ),
                    );
                }
            }
        }
        let password = self.check(today, &mut p);
        let mut next = member.clone();
        for (sent, stored) in [
            (&self.first_name, &mut next.first_name),
            (&self.last_name, &mut next.last_name),
        ] {
            if let Some(v) = sent {
                stored.clone_from(v);
            }
        }
        for (sent, stored) in [
            (&self.date_of_birth, &mut next.date_of_birth),
            (&self.grade, &mut next.grade),
            (&self.user_name, &mut next.user_name),
        ] {
            if let Some(v) = sent {
                *stored = Some(v.clone());
            }
        }
        if let Some(plans) = self.plan_names() {
            next.details.has_education_plan = !plans.is_empty();
            next.details.disability_plans = plans;
        }
        if let Some(v) = self.safe_search {
            next.details.safe_search = Some(v);
        }
        if let Some(v) = self.allow_search_downloads {
            next.details.allow_search_downloads = Some(v);
        }
        let disabilities = self.disabilities(proof_source);
        p.done(PreparedMember {
            prepared: Prepared {
                account: next,
                password,
                user_name_param: "username",
            },
            disabilities,
        })
    }

    fn plan_names(&self) -> Option<Vec<String>> {
        self.disability_plans.as_ref().map(|plans| {
            let mut names: Vec<String> = plans.iter().map(|p| p.as_str().to_owned()).collect();
            names.sort();
            names.dedup();
            names
        })
    }

    fn disabilities(&self, proof_source: ProofSource) -> Option<Vec<Disability>> {
        self.disability_types.as_ref().map(|types| {
            types
                .iter()
                .map(|t| Disability {
                    disability_type: *t,
                    proof_source,
                })
                .collect()
        })
    }

    fn check(&self, today: &str, p: &mut Problems) -> Option<NewPassword> {
        for (param, value) in [
            ("firstName", &self.first_name),
            ("lastName", &self.last_name),
        ] {
            match value {
                Some(v) if v.trim().is_empty() => p.add(param, Why::not_empty()),
                Some(v) if v.chars().count() > 100 => p.add(param, Why::at_most_chars(100)),
                _ => {}
            }
        }
        if let Some(v) = &self.date_of_birth {
            match check_date(v) {
                Err(why) => p.add("dateOfBirth", why),
                Ok(()) if v.as_str() > today => p.add("dateOfBirth", Why::in_future()),
                Ok(()) => {}
            }
        }
        if let Some(v) = &self.grade {
            p.check("grade", check_grade(v));
        }
        if let Some(v) = &self.user_name {
            p.check("username", check_user_name(v));
        }
        let raw = self.password.as_deref()?;
        match NewPassword::parse(raw) {
            Ok(pw) => Some(pw),
            Err(e) => {
                p.add("password", e);
                None
            }
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn school() -> Organization {
        Organization {
            organization_id: "o".into(),
            site_id: "main".into(),
            country: "US".into(),
            ..Organization::default()
        }
    }

    fn pupil() -> MemberFields {
        MemberFields {
            first_name: Some("Ada".into()),
            last_name: Some("Byron".into()),
            date_of_birth: Some("2014-03-01".into()),
            grade: Some("05".into()),
            disability_types: Some(vec![DisabilityType::Visual]),
            disability_plans: Some(vec![DisabilityPlan::Iep]),
            ..MemberFields::default()
        }
    }

    #[test]
    fn a_new_member_needs_names_birth_date_and_grade() {
        let m = pupil()
            .create(
                "u".into(),
                &school(),
                ProofSource::SchoolVerified,
                "2026-11-22",
            )
            .unwrap();
        let a = &m.prepared.account;
        assert!(a.has_role(Role::OrganizationMember));
        assert!(a.details.has_education_plan && a.details.sponsor_manageable);
        assert!(!a.details.allow_adult_content);
        assert_eq!(
            m.disabilities.unwrap()[0].proof_source,
            ProofSource::SchoolVerified
        );
        let missing = MemberFields::default()
            .create(
                "u".into(),
                &school(),
                ProofSource::SchoolVerified,
                "2026-11-22",
            )
            .unwrap_err();
        let named: Vec<_> = missing.iter().map(|i| i.param).collect();
        assert_eq!(named, ["firstName", "lastName", "dateOfBirth", "grade"]);
    }

    #[test]
    fn members_who_manage_themselves_keep_their_names_and_password() {
        let mut member = pupil()
            .create(
                "u".into(),
                &school(),
                ProofSource::SchoolVerified,
                "2026-11-22",
            )
            .unwrap()
            .prepared
            .account;
        member.details.sponsor_manageable = false;
        let refused = MemberFields {
            first_name: Some("Augusta".into()),
            password: Some("secret-pass-1".into()),
            grade: Some("06".into()),
            ..MemberFields::default()
        }
        .apply(&member, ProofSource::SchoolVerified, "2026-11-22")
        .unwrap_err();
        let named: Vec<_> = refused.iter().map(|i| i.param).collect();
        assert_eq!(named, ["firstName", "password"]);
        let moved_up = MemberFields {
            grade: Some("06".into()),
            safe_search: Some(false),
            ..MemberFields::default()
        }
        .apply(&member, ProofSource::SchoolVerified, "2026-11-22")
        .unwrap();
        assert_eq!(moved_up.prepared.account.grade.as_deref(), Some("06"));
        assert_eq!(moved_up.prepared.account.details.safe_search, Some(false));
    }

    #[test]
    fn bad_forms_are_named() {
        let bad = MemberFields {
            grade: Some("grade five".into()),
            date_of_birth: Some("2099-01-01".into()),
            password: Some("short".into()),
            ..pupil()
        }
        .create(
            "u".into(),
            &school(),
            ProofSource::SchoolVerified,
            "2026-11-22",
        )
        .unwrap_err();
        let named: Vec<_> = bad.iter().map(|i| i.param).collect();
        assert_eq!(named, ["dateOfBirth", "grade", "password"]);
    }
}
