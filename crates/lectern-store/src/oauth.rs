//! The token server's tables: access and refresh tokens, authorization codes, and browser flows.
//! Every token and code is looked up by its SHA-256 hash; the plain value is never stored.

use lectern_domain::Timestamp;
use sqlx::{Any, AnyConnection, Executor};

use lectern_domain::account::Account;

use crate::Connection;
use crate::StoreError;
use crate::accounts::{self, AccountRow};

/// What a bearer token stands for.
#[derive(Debug, Clone)]
pub struct AccessToken {
    pub api_key: String,
    pub expires_at: i64,
    pub revoked: i64,
}

/// The grant a single-use credential (code or refresh token) was spent for.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Spent {
    pub grant_id: String,
    pub user_account_id: String,
    pub api_key: String,
}

/// A code as redeemed: the grant plus what the exchange must match.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct SpentCode {
    pub grant_id: String,
    pub user_account_id: String,
    pub api_key: String,
    pub redirect_uri: String,
    pub code_challenge: Option<String>,
}

/// The outcome of presenting a single-use credential.
#[derive(Debug)]
pub enum Redeemed<T> {
    Fresh(T),
    /// Presented before: everything issued from its grant has now been revoked.
    Replayed,
    /// Unknown, expired or revoked.
    Invalid,
}

pub struct NewToken<'a> {
    pub hash: &'a str,
    pub grant_id: &'a str,
    pub user_account_id: &'a str,
    pub api_key: &'a str,
    pub expires_at: Timestamp,
}

pub async fn insert_access_token(
    conn: &mut Connection,
    t: &NewToken<'_>,
) -> Result<(), StoreError> {
    insert_token(
        &mut *conn,
        "INSERT INTO access_tokens (token_hash, grant_id, user_account_id, api_key, expires_at)
         VALUES ($1, $2, $3, $4, $5)",
        t,
    )
    .await
}

pub async fn insert_refresh_token(
    conn: &mut Connection,
    t: &NewToken<'_>,
) -> Result<(), StoreError> {
    insert_token(
        &mut *conn,
        "INSERT INTO refresh_tokens (token_hash, grant_id, user_account_id, api_key, expires_at)
         VALUES ($1, $2, $3, $4, $5)",
        t,
    )
    .await
}

async fn insert_token<'e>(
    e: impl Executor<'e, Database = Any>,
    sql: &'static str,
    t: &NewToken<'_>,
) -> Result<(), StoreError> {
    sqlx::query(sql)
        .bind(t.hash)
        .bind(t.grant_id)
        .bind(t.user_account_id)
        .bind(t.api_key)
        .bind(t.expires_at.unix())
        .execute(e)
        .await?;
    Ok(())
}

#[derive(sqlx::FromRow)]
struct BearerRow {
    token_api_key: String,
    token_expires_at: i64,
    token_revoked: i64,
    #[sqlx(flatten)]
    account: AccountRow,
}

/// A bearer token and the account it stands for, in one round trip: this runs on every signed-in
/// request.
pub async fn access_token_with_account<'e>(
    e: impl Executor<'e, Database = Any>,
    hash: &str,
) -> Result<Option<(AccessToken, Account)>, StoreError> {
    static SQL: std::sync::OnceLock<String> = std::sync::OnceLock::new();
    let sql = SQL.get_or_init(|| {
        format!(
            "SELECT t.api_key AS token_api_key, t.expires_at AS token_expires_at, t.revoked AS token_revoked, {}
             FROM access_tokens t JOIN users u ON u.user_account_id = t.user_account_id
             WHERE t.token_hash = $1",
            accounts::columns("u")
        )
    });
    let row: Option<BearerRow> = sqlx::query_as(sqlx::AssertSqlSafe(sql.as_str()))
        .bind(hash)
        .fetch_optional(e)
        .await?;
    row.map(|r| {
        let account = Account::try_from(r.account)?;
        let token = AccessToken {
            api_key: r.token_api_key,
            expires_at: r.token_expires_at,
            revoked: r.token_revoked,
        };
        Ok((token, account))
    })
    .transpose()
}

/// The account of a credential, as the statement that spent the credential found it: read
/// there rather than by a statement of its own, a refresh being one of the most frequent writes.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Holder {
    Active,
    Locked,
    Gone,
}

