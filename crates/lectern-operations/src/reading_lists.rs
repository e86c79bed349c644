//! Reading lists, from the API and the pages alike: made, changed, subscribed to, and their
//! titles added and taken off, each through the list's rule (absent to a reader who may not
//! read it, refused to one who may read but not change it) and in one transaction.

use crate::absences;
use lectern_domain::Timestamp;
use lectern_domain::account::Account;
use lectern_domain::catalog::TitleRecord;
use lectern_domain::ids::new_id;
use lectern_domain::invalid::Why;
use lectern_domain::reading_lists::{
    self, EntrySortOrder, ListAccess, ListRight, ListSortOrder, ReadingList, list_right,
    manages_member, may_subscribe,
};
pub use lectern_domain::reading_lists::{ListChanges, NewReadingList};
use lectern_domain::role::Role;
use lectern_store::reading_list_entries::{self, ListEntry};
use lectern_store::reading_lists::{ListQuery, ListScope, NewList, Relation};
use lectern_store::{accounts, reading_lists as lists};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::listing::{self, Window};
use crate::managed_accounts::Managed;
use crate::refusals;
use crate::titles::{ShownTitles, live_title_for};

/// A list as the reader may have it: the list, the reader's relation to it, and their right.
pub struct Found {
    pub list: ReadingList,
    pub relation: Relation,
    pub right: ListRight,
}

/// The list, if the reader has at least the `needed` right over it.
pub async fn list_for(
    house: &House,
    reader: &Account,
    reading_list_id: &str,
    needed: ListRight,
) -> Outcome<Found> {
    let missing = || absences::reading_list(reading_list_id);
    let reads = house.store.reads();
    let list = lists::get(reads, reading_list_id)
        .await?
        .ok_or_else(missing)?;
    let relation = lists::relation(reads, reading_list_id, &reader.user_account_id).await?;
    let right = list_right(reader, &list, relation.assigned_by.is_some());
    refusals::list(right, needed, missing)?;
    Ok(Found {
        list,
        relation,
        right,
    })
}

/// Makes an empty list, owned by the actor.
pub async fn create(house: &House, actor: &Actor, new: NewReadingList) -> Outcome<Found> {
    let me = actor.account()?;
    let name = new.name.trim();
    reading_lists::check_name(name).map_err(|why| Failure::invalid("name", why))?;
    if let Some(d) = &new.description {
        reading_lists::check_description(d).map_err(|why| Failure::invalid("description", why))?;
    }
    if new.access == ListAccess::Org && me.organization_id.is_none() {
        // The reader may not make such a list, whatever the form says: a right, not a typo.
        return Err(Failure::refused(Why::of(
            "refused-org-list",
            "Lists shared with an organization (access=org) are for its members and sponsors",
        )));
    }
    let id = new_id();
    lists::create(
        &mut *house.store.writer().await?,
        &NewList {
            reading_list_id: &id,
            owner_id: &me.user_account_id,
            name,
            description: new.description.as_deref(),
            access: new.access,
            now: Timestamp::now(),
        },
    )
    .await?;
    list_for(house, me, &id, ListRight::Change).await
}

/// Changes a list's details and the members assigned to it, together.
pub async fn update(
    house: &House,
    actor: &Actor,
    reading_list_id: &str,
    changes: ListChanges,
) -> Outcome<Found> {
    let me = actor.account()?;
    let name = changes.name.as_deref().map(str::trim);
    if let Some(n) = name {
        reading_lists::check_name(n).map_err(|why| Failure::invalid("name", why))?;
    }
    if let Some(d) = &changes.description {
        reading_lists::check_description(d).map_err(|why| Failure::invalid("description", why))?;
    }
    let found = list_for(house, me, reading_list_id, ListRight::Change).await?;
    if changes.access == Some(ListAccess::Org) && found.list.owner_organization.is_none() {
        return Err(Failure::invalid(
            "access",
            Why::of(
                "why-org-list",
                "org is for lists of members and sponsors of an organization",
            ),
        ));
    }
    let assign = managed_members(house, me, "assignMember", &changes.assign_member).await?;
    let unassign = managed_members(house, me, "unassignMember", &changes.unassign_member).await?;
    let now = Timestamp::now();
    let mut tx = house.store.begin().await?;
    lists::update(
        &mut tx,
        reading_list_id,
        name,
        changes.description.as_deref(),
        changes.access,
        now,
    )
    .await?;
    if !assign.is_empty() || !unassign.is_empty() {
        reading_list_entries::set_members(
            &mut tx,
            reading_list_id,
            &me.user_account_id,
            &assign,
            &unassign,
            now,
        )
        .await?;
    }
    tx.commit().await?;
    list_for(house, me, reading_list_id, ListRight::Change).await
}

