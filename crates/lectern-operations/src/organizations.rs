//! Organizations and their sponsors, written the same from the assistant's door
//! (`/v2/organizations...`) and the sponsor's (`/v2/myOrganization...`): an organization made
//! with its primary contact, its fields changed (one change at a time), the primary contact
//! handed to another sponsor, and sponsors added and changed by a sponsor.

use crate::absences;
use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::account::fields::Prepared;
use lectern_domain::account::search::AccountSearch;
use lectern_domain::ids;
use lectern_domain::invalid::Invalid;
use lectern_domain::invalid::Why;
use lectern_domain::members::{Listing, MemberKind, MemberSort, MembersForm};
use lectern_domain::organization::{
    CONTACT_PARAMS, NewOrganizationForm, Organization, OrganizationEditor, OrganizationFields,
    SPONSOR_PARAMS, SponsorFields,
};
use lectern_domain::role::Role;
use lectern_store::{accounts, organizations, request_locks, sites, subscriptions};

use lectern_domain::access::membership_management;
use lectern_store::fixture::ReferenceOrganizationEntry;
use lectern_store::fixture::directory_csv;

use crate::account_writes::password_hash;
use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::listing::Window;
use crate::refusals;
use crate::sponsored_members::{AccountsPage, accounts_page, accounts_query};
use crate::sponsoring::Sponsoring;

/// An organization the actor manages as a membership assistant or administrator; absent for
/// one beyond their reach (another site's is not there for them). `what` names the attempt in
/// a refusal ("change organizations").
pub async fn managed(
    house: &House,
    actor: &Actor,
    organization_id: &str,
    what: &str,
) -> Outcome<Organization> {
    let me = actor.account()?;
    let absent = || absences::organization(organization_id);
    // The client and role are judged before the organization is looked up, so that an
    // unprivileged caller learns nothing of which organizations exist.
    refusals::membership(
        membership_management(&actor.client, me, &me.site_id),
        what,
        absent,
    )?;
    let organization = organizations::get(house.store.reads(), organization_id)
        .await?
        .ok_or_else(absent)?;
    refusals::membership(
        membership_management(&actor.client, me, &organization.site_id),
        what,
        absent,
    )?;
    Ok(organization)
}

/// The organization's primary contact, when it has one.
pub async fn primary_contact(house: &House, o: &Organization) -> Outcome<Option<Account>> {
    Ok(match &o.primary_contact_id {
        Some(id) => accounts::get(house.store.reads(), id).await?,
        None => None,
    })
}

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

/// The organization an assistant manages (`managed` found it for them) with the fields changed
/// as an assistant may change them.
pub async fn change_managed(
    house: &House,
    o: &Organization,
    fields: OrganizationFields,
) -> Outcome<Organization> {
    change(
        house,
        &o.organization_id,
        OrganizationEditor::Assistant,
        fields,
    )
    .await
}

/// A sponsor who is their organization's primary contact: who may change it.
pub struct PrimaryContact<'s, 'a>(&'s Sponsoring<'a>);

impl<'s, 'a> PrimaryContact<'s, 'a> {
    /// The sponsor as the primary contact; its other sponsors are refused.
    pub fn of(s: &'s Sponsoring<'a>) -> Outcome<Self> {
        if !s.is_primary_contact() {
            return Err(Failure::refused(Why::of(
                "refused-primary-contact-changes",
                "Only the organization's primary contact changes it",
            )));
        }
        Ok(PrimaryContact(s))
    }
}

/// The primary contact's organization with the fields changed as they may change them.
pub async fn change_mine(
    house: &House,
    contact: &PrimaryContact<'_, '_>,
    fields: OrganizationFields,
) -> Outcome<Organization> {
    let id = &contact.0.organization.organization_id;
    change(house, id, OrganizationEditor::PrimaryContact, fields).await
}

/// The organization with the fields changed as `editor` may change them. Two changes of one
/// organization are made one after the other, each on the other's result.
async fn change(
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
        .ok_or_else(|| absences::organization(organization_id))?;
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
                Why::of(
                    "why-not-a-sponsor",
                    format!("'{user_identifier}' is no sponsor of this organization"),
                )
                .with("value", user_identifier),
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
        return Err(Failure::refused(Why::of(
            "refused-primary-contact-hands-over",
            "Only the primary contact hands the role to another sponsor",
        )));
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
        || {
            Failure::refused(Why::of(
                "refused-directory-import",
                "Membership assistants import the reference directory",
            ))
        },
    )?;
    directory_csv::load_all(&house.store, rows, |_| {})
        .await
        .map_err(|e| Failure::invalid("file", e.to_string()))
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
        || {
            Failure::refused(Why::of(
                "refused-organizations-elsewhere",
                "Membership assistants find the organizations of their own site",
            ))
        },
    )?;
    let words = AccountSearch::words_of(keyword.unwrap_or(""));
    let reads = house.store.reads();
    let total = organizations::search_count(reads, &site_id, &words).await?;
    let rows = organizations::search_page(reads, &site_id, &words, after, limit).await?;
    Ok((rows, total))
}

