//! What an account signs in with besides its password, ended together when the password
//! changes or the account is locked out of it.

use crate::{Connection, StoreError};

/// Ends every credential that came of an account's old password, as a new password must: its
/// tokens (and so its web sessions) and its KOReader sync key, which the reader then makes again.
/// A check a node remembers holds the old password's hash, so it fails at the next request.
pub async fn end_credentials(
    conn: &mut Connection,
    user_account_id: &str,
) -> Result<(), StoreError> {
    crate::oauth::revoke_tokens_of(conn, user_account_id).await?;
    crate::kosync::delete_key(conn, user_account_id).await?;
    Ok(())
}
