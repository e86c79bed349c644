//! Who stands at the sponsor's door: a signed-in sponsor, with the organization they sponsor.
//! Operations of an organization's own (its members, its roster tags) take a [`Sponsoring`],
//! which only [`Sponsoring::of`] hands out.

use lectern_domain::account::Account;
use lectern_domain::invalid::Why;
use lectern_domain::organization::Organization;
use lectern_domain::role::Role;
use lectern_store::{accounts, organizations};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;

pub struct Sponsoring<'a> {
    pub me: &'a Account,
    pub organization: Organization,
}

impl<'a> Sponsoring<'a> {
    /// The actor as a sponsor: a guest is asked to sign in, anyone who sponsors no organization
    /// is refused.
    pub async fn of(house: &House, actor: &'a Actor) -> Outcome<Sponsoring<'a>> {
        let me = actor.account()?;
        let organization_id = me
            .organization_id
            .as_deref()
            .filter(|_| me.has_role(Role::OrganizationSponsor))
            .ok_or_else(|| {
                Failure::refused(Why::of(
                    "refused-sponsors-only",
                    "Only an organization's sponsors manage it",
                ))
            })?;
        let organization = organizations::get(house.store.reads(), organization_id)
            .await?
            .ok_or_else(|| {
                Failure::refused(Why::of(
                    "refused-organization-gone",
                    "Your organization is gone",
                ))
            })?;
        Ok(Sponsoring { me, organization })
    }

    /// The organization's primary contact, when it has one.
    pub fn is_primary_contact(&self) -> bool {
        self.organization.primary_contact_id.as_deref() == Some(&self.me.user_account_id)
    }

    /// An account of the organization by user identifier, or absent: what is not the sponsor's
    /// organization's is not there for them.
    pub async fn account(
        &self,
        house: &House,
        user_identifier: &str,
        role: Role,
    ) -> Outcome<Account> {
        accounts::by_identifier(house.store.reads(), user_identifier)
            .await?
            .filter(|a| {
                a.has_role(role)
                    && a.organization_id.as_deref() == Some(&self.organization.organization_id)
            })
            .ok_or_else(|| {
                let (key, what) = match role {
                    Role::OrganizationSponsor => ("absent-org-sponsor", "sponsor"),
                    _ => ("absent-org-member", "member"),
                };
                Failure::not_found(
                    Why::of(
                        key,
                        format!("Your organization has no {what} '{user_identifier}'"),
                    )
                    .with("id", user_identifier),
                )
            })
    }
}
