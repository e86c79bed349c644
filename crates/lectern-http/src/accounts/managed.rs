//! The account a membership assistant's request names, once the caller may manage it, and the
//! record of every change made to it: the house's (`lectern_operations::managed_accounts`),
//! with the API's views recorded as the API shows them.

use serde::Serialize;

use crate::conventions::caller::Caller;
use crate::error::{ApiError, ApiResult};
use crate::state::AppState;
pub use lectern_operations::managed_accounts::Managed;

/// The account named by `user_identifier`, if the caller may manage it; `what` names the
/// attempt in a refusal ("change an account's password").
pub async fn managed(
    state: &AppState,
    caller: &Caller,
    user_identifier: &str,
    what: &str,
) -> ApiResult<Managed> {
    Ok(lectern_operations::managed_accounts::managed(state, caller, user_identifier, what).await?)
}

/// Records, in the change's transaction, what was done to the account and the state before and
/// after, each as the API shows it.
pub async fn record<B: Serialize, A: Serialize>(
    m: &Managed,
    tx: &mut lectern_store::Transaction,
    action: &str,
    before: Option<&B>,
    after: Option<&A>,
) -> ApiResult<()> {
    fn json<T: Serialize>(v: Option<&T>) -> ApiResult<Option<serde_json::Value>> {
        v.map(serde_json::to_value)
            .transpose()
            .map_err(ApiError::internal)
    }
    Ok(m.record(tx, action, json(before)?, json(after)?).await?)
}
