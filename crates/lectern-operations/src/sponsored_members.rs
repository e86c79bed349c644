//! A sponsor's members as the sponsor lists, adds and changes them, from the API
//! (`/v2/myOrganization/members`, the title availabilities) and from the organization's pages
//! alike. Adding and changing are capabilities handed out after the checks that come before
//! anything sent is read (who the actor is, the organization's rights, the member found), so a
//! door reads its input only for one who may.

use lectern_domain::invalid::Why;
use std::collections::{HashMap, HashSet};
use std::sync::Arc;

use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::account::member_fields::MemberFields;
use lectern_domain::account::standing::ProofSource;
use lectern_domain::catalog::{Format, TitleRecord};
use lectern_domain::ids;
use lectern_domain::members::{Listing, MemberKind, MemberQuery, MemberSort};
use lectern_domain::paging::SortOrder;
use lectern_domain::role::Role;
use lectern_domain::title_access::{self, Alert, OrganizationPolicy, TitleFacts};
use lectern_store::roster_tags::RosterTag;
use lectern_store::{
    assigned_titles, disabilities, members, preferences, readers, roster_tags as tag_store,
};

use crate::account_writes::Write;
use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::listing::{self, Window};
use crate::organization_members::{MemberExtras, write_member};
use crate::roster_tags;
use crate::sponsoring::Sponsoring;
use crate::titles::{CatalogViewer, visible_title};

/// What a sponsor sends for a member; `None` is "not sent".
#[derive(Debug, Default)]
pub struct MemberInput {
    pub fields: MemberFields,
    /// On the sponsor's own quick list, or off it.
    pub on_quick_list: Option<bool>,
    /// One of the organization's roster tags.
    pub roster_tag_id: Option<i64>,
}

/// A sponsor who may add members to their organization.
pub struct MemberAdding<'a> {
    s: Sponsoring<'a>,
}

impl<'a> MemberAdding<'a> {
    /// Whether the sponsor may add members (what `of` would hand out, told without asking).
    pub fn may(actor: &Actor, s: &Sponsoring<'_>) -> bool {
        actor.client.privileged && s.organization.settings.can_create_users
    }

    /// The actor as a sponsor whose organization may add members, on a client key with
    /// membership privileges.
    pub async fn of(house: &House, actor: &'a Actor) -> Outcome<MemberAdding<'a>> {
        let s = Sponsoring::of(house, actor).await?;
        actor.privileged("add members")?;
        if !s.organization.settings.can_create_users {
            return Err(Failure::refused(Why::of(
                "refused-org-adds-no-members",
                "Your organization is not authorized to add members; ask the library",
            )));
        }
        Ok(MemberAdding { s })
    }

    pub fn sponsoring(&self) -> &Sponsoring<'a> {
        &self.s
    }

    /// The new member, as stored, with their tag and place on the sponsor's quick list.
    pub async fn add(&self, house: &House, input: MemberInput) -> Outcome<Account> {
        let tag = roster_tags::of_organization(house, &self.s, input.roster_tag_id).await?;
        let member = input
            .fields
            .create(
                ids::new_id(),
                &self.s.organization,
                ProofSource::SchoolVerified,
                &Timestamp::now().date(),
            )
            .map_err(Failure::Invalid)?;
        let extras = MemberExtras {
            roster_tag: tag.as_ref().map(Some),
            quick_list: quick_list(&self.s, input.on_quick_list),
        };
        write_member(house, &member, Write::Create, extras).await?;
        Ok(member.prepared.account)
    }
}

/// A member of the sponsor's organization, found, which the sponsor may change.
pub struct MemberChange<'a> {
    s: Sponsoring<'a>,
    pub member: Account,
}

impl<'a> MemberChange<'a> {
    /// The member named by `user_identifier`, when the actor sponsors their organization.
    pub async fn of(
        house: &House,
        actor: &'a Actor,
        user_identifier: &str,
    ) -> Outcome<MemberChange<'a>> {
        let s = Sponsoring::of(house, actor).await?;
        let member = s
            .account(house, user_identifier, Role::OrganizationMember)
            .await?;
        Ok(MemberChange { s, member })
    }

    pub fn sponsoring(&self) -> &Sponsoring<'a> {
        &self.s
    }

    /// The member as changed, as stored. A tag is changed only when one is sent.
    pub async fn apply(&self, house: &House, input: MemberInput) -> Outcome<Account> {
        let tag_sent = input.roster_tag_id.is_some();
        let tag = roster_tags::of_organization(house, &self.s, input.roster_tag_id).await?;
        let changed = input
            .fields
            .apply(
                &self.member,
                ProofSource::SchoolVerified,
                &Timestamp::now().date(),
            )
            .map_err(Failure::Invalid)?;
        let extras = MemberExtras {
            roster_tag: tag_sent.then_some(tag.as_ref()),
            quick_list: quick_list(&self.s, input.on_quick_list),
        };
        write_member(house, &changed, Write::Update, extras).await?;
        Ok(changed.prepared.account)
    }
}

