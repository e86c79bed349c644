//! Organizations and their sponsors, written the same from the assistant's door
//! (`/v2/organizations...`) and the sponsor's (`/v2/myOrganization...`): an organization made
//! with its primary contact, its fields changed (one change at a time), the primary contact
//! handed to another sponsor, and sponsors added and changed by a sponsor.

use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::account::fields::Prepared;
use lectern_domain::account::search::AccountSearch;
use lectern_domain::ids;
use lectern_domain::organization::{
    Organization, OrganizationEditor, OrganizationFields, SPONSOR_PARAMS, SponsorFields,
};
use lectern_domain::role::Role;
use lectern_store::{accounts, organizations, request_locks};

use lectern_domain::access::membership_management;
use lectern_store::fixture::ReferenceOrganizationEntry;
use lectern_store::fixture::directory_csv;

use crate::account_writes::password_hash;
use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::refusals;
use crate::sponsoring::Sponsoring;

/// Writes a new organization with its primary contact, together: a contact whose user name is
/// taken is a conflict on the parameter the door takes it in (`user_name_param`), and nothing
/// is written.
pub async fn create_with_contact(
    house: &House,
    organization: &mut Organization,
    contact: &Prepared,
) -> Outcome<()> {
    let hash = password_hash(contact).await?;
    let mut tx = house.store.begin().await?;
    organizations::save(&mut tx, organization, organizations::OnExisting::Refuse).await?;
    accounts::insert(&mut tx, &contact.account, hash.as_deref())
        .await
        .map_err(|e| Failure::collided_as(e, contact.user_name_param))?;
    let contact_id = &contact.account.user_account_id;
    organizations::set_primary_contact(&mut tx, &organization.organization_id, contact_id).await?;
    tx.commit().await?;
    organization.primary_contact_id = Some(contact_id.clone());
    Ok(())
}

/// The organization with the fields changed as `editor` may change them. Two changes of one
/// organization are made one after the other, each on the other's result.
pub async fn change(
    house: &House,
    organization_id: &str,
    editor: OrganizationEditor,
    fields: OrganizationFields,
) -> Outcome<Organization> {
    let mut tx = house.store.begin().await?;
    let lock = format!("organization:{organization_id}");
    request_locks::serialize(&mut tx, &[&lock], Timestamp::now()).await?;
    let current = organizations::get(&mut *tx, organization_id)
        .await?
        .ok_or_else(|| {
            Failure::not_found(format!("There is no organization '{organization_id}'"))
        })?;
    let next = fields.apply(editor, &current).map_err(Failure::Invalid)?;
    organizations::upsert(&mut tx, &next).await?;
    tx.commit().await?;
    Ok(next)
}

/// The sponsor of the organization named by `user_identifier` (sent as `userIdentifier`).
pub async fn sponsor_of(
    house: &House,
    o: &Organization,
    user_identifier: &str,
) -> Outcome<Account> {
    accounts::by_identifier(house.store.reads(), user_identifier)
        .await?
        .filter(|a| {
            a.has_role(Role::OrganizationSponsor)
                && a.organization_id.as_deref() == Some(&o.organization_id)
        })
        .ok_or_else(|| {
            Failure::invalid(
                "userIdentifier",
                format!("'{user_identifier}' is no sponsor of this organization"),
            )
        })
}

/// Hands the organization's primary contact to its sponsor named by `user_identifier`: that
/// sponsor.
pub async fn set_primary_contact(
    house: &House,
    o: &Organization,
    user_identifier: &str,
) -> Outcome<Account> {
    let next = sponsor_of(house, o, user_identifier).await?;
    let mut writer = house.store.writer().await?;
    organizations::set_primary_contact(&mut writer, &o.organization_id, &next.user_account_id)
        .await?;
    Ok(next)
}

/// The sponsor's primary contact role handed to another of the organization's sponsors; only
/// the primary contact hands it over.
pub async fn hand_over_primary_contact(
    house: &House,
    s: &Sponsoring<'_>,
    user_identifier: &str,
) -> Outcome<Account> {
    if !s.is_primary_contact() {
        return Err(Failure::refused(
            "Only the primary contact hands the role to another sponsor",
        ));
    }
    set_primary_contact(house, &s.organization, user_identifier).await
}

/// A sponsor a sponsor adds to their organization; they choose a password before signing in.
pub async fn add_sponsor(
    house: &House,
    s: &Sponsoring<'_>,
    fields: SponsorFields,
) -> Outcome<Account> {
    let sponsor = fields
        .create(&SPONSOR_PARAMS, true, ids::new_id(), &s.organization)
        .map_err(Failure::Invalid)?;
    accounts::insert(&mut *house.store.writer().await?, &sponsor, None)
        .await
        .map_err(|e| Failure::collided_as(e, "emailAddress"))?;
    Ok(sponsor)
}

/// Another sponsor of the organization, changed.
pub async fn change_sponsor(
    house: &House,
    s: &Sponsoring<'_>,
    user_identifier: &str,
    fields: SponsorFields,
) -> Outcome<Account> {
    let sponsor = s
        .account(house, user_identifier, Role::OrganizationSponsor)
        .await?;
    let changed = fields
        .apply(&SPONSOR_PARAMS, &sponsor)
        .map_err(Failure::Invalid)?;
    accounts::upsert(&mut *house.store.writer().await?, &changed, None)
        .await
        .map_err(|e| Failure::collided_as(e, "emailAddress"))?;
    Ok(changed)
}

/// The reference directory's organizations (read from its CSV), each added or brought up to
/// date, by a membership assistant or administrator of the actor's site.
pub async fn import_directory(
    house: &House,
    actor: &Actor,
    rows: Vec<ReferenceOrganizationEntry>,
) -> Outcome<()> {
    let me = actor.account()?;
    refusals::membership(
        membership_management(&actor.client, me, &me.site_id),
        "import the reference directory",
        || Failure::refused("Membership assistants import the reference directory"),
    )?;
    directory_csv::load_all(&house.store, rows, |_| {})
        .await
        .map_err(|e| Failure::invalid("file", e))
}

/// A page of the organizations of a site that a membership assistant (of that site) or an
/// administrator finds by `keyword` (words, each the start of a word of the name), by name
/// after `after` (the name's key and the id of the last one shown): `limit` of them and one
/// more when there are more; and how many there are.
pub async fn find(
    house: &House,
    actor: &Actor,
    (site, keyword): (Option<String>, Option<&str>),
    after: Option<(&str, &str)>,
    limit: u32,
) -> Outcome<(Vec<Organization>, u64)> {
    let me = actor.account()?;
    let site_id = site.unwrap_or_else(|| me.site_id.clone());
    refusals::membership(
        membership_management(&actor.client, me, &site_id),
        "find organizations",
        || Failure::refused("Membership assistants find the organizations of their own site"),
    )?;
    let words = AccountSearch::words_of(keyword.unwrap_or(""));
    let reads = house.store.reads();
    let total = organizations::search_count(reads, &site_id, &words).await?;
    let rows = organizations::search_page(reads, &site_id, &words, after, limit).await?;
    Ok((rows, total))
}