impl Holder {
    /// From the account's `locked` flag, or none when there is no account.
    pub fn of(locked: Option<bool>) -> Self {
        match locked {
            Some(false) => Holder::Active,
            Some(true) => Holder::Locked,
            None => Holder::Gone,
        }
    }
}

/// The outcome of presenting a refresh token.
#[derive(Debug)]
pub enum Refreshed {
    /// Spent now: issue the grant's next pair, if its account may still sign in.
    Fresh(Spent, Holder),
    /// Spent moments ago by the same client, whose answer was lost: answer again with the pair
    /// it was rotated into, sealed for the holder of the token presented (`None` when the
    /// first refresh's answer was never recorded).
    Retried(Spent, Option<String>),
    /// Presented again too late, by another client, or after part of its sign-in was revoked:
    /// everything issued from its grant has now been revoked.
    Replayed,
    /// Unknown, expired or revoked.
    Invalid,
}

/// Spends a refresh token presented by the client `api_key`, recording the `successor` it is
/// rotated into (sealed for its holder). The conditional update makes two racing refreshes with
/// one token impossible: only one of them sees the row change. `used` keeps when it was spent.
///
/// A token spent since `retry_from` and presented again by the client it was issued to, while
/// nothing of its sign-in has been revoked, is a retry of a refresh whose answer was lost
/// (`Retried`); any other second presentation is a replay.
pub async fn redeem_refresh_token(
    conn: &mut AnyConnection,
    hash: &str,
    api_key: &str,
    now: Timestamp,
    retry_from: Timestamp,
    successor: &str,
) -> Result<Refreshed, StoreError> {
    let spent: Option<(String, String, String, Option<i64>)> = sqlx::query_as(
        "UPDATE refresh_tokens SET used = $2, successor = $3
         WHERE token_hash = $1 AND used = 0 AND revoked = 0 AND expires_at > $2
         RETURNING grant_id, user_account_id, api_key,
           (SELECT locked FROM users u WHERE u.user_account_id = refresh_tokens.user_account_id)",
    )
    .bind(hash)
    .bind(now.unix())
    .bind(successor)
    .fetch_optional(&mut *conn)
    .await?;
    if let Some((grant_id, user_account_id, api_key, locked)) = spent {
        let spent = Spent {
            grant_id,
            user_account_id,
            api_key,
        };
        return Ok(Refreshed::Fresh(spent, Holder::of(locked.map(|l| l != 0))));
    }
    let retried: Option<RetryRow> = sqlx::query_as(
        "SELECT grant_id, user_account_id, api_key, successor FROM refresh_tokens r
         WHERE token_hash = $1 AND used >= $2 AND api_key = $3 AND revoked = 0 AND expires_at > $4
           AND NOT EXISTS (SELECT 1 FROM refresh_tokens o WHERE o.grant_id = r.grant_id AND o.revoked = 1)
           AND NOT EXISTS (SELECT 1 FROM access_tokens a WHERE a.grant_id = r.grant_id AND a.revoked = 1)",
    )
    .bind(hash)
    .bind(retry_from.unix())
    .bind(api_key)
    .bind(now.unix())
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(r) = retried {
        let spent = Spent {
            grant_id: r.grant_id,
            user_account_id: r.user_account_id,
            api_key: r.api_key,
        };
        return Ok(Refreshed::Retried(spent, r.successor));
    }
    Ok(
        match replayed_or_invalid::<()>(
            conn,
            "SELECT grant_id FROM refresh_tokens WHERE token_hash = $1 AND used > 0",
            hash,
        )
        .await?
        {
            Redeemed::Replayed => Refreshed::Replayed,
            _ => Refreshed::Invalid,
        },
    )
}

#[derive(sqlx::FromRow)]
struct RetryRow {
    grant_id: String,
    user_account_id: String,
    api_key: String,
    successor: Option<String>,
}

/// A refresh token as a retry follows it along its sign-in.
#[derive(Debug, sqlx::FromRow)]
pub struct RefreshLink {
    pub used: i64,
    pub revoked: i64,
    pub expires_at: i64,
    pub successor: Option<String>,
}

