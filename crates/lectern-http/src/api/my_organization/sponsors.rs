//! The sponsors of the sponsor's organization: `GET`/`POST /v2/myOrganization/sponsors`,
//! `PUT /v2/myOrganization/sponsors/{userIdentifier}` and `PUT /v2/myOrganization/primaryContact`.

use crate::conventions::json::Json;
use crate::conventions::member_pages::{member_window, turned};
use axum::extract::{Path, State};
use lectern_domain::members::MemberSort;
use lectern_domain::organization::SponsorFields;
use serde::Deserialize;
use utoipa::IntoParams;

use super::sponsoring::{Sponsoring, privileged_client, sponsoring};
use super::view::{SponsorSummary, Tags, sponsor_path, sponsor_summary};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection};
use crate::conventions::paging::ListParams;
use crate::conventions::status::Created;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::organizations as organizations_house;
use lectern_operations::roster_tags;
use lectern_operations::sponsored_members;

pub type SponsorSummaryList = Collection<SponsorSummary>;

async fn tags(state: &AppState, s: &Sponsoring<'_>) -> ApiResult<Tags> {
    Ok(Tags::new(
        roster_tags::all_of(state, &s.organization).await?,
    ))
}

#[utoipa::path(
    get, path = "/v2/myOrganization/sponsors", tag = "myOrganization",
    params(("api_key" = String, Query, description = "The client's API key"), ListParams<MemberSort>),
    responses(
        (status = 200, description = "A page of the organization's sponsors", body = SponsorSummaryList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor of an organization", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn list_sponsors(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<SponsorSummaryList>> {
    let s = sponsoring(&state, &caller).await?;
    let list: ListParams<MemberSort> = caller.params.parse()?;
    let (page, window) = member_window(&list)?;
    let sort = window.sort;
    let found = sponsored_members::sponsors_of(&state, &s, window).await?;
    let (rows, next, total) = turned(&page, sort, found);
    let tags = tags(&state, &s).await?;
    let privileged = caller.client.privileged;
    let items = rows
        .iter()
        .map(|a| sponsor_summary(&state, a, &tags, privileged))
        .collect();
    Ok(Json(
        Collection::page(
            &state,
            "/myOrganization/sponsors",
            &caller.params,
            &page,
            (items, next),
            total,
        )
        .allowing(Allows::of(&[("POST", true)])),
    ))
}

/// A sponsor's fields; all required to add one, all optional to change one.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct SponsorParams {
    first_name: Option<String>,
    last_name: Option<String>,
    phone_number: Option<String>,
    /// Also the sponsor's user name
    email_address: Option<String>,
    /// The sponsor's job title
    title: Option<String>,
}

impl From<SponsorParams> for SponsorFields {
    fn from(p: SponsorParams) -> Self {
        SponsorFields {
            first_name: p.first_name,
            last_name: p.last_name,
            title: p.title,
            email_address: p.email_address,
            phone_number: p.phone_number,
        }
    }
}

#[utoipa::path(
    post, path = "/v2/myOrganization/sponsors", tag = "myOrganization",
    params(("api_key" = String, Query, description = "The client's API key"), SponsorParams),
    responses(
        (status = 201, description = "Created; Location names the sponsor, who chooses a password before signing in", body = SponsorSummary),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor of an organization", body = ErrorBody),
        (status = 409, description = "The e-mail address is another account's user name", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn create_sponsor(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<SponsorSummary>> {
    let s = sponsoring(&state, &caller).await?;
    let p: SponsorParams = caller.params.parse()?;
    let sponsor = organizations_house::add_sponsor(&state, &s, SponsorFields::from(p)).await?;
    let tags = tags(&state, &s).await?;
    Ok(Created(
        state.v2_url(&sponsor_path(&sponsor)),
        sponsor_summary(&state, &sponsor, &tags, caller.client.privileged),
    ))
}

#[utoipa::path(
    put, path = "/v2/myOrganization/sponsors/{userIdentifier}", tag = "myOrganization",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        SponsorParams,
    ),
    responses(
        (status = 200, description = "The sponsor as changed", body = SponsorSummary),
        (status = 400, description = "A bad parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a sponsor of an organization, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such sponsor of the caller's organization", body = ErrorBody),
        (status = 409, description = "The e-mail address is another account's user name", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn update_sponsor(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<SponsorSummary>> {
    let s = sponsoring(&state, &caller).await?;
    privileged_client(&caller, "change sponsors")?;
    let p: SponsorParams = caller.params.parse()?;
    let changed =
        organizations_house::change_sponsor(&state, &s, &user_identifier, SponsorFields::from(p))
            .await?;
    let tags = tags(&state, &s).await?;
    Ok(Json(sponsor_summary(&state, &changed, &tags, true)))
}

/// The new primary contact.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct NewPrimaryContact {
    /// A sponsor of the organization: user name or userAccountId
    user_identifier: String,
}

#[utoipa::path(
    put, path = "/v2/myOrganization/primaryContact", tag = "myOrganization",
    params(("api_key" = String, Query, description = "The client's API key"), NewPrimaryContact),
    responses(
        (status = 200, description = "The new primary contact", body = SponsorSummary),
        (status = 400, description = "Missing, or no sponsor of the organization", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not the organization's primary contact", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn hand_over_primary_contact(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<SponsorSummary>> {
    let s = sponsoring(&state, &caller).await?;
    let p: NewPrimaryContact = caller.params.parse()?;
    let next =
        organizations_house::hand_over_primary_contact(&state, &s, &p.user_identifier).await?;
    let tags = tags(&state, &s).await?;
    Ok(Json(sponsor_summary(
        &state,
        &next,
        &tags,
        caller.client.privileged,
    )))
}
