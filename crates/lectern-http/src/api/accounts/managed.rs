//! The account a membership assistant's request names, once the caller may manage it, and the
//! record of every change made to it: the house's (`lectern_operations::managed_accounts`).

use crate::conventions::caller::Caller;
use crate::error::ApiResult;
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