pub async fn refresh_link(
    conn: &mut AnyConnection,
    hash: &str,
) -> Result<Option<RefreshLink>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT used, revoked, expires_at, successor FROM refresh_tokens WHERE token_hash = $1",
    )
    .bind(hash)
    .fetch_optional(&mut *conn)
    .await?)
}

/// When an access token expires, if it is known and not revoked.
pub async fn live_access_token_expiry(
    conn: &mut AnyConnection,
    hash: &str,
) -> Result<Option<i64>, StoreError> {
    let row: Option<(i64,)> = sqlx::query_as(
        "SELECT expires_at FROM access_tokens WHERE token_hash = $1 AND revoked = 0",
    )
    .bind(hash)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|(e,)| e))
}

pub async fn insert_code(
    conn: &mut Connection,
    t: &NewToken<'_>,
    redirect_uri: &str,
    code_challenge: Option<&str>,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO authorization_codes (code_hash, grant_id, user_account_id, api_key, redirect_uri, code_challenge, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7)",
    )
    .bind(t.hash)
    .bind(t.grant_id)
    .bind(t.user_account_id)
    .bind(t.api_key)
    .bind(redirect_uri)
    .bind(code_challenge)
    .bind(t.expires_at.unix())
    .execute(&mut *conn)
    .await?;
    Ok(())
}

/// Spends an authorization code; a second presentation revokes what the first one issued.
pub async fn redeem_code(
    conn: &mut AnyConnection,
    hash: &str,
    now: Timestamp,
) -> Result<Redeemed<SpentCode>, StoreError> {
    let spent: Option<SpentCode> = sqlx::query_as(
        "UPDATE authorization_codes SET used = 1
         WHERE code_hash = $1 AND used = 0 AND expires_at > $2
         RETURNING grant_id, user_account_id, api_key, redirect_uri, code_challenge",
    )
    .bind(hash)
    .bind(now.unix())
    .fetch_optional(&mut *conn)
    .await?;
    if let Some(s) = spent {
        return Ok(Redeemed::Fresh(s));
    }
    replayed_or_invalid(
        conn,
        "SELECT grant_id FROM authorization_codes WHERE code_hash = $1 AND used = 1",
        hash,
    )
    .await
}

/// After a single-use credential could not be spent: if it had been spent before, this is a
/// replay, and everything its grant issued is revoked; otherwise it is simply not valid.
async fn replayed_or_invalid<T>(
    conn: &mut AnyConnection,
    spent_grant_sql: &'static str,
    hash: &str,
) -> Result<Redeemed<T>, StoreError> {
    let spent: Option<(String,)> = sqlx::query_as(spent_grant_sql)
        .bind(hash)
        .fetch_optional(&mut *conn)
        .await?;
    match spent {
        Some((grant_id,)) => {
            revoke_grant(&mut *conn, &grant_id).await?;
            Ok(Redeemed::Replayed)
        }
        None => Ok(Redeemed::Invalid),
    }
}

