//! The token service: the grants that sign a reader in through a client (RFC 6749's password,
//! authorization code and refresh token grants, and RFC 7523's with the identity partner's
//! token), a new sign-in of an account already checked, and taking a token back (RFC 7009).
//! Each spends its credential and issues the next tokens in one transaction, and each refusal
//! is one of RFC 6749's errors, which the token server and the OPDS catalog's token endpoint say
//! alike; the pages sign in and refresh their session through the same grants.

use std::time::Duration;

use lectern_domain::Timestamp;
use lectern_domain::client::Client;
use lectern_domain::ids::new_id;
use lectern_domain::sealed_pair::{self, TokenPair};
use lectern_domain::secret::{check_pkce_verifier, new_token, pkce_s256_matches, token_hash};
use lectern_store::oauth::{
    self, Holder, NewToken, Redeemed, Refreshed, Spent, insert_access_token, insert_refresh_token,
    redeem_code, redeem_refresh_token,
};
use lectern_store::{Connection, StoreError, Transaction, accounts, partner_identities};

use crate::house::House;
pub use crate::house::Lifetimes;
use crate::sign_in::{self, Secret, SignIn};

/// Tokens issued: an access token, the refresh token that renews it, and the access token's
/// seconds to live.
#[derive(Debug)]
pub struct Issued {
    pub access_token: String,
    pub refresh_token: String,
    pub expires_in: u64,
}

/// A grant a client asks tokens for, with what it presents.
#[derive(Debug, Clone)]
pub enum Grant<'a> {
    Password {
        user_name: &'a str,
        password: &'a str,
    },
    Code {
        code: &'a str,
        redirect_uri: &'a str,
        verifier: Option<&'a str>,
    },
    Refresh {
        refresh_token: &'a str,
    },
    /// The identity partner vouched for the person (its token checked by the door that
    /// fetched the partner's keys): signs in the account linked to them.
    Partner(Vouched),
}

impl Grant<'_> {
    pub fn kind(&self) -> GrantKind {
        match self {
            Grant::Password { .. } => GrantKind::Password,
            Grant::Code { .. } => GrantKind::Code,
            Grant::Refresh { .. } => GrantKind::Refresh,
            Grant::Partner(_) => GrantKind::Partner,
        }
    }
}

/// The grants, as a client's right to use them is asked before what it presents is read.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum GrantKind {
    Password,
    Code,
    Refresh,
    Partner,
}

impl GrantKind {
    /// As a token request and the metrics name it.
    pub fn name(self) -> &'static str {
        match self {
            GrantKind::Password => "password",
            GrantKind::Code => "authorization_code",
            GrantKind::Refresh => "refresh_token",
            GrantKind::Partner => JWT_BEARER,
        }
    }
}

/// Whether `client` may use the grant at all: the password grant is for trusted clients, the
/// identity partner's for the library's own (privileged) applications, as for creating such an
/// account. A door asks it before reading the grant's fields (and before fetching a partner's
/// keys); [`grant`] asks it again.
pub fn may_use(client: &Client, kind: GrantKind) -> Result<(), Refusal> {
    match kind {
        GrantKind::Password if !client.trusted => Err(Refusal::UnauthorizedClient(
            "This client may not use the password grant",
        )),
        GrantKind::Partner if !client.privileged => Err(Refusal::UnauthorizedClient(
            "Only the library's own applications may sign in with the identity partner's tokens",
        )),
        _ => Ok(()),
    }
}

/// Who the identity partner vouched for, from a token the door verified.
#[derive(Debug, Clone)]
pub struct Vouched {
    pub issuer: String,
    pub subject: String,
    /// What makes the partner's token single-use, remembered until `expires_at`.
    pub replay_key: String,
    pub expires_at: i64,
}