fn quick_list<'s>(s: &'s Sponsoring<'_>, on: Option<bool>) -> Option<(&'s str, bool)> {
    on.map(|on| (s.me.user_account_id.as_str(), on))
}

/// What a page of the sponsor's members is narrowed to.
#[derive(Debug, Default)]
pub struct MemberListing {
    pub kind: Option<MemberKind>,
    pub grade: Option<String>,
    /// A roster tag: only members tagged with its district.
    pub district_id: Option<i64>,
    /// A roster tag: only members tagged with its school.
    pub school_id: Option<i64>,
}

/// A page of accounts (up to `limit + 1`, in the query's order) and how many match in all.
pub struct AccountsPage {
    pub rows: Vec<Account>,
    pub total: u64,
}

/// The accounts of an organization a query finds; the door has asked the rules for the
/// organization (a sponsor's own, or one an assistant manages).
pub async fn accounts_page(house: &House, q: &MemberQuery) -> Outcome<AccountsPage> {
    let reads = house.store.reads();
    let rows = members::page(reads, q).await?;
    let count = members::count(reads, q);
    let total = listing::total(q.after.is_none(), q.limit, rows.len(), count).await?;
    Ok(AccountsPage { rows, total })
}

/// The query of an organization's accounts (which, of what grade) in a window's order and page;
/// no roster tag narrows it.
pub fn accounts_query(
    organization_id: &str,
    grade: Option<String>,
    listing: Listing,
    w: Window<MemberSort, Vec<String>>,
) -> MemberQuery {
    MemberQuery {
        organization_id: organization_id.to_owned(),
        grade,
        listing,
        district: None,
        school: None,
        sort: w.sort,
        direction: w.direction,
        after: w.after,
        limit: w.limit,
    }
}

/// A page of the sponsor's organization's members.
pub async fn members_of(
    house: &House,
    s: &Sponsoring<'_>,
    listing: MemberListing,
    w: Window<MemberSort, Vec<String>>,
) -> Outcome<AccountsPage> {
    let q = members_query(house, s, listing, w).await?;
    accounts_page(house, &q).await
}

/// The query of a page of the sponsor's organization's members.
async fn members_query(
    house: &House,
    s: &Sponsoring<'_>,
    listing: MemberListing,
    w: Window<MemberSort, Vec<String>>,
) -> Outcome<MemberQuery> {
    let kind = listing.kind.unwrap_or(MemberKind::All);
    let pick_district = |t: &RosterTag| t.district_name.clone();
    let pick_school = |t: &RosterTag| t.school_name.clone();
    let members = Listing::Members {
        kind,
        quick_list_of: (kind == MemberKind::QuickList).then(|| s.me.user_account_id.clone()),
    };
    let organization_id = &s.organization.organization_id;
    Ok(MemberQuery {
        district: tag_name(house, s, "districtId", listing.district_id, pick_district).await?,
        school: tag_name(house, s, "schoolId", listing.school_id, pick_school).await?,
        ..accounts_query(organization_id, listing.grade, members, w)
    })
}

/// A page of the sponsor's organization's sponsors.
pub async fn sponsors_of(
    house: &House,
    s: &Sponsoring<'_>,
    w: Window<MemberSort, Vec<String>>,
) -> Outcome<AccountsPage> {
    let q = accounts_query(&s.organization.organization_id, None, Listing::Sponsors, w);
    accounts_page(house, &q).await
}

/// How many members the sponsor's organization has.
pub async fn member_count(house: &House, s: &Sponsoring<'_>) -> Outcome<u64> {
    let w = Window {
        sort: MemberSort::DEFAULT,
        direction: MemberSort::DEFAULT_DIRECTION,
        after: None,
        limit: 1,
    };
    let q = members_query(house, s, MemberListing::default(), w).await?;
    Ok(members::count(house.store.reads(), &q).await?)
}

/// The sort form of a tag's district or school name, for a filter; a tag of no one's, or one
/// without that name, is a bad `param`.
async fn tag_name(
    house: &House,
    s: &Sponsoring<'_>,
    param: &'static str,
    id: Option<i64>,
    pick: impl Fn(&RosterTag) -> Option<String>,
) -> Outcome<Option<String>> {
    let Some(id) = id else { return Ok(None) };
    let organization_id = &s.organization.organization_id;
    let tag = tag_store::get(house.store.reads(), organization_id, id).await?;
    tag.as_ref()
        .and_then(pick)
        .map(|name| Some(tag_store::sort_key(&name)))
        .ok_or_else(|| Failure::invalid(param, Why::no_roster_tag(&id.to_string())))
}