/// The ids of the members named, each an organization member the reader manages.
async fn managed_members(
    house: &House,
    reader: &Account,
    param: &str,
    identifiers: &[String],
) -> Outcome<Vec<String>> {
    let mut ids = Vec::with_capacity(identifiers.len());
    for identifier in identifiers {
        let managed = accounts::by_identifier(house.store.reads(), identifier)
            .await?
            .filter(|m| {
                m.has_role(Role::OrganizationMember)
                    && manages_member(reader, &m.site_id, &m.roles, m.organization_id.as_deref())
            });
        match managed {
            Some(m) => ids.push(m.user_account_id),
            None => {
                return Err(Failure::refused(
                    Why::of(
                        "refused-not-your-member",
                        format!("{param}: '{identifier}' is not an organization member you manage"),
                    )
                    .with("param", param)
                    .with("id", identifier),
                ));
            }
        }
    }
    Ok(ids)
}

/// The list, if the reader may subscribe to it (another's list they may read, not private).
pub async fn subscribable(
    house: &House,
    reader: &Account,
    reading_list_id: &str,
) -> Outcome<Found> {
    let found = list_for(house, reader, reading_list_id, ListRight::Read).await?;
    refusals::subscription(may_subscribe(reader, &found.list, found.right), || {
        absences::reading_list(reading_list_id)
    })?;
    Ok(found)
}

/// Subscribes the actor to a list, or ends their subscription; the list as they now see it.
pub async fn set_subscription(
    house: &House,
    actor: &Actor,
    reading_list_id: &str,
    enabled: bool,
) -> Outcome<Found> {
    let me = actor.account()?;
    subscribable(house, me, reading_list_id).await?;
    let mut tx = house.store.begin().await?;
    reading_list_entries::set_subscription(
        &mut tx,
        reading_list_id,
        &me.user_account_id,
        enabled,
        Timestamp::now(),
    )
    .await?;
    tx.commit().await?;
    let found = list_for(house, me, reading_list_id, ListRight::Read).await?;
    Ok(Found {
        relation: Relation {
            subscribed: enabled,
            ..found.relation
        },
        ..found
    })
}

/// Adds a title to a list (once, however often it is asked): a live title the list's owner
/// may see.
pub async fn add_title(
    house: &House,
    actor: &Actor,
    reading_list_id: &str,
    service_id: &str,
) -> Outcome<Found> {
    let me = actor.account()?;
    let found = list_for(house, me, reading_list_id, ListRight::Change).await?;
    let record = addable(house, &found.list.owner_id, service_id).await?;
    let now = Timestamp::now();
    let mut tx = house.store.begin().await?;
    reading_list_entries::add_title(&mut tx, reading_list_id, &ListEntry::of(&record, now), now)
        .await?;
    tx.commit().await?;
    list_for(house, me, reading_list_id, ListRight::Change).await
}

async fn addable(house: &House, owner_id: &str, service_id: &str) -> Outcome<TitleRecord> {
    live_title_for(house, owner_id, service_id)
        .await?
        .ok_or_else(|| {
            Failure::not_found(
                Why::of(
                    "absent-title-for-list",
                    format!("There is no live title '{service_id}' the list's owner may see"),
                )
                .with("id", service_id),
            )
        })
}

