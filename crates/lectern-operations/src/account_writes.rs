//! Writing an account, the same for every door: the password hashed off the async threads, the
//! row and what goes with it in the operation's transaction, and a changed password ending the
//! account's tokens and its KOReader sync key.

use lectern_domain::account::fields::Prepared;
use lectern_domain::secret::hash_password;
use lectern_store::{Transaction, accounts, credentials};

use crate::failure::{Failure, Outcome};

/// How the account is written.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Write {
    /// A new account: a user name already taken is a conflict.
    Create,
    /// An existing account.
    Update,
}

/// Hashes a new password, if one was given: argon2id takes tens of milliseconds of CPU.
pub async fn password_hash(prepared: &Prepared) -> Outcome<Option<String>> {
    let Some(password) = prepared.password.clone() else {
        return Ok(None);
    };
    let hash = tokio::task::spawn_blocking(move || hash_password(password.expose()))
        .await
        .map_err(Failure::broken)?
        .map_err(Failure::broken)?;
    Ok(Some(hash))
}

pub async fn save(
    tx: &mut Transaction,
    prepared: &Prepared,
    hash: Option<&str>,
    write: Write,
) -> Outcome<()> {
    let account = &prepared.account;
    let written = match write {
        Write::Create => accounts::insert(tx, account, hash).await,
        Write::Update => accounts::upsert(tx, account, hash).await,
    };
    written.map_err(|e| Failure::collided_as(e, prepared.user_name_param))?;
    if hash.is_some() && write == Write::Update {
        credentials::end_credentials(tx, &account.user_account_id).await?;
    }
    Ok(())
}