/// What the summaries of a page of an organization's accounts need besides the accounts,
/// read in one go: disabilities, preferred formats, the sponsor's quick list, the tags.
pub struct MemberFacts {
    tags: HashMap<i64, RosterTag>,
    disabilities: HashMap<String, Vec<String>>,
    formats: HashMap<String, Format>,
    quick_list: HashSet<String>,
    pub policy: OrganizationPolicy,
}

impl MemberFacts {
    pub async fn read(house: &House, s: &Sponsoring<'_>, accounts: &[Account]) -> Outcome<Self> {
        let reads = house.store.reads();
        let ids: Vec<String> = accounts.iter().map(|a| a.user_account_id.clone()).collect();
        let mut by_member: HashMap<String, Vec<String>> = HashMap::new();
        for (id, d) in disabilities::of_accounts(reads, &ids).await? {
            by_member
                .entry(id)
                .or_default()
                .push(d.disability_type.as_str().to_owned());
        }
        let organization_id = &s.organization.organization_id;
        Ok(MemberFacts {
            tags: tag_store::all_of(reads, organization_id)
                .await?
                .into_iter()
                .map(|t| (t.roster_tag_id, t))
                .collect(),
            disabilities: by_member,
            formats: preferences::formats_of(reads, &ids)
                .await?
                .into_iter()
                .collect(),
            quick_list: members::on_quick_list(reads, &s.me.user_account_id, &ids)
                .await?
                .into_iter()
                .collect(),
            policy: s.organization.policy(),
        })
    }

    /// The account's disabilities' wire names.
    pub fn disabilities(&self, a: &Account) -> &[String] {
        self.disabilities
            .get(&a.user_account_id)
            .map_or(&[], Vec::as_slice)
    }

    pub fn preferred_format(&self, a: &Account) -> Option<Format> {
        self.formats.get(&a.user_account_id).copied()
    }

    pub fn tag(&self, a: &Account) -> Option<&RosterTag> {
        a.details.roster_tag_id.and_then(|id| self.tags.get(&id))
    }

    /// On the sponsor's own quick list.
    pub fn on_quick_list(&self, a: &Account) -> bool {
        self.quick_list.contains(&a.user_account_id)
    }

    /// The member's own setting, else the organization's.
    pub fn safe_search(&self, a: &Account) -> bool {
        a.details.safe_search.unwrap_or(self.policy.safe_search)
    }

    /// The member's own setting, else the organization's.
    pub fn allow_search_downloads(&self, a: &Account) -> bool {
        a.details
            .allow_search_downloads
            .unwrap_or(self.policy.allow_search_downloads)
    }
}

/// A title as a sponsor weighs it for their members: for each, whether it is assigned to them
/// and the alerts their download of it would meet, from the same access rules as every download.
pub struct Availabilities {
    pub title: Arc<TitleRecord>,
    /// The title as the access rules weigh it for the sponsor's organization.
    facts: TitleFacts,
}

/// A member's standing with the title.
pub struct Availability {
    pub assigned: bool,
    pub alerts: Vec<Alert>,
}

impl Availabilities {
    /// The title, when the actor may see it; absent otherwise.
    pub async fn of(house: &House, actor: &Actor, service_id: &str) -> Outcome<Availabilities> {
        let who = CatalogViewer::of(house, actor).await?;
        let title = visible_title(house, &who, service_id).await?;
        let facts = title.facts(who.in_global(&title.site));
        Ok(Availabilities { title, facts })
    }

    /// Each member's standing with the title, in the order of `members` (the rows shown).
    pub async fn of_members(
        &self,
        house: &House,
        members: &[Account],
    ) -> Outcome<Vec<Availability>> {
        let reads = house.store.reads();
        let ids: Vec<String> = members.iter().map(|a| a.user_account_id.clone()).collect();
        let readers = readers::reader_facts_of(reads, &ids, Timestamp::now()).await?;
        let service_id = &self.title.service_id;
        let assigned: HashSet<String> = assigned_titles::members_assigned(reads, service_id, &ids)
            .await?
            .into_iter()
            .collect();
        Ok(members
            .iter()
            .map(|a| {
                let reader = readers
                    .iter()
                    .find(|r| r.user_account_id == a.user_account_id);
                let is_assigned = assigned.contains(&a.user_account_id);
                Availability {
                    assigned: is_assigned,
                    alerts: title_access::download_alerts(reader, &self.facts, is_assigned),
                }
            })
            .collect())
    }
}
