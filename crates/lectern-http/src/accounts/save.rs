//! Writing an account, the same for both doors: the password hashed off the async threads, the
//! row and what goes with it in the caller's transaction, and a changed password ending the
//! account's tokens and its KOReader sync key.

use lectern_domain::account::fields::Prepared;
use lectern_domain::secret::hash_password;
use lectern_store::{Transaction, accounts};

use crate::error::{ApiError, ApiResult, collided_as};

/// How the account is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Write {
    /// A new account: a user name already taken is a 409.
    Create,
    /// An existing account.
    Update,
}

/// Hashes a new password, if one was given: argon2id takes tens of milliseconds of CPU.
pub async fn password_hash(prepared: &Prepared) -> ApiResult<Option<String>> {
    let Some(password) = prepared.password.clone() else {
        return Ok(None);
    };
    let hash = tokio::task::spawn_blocking(move || hash_password(password.expose()))
        .await
        .map_err(ApiError::internal)?
        .map_err(ApiError::internal)?;
    Ok(Some(hash))
}

pub async fn save(
    tx: &mut Transaction,
    prepared: &Prepared,
    hash: Option<&str>,
    write: Write,
) -> ApiResult<()> {
    let account = &prepared.account;
    let written = match write {
        Write::Create => accounts::insert(tx, account, hash).await,
        Write::Update => accounts::upsert(tx, account, hash).await,
    };
    written.map_err(|e| collided_as(e, prepared.user_name_param))?;
    if hash.is_some() && write == Write::Update {
        accounts::end_credentials(tx, &account.user_account_id).await?;
    }
    Ok(())
}
