//! Subscriptions: the assistant's `GET`/`POST /v2/accounts/{userIdentifier}/subscriptions` and
//! `PUT .../subscriptions/{subscriptionId}`, `GET /v2/subscriptiontypes`, and the member's
//! `GET`/`POST /v2/myAccount/subscription` (buying one with promotion codes and credits).

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::account::Account;
use lectern_domain::account::standing::{Subscription, SubscriptionForm, SubscriptionType};
use lectern_operations::subscriptions as member_subscriptions;
use lectern_store::keyset::KeyPart;
use lectern_store::subscriptions;
use serde::{Deserialize, Serialize};
use utoipa::{IntoParams, ToSchema};

use super::managed::managed;
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::links::{Link, segment};
use crate::conventions::paging::ListParams;
use crate::conventions::status::Created;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::paging::FixedOrder;

/// A subscription type: `name` and `description`.
#[derive(Serialize, ToSchema, Clone)]
pub struct UserSubscriptionType {
    pub name: String,
    pub description: String,
}

impl Listed for UserSubscriptionType {
    const ITEMS: &'static str = "userSubscriptionTypes";
    const LIST: &'static str = "UserSubscriptionTypeList";
}

/// How an allowance is counted: `{name}` monthly or entireSubscription.
#[derive(Serialize, ToSchema)]
pub struct Timeframe {
    pub name: String,
}

/// A subscription (document 3's User Subscription), with what it cost.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct UserSubscription {
    pub subscription_id: String,
    /// Midnight UTC of the first day
    pub start_date: String,
    /// The end of the last day; null when open-ended
    pub end_date: Option<String>,
    pub user_subscription_type: UserSubscriptionType,
    /// Downloads allowed per `downloadTimeframe`; null: unlimited
    pub num_books_allowed: Option<u32>,
    pub download_timeframe: Option<Timeframe>,
    pub notes: Option<String>,
    /// Its price in credits, the promotion code used, and the credits that paid for it
    pub price: i64,
    pub promo_code: Option<String>,
    pub credits_used: i64,
    pub links: Vec<Link>,
}

impl Listed for UserSubscription {
    const ITEMS: &'static str = "userSubscriptions";
    const LIST: &'static str = "UserSubscriptionList";
}

/// A page of subscription types.
pub type UserSubscriptionTypeList = Collection<UserSubscriptionType>;
/// A page of an account's subscriptions.
pub type UserSubscriptionList = Collection<UserSubscription>;

async fn types(state: &AppState) -> ApiResult<Vec<SubscriptionType>> {
    Ok(member_subscriptions::types(state).await?)
}

fn view(
    state: &AppState,
    owner_path: &str,
    s: &Subscription,
    all: &[SubscriptionType],
) -> UserSubscription {
    let t = &s.terms;
    let description = all
        .iter()
        .find(|k| k.name == t.subscription_type)
        .map(|k| k.description.clone())
        .unwrap_or_default();
    UserSubscription {
        subscription_id: s.subscription_id.clone(),
        start_date: format!("{}T00:00:00Z", t.start_date),
        end_date: t.end_date.as_ref().map(|d| format!("{d}T23:59:59Z")),
        user_subscription_type: UserSubscriptionType {
            name: t.subscription_type.clone(),
            description,
        },
        num_books_allowed: t.num_books_allowed,
        download_timeframe: t.download_timeframe.map(|f| Timeframe {
            name: f.as_str().to_owned(),
        }),
        notes: t.notes.clone(),
        price: s.price,
        promo_code: s.promo_code.clone(),
        credits_used: s.credits_used,
        links: vec![Link::new(
            "self",
            state.v2_url(&format!("{owner_path}/{}", segment(&s.subscription_id))),
        )],
    }
}

/// A subscription of `owner`, as the API shows it.
pub(super) async fn subscription_view(
    state: &AppState,
    owner: &Account,
    s: &Subscription,
) -> ApiResult<UserSubscription> {
    let all = types(state).await?;
    Ok(view(state, &subscriptions_path(owner), s, &all))
}

fn subscriptions_path(a: &Account) -> String {
    format!("/accounts/{}/subscriptions", segment(&a.user_account_id))
}

