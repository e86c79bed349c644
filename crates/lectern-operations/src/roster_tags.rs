//! The districts and schools a sponsor tags their organization's members with: a tag made,
//! through the API (`POST /v2/myOrganization/rosterTags`) or the organization's page.

use lectern_domain::invalid::Problems;
use lectern_domain::invalid::Why;
use lectern_domain::organization::Organization;
use lectern_domain::paging::{Direction, NewestFirst};
use lectern_domain::{Timestamp, ids};
use lectern_store::roster_tags::{self, RosterTag};

use crate::failure::{Failure, Outcome};
use crate::house::House;
use crate::listing::{self, Window};
use crate::sponsoring::Sponsoring;

/// A new tag of the sponsor's organization: a district, a school, or both (names trimmed; an
/// empty one is none).
pub async fn make(
    house: &House,
    s: &Sponsoring<'_>,
    district_name: Option<String>,
    school_name: Option<String>,
) -> Outcome<RosterTag> {
    let named = |v: Option<String>| v.map(|v| v.trim().to_owned()).filter(|v| !v.is_empty());
    let (district_name, school_name) = (named(district_name), named(school_name));
    if district_name.is_none() && school_name.is_none() {
        return Err(Failure::invalid(
            "districtName",
            Why::of(
                "why-tag-names-nothing",
                "a tag names a district, a school (schoolName), or both",
            ),
        ));
    }
    let mut p = Problems::new();
    for (param, name) in [
        ("districtName", &district_name),
        ("schoolName", &school_name),
    ] {
        if name.as_ref().is_some_and(|n| n.chars().count() > 200) {
            p.add(param, Why::at_most_chars(200));
        }
    }
    let problems = p.into_vec();
    if !problems.is_empty() {
        return Err(Failure::Invalid(problems));
    }
    let tag = RosterTag {
        roster_tag_id: ids::new_integer_id(),
        organization_id: s.organization.organization_id.clone(),
        district_name,
        school_name,
        created_at: Timestamp::now().unix(),
    };
    roster_tags::insert(&mut *house.store.writer().await?, &tag).await?;
    Ok(tag)
}

/// Every tag of an organization the door has asked the rules for (a sponsor's own, or one an
/// assistant manages), to name its members' tags in an answer.
pub async fn all_of(house: &House, organization: &Organization) -> Outcome<Vec<RosterTag>> {
    Ok(roster_tags::all_of(house.store.reads(), &organization.organization_id).await?)
}

/// A page of the sponsor's organization's tags (up to `limit + 1` by when they were made, in
/// the window's direction, continued after `(created at, id)`) and how many it has.
pub async fn page_of(
    house: &House,
    s: &Sponsoring<'_>,
    w: Window<NewestFirst, (i64, i64)>,
) -> Outcome<(Vec<RosterTag>, u64)> {
    let reads = house.store.reads();
    let id = &s.organization.organization_id;
    let rows = roster_tags::page(reads, id, w.direction, w.after, w.limit).await?;
    let count = roster_tags::count(reads, id);
    let total = listing::total(w.after.is_none(), w.limit, rows.len(), count).await?;
    Ok((rows, total))
}

/// The organization's newest tags, at most `limit` (the choices of a member form).
pub async fn newest(house: &House, s: &Sponsoring<'_>, limit: u32) -> Outcome<Vec<RosterTag>> {
    let organization_id = &s.organization.organization_id;
    let mut tags = roster_tags::page(
        house.store.reads(),
        organization_id,
        Direction::Desc,
        None,
        limit,
    )
    .await?;
    tags.truncate(usize::try_from(limit).unwrap_or(usize::MAX));
    Ok(tags)
}

/// The organization's tag `id`, when one is named; a tag it lacks is a bad `rosterTagId`.
pub async fn of_organization(
    house: &House,
    s: &Sponsoring<'_>,
    id: Option<i64>,
) -> Outcome<Option<RosterTag>> {
    let Some(id) = id else { return Ok(None) };
    roster_tags::get(house.store.reads(), &s.organization.organization_id, id)
        .await?
        .map(Some)
        .ok_or_else(|| Failure::invalid("rosterTagId", Why::no_roster_tag(&id.to_string())))
}