/// The primary contacts of these organizations (those that have one), found for the actor who
/// found the organizations (`find`).
pub async fn primary_contacts(house: &House, found: &[Organization]) -> Outcome<Vec<Account>> {
    let ids: Vec<&str> = found
        .iter()
        .filter_map(|o| o.primary_contact_id.as_deref())
        .collect();
    Ok(accounts::get_many(house.store.reads(), &ids).await?)
}

/// The parameters a new organization requires.
pub const REQUIRED: &[&str] = &[
    "organizationName",
    "address1",
    "city",
    "country",
    "postalCode",
    "organizationType",
];

/// A new organization with its primary contact, as a membership assistant (of their own site)
/// or an administrator (of any site) makes it: the rules asked, every field checked (the
/// problems of both in one answer), then both written together.
pub async fn create(
    house: &House,
    actor: &Actor,
    new: NewOrganizationForm,
) -> Outcome<(Organization, Account)> {
    let me = actor.account()?;
    let site = new.site.clone().unwrap_or_else(|| me.site_id.clone());
    refusals::membership(
        membership_management(&actor.client, me, &me.site_id),
        "create organizations",
        || {
            Failure::refused(Why::of(
                "refused-organization-elsewhere",
                "Membership assistants create organizations on their own site",
            ))
        },
    )?;
    if new.site.is_some() {
        if !me.has_role(Role::Administrator) {
            return Err(Failure::invalid("site", Why::administrators_set_site()));
        }
        if sites::get(house.store.reads(), &site).await?.is_none() {
            return Err(Failure::invalid("site", Why::no_site(&site)));
        }
    }
    subscription_type_known(house, new.subscription_type.as_deref()).await?;
    let contact = SponsorFields {
        first_name: new.contact_first_name,
        last_name: new.contact_last_name,
        title: new.contact_title,
        email_address: new.contact_email_address,
        phone_number: new.contact_phone_number,
    };
    let fields = OrganizationFields {
        organization_name: new.organization_name,
        organization_type: new.organization_type,
        address1: new.address1,
        address2: new.address2,
        city: new.city,
        state: new.state,
        postal_code: new.postal_code,
        country: new.country,
        phone_number: new.phone_number,
        web_site: new.website,
        subscription_type: Some(
            new.subscription_type
                .unwrap_or_else(|| "organization".into()),
        ),
        ..OrganizationFields::default()
    };
    let (mut organization, contact) = both(fields.create(ids::new_id(), site, REQUIRED), |o| {
        contact.create(&CONTACT_PARAMS, false, ids::new_id(), o)
    })?;
    let contact = Prepared {
        account: contact,
        password: None,
        user_name_param: "contactEmailAddress",
    };
    create_with_contact(house, &mut organization, &contact).await?;
    Ok((organization, contact.account))
}

/// A subscription type of that name is offered, when one is named.
async fn subscription_type_known(house: &House, name: Option<&str>) -> Outcome<()> {
    let Some(name) = name else { return Ok(()) };
    let types = subscriptions::types(house.store.reads()).await?;
    if types.iter().any(|t| t.name == name) {
        return Ok(());
    }
    let names: Vec<&str> = types.iter().map(|t| t.name.as_str()).collect();
    Err(Failure::invalid(
        "subscriptionType",
        Why::not_one_of(name, &names),
    ))
}

/// An organization and its contact, with the problems of both in one answer.
pub fn both(
    organization: Result<Organization, Vec<Invalid>>,
    contact: impl FnOnce(&Organization) -> Result<Account, Vec<Invalid>>,
) -> Outcome<(Organization, Account)> {
    let (organization, mut problems) = match organization {
        Ok(o) => (o, vec![]),
        Err(p) => (Organization::default(), p),
    };
    match contact(&organization) {
        Ok(c) if problems.is_empty() => Ok((organization, c)),
        Ok(_) => Err(Failure::Invalid(problems)),
        Err(p) => {
            problems.extend(p);
            Err(Failure::Invalid(problems))
        }
    }
}

/// The organization an account belongs to, for a door that shows the account (the door has
/// asked the rules for the account); none when it is in none, or its organization is gone.
pub async fn of_account(house: &House, account: &Account) -> Outcome<Option<Organization>> {
    Ok(match &account.organization_id {
        Some(id) => organizations::get(house.store.reads(), id).await?,
        None => None,
    })
}

/// A page of the members of an organization the actor manages, as its assistant asks for them.
pub async fn page_of_managed(
    house: &House,
    organization: &Organization,
    asked: MembersForm,
    w: Window<MemberSort, Vec<String>>,
) -> Outcome<AccountsPage> {
    let kind = asked.sponsor_list.unwrap_or(MemberKind::All);
    if kind == MemberKind::QuickList {
        return Err(Failure::invalid(
            "sponsorList",
            Why::of(
                "why-quick-list-sponsors",
                "myQuickList is a sponsor's own list; membership assistants list allMembers, individualMembers or orgMembers",
            ),
        ));
    }
    let members = Listing::Members {
        kind,
        quick_list_of: None,
    };
    let q = accounts_query(&organization.organization_id, asked.grade, members, w);
    accounts_page(house, &q).await
}