pub async fn revoke_grant(conn: &mut AnyConnection, grant_id: &str) -> Result<(), StoreError> {
    sqlx::query("UPDATE access_tokens SET revoked = 1 WHERE grant_id = $1")
        .bind(grant_id)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE refresh_tokens SET revoked = 1 WHERE grant_id = $1")
        .bind(grant_id)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Which client a token (access or refresh) was issued to, if we know the token.
pub async fn token_owner(
    conn: &mut AnyConnection,
    hash: &str,
) -> Result<Option<String>, StoreError> {
    let row: Option<(String,)> = sqlx::query_as(
        "SELECT api_key FROM access_tokens WHERE token_hash = $1
         UNION ALL SELECT api_key FROM refresh_tokens WHERE token_hash = $1",
    )
    .bind(hash)
    .fetch_optional(&mut *conn)
    .await?;
    Ok(row.map(|(k,)| k))
}

/// Revokes the one token (access or refresh) with this hash.
pub async fn revoke_token(conn: &mut AnyConnection, hash: &str) -> Result<(), StoreError> {
    sqlx::query("UPDATE access_tokens SET revoked = 1 WHERE token_hash = $1")
        .bind(hash)
        .execute(&mut *conn)
        .await?;
    sqlx::query("UPDATE refresh_tokens SET revoked = 1 WHERE token_hash = $1")
        .bind(hash)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Deletes what can no longer be used. Access tokens are kept a day past expiry so that a
/// client still presenting one is told it expired rather than that it is unknown.
pub async fn delete_expired(conn: &mut AnyConnection, now: Timestamp) -> Result<u64, StoreError> {
    let mut n = 0;
    for sql in [
        "DELETE FROM access_tokens WHERE expires_at < $1 - 86400",
        "DELETE FROM refresh_tokens WHERE expires_at < $1",
        "DELETE FROM authorization_codes WHERE expires_at < $1 - 86400",
        "DELETE FROM authorization_flows WHERE expires_at < $1",
        // Kept past expiry by the leeway a partner's token is granted.
        "DELETE FROM spent_assertions WHERE expires_at < $1 - 120",
    ] {
        n += sqlx::query(sql)
            .bind(now.unix())
            .execute(&mut *conn)
            .await?
            .rows_affected();
    }
    Ok(n)
}

/// A browser's pass through the authorization page.
#[derive(Debug, Clone, sqlx::FromRow)]
pub struct Flow {
    pub csrf_token: String,
    pub api_key: String,
    pub redirect_uri: String,
    pub state: Option<String>,
    pub code_challenge: Option<String>,
    pub user_account_id: Option<String>,
    pub expires_at: i64,
}

pub async fn insert_flow(
    conn: &mut Connection,
    flow_hash: &str,
    f: &Flow,
) -> Result<(), StoreError> {
    sqlx::query(
        "INSERT INTO authorization_flows (flow_hash, csrf_token, api_key, redirect_uri, state, code_challenge, user_account_id, expires_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8)",
    )
    .bind(flow_hash)
    .bind(&f.csrf_token)
    .bind(&f.api_key)
    .bind(&f.redirect_uri)
    .bind(&f.state)
    .bind(&f.code_challenge)
    .bind(&f.user_account_id)
    .bind(f.expires_at)
    .execute(&mut *conn)
    .await?;
    Ok(())
}

pub async fn flow<'e>(
    e: impl Executor<'e, Database = Any>,
    flow_hash: &str,
    now: Timestamp,
) -> Result<Option<Flow>, StoreError> {
    Ok(sqlx::query_as(
        "SELECT csrf_token, api_key, redirect_uri, state, code_challenge, user_account_id, expires_at
         FROM authorization_flows WHERE flow_hash = $1 AND expires_at > $2",
    )
    .bind(flow_hash)
    .bind(now.unix())
    .fetch_optional(e)
    .await?)
}

pub async fn set_flow_user(
    conn: &mut Connection,
    flow_hash: &str,
    user_account_id: &str,
) -> Result<(), StoreError> {
    sqlx::query("UPDATE authorization_flows SET user_account_id = $1 WHERE flow_hash = $2")
        .bind(user_account_id)
        .bind(flow_hash)
        .execute(&mut *conn)
        .await?;
    Ok(())
}

/// Ends a flow. True only for the caller that actually removed it, so a double submission of
/// the consent form cannot mint two codes.
pub async fn delete_flow(conn: &mut Connection, flow_hash: &str) -> Result<bool, StoreError> {
    let done = sqlx::query("DELETE FROM authorization_flows WHERE flow_hash = $1")
        .bind(flow_hash)
        .execute(&mut *conn)
        .await?;
    Ok(done.rows_affected() == 1)
}

/// Ends every token of an account, access and refresh, as a changed password must: a stolen
/// one would otherwise outlive the change (an access token by up to its hour). Nodes that
/// remember a token see this within the token cache's second.
pub async fn revoke_tokens_of(
    conn: &mut AnyConnection,
    user_account_id: &str,
) -> Result<(), StoreError> {
    for sql in [
        "UPDATE refresh_tokens SET revoked = 1 WHERE user_account_id = $1 AND revoked = 0",
        "UPDATE access_tokens SET revoked = 1 WHERE user_account_id = $1 AND revoked = 0",
    ] {
        sqlx::query(sql)
            .bind(user_account_id)
            .execute(&mut *conn)
            .await?;
    }
    Ok(())
}
