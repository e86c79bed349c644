//! The recommendation profile, through both doors: `GET`/`PUT /v2/myAccount/recommendationProfile`
//! and `GET`/`PUT /v2/accounts/{userIdentifier}/recommendationProfile`.

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::account::Account;
use lectern_domain::account::recommendation_profile::{ProfileChanges, RecommendationProfile};
use lectern_domain::catalog::artifact::{NarratorGender, NarratorType};
use lectern_domain::catalog::title::ContentWarning;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::managed::{Managed, managed};
use crate::api::titles::{CategoryRef, service_category};
use crate::conventions::caller::Caller;
use crate::conventions::collection::Allows;
use crate::conventions::links::Link;
use crate::conventions::params::Params;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::managed_accounts::shown;
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
pub(crate) async fn profile_of(state: &AppState, a: &Account) -> ApiResult<RecommendationProfile> {
    Ok(recommendation_profiles::of(state, a).await?)
}

/// The profile's fields; a list sent replaces the stored one, and sent once with no value
/// empties it.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct ProfileParams {
    include_global_collection: Option<bool>,
    #[serde(default)]
    included_authors: Vec<String>,
    #[serde(default)]
    excluded_authors: Vec<String>,
    /// Service category names
    #[serde(default)]
    included_categories: Vec<String>,
    #[serde(default)]
    excluded_categories: Vec<String>,
    /// contentWarning, sex, violence, drugs, language, intolerance, adult, unrated
    #[serde(default)]
    #[param(value_type = Vec<ContentWarning>, inline)]
    excluded_content_warnings: Vec<ContentWarning>,
    /// male, female or otherNonBinary
    #[param(value_type = Option<NarratorGender>, inline)]
    narrator_gender: Option<NarratorGender>,
    /// tts or human
    #[param(value_type = Option<NarratorType>, inline)]
    narrator_type: Option<NarratorType>,
    /// An age in years, 0 to 120
    #[param(maximum = 120)]
    reading_age: Option<u32>,
}

/// The changes `p` asks for: a list counts as sent when its name appears at all.
fn changes(params: &Params, p: ProfileParams) -> ProfileChanges {
    let sent = |name: &str| !params.all(name).is_empty();
    let list = |name: &str, v: Vec<String>| sent(name).then_some(v);
    ProfileChanges {
        include_global_collection: p.include_global_collection,
        included_authors: list("includedAuthors", p.included_authors),
        excluded_authors: list("excludedAuthors", p.excluded_authors),
        included_categories: list("includedCategories", p.included_categories),
        excluded_categories: list("excludedCategories", p.excluded_categories),
        excluded_content_warnings: sent("excludedContentWarnings")
            .then_some(p.excluded_content_warnings),
        narrator_gender: p.narrator_gender,
        narrator_type: p.narrator_type,
        reading_age: p.reading_age,
    }
}

async fn change(
    state: &AppState,
    params: &Params,
    a: &Account,
) -> ApiResult<(RecommendationProfile, RecommendationProfile)> {
    let p: ProfileParams = params.parse()?;
    Ok(recommendation_profiles::changed(state, a, changes(params, p)).await?)
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
    params(("api_key" = String, Query, description = "The client's API key"), ProfileParams),
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
    let (_, after) = change(&state, &caller.params, me).await?;
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
pub async fn managed_profile(
    state: &AppState,
    m: &Managed,
) -> ApiResult<RecommendationProfileView> {
    let p = profile_of(state, &m.account).await?;
    view(state, &account_path(&m.account), p).await
}

#[utoipa::path(
    put, path = "/v2/accounts/{userIdentifier}/recommendationProfile", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        ProfileParams,
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
    Ok(Json(
        change_profile_recorded(&state, &m, &caller.params).await?,
    ))
}

/// The managed account's recommendation profile changed as `params` say, with the record of
/// the change (which names the API's operation and keeps the profile as the API shows it).
pub async fn change_profile_recorded(
    state: &AppState,
    m: &Managed,
    params: &Params,
) -> ApiResult<RecommendationProfileView> {
    let (before, after) = change(state, params, &m.account).await?;
    let path = account_path(&m.account);
    let (before_view, after_view) = (
        view(state, &path, before).await?,
        view(state, &path, after.clone()).await?,
    );
    let shown = (shown(&before_view)?, shown(&after_view)?);
    let action = "PUT /v2/accounts/{userIdentifier}/recommendationProfile";
    recommendation_profiles::save_for(state, m, &after, action, shown).await?;
    Ok(after_view)
}
