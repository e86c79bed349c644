//! `GET /v2/accounts/{userIdentifier}/changes`: what assistants and administrators changed on an
//! account, for administrators (document 3 has no such endpoint; see `docs/decisions.md`).

use crate::conventions::json::Json;
use axum::extract::{Path, State};
use lectern_domain::Timestamp;

use lectern_operations::managed_accounts;
use serde::Serialize;
use serde_json::Value;
use utoipa::ToSchema;

use super::managed::{Managed, managed};
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Collection, Listed};
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_domain::paging::FixedOrder;
use lectern_operations::Actor;

/// One change: when, by whom, what, and the state before and after.
#[derive(Serialize, ToSchema)]
#[serde(rename_all = "camelCase")]
pub struct AccountChangeView {
    #[schema(value_type = String)]
    pub date: Timestamp,
    /// Who made it: their user name
    pub person_name: String,
    /// The request, e.g. `PUT /v2/accounts/{userIdentifier}`
    pub action: String,
    #[schema(value_type = Object)]
    pub before: Option<Value>,
    #[schema(value_type = Object)]
    pub after: Option<Value>,
}

impl Listed for AccountChangeView {
    const ITEMS: &'static str = "accountChanges";
    const LIST: &'static str = "AccountChangeList";
}

/// A page of an account's changes.
pub type AccountChangeList = Collection<AccountChangeView>;

#[utoipa::path(
    get, path = "/v2/accounts/{userIdentifier}/changes", tag = "accounts",
    params(
        ("userIdentifier" = String, Path, description = "A user name or userAccountId"),
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        ListParams<FixedOrder>,
    ),
    responses(
        (status = 200, description = "The account's changes, the latest first", body = AccountChangeList),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not an administrator, or a client key without membership privileges", body = ErrorBody),
        (status = 404, description = "No such account", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn account_changes(
    State(state): State<AppState>,
    caller: Caller,
    Path(user_identifier): Path<String>,
) -> ApiResult<Json<AccountChangeList>> {
    let m = managed(
        &state,
        &caller,
        &user_identifier,
        "read an account's changes",
    )
    .await?;
    Ok(Json(
        managed_changes(&state, &caller, &m, &caller.params).await?,
    ))
}

/// A page of the record of changes to the managed account, the latest first, as `params` ask:
/// administrators only.
pub async fn managed_changes(
    state: &AppState,
    actor: &Actor,
    m: &Managed,
    params: &Params,
) -> ApiResult<AccountChangeList> {
    let page = params.parse::<ListParams<FixedOrder>>()?.page()?;
    let before: Option<String> = page.after()?;
    let (mut rows, total) =
        managed_accounts::changes_of(state, actor, m, before.as_deref(), page.limit).await?;
    let next = page.next_token(&mut rows, |c| c.change_id.clone());
    let parse = |raw: Option<String>| raw.and_then(|s| serde_json::from_str(&s).ok());
    let items = rows
        .into_iter()
        .map(|c| AccountChangeView {
            date: Timestamp::from_unix(c.changed_at),
            person_name: c.changed_by,
            action: c.action,
            before: parse(c.before_state),
            after: parse(c.after_state),
        })
        .collect();
    let path = format!("{}/changes", super::view::account_path(&m.account));
    Ok(Collection::page(
        state,
        &path,
        params,
        &page,
        (items, next),
        total,
    ))
}
