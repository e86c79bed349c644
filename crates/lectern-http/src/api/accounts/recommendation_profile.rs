//! The recommendation profile, through both doors: `GET`/`PUT /v2/myAccount/recommendationProfile`
//! and `GET`/`PUT /v2/accounts/{userIdentifier}/recommendationProfile`.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::account::Account;
use lectern_domain::account::recommendation_profile::{
    ProfileChanges, ProfileForm, RecommendationProfile,
};
use serde::Serialize;
use utoipa::ToSchema;

use super::managed::{Managed, managed};
use crate::api::titles::{CategoryRef, service_category};
use crate::conventions::caller::Caller;
use crate::conventions::collection::Allows;
use crate::conventions::links::Link;
use crate::conventions::params::Params;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::recommendation_profiles;

/// Document 3's Recommendation Profile.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct RecommendationProfileView {
    pub include_global_collection: bool,
    pub included_authors: Vec<String>,
    pub excluded_authors: Vec<String>,
    pub included_categories: Vec<CategoryRef>,
    pub excluded_categories: Vec<CategoryRef>,
    /// Deprecated: always empty; recommendations only leave warnings out
    pub included_content_warnings: Vec<String>,
    pub excluded_content_warnings: Vec<String>,
    /// male, female or otherNonBinary
    pub narrator_gender: Option<String>,
    /// tts or human
    pub narrator_type: Option<String>,
    pub reading_age: Option<u32>,
    pub allows: Allows,
    pub links: Vec<Link>,
}

async fn view(
    state: &AppState,
    path: &str,
    p: RecommendationProfile,
) -> ApiResult<RecommendationProfileView> {
    let names = state.titles.category_names(&state.store).await?;
    let categories = |list: &[String]| {
        list.iter()
            .map(|c| service_category(state, c, &names))
            .collect()
    };
    Ok(RecommendationProfileView {
        include_global_collection: p.include_global_collection,
        included_categories: categories(&p.included_categories),
        excluded_categories: categories(&p.excluded_categories),
        included_authors: p.included_authors,
        excluded_authors: p.excluded_authors,
        included_content_warnings: Vec::new(),
        excluded_content_warnings: p
            .excluded_content_warnings
            .iter()
            .map(|w| w.as_str().to_owned())
            .collect(),
        narrator_gender: p.narrator_gender.map(|g| g.as_str().to_owned()),
        narrator_type: p.narrator_type.map(|t| t.as_str().to_owned()),
        reading_age: p.reading_age,
        allows: Allows::of(&[("PUT", true)]),
        links: vec![Link::new("self", state.v2_url(path))],
    })
}

/// The account's profile as saved, or the defaults of its site.
async fn profile_of(state: &AppState, a: &Account) -> ApiResult<RecommendationProfile> {
    Ok(recommendation_profiles::of(state, a).await?)
}

/// The changes the request asks for: a list counts as sent when its name appears at all.
fn changes(params: &Params) -> ApiResult<ProfileChanges> {
    let form: ProfileForm = params.parse()?;
    Ok(form.changes(|name| !params.all(name).is_empty()))
}

#[utoipa::path(
    get, path = "/v2/myAccount/recommendationProfile", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key")),
    responses(
        (status = 200, description = "The caller's recommendation profile", body = RecommendationProfileView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn my_profile(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<RecommendationProfileView>> {
    let me = caller.signed_in()?;
    let p = profile_of(&state, me).await?;
    Ok(Json(
        view(&state, "/myAccount/recommendationProfile", p).await?,
    ))
}

#[utoipa::path(
    put, path = "/v2/myAccount/recommendationProfile", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), ProfileForm),
    responses(
        (status = 200, description = "The caller's recommendation profile as changed", body = RecommendationProfileView),
        (status = 400, description = "A bad parameter, each named", body = ErrorBody),
        (status = 409, description = "An author or category both included and excluded (with what is sent, or with what is stored), each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn change_my_profile(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<RecommendationProfileView>> {
    let me = caller.signed_in()?;
    let (_, after) = recommendation_profiles::changed(&state, me, changes(&caller.params)?).await?;
    recommendation_profiles::save_mine(&state, &caller, &after).await?;
    Ok(Json(
        view(&state, "/myAccount/recommendationProfile", after).await?,
    ))
}

fn account_path(a: &Account) -> String {
    format!("{}/recommendationProfile", super::view::account_path(a))
}

#[utoipa::path(
    get, path = "/v2/accounts/{userIdentifier}/recommendationProfile", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The account's recommendation profile", body = RecommendationProfileView),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn account_profile(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<RecommendationProfileView>> {
    let m = managed(
        &state,
        &caller,
        &user_identifier,
        "read recommendation profiles",
    )
    .await?;
    Ok(Json(managed_profile(&state, &m).await?))
}

/// The managed account's recommendation profile, as the API shows it.
async fn managed_profile(state: &AppState, m: &Managed) -> ApiResult<RecommendationProfileView> {
    let p = profile_of(state, &m.account).await?;
    view(state, &account_path(&m.account), p).await
}

#[utoipa::path(
    put, path = "/v2/accounts/{userIdentifier}/recommendationProfile", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        ProfileForm,
    ),
    responses(
        (status = 200, description = "The account's recommendation profile as changed", body = RecommendationProfileView),
        (status = 400, description = "A bad parameter, each named", body = ErrorBody),
        (status = 409, description = "An author or category both included and excluded (with what is sent, or with what is stored), each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn change_account_profile(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<RecommendationProfileView>> {
    let m = managed(
        &state,
        &caller,
        &user_identifier,
        "change recommendation profiles",
    )
    .await?;
    let after = recommendation_profiles::change_for(&state, &m, changes(&caller.params)?).await?;
    Ok(Json(view(&state, &account_path(&m.account), after).await?))
}
