//! Titles assigned to organization members by their sponsors (and by membership assistants):
//! from the API one member at a time, from a title's page to every member ticked, in one
//! transaction either way.

use lectern_domain::Timestamp;
use lectern_domain::access::assignment_management;
use lectern_domain::account::Account;
use lectern_domain::assigned_titles::AssignedSortOrder;
use lectern_domain::invalid::Why;
use lectern_domain::role::Role;
use lectern_store::accounts;
use lectern_store::assigned_titles::{self, Assignment};

use crate::actor::Actor;
use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::listing::{self, Window};
use crate::refusals;
use crate::titles::{ShownTitles, live_title_for};

/// The actor, when titles are assigned to them: an organization's member.
pub fn assignee(actor: &Actor) -> Outcome<&Account> {
    let me = actor.account()?;
    if !me.has_role(Role::OrganizationMember) {
        return Err(Failure::refused(Why::of(
            "refused-assigned-to-org-members",
            "Titles are assigned to organization members",
        )));
    }
    Ok(me)
}

/// The member named by `user_identifier` (a user name or id), if the actor manages their
/// assignments; absent otherwise, as if there were none.
pub async fn managed_member(
    house: &House,
    actor: &Actor,
    user_identifier: &str,
) -> Outcome<Account> {
    let me = actor.account()?;
    let absent = || {
        Failure::not_found(
            Why::of(
                "absent-member-for-you",
                format!("There is no member '{user_identifier}' for you"),
            )
            .with("id", user_identifier),
        )
    };
    let member = accounts::by_identifier(house.store.reads(), user_identifier)
        .await?
        .ok_or_else(absent)?;
    refusals::membership(
        assignment_management(&actor.client, me, &member),
        "assign titles to members of organizations they do not sponsor",
        absent,
    )?;
    Ok(member)
}

/// Assigns the title to each member (once, however often it is asked): every member must be
/// one the actor manages and may see the title, or none is assigned. The members, as found.
pub async fn assign(
    house: &House,
    actor: &Actor,
    members: &[String],
    service_id: &str,
) -> Outcome<Vec<Account>> {
    let me = actor.account()?;
    let assigner = (
        me.user_account_id.as_str(),
        format!("{} {}", me.first_name, me.last_name),
    );
    let now = Timestamp::now();
    let mut found = Vec::with_capacity(members.len());
    let mut assignments = Vec::with_capacity(members.len());
    for identifier in members {
        let member = managed_member(house, actor, identifier).await?;
        let record = live_title_for(house, &member.user_account_id, service_id)
            .await?
            .ok_or_else(|| {
                Failure::invalid(
                    "serviceId",
                    Why::of(
                        "why-not-a-title-for-member",
                        format!("'{service_id}' is not a live title this member may see"),
                    )
                    .with("value", service_id),
                )
            })?;
        assignments.push(Assignment::of(
            &record,
            &member.user_account_id,
            (assigner.0, &assigner.1),
            now,
        ));
        found.push(member);
    }
    let mut tx = house.store.begin().await?;
    for a in &assignments {
        assigned_titles::assign(&mut tx, a).await?;
    }
    tx.commit().await?;
    Ok(found)
}

/// Takes the title back from the member; absent when it was not assigned to them.
pub async fn unassign(
    house: &House,
    actor: &Actor,
    user_identifier: &str,
    service_id: &str,
) -> Outcome<Account> {
    let member = managed_member(house, actor, user_identifier).await?;
    let removed = assigned_titles::remove(
        &mut *house.store.writer().await?,
        &member.user_account_id,
        service_id,
    )
    .await?;
    if !removed {
        return Err(Failure::not_found(
            Why::of(
                "absent-assignment",
                format!("Title '{service_id}' is not assigned to this member"),
            )
            .with("id", service_id),
        ));
    }
    Ok(member)
}

/// A page of a member's assignments, with the titles of those the actor may see.
pub struct AssignmentPage {
    /// Up to `limit + 1` rows, in the window's order.
    pub rows: Vec<Assignment>,
    /// Every assignment of the member.
    pub total: u64,
    pub shown: ShownTitles,
}

/// A page of the titles assigned to `member` (whom the caller has found the actor may see:
/// themselves, or a member they manage).
pub async fn page(
    house: &House,
    actor: &Actor,
    member: &Account,
    w: Window<AssignedSortOrder>,
) -> Outcome<AssignmentPage> {
    let reads = house.store.reads();
    let id = &member.user_account_id;
    let after = w.after.as_deref();
    let rows = assigned_titles::page(reads, id, w.sort, w.direction, after, w.limit).await?;
    let count = assigned_titles::count(reads, id);
    let total = listing::total(w.after.is_none(), w.limit, rows.len(), count).await?;
    // The row past the page only says there is a next page: its title is not shown.
    let ids: Vec<String> = rows
        .iter()
        .take(usize::try_from(w.limit).unwrap_or(usize::MAX))
        .map(|a| a.service_id.clone())
        .collect();
    let shown = ShownTitles::read(house, actor, &ids).await?;
    Ok(AssignmentPage { rows, total, shown })
}
