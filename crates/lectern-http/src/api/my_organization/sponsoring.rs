//! Who stands at the sponsor's door: a signed-in sponsor, with the organization they sponsor
//! (`lectern_operations::sponsoring`).

use crate::conventions::caller::Caller;
use crate::error::ApiResult;
use crate::state::AppState;

pub use lectern_operations::sponsoring::Sponsoring;

/// The caller as a sponsor: 401 for a guest, 403 for anyone who sponsors no organization.
pub async fn sponsoring<'a>(state: &AppState, caller: &'a Caller) -> ApiResult<Sponsoring<'a>> {
    Ok(Sponsoring::of(state, caller).await?)
}

/// Actions reserved to the library's own applications (client keys with membership
/// privileges), as document 2 marks them.
pub fn privileged_client(caller: &Caller, what: &str) -> ApiResult<()> {
    Ok(caller.privileged(what)?)
}