/// Takes a title off a list; absent when it was not on it.
pub async fn remove_title(
    house: &House,
    actor: &Actor,
    reading_list_id: &str,
    service_id: &str,
) -> Outcome<Found> {
    let me = actor.account()?;
    list_for(house, me, reading_list_id, ListRight::Change).await?;
    let mut tx = house.store.begin().await?;
    let removed =
        reading_list_entries::remove_title(&mut tx, reading_list_id, service_id, Timestamp::now())
            .await?;
    tx.commit().await?;
    if !removed {
        return Err(Failure::not_found(
            Why::of(
                "absent-title-on-list",
                format!("Title '{service_id}' is not on this list"),
            )
            .with("id", service_id),
        ));
    }
    list_for(house, me, reading_list_id, ListRight::Change).await
}

/// The first `limit` of the actor's lists in their default order (own, subscribed to and
/// assigned) that the actor may change, by id and name: where a title's page offers to add the
/// title.
pub async fn changeable(
    house: &House,
    actor: &Actor,
    limit: u32,
) -> Outcome<Vec<(String, String)>> {
    use lectern_domain::paging::SortOrder;
    let me = actor.account()?;
    let q = lists::ListQuery {
        scope: lists::ListScope::Mine {
            user: &me.user_account_id,
        },
        keyword: None,
        sort: ListSortOrder::DEFAULT,
        direction: ListSortOrder::DEFAULT_DIRECTION,
        after: None,
        limit,
    };
    let mut rows = lists::page(house.store.reads(), &q).await?;
    rows.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    Ok(rows
        .into_iter()
        .filter(|(list, relation)| {
            list_right(me, list, relation.assigned_by.is_some()) == ListRight::Change
        })
        .map(|(list, _)| (list.reading_list_id, list.name))
        .collect())
}

/// A page of lists (up to `limit + 1`, in the query's order) and how many match in all.
pub struct ListsPage {
    pub rows: Vec<(ReadingList, Relation)>,
    pub total: u64,
}

/// The lists a query finds; the door has asked the rules for its scope.
pub async fn listed(house: &House, q: &ListQuery<'_>) -> Outcome<ListsPage> {
    let reads = house.store.reads();
    let rows = lists::page(reads, q).await?;
    let total = listing::total(
        q.after.is_none(),
        q.limit,
        rows.len(),
        lists::count(reads, q),
    )
    .await?;
    Ok(ListsPage { rows, total })
}

/// The actor's own lists and those they subscribe to or were assigned.
pub async fn mine(house: &House, actor: &Actor, w: Window<ListSortOrder>) -> Outcome<ListsPage> {
    let me = actor.account()?;
    let q = ListQuery {
        scope: ListScope::Mine {
            user: &me.user_account_id,
        },
        keyword: None,
        sort: w.sort,
        direction: w.direction,
        after: w.after,
        limit: w.limit,
    };
    listed(house, &q).await
}

/// The managed account's own lists, for the assistant who manages it.
pub async fn of_managed(
    house: &House,
    m: &Managed,
    w: Window<ListSortOrder>,
) -> Outcome<ListsPage> {
    let q = ListQuery {
        scope: ListScope::Own {
            user: &m.account.user_account_id,
        },
        keyword: None,
        sort: w.sort,
        direction: w.direction,
        after: w.after,
        limit: w.limit,
    };
    listed(house, &q).await
}

/// A page of a list's titles: up to `limit + 1` entries in the window's order, with the titles
/// the actor may see.
pub struct EntriesPage {
    pub rows: Vec<ListEntry>,
    pub shown: ShownTitles,
}

/// The titles of a list found for the actor (`list_for`).
pub async fn entries(
    house: &House,
    actor: &Actor,
    found: &Found,
    w: Window<EntrySortOrder>,
) -> Outcome<EntriesPage> {
    let id = &found.list.reading_list_id;
    let after = w.after.as_deref();
    let reads = house.store.reads();
    let rows = reading_list_entries::titles(reads, id, w.sort, w.direction, after, w.limit).await?;
    // The row past the page only says there is a next page: its title is not shown.
    let ids: Vec<String> = rows
        .iter()
        .take(usize::try_from(w.limit).unwrap_or(usize::MAX))
        .map(|e| e.service_id.clone())
        .collect();
    let shown = ShownTitles::read(house, actor, &ids).await?;
    Ok(EntriesPage { rows, shown })
}