/// Why tokens were not issued, as RFC 6749 section 5.2 names it.
#[derive(Debug)]
pub enum Refusal {
    /// The credential is not good (unknown, expired, spent, another client's, or its account
    /// is locked or gone): `invalid_grant`.
    InvalidGrant(String),
    /// The client may not use this grant: `unauthorized_client`.
    UnauthorizedClient(&'static str),
    /// A parameter the grant needs is malformed: `invalid_request`.
    InvalidRequest(String),
    /// Too many failed sign-ins for the user name or address; retry after these seconds.
    TooManyAttempts(u64),
    Store(StoreError),
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Self {
        Refusal::Store(e)
    }
}

/// What a grant gives.
pub type Granted = Result<Issued, Refusal>;

/// How long after a refresh token is spent its client may present it again and be given the
/// same answer: the retry of a refresh whose answer a dropped connection lost. A second
/// presentation later than this, or by another client, is a replay and revokes the sign-in.
const REFRESH_RETRY_SECONDS: i64 = 30;

const LOCKED: &str = "This account is locked; contact your library";

/// Issues tokens for the grant to `client`; a password is checked (and throttled) as every
/// credential is, from the address `from`.
pub async fn grant(house: &House, client: &Client, grant: Grant<'_>, from: &str) -> Granted {
    let kind = grant.kind();
    let result = match (may_use(client, kind), grant) {
        (Err(refused), _) => Err(refused),
        (
            Ok(()),
            Grant::Password {
                user_name,
                password,
            },
        ) => password_grant(house, client, (user_name, password), from).await,
        (
            Ok(()),
            Grant::Code {
                code,
                redirect_uri,
                verifier,
            },
        ) => code_grant(house, client, code, redirect_uri, verifier).await,
        (Ok(()), Grant::Refresh { refresh_token }) => {
            refresh_grant(house, client, refresh_token).await
        }
        (Ok(()), Grant::Partner(vouched)) => partner_grant(house, client, &vouched).await,
    };
    counted(kind.name(), result.is_ok());
    result
}

/// A token request counted by its grant type and whether tokens were issued.
pub fn counted(grant_type: &'static str, issued: bool) {
    let outcome = if issued { "issued" } else { "refused" };
    metrics::counter!("lectern_token_requests_total", "grant_type" => grant_type, "outcome" => outcome)
        .increment(1);
}

/// RFC 7523's grant type, as a token request names it.
pub const JWT_BEARER: &str = "urn:ietf:params:oauth:grant-type:jwt-bearer";

/// Tokens of a new sign-in (its own family of refresh tokens) for an account whose credential
/// the caller checked: a page's sign-in, or a password just changed.
pub async fn new_sign_in(
    house: &House,
    client: &Client,
    user_account_id: &str,
) -> Result<Issued, StoreError> {
    // The access token and its refresh token are written together or not at all.
    let mut tx = house.store.begin().await?;
    let issued = issue(&mut tx, house, (&new_id(), user_account_id), client).await?;
    tx.commit().await?;
    Ok(issued)
}

/// Takes back the token `presented` (an access or a refresh token) issued to `client`; an
/// unknown one is taken back already (RFC 7009). Taking back a refresh token ends its whole
/// sign-in.
pub async fn revoke(house: &House, client: &Client, presented: &str) -> Result<(), Refusal> {
    let hash = token_hash(presented);
    let mut conn = house.store.writer().await?;
    match oauth::token_owner(&mut conn, &hash).await? {
        None => Ok(()),
        Some(owner) if owner != client.api_key => Err(Refusal::UnauthorizedClient(
            "The token was issued to another client",
        )),
        Some(_) => Ok(oauth::revoke_token(&mut conn, &hash).await?),
    }
}

/// Ends a browser's sign-in: the tokens it still holds (by their hashes), taken back together.
pub async fn sign_out(house: &House, token_hashes: &[String]) -> Result<(), StoreError> {
    if token_hashes.is_empty() {
        return Ok(());
    }
    let mut tx = house.store.begin().await?;
    for hash in token_hashes {
        oauth::revoke_token(&mut tx, hash).await?;
    }
    tx.commit().await
}

async fn password_grant(
    house: &House,
    client: &Client,
    (user_name, password): (&str, &str),
    from: &str,
) -> Granted {
    let account = match sign_in::check(house, user_name, Secret::Password(password), from).await? {
        SignIn::Ok(a) => a,
        SignIn::BadCredentials => return Err(invalid("Bad credentials")),
        SignIn::TooManyAttempts(wait) => return Err(Refusal::TooManyAttempts(wait)),
        SignIn::Locked => return Err(invalid(LOCKED)),
    };
    Ok(new_sign_in(house, client, &account.user_account_id).await?)
}

/// Signs in the member whose account is linked to the partner identity.
async fn partner_grant(house: &House, client: &Client, vouched: &Vouched) -> Granted {
    let reads = house.store.reads();
    let who = partner_identities::PartnerSubject {
        site_id: &client.site_id,
        issuer: &vouched.issuer,
        subject: &vouched.subject,
    };
    let account = match partner_identities::account_of(reads, &who).await? {
        Some(id) => accounts::get(reads, &id).await?,
        None => None,
    }
    .ok_or_else(|| {
        invalid(
            "No account here is linked to this partner identity; create one with partnerIdToken",
        )
    })?;
    if account.locked {
        return Err(invalid(LOCKED));
    }
    let mut tx = house.store.begin().await?;
    let fresh =
        partner_identities::spend_assertion(&mut tx, &vouched.replay_key, vouched.expires_at)
            .await?;
    if !fresh {
        return Err(invalid(
            "The assertion was used before; ask the partner for a fresh identity token",
        ));
    }
    issue_and_commit(tx, house, (&new_id(), &account.user_account_id), client).await
}

async fn code_grant(
    house: &House,
    client: &Client,
    code: &str,
    redirect_uri: &str,
    verifier: Option<&str>,
) -> Granted {
    if let Some(v) = verifier {
        check_pkce_verifier(v).map_err(|why| Refusal::InvalidRequest(why.to_string()))?;
    }
    let mut tx = house.store.begin().await?;
    let spent = match redeem_code(&mut tx, &token_hash(code), Timestamp::now()).await? {
        Redeemed::Fresh(s) => s,
        Redeemed::Replayed => {
            tx.commit().await?;
            return Err(invalid(
                "This authorization code was already used; the tokens issued with it are revoked",
            ));
        }
        Redeemed::Invalid => return Err(invalid("The authorization code is unknown or expired")),
    };
    // Any mismatch below leaves the transaction uncommitted, so the code stays unspent.
    if spent.api_key != client.api_key {
        return Err(invalid(
            "The authorization code was issued to another client",
        ));
    }
    if spent.redirect_uri != redirect_uri {
        return Err(invalid(
            "redirect_uri differs from the one sent with the authorization request",
        ));
    }
    match (&spent.code_challenge, verifier) {
        (Some(challenge), Some(v)) if pkce_s256_matches(v, challenge) => {}
        (Some(_), _) => {
            return Err(invalid(
                "code_verifier is missing or does not match the code_challenge",
            ));
        }
        (None, Some(_)) => {
            return Err(invalid(
                "code_verifier sent, but the authorization request had no code_challenge",
            ));
        }
        (None, None) => {}
    }
    let who = (spent.grant_id.as_str(), spent.user_account_id.as_str());
    issue_and_commit(tx, house, who, client).await
}

async fn refresh_grant(house: &House, client: &Client, refresh: &str) -> Granted {
    let mut tx = house.store.begin().await?;
    let now = Timestamp::now();
    let retry_from = now.plus_seconds(-REFRESH_RETRY_SECONDS);
    let hash = token_hash(refresh);
    // The next pair is made first, so that spending the token records it in the same statement.
    let next = TokenPair {
        access_token: new_token(),
        refresh_token: new_token(),
    };
    let sealed = sealed_pair::seal(refresh, &next);
    let redeemed =
        redeem_refresh_token(&mut tx, &hash, &client.api_key, now, retry_from, &sealed).await?;
    let (spent, holder) = match redeemed {
        Refreshed::Fresh(spent, holder) => (spent, holder),
        Refreshed::Retried(spent, sealed) => {
            return answer_retry(tx, refresh, &spent, sealed, now).await;
        }
        Refreshed::Replayed => return Err(replayed(tx).await),
        Refreshed::Invalid => {
            return Err(invalid("The refresh token is unknown, expired or revoked"));
        }
    };
    if spent.api_key != client.api_key {
        return Err(invalid("The refresh token was issued to another client"));
    }
    usable(holder)?;
    let who = (spent.grant_id.as_str(), spent.user_account_id.as_str());
    let tokens = issue_pair(&mut tx, house, who, client, next).await?;
    tx.commit().await?;
    Ok(tokens)
}

fn invalid(why: &str) -> Refusal {
    Refusal::InvalidGrant(why.to_owned())
}

/// A credential presented again outside its grace: the grant is revoked (in `tx`), and so is
/// every token issued from it.
async fn replayed(tx: Transaction) -> Refusal {
    if let Err(e) = tx.commit().await {
        return e.into();
    }
    invalid("This refresh token was already used; its grant is revoked, sign in again")
}

/// The retry of a refresh whose answer was lost gets that answer again: the pair the token was
/// rotated into, while that pair is unused. Never a new pair, which would fork the sign-in. A
/// token whose next pair has itself been refreshed is older than the previous one: its answer
/// reached someone, so this is a replay (RFC 9700, 4.14.2), and the whole sign-in is revoked.
async fn answer_retry(
    mut tx: Transaction,
    presented: &str,
    spent: &Spent,
    sealed: Option<String>,
    now: Timestamp,
) -> Granted {
    check_account(&mut tx, &spent.user_account_id).await?;
    if let Some(tokens) = unused_successor(&mut tx, presented, sealed, now).await? {
        return Ok(tokens);
    }
    oauth::revoke_grant(&mut tx, &spent.grant_id).await?;
    Err(replayed(tx).await)
}

/// The pair `presented` was rotated into, if it is still live and unused.
async fn unused_successor(
    tx: &mut Transaction,
    presented: &str,
    sealed: Option<String>,
    now: Timestamp,
) -> Result<Option<Issued>, StoreError> {
    let Some(pair) = sealed.and_then(|s| sealed_pair::open(presented, &s)) else {
        return Ok(None);
    };
    let Some(link) = oauth::refresh_link(tx, &token_hash(&pair.refresh_token)).await? else {
        return Ok(None);
    };
    if link.revoked != 0 || link.expires_at <= now.unix() || link.used != 0 {
        return Ok(None);
    }
    let hash = token_hash(&pair.access_token);
    let Some(expires_at) = oauth::live_access_token_expiry(tx, &hash).await? else {
        return Ok(None);
    };
    Ok(Some(Issued {
        access_token: pair.access_token,
        refresh_token: pair.refresh_token,
        expires_in: u64::try_from(expires_at - now.unix()).unwrap_or(0),
    }))
}

async fn check_account(tx: &mut Transaction, user_account_id: &str) -> Result<(), Refusal> {
    let account = accounts::get(&mut **tx, user_account_id).await?;
    usable(Holder::of(account.map(|a| a.locked)))
}

/// Whether the account may be issued tokens.
fn usable(holder: Holder) -> Result<(), Refusal> {
    match holder {
        Holder::Active => Ok(()),
        Holder::Locked => Err(invalid(LOCKED)),
        Holder::Gone => Err(invalid("The account no longer exists")),
    }
}

/// Issues the grant's next tokens in the transaction that spent its credential, unless the
/// account was locked meanwhile; the credential is spent only if tokens are issued.
async fn issue_and_commit(
    mut tx: Transaction,
    house: &House,
    (grant_id, user_account_id): (&str, &str),
    client: &Client,
) -> Granted {
    check_account(&mut tx, user_account_id).await?;
    let tokens = issue(&mut tx, house, (grant_id, user_account_id), client).await?;
    tx.commit().await?;
    Ok(tokens)
}

/// Issues an access token and a refresh token for the grant.
async fn issue(
    conn: &mut Connection,
    house: &House,
    who: (&str, &str),
    client: &Client,
) -> Result<Issued, StoreError> {
    let pair = TokenPair {
        access_token: new_token(),
        refresh_token: new_token(),
    };
    issue_pair(conn, house, who, client, pair).await
}

/// Issues a pair made beforehand (a refresh seals it with the token it spends first).
async fn issue_pair(
    conn: &mut Connection,
    house: &House,
    (grant_id, user_account_id): (&str, &str),
    client: &Client,
    pair: TokenPair,
) -> Result<Issued, StoreError> {
    let now = Timestamp::now();
    let seconds = |d: Duration| d.as_secs();
    let (access_ttl, refresh_ttl) = (
        seconds(house.lifetimes.access),
        seconds(house.lifetimes.refresh),
    );
    let expiry = |ttl: u64| now.plus_seconds(i64::try_from(ttl).unwrap_or(i64::MAX));
    let row = |hash, ttl| NewToken {
        hash,
        grant_id,
        user_account_id,
        api_key: &client.api_key,
        expires_at: expiry(ttl),
    };
    let access_hash = token_hash(&pair.access_token);
    let refresh_hash = token_hash(&pair.refresh_token);
    insert_access_token(&mut *conn, &row(&access_hash, access_ttl)).await?;
    insert_refresh_token(&mut *conn, &row(&refresh_hash, refresh_ttl)).await?;
    metrics::counter!("lectern_tokens_issued_total").increment(1);
    Ok(Issued {
        access_token: pair.access_token,
        refresh_token: pair.refresh_token,
        expires_in: access_ttl,
    })
}
