//! A roster tag as the API shows it, alone and on each account of a page.

use std::collections::HashMap;

use lectern_domain::account::Account;
use lectern_store::roster_tags::RosterTag;
use serde::Serialize;
use utoipa::ToSchema;

use crate::conventions::collection::Listed;
use crate::conventions::links::Link;
use crate::state::AppState;

/// A district, a school, or both.
#[derive(Serialize, ToSchema, Clone)]
#[serde(rename_all = "camelCase")]
pub struct RosterTagView {
    pub roster_tag_id: i64,
    pub district_name: Option<String>,
    pub school_name: Option<String>,
    pub links: Vec<Link>,
}

impl Listed for RosterTagView {
    const ITEMS: &'static str = "rosterTags";
    const LIST: &'static str = "RosterTagList";
}

pub fn roster_tag_view(state: &AppState, t: &RosterTag) -> RosterTagView {
    RosterTagView {
        roster_tag_id: t.roster_tag_id,
        district_name: t.district_name.clone(),
        school_name: t.school_name.clone(),
        // A tag has no address of its own: it links the list it belongs to.
        links: vec![Link::new(
            "rosterTags",
            state.v2_url("/myOrganization/rosterTags"),
        )],
    }
}

/// The organization's tags by id, to show the tag of each account of a page.
#[derive(Default)]
pub struct Tags(HashMap<i64, RosterTag>);

impl Tags {
    pub fn new(tags: Vec<RosterTag>) -> Self {
        Tags(tags.into_iter().map(|t| (t.roster_tag_id, t)).collect())
    }

    pub fn of(&self, state: &AppState, a: &Account) -> Option<RosterTagView> {
        a.details
            .roster_tag_id
            .and_then(|id| self.0.get(&id))
            .map(|t| roster_tag_view(state, t))
    }
}
