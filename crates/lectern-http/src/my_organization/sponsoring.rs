//! Who stands at the sponsor's door: a signed-in sponsor, with the organization they sponsor.

use lectern_domain::account::Account;
use lectern_domain::organization::Organization;
use lectern_domain::role::Role;
use lectern_store::{accounts, organizations};

use crate::conventions::caller::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;

pub struct Sponsoring<'a> {
    pub me: &'a Account,
    pub organization: Organization,
}

impl Sponsoring<'_> {
    pub fn is_primary_contact(&self) -> bool {
        self.organization.primary_contact_id.as_deref() == Some(&self.me.user_account_id)
    }

    /// An account of the organization by user identifier, or a 404: what is not the sponsor's
    /// organization's is not there for them.
    pub async fn account(
        &self,
        state: &AppState,
        user_identifier: &str,
        role: Role,
    ) -> ApiResult<Account> {
        accounts::by_identifier(state.store.reads(), user_identifier)
            .await?
            .filter(|a| {
                a.has_role(role)
                    && a.organization_id.as_deref() == Some(&self.organization.organization_id)
            })
            .ok_or_else(|| {
                ApiError::not_found(format!(
                    "Your organization has no {} '{user_identifier}'",
                    match role {
                        Role::OrganizationSponsor => "sponsor",
                        _ => "member",
                    }
                ))
            })
    }
}

/// The caller as a sponsor: 401 for a guest, 403 for anyone who sponsors no organization.
pub async fn sponsoring<'a>(state: &AppState, caller: &'a Caller) -> ApiResult<Sponsoring<'a>> {
    let me = caller.signed_in()?;
    let organization_id = me
        .organization_id
        .as_deref()
        .filter(|_| me.has_role(Role::OrganizationSponsor))
        .ok_or_else(|| ApiError::forbidden("Only an organization's sponsors manage it"))?;
    let organization = organizations::get(state.store.reads(), organization_id)
        .await?
        .ok_or_else(|| ApiError::forbidden("Your organization is gone"))?;
    Ok(Sponsoring { me, organization })
}

/// Actions reserved to the library's own applications (client keys with membership
/// privileges), as document 2 marks them.
pub fn privileged_client(caller: &Caller, what: &str) -> ApiResult<()> {
    if caller.client.privileged {
        Ok(())
    } else {
        Err(ApiError::forbidden(format!(
            "Only the library's own applications (client keys with membership privileges) may {what}"
        )))
    }
}
