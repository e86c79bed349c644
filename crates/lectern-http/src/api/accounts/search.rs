//! `GET /v2/accounts`: the membership assistant's search for accounts of their site, which
//! document 3 leaves out ("not shown") and the staff's pages need; administrators search any
//! site. Words match the start of a first name, a last name or a user name (`docs/decisions.md`).

use std::collections::HashMap;

use axum::extract::State;
use lectern_domain::account::Account;
use lectern_domain::account::search::AccountSort;
use lectern_store::keyset::KeyedOrder;
use serde::Deserialize;
use utoipa::IntoParams;

use super::view::{OrganizationContext, UserAccount, user_account};
use crate::api::organizations::members::UserAccountList;
use crate::conventions::caller::Caller;
use crate::conventions::collection::{Allows, Collection};
use crate::conventions::json::Json;
use crate::conventions::paging::ListParams;
use crate::conventions::params::Params;
use crate::error::{ApiResult, ErrorBody};
use crate::state::AppState;
use lectern_operations::Actor;
use lectern_operations::managed_accounts::{self, AccountsWanted};

/// What to find.
#[derive(Deserialize, IntoParams, Default)]
#[serde(rename_all = "camelCase")]
#[into_params(parameter_in = Query, rename_all = "camelCase")]
pub struct AccountSearchParams {
    /// Words, each the start of a first name, last name or user name (an e-mail address)
    pub keyword: Option<String>,
    /// Only the accounts of this organization
    pub organization_id: Option<String>,
    /// Only accounts with this role
    #[param(
        value_type = Option<String>,
        pattern = "^(individualMember|organizationMember|organizationSponsor|collectionAssistant|membershipAssistant|administrator|volunteer|trustedVolunteer)$"
    )]
    pub role: Option<String>,
    /// Administrators only; default the caller's site
    pub site: Option<String>,
}

#[utoipa::path(
    get, path = "/v2/accounts", tag = "accounts",
    params(
        ("api_key" = String, Query, description = "A client key with membership privileges"),
        AccountSearchParams,
        ListParams<AccountSort>,
    ),
    responses(
        (status = 200, description = "A page of the accounts found", body = UserAccountList),
        (status = 400, description = "A bad parameter, named", body = ErrorBody),
        (status = 401, description = "No signed-in user", body = ErrorBody),
        (status = 403, description = "Not a membership assistant or administrator, or a client key without membership privileges", body = ErrorBody),
    ),
    security(("bearer" = []))
)]
pub async fn search_accounts(
    State(state): State<AppState>,
    caller: Caller,
) -> ApiResult<Json<UserAccountList>> {
    Ok(Json(account_search(&state, &caller, &caller.params).await?))
}

/// The accounts the actor may manage that `params` ask for, a page of them.
pub async fn account_search(
    state: &AppState,
    actor: &Actor,
    params: &Params,
) -> ApiResult<UserAccountList> {
    let p: AccountSearchParams = params.parse()?;
    let (page, window) = params.parse::<ListParams<AccountSort>>()?.window()?;
    let sort = window.sort;
    let wanted = AccountsWanted {
        keyword: p.keyword,
        organization_id: p.organization_id,
        role: p.role,
        site: p.site,
    };
    let (mut rows, total) = managed_accounts::find(state, actor, wanted, window).await?;
    let next = page.next_token(&mut rows, |a| sort.key_of(a));
    let items = views(state, &rows).await?;
    Ok(
        Collection::page(state, "/accounts", params, &page, (items, next), total)
            .allowing(Allows::of(&[("POST", true)])),
    )
}

/// The accounts as their managers see them, each organization read once.
async fn views(state: &AppState, rows: &[Account]) -> ApiResult<Vec<UserAccount>> {
    let mut contexts: HashMap<Option<String>, OrganizationContext> = HashMap::new();
    let mut items = Vec::with_capacity(rows.len());
    for a in rows {
        if !contexts.contains_key(&a.organization_id) {
            let context = OrganizationContext::of(state, a).await?;
            contexts.insert(a.organization_id.clone(), context);
        }
        let context = &contexts[&a.organization_id];
        items.push(user_account(
            state,
            a,
            context,
            Allows::of(&[("PUT", true)]),
        ));
    }
    Ok(items)
}