#[utoipa::path(
    get, path = "/v2/subscriptiontypes", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), ListParams<FixedOrder, 100>),
    responses((status = 200, description = "Every subscription type, by name", body = UserSubscriptionTypeList)),
)]
pub async fn subscription_types(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<UserSubscriptionTypeList>> {
    let page = caller
        .params
        .parse::<ListParams<FixedOrder, 100>>()?
        .page()?;
    let after = page.after::<String>()?;
    let (mut rows, total) =
        member_subscriptions::types_page(&state, after.as_deref(), page.limit).await?;
    let next = page.next_token(&mut rows, |t| t.name.clone());
    let items: Vec<UserSubscriptionType> = rows
        .into_iter()
        .map(|t| UserSubscriptionType {
            name: t.name,
            description: t.description,
        })
        .collect();
    let paged = (items, next);
    Ok(Json(Collection::page(
        &state,
        "/subscriptiontypes",
        &caller.params,
        &page,
        paged,
        total,
    )))
}

#[utoipa::path(
    get, path = "/v2/accounts/{userIdentifier}/subscriptions", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        ListParams<FixedOrder>,
    ),
    responses(
        (status = 200, description = "The account's subscriptions, the latest start first", body = UserSubscriptionList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn list_subscriptions(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<UserSubscriptionList>> {
    let m = managed(&state, &caller, &user_identifier, "read subscriptions").await?;
    let page = caller.params.parse::<ListParams<FixedOrder>>()?.page()?;
    let after: Option<Vec<KeyPart>> = page.after()?;
    let (mut rows, total) =
        member_subscriptions::page_of_managed(&state, &m, after.as_deref(), page.limit).await?;
    let next = page.next_token(&mut rows, subscriptions::key_of);
    let all = types(&state).await?;
    let path = subscriptions_path(&m.account);
    let items = rows.iter().map(|s| view(&state, &path, s, &all)).collect();
    Ok(Json(Collection::page(
        &state,
        &path,
        &caller.params,
        &page,
        (items, next),
        total,
    )))
}

#[utoipa::path(
    post, path = "/v2/accounts/{userIdentifier}/subscriptions", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        SubscriptionForm,
    ),
    responses(
        (status = 201, description = "Recorded; Location names it", body = UserSubscription),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn add_subscription(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Created<UserSubscription>> {
    let m = managed(&state, &caller, &user_identifier, "record subscriptions").await?;
    let form: SubscriptionForm = caller.params.parse()?;
    let (granted, kinds) = member_subscriptions::grant_for(&state, &m, form).await?;
    let after = view(&state, &subscriptions_path(&m.account), &granted, &kinds);
    let location = after.links[0].href.clone();
    Ok(Created(location, after))
}

#[utoipa::path(
    get, path = "/v2/accounts/{userIdentifier}/subscriptions/{subscriptionId}", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("subscriptionId" = String, Path, description = "The subscription"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
    ),
    responses(
        (status = 200, description = "The subscription (its own `self` link)", body = UserSubscription),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account or subscription for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn get_account_subscription(
    State(state): State<AppState>,
    caller: Caller,
    Path((user_identifier, subscription_id)): Path<(String, String)>,
) -> ApiResult<Json<UserSubscription>> {
    let m = managed(&state, &caller, &user_identifier, "read subscriptions").await?;
    let subscription = member_subscriptions::of_managed(&state, &m, &subscription_id).await?;
    Ok(Json(
        subscription_view(&state, &m.account, &subscription).await?,
    ))
}

#[utoipa::path(
    put, path = "/v2/accounts/{userIdentifier}/subscriptions/{subscriptionId}", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("subscriptionId" = String, Path, description = "The subscription"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        SubscriptionForm,
    ),
    responses(
        (status = 200, description = "The subscription as changed", body = UserSubscription),
        (status = 400, description = "A bad or missing parameter, each named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account or subscription for this caller", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn change_subscription(
    State(state): State<AppState>,
    caller: Caller,
    Path((user_identifier, subscription_id)): Path<(String, String)>,
) -> ApiResult<Json<UserSubscription>> {
    let m = managed(&state, &caller, &user_identifier, "change subscriptions").await?;
    let form: SubscriptionForm = caller.params.parse()?;
    let (changed, kinds) =
        member_subscriptions::change_for(&state, &m, &subscription_id, form).await?;
    let path = subscriptions_path(&m.account);
    Ok(Json(view(&state, &path, &changed, &kinds)))
}

#[utoipa::path(
    get, path = "/v2/myAccount/subscription", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key")),
    responses(
        (status = 200, description = "The caller's subscription in force today", body = UserSubscription),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 404, description = "No subscription is in force", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn my_subscription(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<UserSubscription>> {
    let me = caller.signed_in()?;
    let (active, kind) = member_subscriptions::mine(&state, &caller).await?;
    let kind: Vec<SubscriptionType> = kind.into_iter().collect();
    Ok(Json(view(&state, &subscriptions_path(me), &active, &kind)))
}

/// A subscription the member buys.
#[derive(Deserialize, IntoParams)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct BuyParams {
    /// A type listed at /v2/subscriptiontypes that members may buy
    user_subscription_type: String,
    /// A promotion code of the library
    promo_code: Option<String>,
    /// Pay with the account's credits as far as they go (default true)
    use_credits: Option<bool>,
    /// Client keys with membership privileges only: the library's shop took the rest
    payment_reference: Option<String>,
}

#[utoipa::path(
    post, path = "/v2/myAccount/subscription", tag = "accounts",
    params(("api_key" = String, Query, description = "The client's API key"), BuyParams),
    responses(
        (status = 201, description = "Bought; it starts today, or the day after the one in force ends", body = UserSubscription),
        (status = 400, description = "A bad parameter, named: an unknown type, or a promotion code that does not apply", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 402, description = "Credits and promotion do not cover the price; the amount due is named", body = ErrorBody),
        (status = 409, description = "The promotion code's last use, or the credits, were taken meanwhile", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn buy_subscription(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Created<UserSubscription>> {
    let me = caller.signed_in()?;
    let p: BuyParams = caller.params.parse()?;
    let purchase = member_subscriptions::Purchase {
        subscription_type: p.user_subscription_type,
        promo_code: p.promo_code,
        use_credits: p.use_credits.unwrap_or(true),
        payment_reference: p.payment_reference,
    };
    let (subscription, all) = member_subscriptions::buy_mine(&state, &caller, purchase).await?;
    let view = view(&state, &subscriptions_path(me), &subscription, &all);
    Ok(Created(state.v2_url("/myAccount/subscription"), view))
}
