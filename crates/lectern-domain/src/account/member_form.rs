//! A new organization member as a membership assistant sends one (document 3's `POST
//! /v2/organizations/{organizationId}/members`); the staff's organization page sends the same.

use serde::Deserialize;

use crate::account::member_fields::{DisabilityPlan, MemberFields};
use crate::account::standing::{DisabilityType, ProofSource};

/// A new organization member (document 3).
#[derive(Debug, Deserialize)]
#[cfg_attr(
    feature = "openapi",
    derive(utoipa::IntoParams),
    into_params(parameter_in = Query, rename_all = "camelCase")
)]
#[serde(rename_all = "camelCase")]
pub struct NewMemberForm {
    first_name: Option<String>,
    last_name: Option<String>,
    /// YYYY-MM-DD
    #[cfg_attr(feature = "openapi", param(format = Date))]
    date_of_birth: Option<String>,
    /// ONIX list 77 (US) or BIC (UK)
    #[cfg_attr(feature = "openapi", param(pattern = "^[A-Za-z0-9]{1,4}$"))]
    grade: Option<String>,
    /// For members who sign in themselves
    #[serde(rename = "username")]
    #[cfg_attr(feature = "openapi", param(rename = "username"))]
    user_name: Option<String>,
    /// 8 to 32 characters with a letter and a number
    password: Option<String>,
    /// visual, learning, physical, nonspecific (repeat per value)
    #[cfg_attr(feature = "openapi", param(value_type = Option<Vec<DisabilityType>>, inline))]
    disability_type: Option<Vec<DisabilityType>>,
    /// Who vouches for the disabilities sent; default schoolVerified
    #[cfg_attr(feature = "openapi", param(value_type = Option<ProofSource>, inline))]
    proof_source: Option<ProofSource>,
    /// iep, section504 (repeat per value)
    #[cfg_attr(feature = "openapi", param(value_type = Option<Vec<DisabilityPlan>>, inline))]
    disability_plan: Option<Vec<DisabilityPlan>>,
}

impl NewMemberForm {
    /// The member's fields, and who vouches for the disabilities sent (the school, unless the
    /// form says otherwise).
    pub fn fields(self) -> (MemberFields, ProofSource) {
        (
            MemberFields {
                first_name: self.first_name,
                last_name: self.last_name,
                date_of_birth: self.date_of_birth,
                grade: self.grade,
                user_name: self.user_name,
                password: self.password,
                disability_types: self.disability_type,
                disability_plans: self.disability_plan,
                ..MemberFields::default()
            },
            self.proof_source.unwrap_or(ProofSource::SchoolVerified),
        )
    }
}
