//! `GET`/`POST /v2/myOrganization/rosterTags`: the districts and schools an organization's
//! members are tagged with.

use crate::conventions::json::Json;
use axum::extract::State;
use lectern_domain::paging::NewestFirst;
use lectern_operations::listing::Window;
use lectern_operations::roster_tags;
use serde::Deserialize;
use utoipa::IntoParams;

use super::sponsoring::sponsoring;
use super::view::{RosterTagView, roster_tag_view};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection};
use crate::conventions::paging::ListParams;
use crate::conventions::status::Created;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;

pub type RosterTagList = Collection<RosterTagView>;

#[utoipa::path(
    get, path = "/v2/myOrganization/rosterTags", tag = "myOrganization",
    params(("api_key" = String, Query, description = "The client's API key"), ListParams<NewestFirst>),
    responses(
        (status = 200, description = "A page of the organization's roster tags", body = RosterTagList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor of an organization", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn list_roster_tags(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<RosterTagList>> {
    let s = sponsoring(&state, &caller).await?;
    let list: ListParams<NewestFirst> = caller.params.parse()?;
    let (sort, direction) = list.order()?;
    let page = list.page_in(sort, direction)?;
    let window = Window {
        sort,
        direction,
        after: page.after::<(i64, i64)>()?,
        limit: page.limit,
    };
    let (mut rows, total) = roster_tags::page_of(&state, &s, window).await?;
    let next = page.next_token(&mut rows, |t| (t.created_at, t.roster_tag_id));
    let items = rows.iter().map(|t| roster_tag_view(&state, t)).collect();
    Ok(Json(
        Collection::page(
            &state,
            "/myOrganization/rosterTags",
            &caller.params,
            &page,
            (items, next),
            total,
        )
        .allowing(Allows::of(&[("POST", true)])),
    ))
}

/// A new tag: a district, a school, or both.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct NewRosterTag {
    district_name: Option<String>,
    school_name: Option<String>,
}

#[utoipa::path(
    post, path = "/v2/myOrganization/rosterTags", tag = "myOrganization",
    params(("api_key" = String, Query, description = "The client's API key"), NewRosterTag),
    responses(
        (status = 201, description = "Created", body = RosterTagView),
        (status = 400, description = "Neither a district nor a school, or a name too long", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor of an organization", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_roster_tag(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<RosterTagView>> {
    let s = sponsoring(&state, &caller).await?;
    let p: NewRosterTag = caller.params.parse()?;
    let tag = roster_tags::make(&state, &s, p.district_name, p.school_name).await?;
    Ok(Created(
        state.v2_url("/myOrganization/rosterTags"),
        roster_tag_view(&state, &tag),
    ))
}
